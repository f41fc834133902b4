"""``plan``: against the demo Source (resync-sync -b counted through a proxy), the
incremental run's start from the store's last snapshot, the local copy's needs with
``--dest``, and the words in Japanese."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.harvest_source import CHANGES_FROM, build
from helpers.resync_referee import run_referee
from helpers.third_party_source import SourceFiles, serving
from test_plan_referee import plan_json

from explorer.core.rules.datetimes import parse_w3c_datetime


@pytest.fixture(scope="module")
def demo() -> Iterator[str]:
    """``demo-source --rate 0`` (a Source that stays still) in its own process."""
    process = subprocess.Popen(
        [sys.executable, "-m", "explorer", "demo-source", "--rate", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        base = process.stdout.readline().strip()
        assert base.startswith("http://"), base
        yield base
    finally:
        process.terminate()
        process.communicate(timeout=30)


def test_the_demo_sets_baseline_matches_resync_and_its_change_list_index_is_said(
    demo: str, tmp_path: Path
) -> None:
    capability_list = demo + "dataset1/capabilitylist.xml"
    plan = plan_json(capability_list, "--from", "2000-01-01T00:00:00Z")
    mapping = f"{demo}dataset1={tmp_path / 'copy'}"
    baseline, out = run_referee(["-b", "--capabilitylist", capability_list, mapping], tmp_path)
    assert "created=" in out, out
    assert plan["runs"]["baseline"]["requests"] == len(baseline.requests)
    assert plan["runs"]["baseline"]["bytes"] == baseline.body_bytes
    # resync -i reads <base>/changelist.xml only; the demo's Change List is an index
    # elsewhere, so resync stops after that one request, and plan says its incremental
    # assumes a client that can read a Change List Index
    incremental, out = run_referee(["-i", "--from", "2000-01-01T00:00:00Z", mapping], tmp_path)
    assert "Can't read source change list" in out, out
    assert [r.url for r in incremental.requests] == [f"{demo}dataset1/changelist.xml"]
    notes = [note["key"] for note in plan["runs"]["incremental"]["notes"]]
    assert "change-list-index" in notes


def test_the_incremental_starts_at_the_last_snapshot_in_the_store(tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite3"
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 40).documents)
        without = plan_json(base + "/", "--store", str(store))
        saved = subprocess.run(
            [
                sys.executable,
                "-m",
                "explorer",
                "inspect",
                base + "/",
                "--save",
                "--store",
                str(store),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert saved.returncode in (0, 1), saved.stderr
        after = plan_json(base + "/", "--store", str(store))
        given = plan_json(base + "/", "--store", str(store), "--from", CHANGES_FROM)
    assert "incremental" not in without["runs"]
    assert [note["key"] for note in without["notes"]] == ["no-incremental"]
    # the snapshot was taken now: every change in the list is older, nothing to fetch
    assert after["from"] is not None and after["from"] > parse_w3c_datetime(CHANGES_FROM)
    assert after["runs"]["incremental"]["resources"] == 0
    assert given["from"] == parse_w3c_datetime(CHANGES_FROM)
    assert given["runs"]["incremental"]["resources"] > 0


def test_with_dest_the_copy_needs_are_said_beside_the_runs(tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    copy.mkdir()
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 60).documents)
        empty = plan_json(base + "/", "--from", CHANGES_FROM, "--dest", str(copy))
        run_referee(["-b", f"{base}={copy}"], tmp_path)
        synced = plan_json(base + "/", "--from", CHANGES_FROM, "--dest", str(copy))
    runs = empty["runs"]
    # the Source's state: its Resource List less the six resources its Change List deletes
    assert runs["audit"]["copy"]["resources"] == 60 - 6
    assert runs["incremental"]["copy"]["resources"] == runs["incremental"]["resources"] > 0
    # after resync's baseline (the Resource List's state), the copy lacks what the Change
    # List updated since: every third resource (20), less the two it deleted later (15, 36)
    assert synced["runs"]["audit"]["copy"]["resources"] == 20 - 2
    incremental = synced["runs"]["incremental"]
    assert incremental["copy"]["resources"] == incremental["resources"]
    assert "copy" not in synced["runs"]["baseline"]


def test_the_plan_is_said_in_japanese(tmp_path: Path) -> None:
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 20).documents)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "explorer",
                "plan",
                base + "/",
                "--lang",
                "ja",
                "--from",
                CHANGES_FROM,
                "--profile",
                "parallel:4",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("の計画: プロファイル parallel:4、リクエスト間の待ち時間 0.0 秒")
    assert any(line.startswith("ベースライン同期: リクエスト 23 件") for line in lines), lines
    assert any(line.startswith("差分同期: ") for line in lines)
    assert any("ハッシュのない deleted" in line for line in lines)
    assert not any("requests" in line or "Baseline" in line for line in lines)


def test_other_engines_add_their_sections_to_the_json_and_the_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hook the incremental-safety and OAI-PMH engines use (``SECTIONS``)."""
    from explorer.cli import main
    from explorer.cli import plan as command
    from explorer.core.plan.report import Plan, Section

    seen: list[Plan] = []

    async def builder(args: object, plan: Plan, fetcher: object) -> Section | None:
        seen.append(plan)
        return Section("oai", {"requests": 3}, lambda lang: [f"OAI-PMH ({lang})"])

    monkeypatch.setattr(command, "SECTIONS", [builder])
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 10).documents)
        assert main(["plan", base + "/", "--json", "--from", CHANGES_FROM]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert main(["plan", base + "/", "--lang", "ja", "--from", CHANGES_FROM]) == 0
        lines = capsys.readouterr().out.splitlines()
    assert shown["oai"] == {"requests": 3}
    assert lines[-1] == "OAI-PMH (ja)"
    assert seen[0].runs["baseline"].resources == 10


def test_no_source_at_the_url_is_refused_in_one_line() -> None:
    with serving(SourceFiles()) as base:
        done = subprocess.run(
            [sys.executable, "-m", "explorer", "plan", base + "/"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2, done.stdout
    assert done.stderr.splitlines() == [
        f"plan: no Source was found at {base}/: give the URL of a Source Description,"
        " a Capability List or the Source's base URL"
    ]


def test_a_source_on_disk_is_planned_as_it_will_be_served(tmp_path: Path) -> None:
    """A folder read with --base-url (as inspect DIR): resync's route over its documents,
    and --dest mapped under the base URL's host."""
    base = "https://repo.example.org"
    source, copy = tmp_path / "source", tmp_path / "copy"
    for path, body in build(base, 100).documents.items():
        for folder in (source, copy):  # the copy holds every file as served
            (folder / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
            (folder / path.lstrip("/")).write_bytes(body)
            listed = parse_w3c_datetime("2026-10-01T00:00:00Z") or 0.0
            os.utime(folder / path.lstrip("/"), (listed, listed))  # the lastmod listed
    plan = plan_json(
        str(source), "--base-url", base + "/", "--from", CHANGES_FROM, "--dest", str(copy)
    )
    runs = plan["runs"]
    assert (runs["baseline"]["documents"], runs["baseline"]["resources"]) == (3, 100)
    # the copy holds every resource as listed: it needs what the Change List updated since
    # (every fifth resource, 20), less 15, which it deleted later (a wrong mapping: 94)
    assert runs["audit"]["copy"]["resources"] == 20 - 1
