"""``plan``'s predictions held against the reference client: resync 2.0.1's ``resync-sync``
run ``-b``, ``-i`` and ``--audit`` as a separate process against the same Source, every
request and byte counted by a proxy in front of it (``helpers.counting_proxy``).

Requests must be equal, body bytes within 2 % (they are equal when every resource has a
length). The wall-time comparison at ``--delay 0.1`` and ``0.5`` takes minutes: it is in
``tests/benchmarks/bench_plan_time.py``, its output in docs/performance.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from helpers.harvest_source import CHANGES_FROM, build
from helpers.resync_referee import run_referee
from helpers.third_party_source import SourceFiles, serving


def plan_json(source: str, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "plan", source, "--json", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def _within(predicted: int, measured: int, share: float) -> bool:
    return abs(predicted - measured) <= share * measured


def test_baseline_and_incremental_of_a_flat_source_match_resync(tmp_path: Path) -> None:
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 1000).documents)
        plan = plan_json(base + "/", "--from", CHANGES_FROM)
        baseline, out = run_referee(["-b", f"{base}={tmp_path / 'b'}"], tmp_path)
        assert "created=1000" in out, out
        incremental, out = run_referee(
            ["-i", "--from", CHANGES_FROM, f"{base}={tmp_path / 'b'}"], tmp_path
        )
        assert "Will apply" in out, out
    runs = plan["runs"]
    assert runs["baseline"]["requests"] == len(baseline.requests)
    assert runs["baseline"]["bytes"] == baseline.body_bytes
    assert _within(runs["baseline"]["wire_bytes"], baseline.wire_bytes, 0.02)
    assert runs["incremental"]["requests"] == len(incremental.requests)
    assert runs["incremental"]["bytes"] == incremental.body_bytes
    # resync's first GETs: the Source Description at <base>/.well-known, then on down
    assert [r.url for r in baseline.requests[:3]] == [
        f"{base}/.well-known/resourcesync",
        f"{base}/capabilitylist.xml",
        f"{base}/resourcelist.xml",
    ]
    reasons = {item["reason"]: item for item in plan["refetch"]}
    assert reasons["deleted-no-hash"]["resources"] == 6
    assert reasons["change-lists-repeat"]["resources"] == 7


def test_a_source_behind_a_resource_list_index_matches_resync(tmp_path: Path) -> None:
    """resync GETs the index, then each list sorted by URL (the lists' names sort apart
    from their order here: -10 before -2), then each resource."""
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 330, per_list=30).documents)
        plan = plan_json(base + "/", "--from", CHANGES_FROM)
        baseline, out = run_referee(["-b", f"{base}={tmp_path / 'b'}"], tmp_path)
        assert "created=330" in out, out
    assert plan["runs"]["baseline"]["requests"] == len(baseline.requests)
    assert plan["runs"]["baseline"]["documents"] == 3 + 11
    assert plan["runs"]["baseline"]["bytes"] == baseline.body_bytes
    lists = [r.url for r in baseline.requests if "/resourcelist-" in r.url]
    assert lists[1:3] == [f"{base}/resourcelist-0.xml", f"{base}/resourcelist-1.xml"]
    assert lists[3] == f"{base}/resourcelist-10.xml"


def test_sixty_thousand_resources_behind_an_index_audit_as_resync_does(tmp_path: Path) -> None:
    """The 60,000-resource Source in the suite through ``--audit`` (documents only: the
    same route as a baseline's, without 60,000 GETs); resync's own count of what a
    baseline would create equals plan's resources. The full baseline is in
    tests/benchmarks/bench_plan_time.py."""
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 60_000, per_list=20_000).documents)
        plan = plan_json(base + "/")
        audit, out = run_referee(["--audit", f"{base}={tmp_path / 'b'}"], tmp_path)
    assert "to create=60000" in out, out
    assert plan["runs"]["baseline"]["resources"] == 60_000
    assert plan["runs"]["audit"]["requests"] == len(audit.requests) == 3 + 3
    assert plan["runs"]["audit"]["bytes"] == audit.body_bytes


def test_a_resource_dump_is_priced_and_resync_ignores_it(tmp_path: Path) -> None:
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 200, dump=True).documents)
        plan = plan_json(base + "/")
        dumps = plan_json(base + "/", "--profile", "dumps")
        baseline, _ = run_referee(["-b", f"{base}={tmp_path / 'b'}"], tmp_path)
        package = len(files.documents["/resourcedump.zip"])
    assert plan["runs"]["baseline"]["requests"] == len(baseline.requests)
    assert plan["runs"]["baseline"]["dump_saves_requests"] == 199
    # the 199 resource requests' heads it would not send nor receive, as measured
    heads = [r.request_bytes + r.head_bytes for r in baseline.requests if "/res/" in r.url]
    saved = plan["runs"]["baseline"]["dump_saves_wire_bytes"]
    assert _within(saved, 199 * sum(heads) // len(heads), 0.02)
    # the dumps profile: the documents, the Resource Dump and its one package
    assert dumps["runs"]["baseline"]["resources"] == 1
    assert dumps["runs"]["baseline"]["documents"] == 3 + 1
    documents = plan["runs"]["audit"]["bytes"]
    resource_dump = len(files.documents["/resourcedump.xml"])
    assert dumps["runs"]["baseline"]["bytes"] == documents + resource_dump + package


def test_without_lengths_the_bytes_are_estimated_from_a_sample_of_heads(tmp_path: Path) -> None:
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(build(base, 400, lengths=False).documents)
        plan = plan_json(base + "/")
        baseline, _ = run_referee(["-b", f"{base}={tmp_path / 'b'}"], tmp_path)
    run = plan["runs"]["baseline"]
    assert run["requests"] == len(baseline.requests)
    assert run["estimated_lengths"] == 400
    # 20 HEADs drawn across the list: sizes run from 13 to 481 bytes, resource by resource
    assert _within(run["bytes"], baseline.body_bytes, 0.10), (run["bytes"], baseline.body_bytes)
    assert run["bytes"] != baseline.body_bytes, (run["bytes"], baseline.body_bytes)
