"""Every reply read through httpx stays within its byte budget and its deadline: the
Fetcher, hub discovery, publications and subscription requests facing a gzip-in-gzip bomb
or a server trickling one byte a second (docs/reliability.md); and a lease too short to renew in
time is renewed at the floor with a warning, not failed (WebSub §5.3)."""

from __future__ import annotations

import asyncio
import gzip
import time
from pathlib import Path

import httpx
import pytest
from aiohttp import web
from fake_hub import FakeHub, HubReply
from helpers.hostile_http import BOMB_HEADERS, BombServer, gzip_gzip_bomb, trickling_server
from helpers.loopback import loopback
from websub_env import FAST, websub_env

from explorer.net.http.bounded_body import HUB_REPLY_LIMIT, BodyError, BodyTooLarge, read_body
from explorer.net.http.fetcher import Fetcher, FetchError, Timeouts
from explorer.net.live.hub_discovery import discover_channels
from explorer.net.live.publisher import publish
from explorer.net.live.subscriber import SubscriberConfig
from explorer.net.live.subscription import State

HANG_BOUND = 30.0  # seconds: generous, only to tell "ended" from "hung"


async def test_the_fetcher_stops_a_gzip_gzip_bomb_at_its_cap() -> None:
    async with BombServer() as server, Fetcher(retries=0, max_bytes=8 << 20) as fetcher:
        result = await fetcher.fetch(f"{server.base}/bomb.xml")
    assert result.error is FetchError.TOO_LARGE and not result.ok
    assert result.truncated and len(result.body) <= 8 << 20
    assert "8,388,608" in result.detail
    assert server.accept_encodings == ["gzip, deflate"]


async def test_a_corrupt_body_is_a_fetch_error_not_a_crash() -> None:
    async def corrupt(request: web.Request) -> web.Response:
        return web.Response(
            body=gzip.compress(b"<urlset/>" * 100)[:-12] + b"\xff" * 12,
            headers={"Content-Encoding": "gzip"},
        )

    app = web.Application()
    app.router.add_get("/x.xml", corrupt)
    async with loopback(app) as site, Fetcher(retries=0) as fetcher:
        result = await fetcher.fetch(site.url("/x.xml"))
    assert result.error is FetchError.PROTOCOL and "gzip" in result.detail


async def test_read_body_reports_unsupported_and_oversized_codings() -> None:
    async with (
        BombServer() as server,
        httpx.AsyncClient() as client,
        client.stream("GET", server.base) as response,
    ):
        with pytest.raises(BodyTooLarge) as caught:
            await read_body(response, HUB_REPLY_LIMIT)
    assert caught.value.limit == HUB_REPLY_LIMIT and len(caught.value.partial) <= HUB_REPLY_LIMIT
    transport = httpx.MockTransport(
        lambda request: httpx.Response(200, headers={"Content-Encoding": "br"}, content=b"xx")
    )
    async with (
        httpx.AsyncClient(transport=transport) as client,
        client.stream("GET", "http://x.test/") as response,
    ):
        with pytest.raises(BodyError, match="unsupported content coding: br"):
            await read_body(response, 100)


async def test_the_fetcher_deadline_bounds_a_trickle_of_header_bytes() -> None:
    started = time.monotonic()
    async with trickling_server(interval=0.2) as base:
        limits = Timeouts(connect=5, read=5, total=1.5)
        async with Fetcher(timeout=limits, retries=0) as fetcher:
            result = await fetcher.fetch(f"{base}/slow.xml")
    assert result.error is FetchError.TIMEOUT
    assert time.monotonic() - started < HANG_BOUND


async def test_hub_discovery_ends_at_its_deadline_against_a_trickle() -> None:
    started = time.monotonic()
    async with trickling_server(interval=0.2) as base, httpx.AsyncClient(timeout=5) as client:
        channels = await discover_channels(client, f"{base}/topic", timeout=1.5)
    assert time.monotonic() - started < HANG_BOUND
    codes = [item.code for item in channels[0].findings]
    assert channels[0].hub is None and "websub.topic-unreachable" in codes


async def test_hub_discovery_reads_only_the_headers_of_a_bomb() -> None:
    async with BombServer() as server, httpx.AsyncClient() as client:
        channels = await discover_channels(client, f"{server.base}/topic")
    assert "http.too-large" in [item.code for item in channels[0].findings]


async def test_a_publication_answered_with_a_bomb_is_a_finding() -> None:
    async with BombServer() as server, httpx.AsyncClient() as client:
        result = await publish(client, f"{server.base}/hub", "http://t.test/", b"<urlset/>")
    assert result.status is None and not result.ok
    assert [item.code for item in result.findings] == ["http.too-large"]


async def test_a_publication_to_a_trickling_hub_ends_at_its_timeout() -> None:
    started = time.monotonic()
    async with trickling_server(interval=0.2) as base, httpx.AsyncClient() as client:
        result = await publish(client, f"{base}/hub", "http://t.test/", b"<urlset/>", timeout=1.5)
    assert time.monotonic() - started < HANG_BOUND
    assert result.status is None and "within 1.5 s" in (result.error or "")


async def test_a_subscribe_answer_that_is_a_bomb_fails_the_request(tmp_path: Path) -> None:
    hub = FakeHub()
    async with hub, websub_env(tmp_path, hub=hub) as env:
        hub.script("/hub", HubReply(body=gzip_gzip_bomb(), headers=BOMB_HEADERS, verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", hub.url)
        assert sub.state == State.FAILED
        await env.until(lambda: env.of("error"))
        assert env.of("error")[0].findings[-1].code == "http.too-large"
        assert len(hub.requests) == 1  # not retried: the hub would only send it again


async def test_a_subscribe_to_a_trickling_hub_ends_at_the_request_timeout(
    tmp_path: Path,
) -> None:
    config = SubscriberConfig(retries=0, request_timeout=1.5, verification_timeout=5.0)
    started = time.monotonic()
    async with trickling_server(interval=0.2) as base, websub_env(tmp_path, config=config) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", f"{base}/hub")
    assert time.monotonic() - started < HANG_BOUND
    assert sub.state == State.FAILED and "within 1.5 s" in str(sub.reason or "")


async def test_a_one_second_lease_is_renewed_and_reported_not_failed(tmp_path: Path) -> None:
    # The floor (2 s) is longer than the lease: each renewal comes after the lease ran out.
    config = SubscriberConfig(
        retries=0, request_timeout=2.0, verification_timeout=5.0, min_renew_delay=2.0
    )
    hub = FakeHub(lease_seconds=1)
    async with hub, websub_env(tmp_path, config=config, hub=hub) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", hub.url)
        await env.until(lambda: len(env.of("renewed")) >= 2, timeout=15)
        assert sub.state in (State.ACTIVE, State.RENEWING)
        assert not env.of("error")
        codes = [item.code for item in env.of("verified")[0].findings]
        assert "websub.lease-very-short" in codes
        assert len(hub.forms("subscribe")) >= 3


async def test_a_lease_the_floor_keeps_up_with_is_not_very_short(tmp_path: Path) -> None:
    async with websub_env(tmp_path, config=FAST) as env:
        env.hub.lease_seconds = 30
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        await asyncio.sleep(0)
        codes = [item.code for event in env.of("verified") for item in event.findings]
        assert "websub.lease-very-short" not in codes
