"""Snapshots of a Source kept in the explorer's store: the crawl as it was at one moment.

Each snapshot keeps every document (URL, HTTP status, validators ``ETag`` and
``Last-Modified``, a SHA-256 digest of the body, capability, the document-level ``rs:md``)
with its findings, and every entry of every document (loc and its metadata: lastmod,
hash, length, type, change, datetime; an index's entries under "<capability> index").
Entries are written as each document is parsed
(``add_document`` is a crawl sink) and the crawl drops them, so a snapshot of millions of
entries never sits in memory.

The tables live in the same SQLite file as subscriptions and notifications, opened by
``Store`` (which holds the one-writer lock and the file modes, and creates the snapshot
tables declared in ``explorer.net.store.schema``); this module writes them through its
own connection, so the store's writer thread stays untouched.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from dataclasses import dataclass

from explorer.core.findings import Finding
from explorer.core.said_error import SaidError
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode
from explorer.net.source.streamed_crawl import crawl_streamed, entry_url
from explorer.net.store import schema
from explorer.net.store.database import Store, StoreError

ENTRY_FIELDS = ("lastmod", "hash", "length", "type", "change", "datetime")
"""The entry metadata a snapshot keeps and a comparison names (core 1.1 §7, Table 3)."""
DOCUMENT_FIELDS = ("state", "status", "etag", "last_modified", "digest", "capability", "entries")


class SnapshotNotFound(SaidError, LookupError):
    """No snapshot answers to the id or label asked for."""


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

    def __init__(self, store: Store) -> None:
        if store.read_only:
            raise StoreError("store.snapshots-need-writing", path=store.path)
        self.db = sqlite3.connect(store.path, isolation_level=None, timeout=30)
        self.db.execute(schema.UNTRUSTED)
        self.db.execute("PRAGMA journal_mode=WAL")

    def close(self) -> None:
        self.db.close()

    # --- writing -----------------------------------------------------------------

    def begin(self, start_url: str, label: str | None) -> int:
        cursor = self.db.execute(
            "INSERT INTO snapshots (label, start_url, taken) VALUES (?, ?, ?)",
            (label, start_url, time.time()),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def add_document(self, snapshot: int, node: DocumentNode) -> None:
        """Write one fetched document and its entries (a crawl sink)."""
        document = node.document
        fetch = node.fetch
        body = node.read_body()
        headers = fetch.headers if fetch is not None else {}
        capability = node.capability
        entry_capability = f"{capability} index" if node.is_index else capability
        self.db.execute("BEGIN")
        self.db.execute(
            "INSERT OR REPLACE INTO snapshot_documents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                snapshot,
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
            ),
        )
        if document is not None:
            self.db.executemany(
                "INSERT INTO snapshot_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    (
                        snapshot,
                        node.url,
                        entry_capability,
                        position,
                        entry_url(node, entry) or "",
                        entry.lastmod,
                        entry.hash,
                        entry.length,
                        entry.type,
                        entry.change,
                        entry.datetime,
                    )
                    for position, entry in enumerate(document.entries)
                ),
            )
        self.db.execute("COMMIT")

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
        self.db.execute("BEGIN")
        self.db.executemany("INSERT INTO snapshot_findings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        self.db.execute(
            "UPDATE snapshots SET source = ?, finished = ?,"
            " documents = (SELECT count(*) FROM snapshot_documents WHERE snapshot = ?),"
            " entries = (SELECT count(*) FROM snapshot_entries WHERE snapshot = ?)"
            " WHERE id = ?",
            (result.source_url, time.time(), snapshot, snapshot, snapshot),
        )
        self.db.execute("COMMIT")
        return self.get(snapshot)

    def delete(self, snapshot: int) -> None:
        self.db.execute("BEGIN")
        for table in ("snapshot_entries", "snapshot_documents", "snapshot_findings"):
            self.db.execute(f"DELETE FROM {table} WHERE snapshot = ?", (snapshot,))
        self.db.execute("DELETE FROM snapshots WHERE id = ?", (snapshot,))
        self.db.execute("COMMIT")

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
    snapshot = snapshots.begin(url, label)
    try:
        result = await crawl_streamed(
            url, fetcher, lambda node: snapshots.add_document(snapshot, node), limits
        )
        return snapshots.finish(snapshot, result), result
    except BaseException:
        snapshots.delete(snapshot)
        raise
