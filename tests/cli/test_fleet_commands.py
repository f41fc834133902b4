"""The ``fleet`` admin commands, each run as its own process against a real PostgreSQL."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.fleet_db import fresh_database
from helpers.fleet_services import postgres_server
from helpers.fleet_sources import Resource, fleet_site

from explorer.net.fleet.runner import run_source


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    with postgres_server() as dsn:
        yield dsn


@pytest.fixture
def dsn(cluster: str) -> str:
    return fresh_database(cluster)


def _fleet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "fleet", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _ok(*args: str) -> str:
    done = _fleet(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_init_remembers_the_database_in_a_private_file(dsn: str) -> None:
    out = _ok("init", "--db", dsn, "--broker", "redis://127.0.0.1:1/0")
    assert "schema version 1 (1 steps applied now)" in out
    settings = Path(os.environ["XDG_CONFIG_HOME"]) / "resourcesync-explorer" / "fleet.json"
    assert stat.S_IMODE(settings.stat().st_mode) == 0o600
    assert json.loads(settings.read_text()) == {"db": dsn, "broker": "redis://127.0.0.1:1/0"}
    # later subcommands find the database without --db; a second init applies nothing
    assert "(0 steps applied now)" in _ok("init", "--db", dsn)
    assert _ok("status", "--json") == "[]\n"


def test_load_add_remove_and_status(dsn: str, tmp_path: Path) -> None:
    _ok("init", "--db", dsn)
    fleet_file = tmp_path / "fleet.toml"
    fleet_file.write_text(
        '[[source]]\nurl = "https://a.example.org/"\nsnapshot_every = "15m"\n\n'
        '[[source]]\nurl = "https://b.example.org/"\nmax_rate = 1\n'
    )
    assert "Loaded 2 Sources" in _ok("load", str(fleet_file), "--db", dsn)
    assert "0 added, 2 updated" in _ok("load", str(fleet_file))
    assert "Added https://c.example.org/" in _ok("add", "https://c.example.org/", "--every", "1d")
    assert "Removed https://a.example.org/" in _ok("remove", "https://a.example.org/")
    rows = json.loads(_ok("status", "--json"))
    assert [row["url"] for row in rows] == ["https://b.example.org/", "https://c.example.org/"]
    assert set(rows[0]) == {
        "url",
        "state",
        "last_run_at",
        "next_run_at",
        "errors",
        "warnings",
        "unannounced",
        "changes",
        "audit",
        "error",
        "latest_snapshot",
        "reconcile",
    }
    gone = _fleet("remove", "https://a.example.org/")
    assert gone.returncode == 2 and "fleet add https://a.example.org/" in gone.stderr


def test_a_bad_fleet_file_is_refused_with_its_line_in_japanese(dsn: str, tmp_path: Path) -> None:
    _ok("init", "--db", dsn)
    fleet_file = tmp_path / "fleet.toml"
    fleet_file.write_text('[[source]]\nurl = "https://a.example.org/"\ntoken = "s3cret"\n')
    done = _fleet("load", str(fleet_file), "--lang", "ja")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert "3 行目" in done.stderr and "credentials" in done.stderr
    assert "s3cret" not in done.stderr


def test_an_unreachable_database_is_one_line_naming_it_and_the_fix(tmp_path: Path) -> None:
    dsn = f"postgresql://fleet:s3cret@/fleet?host={tmp_path}"
    for args in (("init", "--db", dsn), ("status", "--db", dsn)):
        done = _fleet(*args)
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert f"the database at {tmp_path}" in done.stderr and "--db" in done.stderr
        assert "s3cret" not in done.stderr + done.stdout


def test_without_any_database_the_fix_is_named() -> None:
    done = _fleet("status")
    assert done.returncode == 2 and "fleet init --db" in done.stderr


def test_status_and_report_after_runs(dsn: str, tmp_path: Path) -> None:
    _ok("init", "--db", dsn)
    with fleet_site() as site:
        good = site.put("good", [[Resource("/r/1")]])
        hostile = site.put("evil", [[Resource("/r/1")]])
        gone = site.url("gone")
        for url in (good, hostile, gone):
            _ok("add", url, "--max-rate", "1000")
        for url in (good, hostile, gone):
            run_source(dsn, url)
        # a resource whose URL is markup, escaped in the XML, appears among the changes
        site.put("evil", [[Resource("/r/1"), Resource("/r/&lt;script&gt;alert(1)&lt;/script&gt;")]])
        assert run_source(dsn, hostile).changes == 1
        problems = _ok("status", "--problems", "--lang", "ja")
        page_file = tmp_path / "fleet.html"
        _ok("report", "--html", str(page_file))
    assert "接続不可" in problems and gone in problems and good not in problems
    rows = {row["url"]: row for row in json.loads(_ok("status", "--json"))}
    assert rows[good]["state"] == "ok" and rows[gone]["state"] == "unreachable"
    page = page_file.read_text()
    assert "<script>" not in page and "&lt;script&gt;" in page
    number = sorted(rows).index(gone) + 1
    assert f'<a href="#source-{number}"><code>{gone}</code></a>' in page
    assert f'<section id="source-{number}">' in page
    assert "could not be read" in page
