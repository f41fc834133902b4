"""The ``fleet`` admin commands, each run as its own process against a real PostgreSQL."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.fleet_db import fresh_database
from helpers.fleet_services import redis_server
from helpers.fleet_sources import Resource, fleet_site

from explorer.cli.fleet.load import FILE_LIMIT
from explorer.core.fleet.fleet_file import SourcePlan
from explorer.net.fleet.database import FleetDatabase
from explorer.net.fleet.runner import run_source


@pytest.fixture
def dsn(cluster: str) -> str:
    return fresh_database(cluster)


def _fleet(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "fleet", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _ok(*args: str) -> str:
    done = _fleet(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_init_remembers_the_database_in_a_private_file(dsn: str, tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as broker:
        out = _ok("init", "--db", dsn, "--broker", broker)
    assert "schema version 1 (1 steps applied now)" in out
    settings = Path(os.environ["XDG_CONFIG_HOME"]) / "resourcesync-explorer" / "fleet.json"
    assert stat.S_IMODE(settings.stat().st_mode) == 0o600
    assert json.loads(settings.read_text()) == {"db": dsn, "broker": broker}
    # later subcommands find the database without --db; a second init applies nothing
    assert "(0 steps applied now)" in _ok("init", "--db", dsn)
    assert json.loads(settings.read_text()) == {"db": dsn, "broker": broker}
    assert _ok("status", "--json") == "[]\n"


def test_an_unreachable_broker_is_named_without_its_password(dsn: str, tmp_path: Path) -> None:
    done = _fleet("init", "--db", dsn, "--broker", "redis://:s3cret@127.0.0.1:1/0")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "the broker at redis://:••••@127.0.0.1:1/0" in done.stderr
    assert "s3cret" not in done.stderr


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
        with FleetDatabase.connect(dsn) as database:  # fleet add has its own test
            database.put_sources(SourcePlan(url, max_rate=1000) for url in (good, hostile, gone))
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


def test_add_takes_what_a_fleet_file_says_and_refuses_mistakes(dsn: str, tmp_path: Path) -> None:
    _ok("init", "--db", dsn)
    bad = _fleet("add", "https://a.example.org/", "--every", "90 minutes")
    assert bad.returncode == 2 and '"15m"' not in bad.stderr and "1h" in bad.stderr
    bad = _fleet(
        "add", "https://a.example.org/", "--audit-map", f"https://cdn.example.org/={tmp_path}"
    )
    assert bad.returncode == 2 and "--audit-dest" in bad.stderr
    credentials = tmp_path / "credentials.toml"
    credentials.write_text('["https://a.example.org"]\ntoken = "t0ken"\n')
    out = _ok(
        "add",
        "https://a.example.org/",
        "--every",
        "15m",
        "--max-rate",
        "0.5",
        "--reconcile",
        "--audit-dest",
        str(tmp_path),
        "--audit-map",
        f"https://cdn.example.org/={tmp_path}",
        "--credentials",
        str(credentials),
    )
    assert "Added https://a.example.org/" in out
    assert "Updated" in _ok("add", "https://a.example.org/", "--every", "15m")


def test_status_lines_say_state_audit_reconcile_and_error(dsn: str) -> None:
    _ok("init", "--db", dsn)
    with fleet_site() as site:
        url = site.url("gone")
        with FleetDatabase.connect(dsn) as database:
            database.put_source(SourcePlan(url, max_rate=1000))
        run_source(dsn, url)
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute("UPDATE fleet_runs SET audit = 'fleet.audit.out-of-sync'")
        connection.execute(
            "INSERT INTO fleet_reconcile (source_url, outcome) VALUES (%s, 'late')", (url,)
        )
    english = _ok("status", "--lang", "en")
    assert english.startswith(f"unreachable  {url}  last run: ")
    assert "; audit: not in sync; reconcile: late; The Source could not be read: " in english
    assert english.rstrip().endswith("unreachable: 1, stale: 0, running: 0")
    japanese = _ok("status", "--lang", "ja")
    assert japanese.startswith(f"接続不可  {url}") and "監査: 同期していません" in japanese


@pytest.mark.parametrize("kind", ["fifo", "folder", "too-large", "not-utf8"])
def test_a_fleet_file_that_is_no_file_or_too_large_is_refused(
    kind: str, dsn: str, tmp_path: Path
) -> None:
    path = tmp_path / "fleet.toml"
    if kind == "fifo":
        os.mkfifo(path)  # a read would wait forever for a writer
    elif kind == "folder":
        path.mkdir()
    elif kind == "too-large":
        with open(path, "wb") as handle:
            handle.truncate(FILE_LIMIT + 1)
    else:
        path.write_bytes(b'[[source]]\nurl = "https://a.example.org/\xff"\n')
    done = _fleet("load", "fleet.toml", "--db", dsn, cwd=tmp_path)  # named as given
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("fleet load: fleet.toml") and "Traceback" not in done.stderr


def _snapshots(dsn: str) -> dict[str, list[int]]:
    with FleetDatabase.connect(dsn) as database:
        rows = database.connection.execute(
            "SELECT s.url, n.id FROM fleet_snapshots n JOIN fleet_sources s"
            " ON s.id = n.source_id ORDER BY n.id"
        ).fetchall()
    found: dict[str, list[int]] = {}
    for url, snapshot in rows:
        found.setdefault(url, []).append(snapshot)
    return found


def test_prune_keeps_each_sources_newest_and_the_runs_changes(dsn: str) -> None:
    """Snapshots are kept until the user prunes them; the newest of each Source always
    stays (the next compare's baseline), and the changed URLs of a compare stay too."""
    _ok("init", "--db", dsn)
    with fleet_site() as site:
        urls = [site.put(name, [[Resource("/r/1")]]) for name in ("a", "b")]
        with FleetDatabase.connect(dsn) as database:
            database.put_sources(SourcePlan(url, max_rate=1000) for url in urls)
        for turn in range(3):
            site.put("a", [[Resource("/r/1"), *[Resource(f"/r/new{n}") for n in range(turn)]]])
            for url in urls:
                run_source(dsn, url)
    before = _snapshots(dsn)
    assert [len(before[url]) for url in urls] == [3, 3]
    refused = _fleet("prune", "--db", dsn)
    assert refused.returncode == 2 and "--keep N" in refused.stderr and not refused.stdout
    assert _snapshots(dsn) == before
    assert "Removed 0 snapshots" in _ok("prune", "--older-than", "1d", "--db", dsn)
    oldest = [before[url][0] for url in urls]
    with FleetDatabase.connect(dsn) as database:  # two days pass for the first of each
        database.connection.execute(
            "UPDATE fleet_snapshots SET taken = now() - interval '2 days' WHERE id = ANY(%s)",
            (oldest,),
        )
    assert "Removed 2 snapshots" in _ok("prune", "--older-than", "1d", "--db", dsn)
    assert _snapshots(dsn) == {url: before[url][1:] for url in urls}
    said = _ok("prune", "--keep", "1", "--lang", "ja", "--db", dsn)
    assert "2 件削除しました" in said
    assert _snapshots(dsn) == {url: before[url][2:] for url in urls}
    with FleetDatabase.connect(dsn) as database:
        changed = database.connection.execute("SELECT count(*) FROM fleet_changes").fetchone()
        runs = database.connection.execute("SELECT count(*) FROM fleet_runs").fetchone()
    assert changed == (2,) and runs == (6,)
