"""The crawl's memory measures: spooled bodies, the parse/validate bound, shared strings,
the heap trim, and the cache keeping large bodies on disk."""

from __future__ import annotations

import gc
import platform
import sys
import threading
import time

import pytest
from crawl_site import Reply, Site, urlset

import explorer.net.source.crawl as crawl_module
from explorer.core.model import Document, Entry
from explorer.net.http.fetcher import Fetcher, ResponseCache
from explorer.net.http.spool import BodySpool
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_memory import release_freed_memory, share_repeated_strings
from explorer.net.source.crawl_tree import DocumentNode
from explorer.net.source.resource_check import keep_sampled_entries


def _list(site: Site, name: str, entries: int = 200) -> str:
    return site.add(
        f"/{name}.xml",
        urlset(
            "resourcelist",
            [
                (site.url(f"/res/{name}/{i}"), {"type": "text/plain", "length": str(i)})
                for i in range(entries)
            ],
        ),
    )


def _index(site: Site, names: list[str]) -> str:
    for name in names:
        _list(site, name)
    return site.add(
        "/rli.xml",
        urlset("resourcelist", [(site.url(f"/{n}.xml"), {}) for n in names], root="sitemapindex"),
    )


def test_spooled_body_reads_back_and_its_file_goes_with_it(tmp_path) -> None:
    spool = BodySpool(tmp_path)
    kept = spool.keep(b"<urlset/>" * 1000)
    path = kept.path
    assert kept.size == 9000 and kept.read() == b"<urlset/>" * 1000 and path.exists()
    del kept
    gc.collect()
    assert not path.exists()
    other = spool.keep(b"x")
    spool.close()
    assert other.read() is None and not other.path.parent.exists()
    with pytest.raises(OSError):
        spool.keep(b"y")


async def test_large_body_is_spooled_after_parsing_and_read_back(monkeypatch) -> None:
    monkeypatch.setattr(crawl_module, "SPOOL_BODY_BYTES", 5000)
    async with Site() as site, Fetcher() as fetcher:
        url = _list(site, "big")
        small = site.add("/small.xml", urlset("resourcelist", [(site.url("/r"), {})]))
        crawler = Crawler(fetcher)
        big_node = (await crawler.crawl(url)).root
        small_node = (await Crawler(fetcher).crawl(small)).root
        served = site.routes["/big.xml"].body.encode()  # type: ignore[union-attr]
        assert big_node is not None and small_node is not None
        assert big_node.spooled is not None and big_node.fetch is not None
        assert big_node.fetch.body == b"" and big_node.fetch.status == 200
        assert big_node.body == served
        assert big_node.entries == 200  # the parsed document stays in memory
        assert small_node.spooled is None and small_node.fetch.body
    assert big_node.body is None  # the fetcher closed its spool


async def test_crawl_keeps_the_copy_the_cache_spooled(monkeypatch) -> None:
    monkeypatch.setattr(crawl_module, "SPOOL_BODY_BYTES", 5000)
    async with Site() as site, Fetcher() as fetcher:
        fetcher.cache.spool_above = 5000
        url = _list(site, "big")
        site.routes["/big.xml"].etag = '"v1"'  # type: ignore[union-attr]
        node = (await Crawler(fetcher).crawl(url)).root
        cached = fetcher.cache.get(url)
        assert node is not None and cached is not None
        assert node.spooled is cached.body  # one file on disk, not two
        assert node.body == site.routes["/big.xml"].body.encode()  # type: ignore[union-attr]
        again = (await Crawler(fetcher).crawl(url)).root  # a refresh: 304, same file
        assert again is not None and again.fetch is not None and again.fetch.not_modified
        assert again.spooled is cached.body and again.entries == 200


@pytest.mark.parametrize("slots", [1, 2])
async def test_parse_and_validate_run_at_most_cpu_slots_at_once(monkeypatch, slots) -> None:
    running = peak = 0
    guard = threading.Lock()
    real = crawl_module.check_bytes

    def slow_check(data, context=None):
        nonlocal running, peak
        with guard:
            running += 1
            peak = max(peak, running)
        time.sleep(0.05)
        try:
            return real(data, context)
        finally:
            with guard:
                running -= 1

    monkeypatch.setattr(crawl_module, "check_bytes", slow_check)
    async with Site() as site, Fetcher() as fetcher:
        index = _index(site, [f"rl{n}" for n in range(6)])
        result = await Crawler(fetcher, cpu_slots=slots).crawl(index)
    assert result.root is not None and len(result.root.children) == 6
    assert all(child.entries == 200 for child in result.root.children)
    assert peak == slots  # six lists arrive together: the bound is what holds them back


def test_repeated_strings_are_shared_and_values_unchanged() -> None:
    def entry(n: int) -> Entry:
        return Entry(
            f"http://s/{n}",
            "".join(["2024-01-01", "T00:00:00Z"]),
            md={"".join(["ty", "pe"]): "".join(["text/", "plain"]), "hash": f"md5:{n:032x}"},
        )

    document = Document("urlset", entries=[entry(1), entry(2)])
    first, second = document.entries
    assert first.md["type"] is not second.md["type"]
    share_repeated_strings(document)
    assert first.md["type"] is second.md["type"] and first.lastmod is second.lastmod
    assert next(iter(first.md)) is sys.intern("type")
    assert first.md == {"type": "text/plain", "hash": f"md5:{1:032x}"}
    assert second.lastmod == "2024-01-01T00:00:00Z" and first.loc == "http://s/1"


def test_heap_trim_only_where_glibc_has_it() -> None:
    on_glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert release_freed_memory() is on_glibc


async def test_cache_keeps_large_bodies_on_disk_and_revalidates_them(tmp_path) -> None:
    spool = BodySpool(tmp_path)
    cache = ResponseCache(spool=spool, spool_above=100)
    body = urlset("resourcelist", [(f"http://s/{i}", {}) for i in range(20)])
    async with Site() as site, Fetcher(cache=cache) as fetcher:
        site.add("/big", Reply(body, etag='"v1"'))
        site.add("/small", Reply("<urlset/>", etag='"v1"'))
        await fetcher.fetch(site.url("/big"))
        await fetcher.fetch(site.url("/small"))
        assert cache._size == len(b"<urlset/>") and cache._spooled == len(body)
        again = await fetcher.fetch(site.url("/big"))
        assert again.not_modified and again.body == body.encode()
        for kept in list(tmp_path.glob("*/*.body")):
            kept.unlink()  # the spooled copy vanished: fetch it whole, not an empty 304
        lost = await fetcher.fetch(site.url("/big"))
        assert lost.ok and not lost.not_modified and lost.body == body.encode()
        assert site.hits["/big"] == 4  # 200, 304, then 304 + the unconditional 200
    spool.close()


async def test_cache_bounds_what_it_spools(tmp_path) -> None:
    spool = BodySpool(tmp_path)
    cache = ResponseCache(spool=spool, spool_above=10, max_spooled_bytes=400)
    async with Site() as site, Fetcher(cache=cache) as fetcher:
        for n in range(5):  # 5 x 90 bytes: the oldest must go
            site.add(f"/d{n}", Reply("x" * 90, etag=f'"{n}"'))
            await fetcher.fetch(site.url(f"/d{n}"))
        assert cache._spooled == 360 and cache.get(site.url("/d0")) is None
        assert cache.get(site.url("/d4")) is not None
    spool.close()


async def test_medium_bodies_are_spooled_once_the_kept_total_is_reached(monkeypatch) -> None:
    monkeypatch.setattr(crawl_module, "KEPT_BODY_BYTES", 30_000)
    async with Site() as site, Fetcher() as fetcher:
        names = [f"rl{i}" for i in range(4)]
        result = await Crawler(fetcher).crawl(_index(site, names))
        lists = [n for n in result.nodes() if not n.is_index]
        sizes = {n.url: len(n.body or b"") for n in lists}  # read while the spool is open
    assert all(crawl_module.THREAD_PARSE_BYTES < size < 30_000 for size in sizes.values())
    kept = [n for n in lists if n.spooled is None]
    assert sum(sizes[n.url] for n in kept) <= 30_000 and len(kept) < len(lists)
    assert all(n.entries == 200 for n in lists)


def test_only_sampled_entries_are_kept_for_the_report() -> None:
    entries = [Entry(f"http://example.org/{i}") for i in range(100)]
    node = DocumentNode("http://example.org/rl.xml")
    node.document = Document(root="urlset", md={"capability": "resourcelist"}, entries=entries)
    keep_sampled_entries(node, 3)
    assert node.entries == 100 and [e.loc for e in node.document.entries] == [
        "http://example.org/0",
        "http://example.org/50",
        "http://example.org/99",
    ]
    keep_sampled_entries(node, 3)
    assert node.entries == 100 and len(node.document.entries) == 3
