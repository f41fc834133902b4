"""A snapshot's work per entry, counted (never timed): each entry's URL is resolved once,
absolute locs are not joined, and the key of an entry set stays the one earlier releases
wrote, so their stores keep finding their sets."""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

from helpers.changing_source import before
from helpers.third_party_source import SourceFiles, serving
from hypothesis import given
from hypothesis import strategies as st

from explorer.net.history.snapshot_store import SnapshotStore, take_snapshot
from explorer.net.http.fetcher import Fetcher
from explorer.net.source import streamed_crawl
from explorer.net.store import entry_sets
from explorer.net.store.database import Store
from explorer.net.store.entry_sets import (
    EntryRow,
    keep_entries,
    keyed_entries,
    row_json,
    rows_json,
    set_digest,
)

ROWS: list[EntryRow] = [
    (0, "https://e.org/a", "2026-01-01T00:00:00Z", "md5:aa", "3", "text/plain", None, None),
    (1, "https://e.org/日本語", "\u00e9", None, None, None, "updated", "2026-01-02T00:00:00Z"),
]
EARLIER_DIGEST = "f71617fcba6d26fbf3a8fff5b6d2d4099b545d87c31340c15a19bca8e8c1f001"
"""``set_digest("resourcelist", ROWS)`` as the release that introduced entry sets
computed it (one ``json.dumps(row, ensure_ascii=False)`` per row)."""


def test_the_key_of_a_set_is_the_one_earlier_releases_kept() -> None:
    assert set_digest("resourcelist", ROWS) == EARLIER_DIGEST
    assert set_digest("resourcelist", iter(ROWS)) == EARLIER_DIGEST


_VALUE = (
    st.none() | st.text() | st.sampled_from(["", '"', "\\", "\u2028", "\x00", "日本語", "\ud800"])
)


@given(
    st.tuples(
        st.integers(min_value=-(2**63), max_value=2**63 - 1),
        st.text(),
        _VALUE,
        _VALUE,
        _VALUE,
        _VALUE,
        _VALUE,
        _VALUE,
    )
)
def test_a_row_is_written_as_the_json_encoder_writes_it(row: EntryRow) -> None:
    """The set's key is the SHA-256 of each row's ``json.dumps(row, ensure_ascii=False)``:
    the faster writing must give the same text for every row, or a store's unchanged
    documents would stop finding their sets."""
    assert row_json(row) == json.dumps(row, ensure_ascii=False)


_ROW = st.tuples(
    st.integers(min_value=0, max_value=2**40),
    st.text() | st.sampled_from(["], [", '"], ["', "a], [b"]),
    _VALUE | st.just("], ["),
    _VALUE,
    _VALUE,
    _VALUE,
    _VALUE,
    _VALUE,
)


@given(st.lists(_ROW, max_size=5))
def test_a_batch_of_rows_is_written_as_each_row_alone(rows: list[EntryRow]) -> None:
    """The key's text written for many rows at once (the encoder's ``"], ["`` turned into
    line breaks) is the rows' own, also where a value holds ``"], ["`` itself."""
    assert rows_json(rows) == "\n".join(json.dumps(row, ensure_ascii=False) for row in rows)


def test_a_row_of_other_values_is_written_by_the_encoder_itself() -> None:
    odd = (True, "https://e.org/a", 3, 2.5, None, None, None, None)
    assert row_json(odd) == json.dumps(odd, ensure_ascii=False)  # type: ignore[arg-type]


def test_a_set_larger_than_a_batch_is_written_whole_and_keyed_as_one(tmp_path: Path) -> None:
    many: list[EntryRow] = [
        (i, f"https://e.org/{i}", None, None, str(i), None, None, None)
        for i in range(entry_sets.BATCH * 2 + 7)
    ]
    store = Store(tmp_path / "store.sqlite3")
    snapshots = SnapshotStore(store)
    try:
        with mock.patch.object(entry_sets, "BATCH", 1000):
            small_batches = set_digest("resourcelist", many)
        set_id = keep_entries(snapshots.db, keyed_entries("resourcelist", many))
        kept = snapshots.db.execute(
            "SELECT count(*), max(position) FROM snapshot_set_entries WHERE entry_set = ?",
            (set_id,),
        ).fetchone()
        entries, digest = snapshots.db.execute(
            "SELECT entries, digest FROM snapshot_entry_sets WHERE id = ?", (set_id,)
        ).fetchone()
    finally:
        snapshots.close()
        store.close()
    assert kept == (len(many), len(many) - 1)
    assert entries == len(many)
    assert digest == small_batches == set_digest("resourcelist", many)


async def test_a_snapshot_resolves_no_plain_absolute_loc_one_by_one(
    tmp_path: Path,
) -> None:
    files = SourceFiles()
    store = Store(tmp_path / "store.sqlite3")
    snapshots = SnapshotStore(store)
    # the store imports them when it writes a document, so the crawl module's own names are
    # patched: a document's plain absolute locs are checked at once, none resolved alone
    resolve = mock.patch.object(streamed_crawl, "resolve_loc", wraps=streamed_crawl.resolve_loc)
    per_document = mock.patch.object(streamed_crawl, "entry_urls", wraps=streamed_crawl.entry_urls)
    join = mock.patch.object(streamed_crawl, "urljoin", wraps=streamed_crawl.urljoin)
    try:
        with serving(files) as base:
            before(base, files)
            async with Fetcher() as fetcher:
                with resolve as resolved, join as joined, per_document as documents:
                    info, _result = await take_snapshot(base + "/", fetcher, snapshots)
        kept = snapshots.db.execute("SELECT count(*) FROM snapshot_set_entries").fetchone()[0]
    finally:
        snapshots.close()
        store.close()
    assert info.entries is not None and info.entries >= 10
    assert kept == info.entries  # every set new: each entry written once
    assert resolved.call_count == 0
    assert joined.call_count == 0
    assert 0 < documents.call_count <= (info.documents or 0)


def test_a_set_is_written_by_a_statement_per_batch_and_read_back_as_given(
    tmp_path: Path,
) -> None:
    """Rows go to SQLite as one JSON array per batch (one statement each, not one per
    row), and come back value for value, types too; a batch holding a NUL, which SQLite's
    JSON would cut, is written row by row."""
    odd: list[EntryRow] = [
        (0, "https://e.org/日本語", "\u2028", '"], ["', "12", None, None, None),
        (1, "https://e.org/b", None, None, None, "a\\b", "\t", "\U0001f600"),
    ]
    many: list[EntryRow] = [
        (i, f"https://e.org/{i}", None, None, str(i), None, None, None) for i in range(2500)
    ]
    nul: list[EntryRow] = [(0, "https://e.org/n", "a\x00b", None, None, None, None, None)]
    store = Store(tmp_path / "store.sqlite3")
    snapshots = SnapshotStore(store)
    statements: list[str] = []
    try:
        snapshots.db.set_trace_callback(statements.append)
        with mock.patch.object(entry_sets, "BATCH", 1000):
            sets = [
                keep_entries(snapshots.db, keyed_entries("resourcelist", rows))
                for rows in (odd, many)
            ]
        inserts = [s for s in statements if s.startswith("INSERT INTO snapshot_set_entries")]
        nul_set = keep_entries(snapshots.db, keyed_entries("resourcelist", nul))
        snapshots.db.set_trace_callback(None)
        back = [
            snapshots.db.execute(
                "SELECT position, loc, lastmod, hash, length, type, change, datetime,"
                " typeof(position) FROM snapshot_set_entries WHERE entry_set = ?"
                " ORDER BY position",
                (set_id,),
            ).fetchall()
            for set_id in (*sets, nul_set)
        ]
    finally:
        snapshots.close()
        store.close()
    assert len(inserts) == 1 + 3  # a batch each: 2 rows, then 1000 + 1000 + 500
    for rows, read in zip((odd, many, nul), back, strict=True):
        assert [row[:8] for row in read] == rows
        assert {row[8] for row in read} == {"integer"}


async def test_a_snapshot_writes_on_the_crawls_writer_thread(tmp_path: Path) -> None:
    """Each document's SQLite write runs on the crawl's own writer thread, not on the event
    loop, and every one has ended when the snapshot is finished (all rows are there)."""
    import threading

    files = SourceFiles()
    store = Store(tmp_path / "store.sqlite3")
    snapshots = SnapshotStore(store)
    threads: list[str] = []
    keep = entry_sets.keep_entries

    def watched(*args: object) -> int:
        threads.append(threading.current_thread().name)
        return keep(*args)  # type: ignore[arg-type]

    try:
        with serving(files) as base:
            before(base, files)
            async with Fetcher() as fetcher:
                with mock.patch("explorer.net.history.snapshot_store.keep_entries", watched):
                    info, _result = await take_snapshot(base + "/", fetcher, snapshots)
        kept = snapshots.db.execute("SELECT count(*) FROM snapshot_set_entries").fetchone()[0]
    finally:
        snapshots.close()
        store.close()
    assert threads and all(name.startswith("explorer-sink") for name in threads), threads
    assert threading.current_thread().name not in threads
    assert kept == info.entries
