"""The open Source across time, for the window: File ▸ Save snapshot (the crawl as it is
now, kept in the store beside the deliveries, as ``inspect --save`` keeps it) and Audit a
local copy… (a Destination's folder against the Source, as ``audit --dest`` judges it).

Both crawl the whole Source again through the open Source's reader, streaming: a
snapshot writes each document as it is read, an audit keeps both sides in a temporary
SQLite file. The window gets at most ``AUDIT_ROWS`` differing resources to list; the
counts are always whole.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from explorer.core.audit_rules import Mapping, Verdict
from explorer.net.audit import AuditItem, audit
from explorer.net.crawl_tree import CrawlResult
from explorer.net.http import Fetcher
from explorer.net.snapshot_store import SnapshotInfo, SnapshotStore, take_snapshot
from explorer.net.store import Store, StoreError

AUDIT_ROWS = 200_000
"""Differing resources an audit hands to the window's table (the counts cover all)."""


@dataclass(frozen=True, slots=True)
class AuditOutcome:
    """An audit's counts, and its differing resources (up to ``AUDIT_ROWS``)."""

    source: str | None
    counts: dict[Verdict, int]
    items: list[AuditItem]
    mappings: list[Mapping]

    @property
    def in_sync(self) -> bool:
        return all(self.counts[v] == 0 for v in Verdict if v is not Verdict.SAME)


class HistoryServices:
    """Snapshots and audits of the open Source."""

    store: Store | None
    crawl_result: CrawlResult | None
    reader: Any  # SourceServices.reader: the open Source's fetcher
    disk: Any  # FolderServices.disk

    def _source_address(self) -> str:
        """Where the open Source is read from (a folder's start URL for one on disk)."""
        if self.crawl_result is None:
            raise ValueError("no Source is open")
        return self.disk.start_url if self.disk is not None else self.crawl_result.start_url

    async def save_snapshot(self, label: str | None = None) -> SnapshotInfo:
        """Crawl the open Source into a new snapshot in the store."""
        if self.store is None:
            raise StoreError("no store is open")
        snapshots = SnapshotStore(self.store)
        try:
            reader: Fetcher = self.reader
            info, _result = await take_snapshot(self._source_address(), reader, snapshots, label)
        finally:
            snapshots.close()
        return info

    async def audit_copy(self, url: str, folder: Path, checksum: bool = False) -> AuditOutcome:
        """Audit ``folder`` as the local copy of the Source ``url`` belongs to, the folder
        standing for the root of ``url``'s host (``audit --dest``). Raises ``AuditError``."""
        parts = urlsplit(url)
        mappings = [Mapping(f"{parts.scheme}://{parts.netloc}", str(folder.resolve()))]
        reader: Fetcher = self.reader
        report = await audit(url, reader, mappings, checksum=checksum)
        try:
            items = await asyncio.to_thread(
                lambda: list(itertools.islice(report.items(), AUDIT_ROWS))
            )
        finally:
            report.close()
        return AuditOutcome(report.source, dict(report.counts), items, mappings)
