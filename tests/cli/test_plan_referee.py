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
