"""The crawl's ``consume`` hook: offered each document read in a worker with its
redirect-final URL; what it takes is neither kept nor spooled (``consumers`` examines each
list there). Counted work, never time."""

from __future__ import annotations

from crawl_site import Reply, Site, urlset

from explorer.core.consumers.crawl_heads import ListVerdicts
from explorer.core.model import Document
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import THREAD_PARSE_BYTES, Crawler
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode

ENTRIES = 200  # well above the size read in a worker


def _source(site: Site) -> None:
    """Source Description → Capability List → a Resource List moved by a 301."""
    u = site.url
    listed = [(u("/cl.xml"), {"capability": "capabilitylist"})]
    site.add("/.well-known/resourcesync", urlset("description", listed))
    site.add("/cl.xml", urlset("capabilitylist", [(u("/rl.xml"), {"capability": "resourcelist"})]))
    site.add("/rl.xml", Reply(status=301, headers={"Location": "/moved.xml"}))
    entries = [(u(f"/res/{n}"), {"length": "1"}) for n in range(ENTRIES)]
    site.add("/moved.xml", urlset("resourcelist", entries, links=[("up", u("/cl.xml"))]))


def _node(result: CrawlResult, suffix: str) -> DocumentNode:
    return next(n for n in result.nodes() if n.url.endswith(suffix))


async def test_a_list_taken_by_the_hook_is_examined_at_its_final_url_and_not_kept() -> None:
    examined = ListVerdicts()
    offered: list[tuple[str, str | None]] = []

    def consume(data: bytes, url: str, document: Document) -> bool:
        offered.append((url, document.capability))
        return examined(data, url, document)

    async with Site() as site, Fetcher() as fetcher:
        _source(site)
        result = await Crawler(fetcher, consume=consume).crawl(site.url("/"))
        moved = _node(result, "/rl.xml")
        assert moved.final_url == site.url("/moved.xml")
        assert moved.spooled is None and moved.read_body() == b""  # neither kept nor spooled
        assert moved.document is not None and moved.entry_count == ENTRIES
    # only documents read in a worker are offered; the list's verdicts by its final URL
    assert offered == [(site.url("/moved.xml"), "resourcelist")]
    verdicts = examined.verdicts[site.url("/moved.xml")]
    assert verdicts["resync"].urls == verdicts["search-engine"].urls == ENTRIES
    assert verdicts["search-engine"].dropped_total == 0  # its URLs share the final URL's host


async def test_a_body_the_hook_declines_is_kept_as_before() -> None:
    async with Site() as site, Fetcher() as fetcher:
        _source(site)
        result = await Crawler(fetcher, consume=lambda *_: False).crawl(site.url("/"))
        body = _node(result, "/rl.xml").read_body()
    assert body is not None and len(body) > THREAD_PARSE_BYTES and b"/res/199<" in body
