"""The Source side of the services: the fetcher, discovery, loading deeper documents,
link and dump checks, reading one document again. Every fetch of the window goes
through here (``tests/ui/test_one_door.py`` holds it)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from explorer.core.findings import Finding
from explorer.net.http.fetcher import Exchange, Fetcher, FetchResult, Timeouts
from explorer.net.http.network_access import NetworkAccess
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_tree import Channel, CrawlResult, DocumentNode, Progress
from explorer.net.source.dump_check import check_dumps
from explorer.net.source.resource_check import check_resources
from explorer.net.store.exchange_log import ExchangeLog
from explorer.ui.services.checks import RESOURCE_SAMPLE
from explorer.ui.services.document_reload import reload_document
from explorer.ui.services.folder import RESOURCES, FolderServices

log = logging.getLogger(__name__)


class SourceServices(FolderServices):
    """The Source: crawl, expand, check and fetch, on the GUI loop with one shared fetcher."""

    # made by ExplorerServices.__init__
    fetch_timeouts: Timeouts
    fetch_retries: int
    access: NetworkAccess
    exchange_log: ExchangeLog | None
    crawler: Crawler | None
    crawl_result: CrawlResult | None
    _fetcher: Fetcher | None
    _retired_fetchers: list[Fetcher]
    _channels: dict[str, Channel]
    node_updated: Any  # Signal(object) of ExplorerServices
    crawl_progress: Any  # Signal(int, int) of ExplorerServices

    @property
    def fetcher(self) -> Fetcher:
        """The shared fetcher, made on first use: its httpx client builds an SSL context
        (a quarter of a second), which should not hold up the window's start-up."""
        if self._fetcher is None:
            self._fetcher = Fetcher(
                timeout=self.fetch_timeouts,
                retries=self.fetch_retries,
                on_exchange=self._fetch_exchange,
                access=self.access,
            )
        return self._fetcher

    def configure_fetcher(self, timeouts: Timeouts, retries: int) -> None:
        """Settings: documents opened from now on are read with these. A fetcher already
        made is kept (the open Source's tree still reads through it) and closed at the end."""
        if (timeouts, retries) == (self.fetch_timeouts, self.fetch_retries):
            return
        self.fetch_timeouts, self.fetch_retries = timeouts, retries
        if self._fetcher is not None:
            self._retired_fetchers.append(self._fetcher)
            self._fetcher = None

    @property
    def reader(self) -> Fetcher:
        """What the open Source is read through: a folder's own fetcher for a Source on
        disk (``FolderServices``), else the shared one."""
        return self._disk_fetcher or self.fetcher

    async def crawl(self, url: str) -> CrawlResult:
        """Discover the Source from ``url`` and load it down to the Capability Lists;
        deeper documents load as the tree is expanded (``expand``). A folder's ``file:``
        address (``use_folder``) is read from disk, as if served at its base URL."""
        disk, disk_fetcher = self._use_reader(url)
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
        self._result_read(result)
        self.crawl_result = result
        for channel in result.channels():
            self._channels[channel.topic] = channel
        return result

    async def expand(self, node: DocumentNode) -> None:
        """Load a pending node and its direct children."""
        if self.crawler is None:
            return
        await self.crawler.expand(node)
        for channel in node.channels:
            self._channels[channel.topic] = channel

    async def check(self, node: DocumentNode, what: str) -> list[Finding]:
        self.checks_run.add(what)
        if what == RESOURCES:
            found = await check_resources(self.reader, node, RESOURCE_SAMPLE)
        else:
            found = await check_dumps(self.reader, node)
        self._node_read(node)
        shown = {id(item) for item in node.findings}  # without what a folder set aside
        return [item for item in found if id(item) in shown]

    def _progress(self, progress: Progress) -> None:
        self.crawl_progress.emit(progress.documents_done, progress.documents_known)

    def _fetch_exchange(self, exchange: Exchange) -> None:
        if self.exchange_log is None:
            return
        self.exchange_log.record(
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
