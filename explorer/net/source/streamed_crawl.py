"""A crawl that hands each document to a sink as it is read, then drops its entries.

Audits and snapshots read every entry of every list, which for a large Source is
millions: the sink writes them to disk (SQLite) and the tree keeps only counts, so at
most the documents being parsed (``CPU_SLOTS``) hold their entries in memory at once.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urljoin

from explorer.core.model import Entry
from explorer.core.rules import capabilities as caps
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode, NodeState
from explorer.net.source.discovery import ROUTE_ORDER, discover_source

DocumentSink = Callable[[DocumentNode], None]


async def crawl_streamed(
    url: str,
    fetcher: Fetcher,
    sink: DocumentSink,
    limits: CrawlLimits | None = None,
    *,
    scoped: Callable[[str], None] | None = None,
) -> CrawlResult:
    """Discover and walk the whole Source from ``url``; ``sink`` sees every fetched
    document once (a loaded one with its entries, before they are dropped).

    With ``scoped``, a ``url`` that is a Capability List limits the sink to the documents
    below it, that one set of resources (as ``resync-sync --audit --capabilitylist``
    reads it), and ``scoped`` is told its URL before the walk."""
    seen: set[str] = set()
    scope: str | None = None

    def on_node(node: DocumentNode) -> None:
        if node.url in seen or node.state not in (NodeState.LOADED, NodeState.FAILED):
            return
        if scope is not None and not _below(node, scope):
            return
        seen.add(node.url)
        sink(node)
        document = node.document
        if document is not None and not document.is_index:
            node.entry_count = len(document.entries)
            document.entries = []

    crawler = Crawler(fetcher, limits=limits, on_node=on_node, check_topics=False)
    discovery = await discover_source(url, fetcher, ROUTE_ORDER, budget=crawler.budget)
    start = discovery.documents.get(url)
    if scoped is not None and start is not None and start.capability == caps.CAPABILITYLIST:
        scope = url
        scoped(url)
    # the Source's own documents only: a stray list the URL named is no part of the set
    return await crawler.crawl(url, discovery=discovery, read_given=False)


def _below(node: DocumentNode, top: str) -> bool:
    """Whether ``node`` is ``top`` or reached through it."""
    at: DocumentNode | None = node
    while at is not None:
        if at.url == top:
            return True
        at = at.parent
    return False


def entry_url(node: DocumentNode, entry: Entry) -> str | None:
    """The absolute URL of an entry's ``<loc>``, resolved against the document's URL."""
    if entry.loc is None or not entry.loc.strip():
        return None
    return urljoin(node.final_url, entry.loc.strip())
