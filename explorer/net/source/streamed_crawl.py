"""A crawl that hands each document to a sink as it is read, then drops its entries.

Audits and snapshots read every entry of every list, which for a large Source is
millions: the sink writes them to disk (SQLite) and the tree keeps only counts, so at
most the documents being parsed (``CPU_SLOTS``) hold their entries in memory at once.

A sink may return the rest of its work, a write that needs no entry any more, to be run
on the crawl's writer thread: SQLite writes with the GIL released, so a list is written
while the next is parsed. Written on the event loop instead, a million entries' rows kept
the loop busy for most of a snapshot, and the parses waited on it.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urljoin

from explorer.core.model import Entry
from explorer.core.rules import capabilities as caps
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode, NodeState
from explorer.net.source.discovery import ROUTE_ORDER, discover_source

DocumentWrite = Callable[[], None]
"""What a sink left to do for a document: run on the crawl's writer thread, one at a time."""
DocumentSink = Callable[[DocumentNode], DocumentWrite | None]

_AS_GIVEN = re.compile(r"https?://[^/?#;\[\]\t\r\n][^?#;\[\]\t\r\n]*")
"""A ``<loc>`` that ``urljoin`` gives back unchanged against any base: an ASCII http(s)
URL with a host and without the parts urllib splits off and may drop when empty (query,
fragment, ``;`` parameters), IPv6 brackets (which it checks) or the tab and line breaks
(which it removes). Nearly every entry of a real list is one; a million ``urljoin`` calls
were a third of a snapshot's time."""
_PLAIN_LOCS = re.compile(r"(?:https?://[^/?#;\[\]\x00-\x20\x7f][^?#;\[\]\x00-\x20\x7f]*+\n)*+")
"""Locs one per line, each a stricter ``_AS_GIVEN`` (no space or control character
anywhere, so nothing for ``strip`` to remove either, nor a line break inside): a whole
document's locs checked by one run of the pattern over their lines."""


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
    writer = ThreadPoolExecutor(1, thread_name_prefix="explorer-sink")
    loop = asyncio.get_running_loop()

    def on_node(node: DocumentNode) -> Awaitable[None] | None:
        if node.url in seen or node.state not in (NodeState.LOADED, NodeState.FAILED):
            return None
        if scope is not None and not _below(node, scope):
            return None
        seen.add(node.url)
        write = sink(node)
        document = node.document
        if document is not None and not document.is_index:
            node.entry_count = len(document.entries)
            document.entries = []
        return loop.run_in_executor(writer, write) if write is not None else None

    try:
        crawler = Crawler(
            fetcher, limits=limits, on_node=on_node, check_topics=False, drops_entries=True
        )
        discovery = await discover_source(url, fetcher, ROUTE_ORDER, budget=crawler.budget)
        start = discovery.documents.get(url)
        if scoped is not None and start is not None and start.capability == caps.CAPABILITYLIST:
            scope = url
            scoped(url)
        # the Source's own documents only: a stray list the URL named is no part of the set
        return await crawler.crawl(url, discovery=discovery, read_given=False)
    finally:
        # a write already running ends before the caller removes what was written
        writer.shutdown(wait=True, cancel_futures=True)


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
    if entry.loc is None:
        return None
    return resolve_loc(node.final_url, entry.loc)


def entry_urls(base: str, locs: list[str | None]) -> list[str | None]:
    """``resolve_loc(base, loc)`` of each of ``locs`` (None stays None). A list whose every
    loc is ASCII and plain (``_PLAIN_LOCS``) is its own answer, found by one pattern run
    over all of them instead of a Python call per entry (a fifth of a snapshot's writing,
    and a call of the pattern per loc half of what was left)."""
    if None not in locs:
        lines = "\n".join(locs) + "\n"  # type: ignore[arg-type]
        # a line per loc: a loc holding a line break (which urljoin would drop) is resolved
        one_each = lines.count("\n") == len(locs)
        if one_each and lines.isascii() and _PLAIN_LOCS.fullmatch(lines):
            return locs
    return [None if loc is None else resolve_loc(base, loc) for loc in locs]


def resolve_loc(base: str, loc: str) -> str | None:
    """``urljoin(base, loc.strip())``, without its parsing where the answer is ``loc``
    itself (``_AS_GIVEN``); None for a blank ``loc``."""
    loc = loc.strip()
    if not loc:
        return None
    if loc.isascii() and _AS_GIVEN.fullmatch(loc):
        return loc
    return urljoin(base, loc)
