"""A crawl that hands each document to a sink as it is read, then drops its entries.

Audits and snapshots read every entry of every list, which for a large Source is
millions: the sink writes them to disk (SQLite) and the tree keeps only counts, so at
most the documents being parsed (``CPU_SLOTS``) hold their entries in memory at once.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urljoin

from explorer.core.model import Entry
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode, NodeState
from explorer.net.source.discovery import ROUTE_ORDER, discover_source

DocumentSink = Callable[[DocumentNode], None]


async def crawl_streamed(
    url: str, fetcher: Fetcher, sink: DocumentSink, limits: CrawlLimits | None = None
) -> CrawlResult:
    """Discover and walk the whole Source from ``url``; ``sink`` sees every fetched
    document once (a loaded one with its entries, before they are dropped)."""
    seen: set[str] = set()

    def on_node(node: DocumentNode) -> None:
        if node.url in seen or node.state not in (NodeState.LOADED, NodeState.FAILED):
            return
        seen.add(node.url)
        sink(node)
        document = node.document
        if document is not None and not document.is_index:
            node.entry_count = len(document.entries)
            document.entries = []

    crawler = Crawler(fetcher, limits=limits, on_node=on_node, check_topics=False)
    discovery = await discover_source(url, fetcher, ROUTE_ORDER, budget=crawler.budget)
    return await crawler.crawl(url, discovery=discovery)


def entry_url(node: DocumentNode, entry: Entry) -> str | None:
    """The absolute URL of an entry's ``<loc>``, resolved against the document's URL."""
    if entry.loc is None or not entry.loc.strip():
        return None
    return urljoin(node.final_url, entry.loc.strip())
