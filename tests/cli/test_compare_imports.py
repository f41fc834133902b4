"""``compare`` of two stored snapshots reads the store only: it loads no HTTP client, no
event loop, no crawl and no XML parser (a tenth of its start at 200,000 entries, and every
scheduled comparison pays it). A ``now`` side crawls, and does load them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from explorer.net.history.snapshot_store import SnapshotStore
from explorer.net.store.database import Store
from explorer.net.store.entry_sets import keep_entries, keyed_entries

ROOT = Path(__file__).resolve().parents[2]
UNNEEDED = ("httpx", "httpcore", "asyncio", "ssl", "lxml", "explorer.net.http.fetcher")
UNNEEDED += ("explorer.net.source.crawl", "explorer.net.source.crawl_budget")
UNNEEDED += ("explorer.core.safe_xml", "explorer.core.push.payload_templates")

WRAPPER = """
import json, runpy, sys
unneeded = json.loads(sys.argv[2])
sys.argv = ["explorer", *json.loads(sys.argv[1])]
try:
    runpy.run_module("explorer", run_name="__main__")
except SystemExit as exc:
    status = exc.code
loaded = sorted(name for name in unneeded if name in sys.modules)
print(json.dumps({"status": status, "loaded": loaded}), file=sys.stderr)
"""


def _store_with_two_snapshots(path: Path) -> None:
    """Snapshots "before" and "after" of a Source at an unreachable port, one entry
    re-dated between them, a Change List in neither (so the comparison says nothing is
    announced)."""
    store = Store(path)
    snapshots = SnapshotStore(store)
    try:
        for label, lastmod in (
            ("before", "2026-01-01T00:00:00Z"),
            ("after", "2026-01-02T00:00:00Z"),
        ):
            snapshot = snapshots.begin("http://127.0.0.1:9/", label)
            db = snapshots.db
            db.execute("BEGIN IMMEDIATE")
            rows = [(0, "http://127.0.0.1:9/a", lastmod, None, None, None, None, None)]
            entry_set = keep_entries(db, keyed_entries("resourcelist", rows))
            db.execute(
                "INSERT INTO snapshot_documents (snapshot, url, capability, state, entries, md,"
                " entry_set) VALUES (?, 'http://127.0.0.1:9/rl', 'resourcelist', 'loaded', 1,"
                " '{}', ?)",
                (snapshot, entry_set),
            )
            db.execute(
                "UPDATE snapshots SET finished = ?, documents = 1, entries = 1 WHERE id = ?",
                (time.time(), snapshot),
            )
            db.execute("COMMIT")
    finally:
        snapshots.close()
        store.close()


def loaded_by(*args: str) -> tuple[int, list[str], str]:
    """Run ``python -m explorer ARGS`` through the wrapper: its exit status, which of
    ``UNNEEDED`` it had loaded by the end, and what it printed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, json.dumps(args), json.dumps(UNNEEDED)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["status"], report["loaded"], done.stdout


def test_comparing_two_stored_snapshots_loads_no_network_loop_crawl_or_parser(
    tmp_path: Path,
) -> None:
    store = tmp_path / "store.sqlite3"
    _store_with_two_snapshots(store)
    for args in (["--json"], [], ["--lang", "ja"]):
        status, loaded, said = loaded_by("compare", "--store", str(store), "before", "after", *args)
        assert status == 0, said
        assert "http://127.0.0.1:9/a" in said  # it did compare: the changed entry is named
        assert loaded == [], f"compare {' '.join(args)} loaded {loaded}"


def test_the_wrapper_sees_what_a_fresh_crawl_loads(tmp_path: Path) -> None:
    """The check above can fail: ``now`` crawls the snapshot's URL (refused here)."""
    store = tmp_path / "store.sqlite3"
    _store_with_two_snapshots(store)
    status, loaded, _said = loaded_by(
        "compare", "--store", str(store), "before", "now", "--timeout", "2"
    )
    assert status == 2
    assert {"httpx", "asyncio", "explorer.net.http.fetcher"} <= set(loaded)
