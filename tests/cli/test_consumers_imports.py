"""What a ``consumers`` run on a local Source loads: what it uses, and nothing it does not.

The command runs in a fresh interpreter through a small wrapper that, once it has
finished, prints how many modules it added and which of the unneeded ones are among them
(only those the run added: coverage's tracer, started with the interpreter under the
suite's coverage run, loads ``sqlite3`` itself). Counted work, never time: each module
not needed is start-up every run pays.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from helpers.spec_shaped import BASE, Entry, document

ROOT = Path(__file__).resolve().parents[2]
# the window, the demo server and the fleet's stores are no part of a consumers run; the
# twin's writer (and the XML escaping it loads) only when a twin is asked for
UNNEEDED = ("PySide6", "aiohttp", "psycopg", "celery", "sqlite3", "explorer.ui")
UNNEEDED += ("explorer.net.reports", "explorer.core.consumers.twin", "xml.sax")
MODULE_LIMIT = 355
"""Modules a ``consumers --json`` of a folder Source adds to those the interpreter and the
wrapper start with (352 when written: httpx and asyncio are most of them, as a folder is
read through the same fetcher as a URL; 361 while the twin's writer loaded on every run).
A new import on this path raises the count and should be worth its milliseconds."""

WRAPPER = """
import json, runpy, sys
unneeded = json.loads(sys.argv[2])
before = set(sys.modules)
sys.argv = ["explorer", *json.loads(sys.argv[1])]
try:
    runpy.run_module("explorer", run_name="__main__")
except SystemExit as exc:
    status = exc.code
added = set(sys.modules) - before
loaded = sorted(
    name for name in added
    if any(name == gone or name.startswith(gone + ".") for gone in unneeded)
)
print(json.dumps({"status": status, "loaded": loaded, "added": len(added)}), file=sys.stderr)
"""


def _source(folder: Path) -> Path:
    entries = [Entry(f"{BASE}r/{n}", "2026-01-01", {"length": "1"}) for n in range(3)]
    (folder / "rl.xml").write_bytes(document("resourcelist", entries))
    listed = [Entry(BASE + "rl.xml", None, {"capability": "resourcelist"})]
    (folder / "capabilitylist.xml").write_bytes(document("capabilitylist", listed))
    return folder / "capabilitylist.xml"


def loaded_by(*args: str) -> dict[str, object]:
    """Run ``python -m explorer ARGS`` through the wrapper: its exit status, which of
    ``UNNEEDED`` it had loaded by the end, and how many modules it added."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, json.dumps(args), json.dumps(UNNEEDED)],
        capture_output=True,
        text=True,
        env=env,
        timeout=100,
    )
    report: dict[str, object] = json.loads(done.stderr.strip().splitlines()[-1])
    return report


def test_a_consumers_run_of_a_folder_loads_only_what_it_uses(tmp_path: Path) -> None:
    target = str(_source(tmp_path))
    report = loaded_by("consumers", target, "--base-url", BASE, "--json")
    assert report["status"] == 1  # rs:md is no element the sitemaps schemas declare
    assert report["loaded"] == [], report["added"]
    assert isinstance(report["added"], int) and report["added"] <= MODULE_LIMIT, report["added"]
    # the wrapper sees what a run loads: a twin asked for loads its writer
    twin = str(tmp_path / "twin")
    report = loaded_by("consumers", target, "--base-url", BASE, "--json", "--write-twin", twin)
    assert report["status"] == 1  # rs:md is no element the sitemaps schemas declare
    assert "explorer.net.reports.consumer_twin" in report["loaded"]  # type: ignore[operator]
    assert "explorer.core.consumers.twin" in report["loaded"]  # type: ignore[operator]
