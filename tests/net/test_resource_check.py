"""Resource spot checks: status, length, type, Last-Modified and hash against the list."""

from __future__ import annotations

import hashlib

from crawl_site import Reply, Site, urlset

from explorer.core.model import Entry
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.resource_check import check_resources, sample_entries

BODY = b"hello resource"
MD5 = hashlib.md5(BODY).hexdigest()
SHA = hashlib.sha256(BODY).hexdigest()
GOOD = {"hash": f"md5:{MD5} sha-256:{SHA}", "length": str(len(BODY)), "type": "text/plain"}
STAMP = "Mon, 01 Jan 2024 00:00:00 GMT"


async def _check(entries, count: int = 10, capability: str = "resourcelist"):
    async with Site() as site, Fetcher() as fetcher:
        site.add("/r/ok", Reply(BODY, content_type="text/plain", headers={"Last-Modified": STAMP}))
        site.add("/r/other", Reply(b"different bytes", content_type="text/html"))
        site.add("/rl.xml", urlset(capability, [(site.url(p), md) for p, md in entries]))
        result = await Crawler(fetcher).crawl(site.url("/rl.xml"))
        found = await check_resources(fetcher, result.root, count)
        return [(f.code, f.url.removeprefix(site.base_url)) for f in found], site


async def test_matching_resource_has_no_findings() -> None:
    found, site = await _check([("/r/ok", {**GOOD})])
    assert found == []
    assert ("HEAD", "/r/ok") in site.methods and ("GET", "/r/ok") in site.methods


async def test_mismatches_are_reported() -> None:
    found, _ = await _check(
        [
            ("/r/missing", {}),
            ("/r/other", {**GOOD}),
        ]
    )
    assert found == [
        ("http.resource-status", "/r/missing"),
        ("http.resource-length", "/r/other"),
        ("http.resource-type", "/r/other"),
        ("http.resource-hash", "/r/other"),
    ]


async def test_head_only_without_hash() -> None:
    found, site = await _check([("/r/ok", {"length": "999"})])
    assert found == [("http.resource-length", "/r/ok")]
    assert ("GET", "/r/ok") not in site.methods


async def test_last_modified_after_the_list() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/r/ok", Reply(BODY, content_type="text/plain", headers={"Last-Modified": STAMP}))
        site.add(
            "/rl.xml",
            urlset(
                "resourcelist", [(site.url("/r/ok"), {})], md={"at": "2024-02-01T00:00:00Z"}
            ).replace("</loc>", "</loc><lastmod>2023-12-31T00:00:00Z</lastmod>"),
        )
        result = await Crawler(fetcher).crawl(site.url("/rl.xml"))
        found = await check_resources(fetcher, result.root, 5)
    assert [f.code for f in found] == ["http.resource-lastmod"]


async def test_deleted_entry_still_present() -> None:
    found, _ = await _check(
        [("/r/ok", {"change": "deleted"}), ("/r/gone", {"change": "deleted"})],
        capability="changelist",
    )
    assert found == [("http.resource-deleted-present", "/r/ok")]


async def test_findings_are_attached_to_the_list_node() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/rl.xml", urlset("resourcelist", [(site.url("/r/none"), {})]))
        result = await Crawler(fetcher).crawl(site.url("/rl.xml"))
        await check_resources(fetcher, result.root, 1)
    assert "http.resource-status" in [f.code for f in result.root.findings]


def test_sample_is_spread_over_the_list() -> None:
    entries = [Entry(loc=f"u{n}") for n in range(100)]
    assert [e.loc for e in sample_entries(entries, 3)] == ["u0", "u50", "u99"]
    assert len(sample_entries(entries[:2], 5)) == 2
    assert sample_entries(entries, 0) == []
