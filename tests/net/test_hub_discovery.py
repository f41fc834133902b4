"""Finding the hub: topic Link headers (WebSub §4) or the Capability List's channel entry."""

from __future__ import annotations

import httpx
from fake_hub import FakeHub

from explorer.core.parser import parse_document
from explorer.net.live.hub_discovery import channels_in_capability_list, discover_channels

CAPABILITY_LIST = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="capabilitylist"/>
  <url><loc>http://example.org/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>
  <url><loc>%(base)s/change</loc><rs:ln rel="hub" href="%(base)s/hub"/>
       <rs:md capability="change-notification"/></url>
  <url><loc>%(base)s/framework</loc><rs:md capability="framework-notification"/></url>
</urlset>
"""

NOTIFICATION = b"""<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:ln rel="up" href="%(base)s/capabilitylist.xml"/>
  <rs:md capability="change-notification" from="2026-01-01T00:00:00Z"
         until="2026-01-01T00:01:00Z"/>
</urlset>
"""


def fill(template: bytes, hub: FakeHub) -> bytes:
    return template % {b"base": hub.base.encode()}


def codes(channel) -> list[str]:
    return [item.code for item in channel.findings]


async def test_link_headers_give_hub_and_self() -> None:
    async with FakeHub() as hub, httpx.AsyncClient() as client:
        hub.topics["/topic"] = (
            {"Link": f'<{hub.url}>; rel="hub", <{hub.base}/topic>; rel="self"'},
            b"",
        )
        [channel] = await discover_channels(client, f"{hub.base}/topic")
        assert (channel.topic, channel.hub, channel.via) == (
            f"{hub.base}/topic",
            hub.url,
            "link-header",
        )
        assert channel.findings == []


async def test_self_link_wins_over_the_url_asked() -> None:
    async with FakeHub() as hub, httpx.AsyncClient() as client:
        hub.topics["/alias"] = ({"Link": f'<{hub.url}>; rel="hub", </canonical>; rel="self"'}, b"")
        [channel] = await discover_channels(client, f"{hub.base}/alias")
        assert channel.topic == f"{hub.base}/canonical"
        assert codes(channel) == ["websub.topic-self-differs"]


async def test_capability_list_url_gives_each_channel() -> None:
    async with FakeHub() as hub, httpx.AsyncClient() as client:
        hub.topics["/capabilitylist.xml"] = ({}, fill(CAPABILITY_LIST, hub))
        channels = await discover_channels(client, f"{hub.base}/capabilitylist.xml")
        assert [(c.topic, c.hub, c.capability) for c in channels] == [
            (f"{hub.base}/change", hub.url, "change-notification"),
            (f"{hub.base}/framework", None, "framework-notification"),
        ]


async def test_without_link_headers_the_up_capability_list_names_the_hub() -> None:
    async with FakeHub() as hub, httpx.AsyncClient() as client:
        hub.topics["/change"] = ({}, fill(NOTIFICATION, hub))
        hub.topics["/capabilitylist.xml"] = ({}, fill(CAPABILITY_LIST, hub))
        [channel] = await discover_channels(client, f"{hub.base}/change")
        assert (channel.hub, channel.via, channel.capability) == (
            hub.url,
            "capability-list",
            "change-notification",
        )
        assert codes(channel) == ["websub.topic-link-missing"]


async def test_no_hub_anywhere_is_reported() -> None:
    async with FakeHub() as hub, httpx.AsyncClient() as client:
        hub.topics["/bare"] = ({}, b"not xml")
        [channel] = await discover_channels(client, f"{hub.base}/bare")
        assert channel.hub is None
        assert codes(channel) == ["websub.topic-link-missing", "websub.no-hub"]


async def test_unreachable_or_failing_topic_is_reported() -> None:
    async with FakeHub() as hub, httpx.AsyncClient() as client:
        [missing] = await discover_channels(client, f"{hub.base}/nothing-here")
        [down] = await discover_channels(client, "http://127.0.0.1:9/topic")
    assert codes(missing) == codes(down) == ["websub.topic-unreachable", "websub.no-hub"]
    assert "405" in missing.findings[0].message


def test_channels_in_capability_list_is_pure() -> None:
    doc = parse_document(CAPABILITY_LIST % {b"base": b"http://x"})
    assert [c.capability for c in channels_in_capability_list(doc)] == [
        "change-notification",
        "framework-notification",
    ]
