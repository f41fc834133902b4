"""Snapshots of a Source kept in the explorer's store: the crawl as it was at one moment.

Each snapshot keeps every document (URL, HTTP status, validators ``ETag`` and
``Last-Modified``, a SHA-256 digest of the body, capability, the document-level ``rs:md``)
with its findings, and every entry of every document (loc and its metadata: lastmod,
hash, length, type, change, datetime; an index's entries under "<capability> index").
Entries are written as each document is parsed
(``add_document`` is a crawl sink) and the crawl drops them, so a snapshot of millions of
entries never sits in memory. A document's entries are kept once by their content (an
entry set, ``explorer.net.store.entry_sets``): a later snapshot that finds the document
listing the same entries names the same set, so repeated snapshots of an unchanged Source
add a few rows per document, not a row per entry. The file has a quota (``quota``, bytes):
a snapshot that would grow it past the quota is removed and said as
``SnapshotQuotaReached``.

The tables live in the same SQLite file as subscriptions and notifications, opened by
``Store`` (which holds the one-writer lock and the file modes, and creates the snapshot
tables declared in ``explorer.net.store.schema``); this module writes them through its
own connection, so the store's writer thread stays untouched.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING

from explorer.core.said_error import SaidError
from explorer.net.store import schema
from explorer.net.store.database import Store, StoreError
from explorer.net.store.entry_sets import EntryRow, drop_unnamed, keep_entries, keyed_entries

# The crawl and the HTTP client load where a snapshot is taken: ``compare`` and the other
# readers of stored snapshots never fetch, and importing them was a tenth of their start.
if TYPE_CHECKING:
    from explorer.core.findings import Finding
    from explorer.core.model import Entry
    from explorer.net.http.fetcher import Fetcher
    from explorer.net.source.crawl_budget import CrawlLimits
    from explorer.net.source.crawl_tree import CrawlResult, DocumentNode

ENTRY_FIELDS = ("lastmod", "hash", "length", "type", "change", "datetime")
"""The entry metadata a snapshot keeps and a comparison names (core 1.1 §7, Table 3)."""
_LOC, _LASTMOD = attrgetter("loc"), attrgetter("lastmod")
DOCUMENT_FIELDS = ("state", "status", "etag", "last_modified", "digest", "capability", "entries")


MEGABYTE = 1024 * 1024
DEFAULT_QUOTA = 4096 * MEGABYTE
"""Bytes the store's file may grow to by snapshots (``inspect --save --snapshot-quota``):
with entries kept once, that is many snapshots of a Source of millions of entries."""
DISK_ROOM_PAGES = 256
"""Free pages on the disk past which a full database is the quota's doing."""
ENTRIES = (
    "(SELECT d.snapshot AS snapshot, d.url AS document, s.capability AS capability,"
    " e.position AS position, e.loc AS loc, e.lastmod AS lastmod, e.hash AS hash,"
    " e.length AS length, e.type AS type, e.change AS change, e.datetime AS datetime"
    " FROM snapshot_documents d JOIN snapshot_entry_sets s ON s.id = d.entry_set"
    " JOIN snapshot_set_entries e ON e.entry_set = d.entry_set)"
)
"""Every snapshot's entries as rows (snapshot, document, capability, position, loc and
``ENTRY_FIELDS``), for a query to read ``FROM {ENTRIES} AS e WHERE e.snapshot = ?``: a
document's entries are kept once, in the set its row names (``net/store/entry_sets.py``)."""


class SnapshotNotFound(SaidError, LookupError):
    """No snapshot answers to the id or label asked for."""


class SnapshotQuotaReached(SaidError):
    """Saving the snapshot would grow the store past its quota; the snapshot is not kept."""


@dataclass(frozen=True, slots=True)
class SnapshotInfo:
    id: int
    label: str | None
    start_url: str
    source: str | None
    taken: float
    finished: float | None
    documents: int | None
    entries: int | None

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "label": self.label,
            "start_url": self.start_url,
            "source": self.source,
            "taken": self.taken,
            "documents": self.documents,
            "entries": self.entries,
        }


class SnapshotStore:
    """Snapshot tables in an open (writable) ``Store``'s file."""

    def __init__(self, store: Store, quota: int = DEFAULT_QUOTA) -> None:
        """``quota``: bytes the store's file may reach through this connection's writes
        (``PRAGMA max_page_count``, which SQLite enforces on every page it adds)."""
        if store.read_only:
            raise StoreError("store.snapshots-need-writing", path=store.path)
        self.path = store.path
        self.quota = quota
        # written from the crawl's writer thread (one write at a time, never beside the
        # caller's own use: ``finish`` and ``delete`` come after the crawl has ended)
        self.db = sqlite3.connect(
            store.path, isolation_level=None, timeout=30, check_same_thread=False
        )
        self.db.execute(schema.UNTRUSTED)
        self.db.execute("PRAGMA journal_mode=WAL")
        page_size = self.db.execute("PRAGMA page_size").fetchone()[0]
        self.db.execute(f"PRAGMA max_page_count={max(1, quota // page_size)}")

    def close(self) -> None:
        self.db.close()

    # --- writing -----------------------------------------------------------------

    def begin(self, start_url: str, label: str | None) -> int:
        with self._writing():
            cursor = self.db.execute(
                "INSERT INTO snapshots (label, start_url, taken) VALUES (?, ?, ?)",
                (label, start_url, time.time()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def add_document(self, snapshot: int, node: DocumentNode) -> Callable[[], None]:
        """Read one fetched document and its entries into what the snapshot keeps (a
        crawl sink), and return its write: the crawl runs that on its writer thread, so
        SQLite writes one list while the next is parsed. Entries an earlier snapshot kept
        for the same content are named, not written again."""
        row, entry_capability, rows = document_rows(node)
        keyed = keyed_entries(entry_capability, rows) if rows else None

        def write() -> None:
            with self._writing():
                entry_set = keep_entries(self.db, keyed) if keyed is not None else None
                self.db.execute(
                    "INSERT OR REPLACE INTO snapshot_documents (snapshot, url, parent,"
                    " capability, root, state, status, etag, last_modified, digest, entries,"
                    " md, entry_set) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (snapshot, *row, entry_set),
                )

        return write

    def finish(self, snapshot: int, result: CrawlResult) -> SnapshotInfo:
        """Record the findings (known only once every check ran) and the totals."""
        rows: list[tuple[object, ...]] = [
            _finding_row(snapshot, "", item) for item in result.findings
        ]
        for node in result.nodes():
            rows += [_finding_row(snapshot, node.url, item) for item in node.findings]
            for channel in node.channels:
                subject = f"channel {channel.topic}"
                rows += [_finding_row(snapshot, subject, item) for item in channel.findings]
        with self._writing():
            self.db.executemany("INSERT INTO snapshot_findings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            self.db.execute(
                "UPDATE snapshots SET source = ?, finished = ?,"
                " documents = (SELECT count(*) FROM snapshot_documents WHERE snapshot = ?),"
                " entries = (SELECT coalesce(sum(s.entries), 0) FROM snapshot_documents d"
                " JOIN snapshot_entry_sets s ON s.id = d.entry_set WHERE d.snapshot = ?)"
                " WHERE id = ?",
                (result.source_url, time.time(), snapshot, snapshot, snapshot),
            )
        return self.get(snapshot)

    def delete(self, snapshot: int) -> None:
        """Remove a snapshot, and the entry sets no other snapshot names. Deleting frees
        pages, so it works on a store at its quota too."""
        if self.db.in_transaction:  # a write the quota or the disk stopped
            self.db.execute("ROLLBACK")
        self.db.execute("BEGIN IMMEDIATE")
        try:
            sets = [
                row[0]
                for row in self.db.execute(
                    "SELECT DISTINCT entry_set FROM snapshot_documents"
                    " WHERE snapshot = ? AND entry_set IS NOT NULL",
                    (snapshot,),
                )
            ]
            for table in ("snapshot_documents", "snapshot_findings"):
                self.db.execute(f"DELETE FROM {table} WHERE snapshot = ?", (snapshot,))
            self.db.execute("DELETE FROM snapshots WHERE id = ?", (snapshot,))
            drop_unnamed(self.db, sets)
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``: an entry set found
        is not deleted by another writer before it is named). A write that would grow
        the file past the quota is rolled back and said as ``SnapshotQuotaReached``."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            if exc.sqlite_errorcode == sqlite3.SQLITE_FULL and self._at_quota():
                raise SnapshotQuotaReached(
                    "snapshot.quota-reached",
                    path=self.path,
                    quota=self.quota // MEGABYTE,
                ) from None
            raise
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    def _at_quota(self) -> bool:
        """Whether SQLITE_FULL was the quota's rather than the disk's. SQLite has rolled
        the transaction back by then (its pages are given back), so the file's size says
        nothing; a disk with room left for many more pages does."""
        try:
            free = shutil.disk_usage(self.path.parent).free
        except OSError:
            return False
        page_size = int(self.db.execute("PRAGMA page_size").fetchone()[0])
        return free > DISK_ROOM_PAGES * page_size

    # --- reading -----------------------------------------------------------------

    def get(self, snapshot: int) -> SnapshotInfo:
        row = self.db.execute("SELECT * FROM snapshots WHERE id = ?", (snapshot,)).fetchone()
        if row is None:
            raise SnapshotNotFound("snapshot.not-found", id=snapshot)
        return SnapshotInfo(*row)

    def resolve(self, reference: str) -> SnapshotInfo:
        """A snapshot by id, else the newest with that label; ``LookupError`` if none."""
        if reference.isdigit():
            row = self.db.execute(
                "SELECT * FROM snapshots WHERE id = ? AND finished IS NOT NULL",
                (int(reference),),
            ).fetchone()
        else:
            row = self.db.execute(
                "SELECT * FROM snapshots WHERE label = ? AND finished IS NOT NULL"
                " ORDER BY id DESC LIMIT 1",
                (reference,),
            ).fetchone()
        if row is None:
            raise SnapshotNotFound("snapshot.no-reference", reference=reference)
        return SnapshotInfo(*row)

    def latest(self, start_url: str, before: int) -> SnapshotInfo | None:
        """The newest finished snapshot of ``start_url`` older than ``before``."""
        row = self.db.execute(
            "SELECT * FROM snapshots WHERE start_url = ? AND id < ? AND finished IS NOT NULL"
            " ORDER BY id DESC LIMIT 1",
            (start_url, before),
        ).fetchone()
        return SnapshotInfo(*row) if row is not None else None


DocumentRow = tuple[
    str,
    str | None,
    str | None,
    str | None,
    str,
    int | None,
    str | None,
    str | None,
    str | None,
    int | None,
    str,
]
"""A snapshot's row of one document: url, parent, capability, root, state, status, etag,
last_modified, digest, entries, md (JSON)."""


def document_rows(node: DocumentNode) -> tuple[DocumentRow, str | None, list[EntryRow]]:
    """What a snapshot keeps of one fetched document: its row, the capability its entries
    are kept under ("<capability> index" for an index's) and the entries' rows. Shared by
    every snapshot writer (this store's SQLite, the fleet's PostgreSQL), so a snapshot
    means the same wherever it is kept."""
    document = node.document
    fetch = node.fetch
    body = node.read_body()
    headers = fetch.headers if fetch is not None else {}
    capability = node.capability
    entry_capability = f"{capability} index" if node.is_index else capability
    rows = entry_rows(node.final_url, document.entries) if document is not None else []
    row: DocumentRow = (
        node.url,
        node.parent_url,
        capability,
        node.root,
        str(node.state),
        node.status,
        headers.get("etag"),
        headers.get("last-modified"),
        hashlib.sha256(body).hexdigest() if body is not None else None,
        len(document.entries) if document is not None else None,
        json.dumps(document.md if document is not None else {}, sort_keys=True),
    )
    return row, entry_capability, rows


def entry_rows(base: str, entries: list[Entry]) -> list[EntryRow]:
    """Each entry's row (position, its URL resolved against ``base`` or "" for none, and
    ``ENTRY_FIELDS``), built a column at a time by ``map`` and ``zip`` in C: a row per
    entry in Python was half of a snapshot's writing."""
    from explorer.core.model import md_columns  # loaded, with the next, by the crawl
    from explorer.net.source.streamed_crawl import entry_urls

    urls = entry_urls(base, list(map(_LOC, entries)))
    if None in urls:
        urls = [url or "" for url in urls]
    return list(
        zip(
            range(len(entries)),
            urls,
            map(_LASTMOD, entries),
            *md_columns(entries, ENTRY_FIELDS[1:]),
            strict=True,
        )
    )


def _finding_row(snapshot: int, subject: str, item: Finding) -> tuple[object, ...]:
    return (snapshot, subject, item.code, str(item.severity), item.line, item.message, item.spec)


async def take_snapshot(
    url: str,
    fetcher: Fetcher,
    snapshots: SnapshotStore,
    label: str | None = None,
    limits: CrawlLimits | None = None,
) -> tuple[SnapshotInfo, CrawlResult]:
    """Crawl the Source from ``url`` into a new snapshot; an interrupted one is removed."""
    from explorer.net.source.streamed_crawl import crawl_streamed

    snapshot = snapshots.begin(url, label)
    try:
        result = await crawl_streamed(
            url, fetcher, lambda node: snapshots.add_document(snapshot, node), limits
        )
        return snapshots.finish(snapshot, result), result
    except BaseException:
        snapshots.delete(snapshot)
        raise
