"""--check-resources and a Last-Modified that is not an HTTP date (RFC 9110 §8.8.2)."""

from __future__ import annotations

import pytest
from crawl_site import Reply, Site, urlset

from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.resource_check import check_resources


async def _found(last_modified: str, lastmod: str | None) -> list:
    async with Site() as site, Fetcher() as fetcher:
        site.add(
            "/r/a", Reply(b"a", content_type="text/plain", headers={"Last-Modified": last_modified})
        )
        document = urlset("resourcelist", [(site.url("/r/a"), {})])
        if lastmod is not None:
            document = document.replace("</loc>", f"</loc><lastmod>{lastmod}</lastmod>")
        site.add("/rl.xml", document)
        result = await Crawler(fetcher).crawl(site.url("/rl.xml"))
        return await check_resources(fetcher, result.root, 5)


@pytest.mark.parametrize("lastmod", ["2013-01-01T00:00:00Z", None])
async def test_an_iso_8601_last_modified_is_said_not_skipped(lastmod: str | None) -> None:
    found = await _found("2013-01-02T00:00:00Z", lastmod)
    assert [f.code for f in found] == ["http.resource-last-modified-invalid"]
    assert "2013-01-02T00:00:00Z" in found[0].message and "not an HTTP date" in found[0].message
    assert found[0].url is not None and found[0].url.endswith("/r/a")


async def test_an_http_date_gives_no_such_finding() -> None:
    assert await _found("Tue, 01 Jan 2013 00:00:00 GMT", "2013-01-01T00:00:00Z") == []
