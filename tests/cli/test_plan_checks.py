"""``plan``'s incremental-safety, OAI-PMH and parity sections through the command line:
JSON members, the text in both languages, and a bad ``--oai-map`` or ``--oai`` refused
with what to do. The referees themselves are in tests/net/test_oai_parity.py and
tests/net/test_incremental_safety.py."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from helpers.oai_pair import Record, served_pair
from helpers.third_party_source import Change, Listed, SourceFiles, build_source, serving

from explorer.cli import plan_checks

STAMP = "2025-06-01T00:00:00Z"
EARLY = "2024-03-01T10:00:00Z"
RECORDS = [Record(str(i), (STAMP, False), STAMP) for i in range(150)] + [
    Record("only-oai", (STAMP, False), None),
    Record("stamp", ("2025-06-02T00:00:00Z", False), STAMP),
]


def _plan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "plan", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_json_and_text_carry_the_three_sections(tmp_path: Path) -> None:
    store = str(tmp_path / "store.db")
    with served_pair(RECORDS) as served:
        source = served.base + ".well-known/resourcesync"
        given = _plan(source, "--oai", served.oai, "--store", store, "--json")
        # the checks read plan's own crawl: with no incremental run (no --from, no
        # snapshot) the crawl is the only reader of the Change List, once
        assert served.requests["/changelist.xml"] == 1
        text = _plan(source, "--oai", served.oai, "--store", store, "--lang", "ja")
        plain = _plan(source, "--store", store, "--json")
    assert given.returncode == 0, given.stderr
    shown = json.loads(given.stdout)
    assert shown["oai"]["requests"] == 2 and shown["oai"]["records"] == 152
    assert shown["oai"]["method"] == "complete-list-size"
    table = shown["parity"]
    assert [item["url"] for item in table["only_oai"]] == [served.base + "records/only-oai"]
    assert [item["url"] for item in table["datestamp_differs"]] == [served.base + "records/stamp"]
    assert table["map_guessed"] is True
    assert table["map_finding"]["code"] == "harvest.map-guessed"
    assert shown["incremental_safety"] == []
    assert text.returncode == 0, text.stderr
    assert "OAI-PMH にのみある: 1 件" in text.stdout
    assert "保存済みスナップショットがありません" in text.stdout
    assert plain.returncode == 0, plain.stderr
    assert "oai" not in json.loads(plain.stdout) and "parity" not in json.loads(plain.stdout)


def test_a_bad_map_or_endpoint_is_refused_with_what_to_do(tmp_path: Path) -> None:
    store = str(tmp_path / "store.db")
    refused = _plan("http://127.0.0.1:9/", "--oai", "http://127.0.0.1:9/", "--oai-map", "x")
    assert refused.returncode == 2
    assert "OAI_TEMPLATE=LOC_TEMPLATE" in refused.stderr and "Traceback" not in refused.stderr
    with served_pair(RECORDS) as served:
        wrong = _plan(
            served.base + ".well-known/resourcesync",
            "--oai",
            served.base + "resourcelist.xml",
            "--store",
            store,
        )
    assert wrong.returncode == 2
    assert "--oai" in wrong.stderr and "Traceback" not in wrong.stderr


def test_a_change_backdated_behind_a_saved_snapshot_is_in_the_plan(tmp_path: Path) -> None:
    store = str(tmp_path / "store.db")
    files = SourceFiles()
    listed = [Listed("/data/a.txt", EARLY, 1)]
    with serving(files) as base:
        build_source(base, files, [listed], [], EARLY, EARLY)
        saved = subprocess.run(
            [sys.executable, "-m", "explorer", "inspect", base + "/", "--save", "--store", store],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert saved.returncode == 0, saved.stderr
        backdated = [Change("/data/a.txt", "updated", EARLY, EARLY, 2)]
        build_source(base, files, [listed], backdated, EARLY, EARLY)
        done = _plan(base + "/", "--store", store, "--json")
    assert done.returncode == 0, done.stderr
    [flagged] = json.loads(done.stdout)["incremental_safety"]
    assert flagged["code"] == "harvest.backdated-change"
    assert flagged["url"] == base + "/data/a.txt"


async def test_builders_called_without_plans_crawl_read_the_source_themselves(
    tmp_path: Path,
) -> None:
    from explorer.cli import plan as plan_command
    from explorer.core.plan.profiles import Profile, Timing
    from explorer.core.plan.report import Plan
    from explorer.net.http.fetcher import Fetcher

    parser = argparse.ArgumentParser()
    plan_command.configure(parser)
    with served_pair(RECORDS) as served:
        source = served.base + ".well-known/resourcesync"
        args = parser.parse_args([source, "--oai", served.oai, "--store", str(tmp_path / "s")])
        plan = Plan(source, Profile("resync-sync"), 0.0, Timing(0.01, None, 1), None)
        async with Fetcher(retries=0) as fetcher:
            sections = [await build(args, plan, fetcher) for build in plan_checks.BUILDERS]
    assert [s.key for s in sections if s is not None] == ["incremental_safety", "oai", "parity"]
    parity_section = sections[2]
    assert parity_section is not None
    assert parity_section.value["counts"]["only_oai"] == 1
    assert any("only-oai" in line for line in parity_section.lines("en"))
