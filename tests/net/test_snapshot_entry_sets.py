"""Snapshot entries kept once by their content (entry sets), and the migration that moves
the rows of earlier stores into them.

``fixtures/store_fa09a66_snapshots.sql`` is a store as the release before entry sets
(fa09a66, snapshot feature version 1) wrote it: two snapshots of
``helpers.changing_source`` (before, after) taken by ``inspect --save``, dumped with
``iterdump``; ``fixtures/store_fa09a66_compare.json`` is what that release's
``compare --json before after`` printed for it. ``fixtures/store_b2dc524.sql`` is the
release before the schema registry."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from explorer.net.history.snapshot_store import ENTRIES, SnapshotStore
from explorer.net.store.database import Store
from explorer.net.store.schema import SNAPSHOTS

FIXTURES = Path(__file__).parent / "fixtures"
CURRENT_RELEASE = FIXTURES / "store_fa09a66_snapshots.sql"
CURRENT_COMPARE = FIXTURES / "store_fa09a66_compare.json"
PREVIOUS_RELEASE = FIXTURES / "store_b2dc524.sql"


def _load(path: Path, script: Path, extra: str = "") -> None:
    conn = sqlite3.connect(path)
    conn.executescript(script.read_text(encoding="utf-8") + extra)
    conn.close()
    path.chmod(0o600)


def _tables(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    finally:
        conn.close()


def test_a_store_of_the_release_before_entry_sets_compares_as_it_did(tmp_path: Path) -> None:
    path = tmp_path / "explorer.sqlite3"
    _load(path, CURRENT_RELEASE)
    assert "snapshot_entries" in _tables(path)
    command = [sys.executable, "-m", "explorer", "compare", "--store", str(path)]
    compared = subprocess.run(
        [*command, "before", "after", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert compared.returncode == 1, compared.stderr  # unannounced changes, as before
    assert json.loads(compared.stdout) == json.loads(CURRENT_COMPARE.read_text("utf-8"))
    tables = _tables(path)
    assert "snapshot_entries" not in tables
    assert {"snapshot_entry_sets", "snapshot_set_entries"} <= tables
    conn = sqlite3.connect(path)
    try:
        version = conn.execute(
            "SELECT version FROM schema_versions WHERE feature = 'snapshots'"
        ).fetchone()[0]
        kept = conn.execute("SELECT count(*) FROM snapshot_set_entries").fetchone()[0]
        listed = conn.execute("SELECT sum(entries) FROM snapshots").fetchone()[0]
        shared = conn.execute(
            "SELECT count(*) FROM snapshot_documents a JOIN snapshot_documents b"
            " ON a.snapshot = 1 AND b.snapshot = 2 AND a.url = b.url"
            " AND a.entry_set = b.entry_set"
        ).fetchone()[0]
    finally:
        conn.close()
    assert version == SNAPSHOTS.version == 2
    # the Source Description lists the same Capability List in both: kept once
    assert shared >= 1
    assert kept < listed


def test_a_store_of_the_release_before_the_registry_keeps_its_entries(tmp_path: Path) -> None:
    path = tmp_path / "explorer.sqlite3"
    rows = """
        INSERT INTO snapshots VALUES (1, 'old', 'http://src/', NULL, 5.0, 6.0, 1, 2);
        INSERT INTO snapshot_documents VALUES (1, 'http://src/rl.xml', NULL,
            'resourcelist', NULL, 'loaded', 200, NULL, NULL, NULL, 2, '{}');
        INSERT INTO snapshot_entries VALUES (1, 'http://src/rl.xml', 'resourcelist', 0,
            'http://src/a', '2024-01-01', 'md5:aa', '3', NULL, NULL, NULL);
        INSERT INTO snapshot_entries VALUES (1, 'http://src/rl.xml', 'resourcelist', 1,
            'http://src/b', NULL, NULL, NULL, 'text/plain', NULL, NULL);
    """
    _load(path, PREVIOUS_RELEASE, rows)
    store = Store(path)
    snapshots = SnapshotStore(store)
    try:
        entries = snapshots.db.execute(
            f"SELECT document, capability, position, loc, lastmod, hash, length, type"
            f" FROM {ENTRIES} WHERE snapshot = 1 ORDER BY position"
        ).fetchall()
    finally:
        snapshots.close()
        store.close()
    assert entries == [
        ("http://src/rl.xml", "resourcelist", 0, "http://src/a", "2024-01-01", "md5:aa", "3", None),
        ("http://src/rl.xml", "resourcelist", 1, "http://src/b", None, None, None, "text/plain"),
    ]


def test_deleting_a_snapshot_keeps_the_sets_another_names(tmp_path: Path) -> None:
    path = tmp_path / "explorer.sqlite3"
    _load(path, CURRENT_RELEASE)
    store = Store(path)
    snapshots = SnapshotStore(store)

    def count(table: str) -> int:
        return int(snapshots.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

    try:
        before = count("snapshot_entry_sets")
        after_entries = snapshots.get(2).entries
        snapshots.delete(1)
        left = count("snapshot_entry_sets")
        readable = snapshots.db.execute(
            f"SELECT count(*) FROM {ENTRIES} WHERE snapshot = 2"
        ).fetchone()[0]
        snapshots.delete(2)
        gone = (count("snapshot_entry_sets"), count("snapshot_set_entries"))
    finally:
        snapshots.close()
        store.close()
    assert 0 < left < before  # the first snapshot's own sets went, the shared ones stayed
    assert readable == after_entries
    assert gone == (0, 0)
