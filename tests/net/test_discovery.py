"""Discovery (core 1.1 §6.3): each route on its own, failures, disagreement, parsers."""

from __future__ import annotations

from crawl_site import Reply, Site, add_source, urlset

from explorer.net.http.fetcher import Fetcher
from explorer.net.source.discovery import (
    Route,
    discover_source,
    html_resourcesync_links,
    robots_sitemaps,
)


def _outcomes(discovery) -> dict[str, bool]:
    return {str(a.route): a.ok for a in discovery.attempts}


def _codes(discovery) -> list[str]:
    return [f.code for f in discovery.findings]


async def test_well_known_alone() -> None:
    async with Site() as site, Fetcher() as fetcher:
        urls = add_source(site, sd_path="/.well-known/resourcesync")
        discovery = await discover_source(site.url("/"), fetcher)
    assert discovery.source_url == urls["sd"] and discovery.route is Route.WELL_KNOWN
    assert _outcomes(discovery) == {
        "direct": False,
        "link-header": False,
        "html-link": False,
        "well-known": True,
        "robots": False,
    }
    assert _codes(discovery) == []


async def test_link_header_alone() -> None:
    async with Site() as site, Fetcher() as fetcher:
        urls = add_source(site)
        site.add(
            "/item/7",
            Reply(
                "hello",
                content_type="text/plain",
                headers={"Link": '</rs/capabilitylist.xml>; rel="resourcesync"'},
            ),
        )
        discovery = await discover_source(site.url("/item/7"), fetcher)
    assert discovery.source_url == urls["sd"] and discovery.route is Route.LINK_HEADER
    assert _outcomes(discovery)["link-header"] and not _outcomes(discovery)["well-known"]
    attempt = next(a for a in discovery.attempts if a.route is Route.LINK_HEADER)
    assert attempt.url == site.url("/item/7") and urls["cl"] in attempt.detail
    assert "http.no-well-known" in _codes(discovery)


async def test_html_link_alone() -> None:
    page = (
        "<!doctype html><html><head><title>t</title>"
        '<link rel="alternate resourcesync" href="rs/capabilitylist.xml"></head>'
        "<body>x</body></html>"
    )
    async with Site() as site, Fetcher() as fetcher:
        urls = add_source(site)
        site.add("/", Reply(page, content_type="text/html"))
        discovery = await discover_source(site.url("/"), fetcher)
    assert discovery.source_url == urls["sd"] and discovery.route is Route.HTML_LINK
    assert [a.route for a in discovery.attempts if a.ok] == [Route.HTML_LINK]


async def test_robots_alone_climbs_up_links() -> None:
    async with Site() as site, Fetcher() as fetcher:
        urls = add_source(site)
        site.add(
            "/robots.txt",
            Reply(
                "User-agent: *\nDisallow: /tmp/\nSitemap: /plain-sitemap.xml\n"
                f"sitemap: {urls['rl']}\n",
                content_type="text/plain",
            ),
        )
        site.add("/plain-sitemap.xml", urlset(None, [(site.url("/a"), {})]))
        discovery = await discover_source(site.url("/nothing-here"), fetcher)
    assert discovery.source_url == urls["sd"] and discovery.route is Route.ROBOTS
    attempt = next(a for a in discovery.attempts if a.route is Route.ROBOTS)
    assert [c for _, c in attempt.chain] == ["resourcelist", "capabilitylist", "description"]


async def test_direct_from_a_resource_list() -> None:
    async with Site() as site, Fetcher() as fetcher:
        urls = add_source(site)
        discovery = await discover_source(urls["rl"], fetcher)
    assert discovery.source_url == urls["sd"] and discovery.route is Route.DIRECT
    assert urls["rl"] in discovery.fetched and urls["cl"] in discovery.documents


async def test_nothing_found_is_a_finding_with_every_route() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/", Reply("<html><head></head></html>", content_type="text/html"))
        discovery = await discover_source(site.url("/"), fetcher)
    assert discovery.source_url is None and not discovery.ok
    assert len(discovery.attempts) == 5 and not any(a.ok for a in discovery.attempts)
    assert _codes(discovery) == ["http.discovery-failed"]


async def test_unreachable_host_fails_cleanly() -> None:
    async with Site() as site:
        url = site.url("/")
    async with Fetcher(retries=0) as fetcher:
        discovery = await discover_source(url, fetcher)
    assert not discovery.ok and "connect" in discovery.attempts[0].detail


async def test_routes_leading_to_different_sources_disagree() -> None:
    async with Site() as site, Fetcher() as fetcher:
        add_source(site, sd_path="/.well-known/resourcesync", prefix="/a")
        urls_b = add_source(site, sd_path="/b/description.xml", prefix="/b")
        site.add(
            "/",
            Reply(
                '<html><head><link rel="resourcesync" href="/b/capabilitylist.xml"></head></html>',
                content_type="text/html",
            ),
        )
        discovery = await discover_source(site.url("/"), fetcher)
    assert discovery.source_url == urls_b["sd"]
    assert "http.discovery-disagree" in _codes(discovery)


async def test_top_that_is_not_a_source_description_is_reported() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add(
            "/cl.xml",
            urlset("capabilitylist", [(site.url("/rl.xml"), {"capability": "resourcelist"})]),
        )
        discovery = await discover_source(site.url("/cl.xml"), fetcher)
    assert discovery.source_url == site.url("/cl.xml")
    assert "http.not-source-description" in _codes(discovery)


async def test_up_link_loop_stops() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/a.xml", urlset("resourcelist", links=[("up", site.url("/b.xml"))]))
        site.add("/b.xml", urlset("capabilitylist", links=[("up", site.url("/a.xml"))]))
        discovery = await discover_source(site.url("/a.xml"), fetcher)
    assert discovery.source_url == site.url("/b.xml")
    assert site.hits["/a.xml"] == 1


def test_robots_sitemap_lines() -> None:
    text = "User-agent: *\nSitemap: /a.xml # first\nSITEMAP:http://x/b.xml\nsitemap:\nAllow: /\n"
    assert robots_sitemaps(text, "http://h/robots.txt") == ["http://h/a.xml", "http://x/b.xml"]


def test_html_links_only_in_head_with_base() -> None:
    page = (
        b'<html><head><base href="http://other/dir/"><link rel="RESOURCESYNC" href="cl.xml">'
        b'<link rel="stylesheet" href="s.css"></head>'
        b'<body><link rel="resourcesync" href="/body.xml"></body></html>'
    )
    assert html_resourcesync_links(page, "http://h/") == ["http://other/dir/cl.xml"]
    assert html_resourcesync_links(b"", "http://h/") == []
    assert html_resourcesync_links(b"\x00\xff<<<", "http://h/") == []


async def test_routes_can_be_restricted() -> None:
    async with Site() as site, Fetcher() as fetcher:
        add_source(site, sd_path="/.well-known/resourcesync")
        only_robots = await discover_source(site.url("/"), fetcher, routes=[Route.ROBOTS])
        only_well_known = await discover_source(site.url("/"), fetcher, routes=[Route.WELL_KNOWN])
    assert [a.route for a in only_robots.attempts] == [Route.ROBOTS] and not only_robots.ok
    assert [a.route for a in only_well_known.attempts] == [Route.WELL_KNOWN]
    assert only_well_known.ok and site.hits["/robots.txt"] == 1
