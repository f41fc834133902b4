"""The Source side of the services: the fetcher, discovery, loading deeper documents,
link and dump checks, reading one document again, and the open Source's inspection the
report is written from. Every fetch of the window goes through here
(``tests/ui/test_one_door.py`` holds it)."""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from explorer.core.findings import Finding
from explorer.net.http.fetcher import Exchange, Fetcher, FetchResult, Timeouts
from explorer.net.reports.consumer_twin import Lists, write_twin
from explorer.net.reports.export_formats import REPORT_FORMATS
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_tree import Channel, CrawlResult, DocumentNode, Progress
from explorer.net.source.dump_check import check_dumps
from explorer.net.source.inspection import Inspection, Located, located_findings
from explorer.net.source.resource_check import check_resources
from explorer.ui.services.checks import RESOURCE_SAMPLE
from explorer.ui.services.document_reload import reload_document
from explorer.ui.services.engines import Engines, close_fetchers
from explorer.ui.services.folder import DUMPS, RESOURCES, FolderServices

log = logging.getLogger(__name__)


class SourceServices(QObject):
    """The Source: crawl, expand, check and fetch, on the GUI loop with one shared fetcher
    (or the ``folder`` part's, for a Source on disk)."""

    node_updated = Signal(object)  # crawl DocumentNode whose row must be redrawn
    crawl_progress = Signal(int, int)  # documents done, known

    def __init__(
        self, engines: Engines, folder: FolderServices, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.engines = engines
        self.folder = folder
        self._fetcher: Fetcher | None = None
        self._retired_fetchers: list[Fetcher] = []
        self.crawler: Crawler | None = None
        self.crawl_result: CrawlResult | None = None
        self.crawl_started = datetime.now(UTC)
        self.checks_run: set[str] = set()
        self.channels: dict[str, Channel] = {}
        """Every channel a Source opened here advertised, by topic (the live side primes
        the change tracker from them; the watchdog finds a channel's Capability List)."""

    @property
    def fetcher(self) -> Fetcher:
        """The shared fetcher, made on first use: its httpx client builds an SSL context
        (a quarter of a second), which should not hold up the window's start-up."""
        if self._fetcher is None:
            self._fetcher = Fetcher(
                timeout=self.engines.fetch_timeouts,
                retries=self.engines.fetch_retries,
                on_exchange=self._fetch_exchange,
                access=self.engines.access,
            )
        return self._fetcher

    def configure_fetcher(self, timeouts: Timeouts, retries: int) -> None:
        """Settings: documents opened from now on are read with these. A fetcher already
        made is kept (the open Source's tree still reads through it) and closed at the end."""
        engines = self.engines
        if (timeouts, retries) == (engines.fetch_timeouts, engines.fetch_retries):
            return
        engines.fetch_timeouts, engines.fetch_retries = timeouts, retries
        self.retire_fetcher()

    def retire_fetcher(self) -> None:
        """Make the next fetcher anew (with the engines' settings as they are now); the one
        made before is kept for what still reads through it and closed at the end."""
        if self._fetcher is not None:
            self._retired_fetchers.append(self._fetcher)
            self._fetcher = None

    @property
    def reader(self) -> Fetcher:
        """What the open Source is read through: a folder's own fetcher for a Source on
        disk (``FolderServices``), else the shared one."""
        return self.folder.disk_fetcher or self.fetcher

    async def crawl(self, url: str) -> CrawlResult:
        """Discover the Source from ``url`` and load it down to the Capability Lists;
        deeper documents load as the tree is expanded (``expand``). A folder's ``file:``
        address (``FolderServices.use_folder``) is read from disk, as if served at its
        base URL."""
        disk, disk_fetcher = self.folder.use_reader(url)
        self.checks_run = set()
        self.crawl_started = datetime.now(UTC)
        crawler = Crawler(
            disk_fetcher or self.fetcher,
            on_progress=self._progress,
            on_node=self._node_read,
            check_topics=disk is None,  # a topic's Link headers are HTTP only
        )
        self.crawler = crawler
        try:
            result = await crawler.crawl(
                disk.start_url if disk else url, depth=1, expand_indexes=False
            )
        except asyncio.CancelledError:
            crawler.cancel()
            raise
        self.folder.set_aside(result.findings)
        self.crawl_result = result
        for channel in result.channels():
            self.channels[channel.topic] = channel
        return result

    def use_stored(self, result: CrawlResult) -> None:
        """Make a stored tree (a fleet snapshot) the open Source: no crawler, so nothing
        below it is fetched; the tree shows what was stored."""
        self.crawler = None
        self.checks_run = set()
        self.crawl_result = result

    async def expand(self, node: DocumentNode) -> None:
        """Load a pending node and its direct children."""
        if self.crawler is None:
            return
        await self.crawler.expand(node)
        for channel in node.channels:
            self.channels[channel.topic] = channel

    async def check(self, node: DocumentNode, what: str) -> list[Finding]:
        self.checks_run.add(what)
        if what == RESOURCES:
            found = await check_resources(self.reader, node, RESOURCE_SAMPLE)
        else:
            found = await check_dumps(self.reader, node)
        self._node_read(node)
        shown = {id(item) for item in node.findings}  # without what a folder set aside
        return [item for item in found if id(item) in shown]

    def _node_read(self, node: DocumentNode) -> None:
        """A document was read (or checked): what a folder cannot answer is set aside
        before anything shows it."""
        self.folder.set_aside_node(node)
        self.node_updated.emit(node)

    def _progress(self, progress: Progress) -> None:
        self.crawl_progress.emit(progress.documents_done, progress.documents_known)

    def _fetch_exchange(self, exchange: Exchange) -> None:
        exchange_log = self.engines.exchange_log
        if exchange_log is None:
            return
        exchange_log.record(
            direction="out",
            kind="crawl",  # discovery, documents, link and resource checks
            method=exchange.method,
            url=exchange.url,
            status=exchange.status,
            request_headers=exchange.request_headers,
            response_headers=exchange.response_headers,
            response_body=exchange.body,
            started=time.time() - exchange.elapsed,
            error=exchange.detail or None,
        )

    async def fetch_document(self, url: str) -> FetchResult:
        """Read ``url`` once more through the shared fetcher (within its limits)."""
        return await self.reader.fetch(url)

    async def reload(self, node: DocumentNode) -> bool:
        """Fetch ``node`` again in place; True when the rows below it changed."""
        changed = await reload_document(self.reader, node)
        self._node_read(node)
        return changed

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
            self.folder.disk,
            self.folder.set_aside_records(),
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

    async def write_twin(self, folder: Path, lists: list[DocumentNode]) -> list[str]:
        """Write the search-engine twin of the Resource Lists ``lists`` into ``folder``;
        returns the ``robots.txt`` lines (raises ``TwinError``, which says why). The bodies
        are read and the files written in a worker: a list of 50,000 URLs takes seconds."""
        leaves: Lists = [(node.url, node.read_body) for node in lists]
        return await asyncio.to_thread(write_twin, folder, leaves)

    async def aclose(self) -> None:
        """Close the shared fetcher and those retired; the Source's tree is let go."""
        fetchers = [*filter(None, [self._fetcher]), *self._retired_fetchers]
        self._fetcher, self._retired_fetchers = None, []
        self.crawler = None
        await close_fetchers(fetchers)
