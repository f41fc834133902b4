"""A Source on disk, for the window: a folder read as if served at a base URL, before
upload (File ▸ Open folder as Source…), and the inspection the report is written from.

The window opens a folder by its ``file:`` address, like any URL: ``use_folder``
remembers the base URL the folder will be served at, and ``SourceServices.crawl`` then
reads that address through ``DiskTransport`` instead of the network. Findings a folder
cannot answer (HTTP headers, URLs outside the base URL) are set aside as each document
is read, so neither the tree, the Problems view nor the report ever shows them as
failures; the report lists them as not applicable on disk, as ``inspect DIR`` does.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication

from explorer.net.http.fetcher import Fetcher, Timeouts
from explorer.net.reports.export_formats import REPORT_FORMATS
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode
from explorer.net.source.disk_source import (
    DiskSource,
    DiskSourceError,
    DiskTransport,
    SetAside,
    open_disk_source,
)
from explorer.net.source.inspection import Inspection, Located, located_findings
from explorer.ui.services.checks import RESOURCE_SAMPLE

RESOURCES, DUMPS = "resources", "dump"
"""The checks the window runs on request (``SourceServices.check``)."""


def folder_address(source: DiskSource) -> str:
    """The ``file:`` address the window opens a folder by (history, Back, Re-discover)."""
    return source.folder.as_uri() + "/"


class FolderServices:
    """The open Source's reader (the shared fetcher, or a folder's) and its inspection."""

    # made by ExplorerServices.__init__
    fetch_timeouts: Timeouts
    crawl_result: CrawlResult | None
    node_updated: Any  # Signal(object) of ExplorerServices
    folders: dict[str, str]
    """``file:`` address of a folder → the base URL it is read at."""
    disk: DiskSource | None
    crawl_started: datetime
    checks_run: set[str]
    _aside: SetAside | None
    _disk_fetcher: Fetcher | None
    _retired_fetchers: list[Fetcher]

    def use_folder(self, folder: str, base_url: str) -> str:
        """Remember that ``folder`` will be served at ``base_url``; returns the address to
        open it by. Raises ``DiskSourceError`` (a one-line cause and fix) for a missing
        folder or an unusable base URL."""
        source = open_disk_source(folder, base_url.strip())
        address = folder_address(source)
        self.folders[address] = source.base_url
        return address

    def _disk_source_for(self, address: str) -> DiskSource | None:
        """The folder an address names (None for an http(s) URL)."""
        if urlsplit(address).scheme.lower() != "file":
            return None
        key = address if address.endswith("/") else address + "/"
        base_url = self.folders.get(key) or self.folders.get(address)
        if base_url is None:
            text = QCoreApplication.translate(
                "FolderServices",
                "{address} is a folder with no base URL yet: open it with File ▸ Open folder "
                "as Source…, which asks for the address it will be served at.",
            )
            raise DiskSourceError(text.format(address=address))
        return open_disk_source(address, base_url)

    def _use_reader(self, address: str) -> tuple[DiskSource | None, Fetcher | None]:
        """Switch the open Source's reader for ``address``: a folder gets a fetcher of its
        own; the folder read before is let go (its fetcher closes with the others)."""
        disk = self._disk_source_for(address)
        if self._disk_fetcher is not None:
            self._retired_fetchers.append(self._disk_fetcher)
        self.disk, self._disk_fetcher, self._aside = disk, None, None
        self.checks_run = set()
        self.crawl_started = datetime.now(UTC)
        if disk is not None:
            transport = DiskTransport(disk)
            self._disk_fetcher = Fetcher(
                timeout=self.fetch_timeouts, retries=0, transport=transport
            )
            self._aside = SetAside(disk)
        return disk, self._disk_fetcher

    def _node_read(self, node: DocumentNode) -> None:
        """A document was read (or checked): set aside what a folder cannot answer before
        anything shows it."""
        if self._aside is not None:
            self._aside.take_node(node)
        self.node_updated.emit(node)

    def _result_read(self, result: CrawlResult) -> None:
        if self._aside is not None:
            self._aside.take(result.findings)

    def source_problems(self) -> list[Located]:
        """Every finding of every loaded document of the open Source, with its place."""
        return located_findings(self.crawl_result) if self.crawl_result is not None else []

    def inspection(self) -> Inspection | None:
        """The open Source as the report writers take it (None before one is open)."""
        if self.crawl_result is None:
            return None

        return Inspection(
            self.crawl_result,
            self.crawl_started,
            self.disk,
            self._aside.records() if self._aside is not None else [],
            resource_sample=RESOURCE_SAMPLE if RESOURCES in self.checks_run else 0,
            dumps_checked=DUMPS in self.checks_run,
        )

    def report(self, kind: str, lang: str) -> bytes:
        """The open Source's report: ``"csv"`` (one finding per row) or ``"html"`` (one
        self-contained page), the same bytes ``inspect --report`` writes."""
        inspection = self.inspection()
        if inspection is None:
            raise ValueError("no Source is open")
        return REPORT_FORMATS.named(kind).writer(inspection, lang)

    async def write_report(self, path: Path, lang: str) -> int:
        """Write the report to ``path`` (CSV for a ``.csv`` name, else HTML); returns how
        many findings it lists. The tree is read here, on the GUI thread that owns it;
        only the write goes to a worker."""
        data = self.report(REPORT_FORMATS.choose(None, path).name, lang)
        await asyncio.to_thread(path.write_bytes, data)
        return len(self.source_problems())
