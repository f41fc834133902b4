"""Discovery and crawl against the embedded demo Source: every route alone, every channel."""

from __future__ import annotations

import httpx
import pytest

from explorer.core.parser import parse_document
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_tree import NodeState
from explorer.net.source.discovery import Route, discover_source


async def _resource_url(demo) -> str:
    async with httpx.AsyncClient() as client:
        capability_list = parse_document((await client.get(demo.capability_list_urls[0])).content)
        lists = [e.loc for e in capability_list.entries if e.capability == "resourcelist"]
        first = parse_document((await client.get(lists[0])).content)
        if first.is_index:
            first = parse_document((await client.get(first.entries[0].loc)).content)
    return first.entries[0].loc


@pytest.mark.parametrize("route", [Route.WELL_KNOWN, Route.HTML_LINK, Route.ROBOTS])
async def test_each_route_alone_finds_the_demo(demo, route: Route) -> None:
    async with Fetcher() as fetcher:
        discovery = await discover_source(demo.base_url, fetcher, routes=[route])
    assert discovery.route is route
    assert discovery.source_url == demo.source_description_url
    assert discovery.findings == []


async def test_resource_url_is_found_by_its_link_header(demo) -> None:
    url = await _resource_url(demo)
    async with Fetcher() as fetcher:
        discovery = await discover_source(url, fetcher, routes=[Route.LINK_HEADER])
    assert discovery.route is Route.LINK_HEADER
    assert discovery.source_url == demo.source_description_url


async def test_walks_the_demo_and_reports_every_channel_with_its_hub(demo) -> None:
    async with Fetcher() as fetcher:
        result = await Crawler(fetcher).crawl(demo.base_url)
    assert result.source_url == demo.source_description_url
    assert [n.url for n in result.root.children] == demo.capability_list_urls
    assert all(n.state is NodeState.LOADED for n in result.nodes())
    expected = sorted((c.topic, c.hub, c.capability) for c in demo.channels)
    assert sorted((c.topic, c.hub, c.capability) for c in result.channels()) == expected
    assert [f for f in result.all_findings() if f.severity == "error"] == []


async def test_demo_faults_show_up_as_findings(demo) -> None:
    demo.faults.enable("wrong-content-type")
    demo.faults.enable("missing-link-header")
    async with Fetcher() as fetcher:
        result = await Crawler(fetcher).crawl(demo.source_description_url)
    codes = {f.code for f in result.all_findings()}
    assert {
        "http.content-type",
        "http.topic-content-type",
        "http.topic-link-self",
        "http.topic-link-hub",
    } <= codes
