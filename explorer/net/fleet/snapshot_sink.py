"""A crawl written into the fleet's database as one snapshot, inside the run's transaction.

The crawl hands each fetched document to ``add_document`` (a crawl sink, as for
``inspect --save``, with the same rows: ``document_rows``); rows are buffered and sent with
``COPY`` in batches, so a Source of a million entries costs a few hundred round trips, and
never sits in memory whole. The sending runs on the crawl's writer thread, as
``inspect --save``'s SQLite writes do (``streamed_crawl``): the event loop parses the
next list meanwhile instead of waiting for the server. Nothing is
committed here: the runner holds one transaction for the whole snapshot and the run's
finish, so a worker killed mid-crawl leaves no rows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from explorer.net.history.snapshot_store import document_rows

if TYPE_CHECKING:
    import psycopg

    from explorer.net.source.crawl_tree import CrawlResult, DocumentNode

BATCH = 5000
"""Entry rows per COPY: large enough to amortise a round trip, small enough to stream."""
COPY_DOCUMENTS = (
    "COPY fleet_documents (snapshot_id, url, parent, capability, root, state, status, etag,"
    " last_modified, digest, entries, md) FROM STDIN"
)
COPY_ENTRIES = (
    "COPY fleet_entries (snapshot_id, document, capability, position, loc, lastmod, hash,"
    " length, type, change, datetime) FROM STDIN"
)
COPY_FINDINGS = "COPY fleet_findings (snapshot_id, subject, code, severity, stored) FROM STDIN"


class SnapshotSink:
    """One snapshot being written; ``begin`` inside an open transaction."""

    def __init__(self, connection: psycopg.Connection[tuple[Any, ...]], snapshot_id: int) -> None:
        self.connection = connection
        self.id = snapshot_id
        self.documents: list[tuple[object, ...]] = []
        self.entries: list[tuple[object, ...]] = []
        self.seen: set[str] = set()

    @classmethod
    def begin(
        cls,
        connection: psycopg.Connection[tuple[Any, ...]],
        source_id: int,
        run_id: int,
        start_url: str,
    ) -> SnapshotSink:
        row = connection.execute(
            "INSERT INTO fleet_snapshots (source_id, run_id, start_url) VALUES (%s, %s, %s)"
            " RETURNING id",
            (source_id, run_id, start_url),
        ).fetchone()
        assert row is not None
        return cls(connection, int(row[0]))

    def add_document(self, node: DocumentNode) -> Callable[[], None] | None:
        """The crawl sink: read one fetched document and its entries into rows, and return
        their writing, which the crawl runs on its writer thread, one document at a time
        (the buffers are that thread's until the crawl has ended and ``finish`` runs)."""
        row, capability, entries = document_rows(node)
        if row[0] in self.seen:  # a URL reached twice is one document of the snapshot
            return None
        self.seen.add(row[0])
        document = (self.id, *row)
        rows = [(self.id, node.url, capability, *entry) for entry in entries]

        def write() -> None:
            self.documents.append(document)
            self.entries += rows
            if len(self.entries) >= BATCH:
                self.flush()

        return write

    def flush(self) -> None:
        self._copy(COPY_DOCUMENTS, self.documents)
        self._copy(COPY_ENTRIES, self.entries)
        self.documents, self.entries = [], []

    def finish(self, result: CrawlResult) -> tuple[int, int]:
        """Write the rest, the findings and the totals; (errors, warnings) found."""
        self.flush()
        rows: list[tuple[object, ...]] = []
        for subject, found in _findings_by_subject(result):
            rows += [
                (self.id, subject, item.code, str(item.severity), json.dumps(item.to_stored()))
                for item in found
            ]
        self._copy(COPY_FINDINGS, rows)
        self.connection.execute(
            "UPDATE fleet_snapshots SET source = %(source)s,"
            " documents = (SELECT count(*) FROM fleet_documents WHERE snapshot_id = %(id)s),"
            " entries = (SELECT count(*) FROM fleet_entries WHERE snapshot_id = %(id)s)"
            " WHERE id = %(id)s",
            {"source": result.source_url, "id": self.id},
        )
        severities = [row[3] for row in rows]
        return severities.count("error"), severities.count("warning")

    def _copy(self, statement: str, rows: list[tuple[object, ...]]) -> None:
        if not rows:
            return
        with self.connection.cursor() as cursor, cursor.copy(statement.encode()) as copy:
            for row in rows:
                copy.write_row(row)


def _findings_by_subject(result: CrawlResult) -> list[tuple[str, list[Any]]]:
    """Findings as a snapshot keeps them: Source-wide under "", then per document and
    channel (the subjects ``inspect --save`` writes)."""
    found: list[tuple[str, list[Any]]] = [("", list(result.findings))]
    for node in result.nodes():
        found.append((node.url, list(node.findings)))
        found += [(f"channel {c.topic}", list(c.findings)) for c in node.channels]
    return found
