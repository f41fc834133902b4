"""The one hub client: retries are an explicit option, 307/308 are re-POSTed either way,
and every hop is in the exchange log."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator

import httpx
import pytest
from aiohttp import web
from helpers.loopback import LoopbackSite, loopback

from explorer.net.http.retry_policy import RetryPolicy
from explorer.net.live.hub_client import HubClient, HubRequestOptions
from explorer.net.live.push_transport import PushTransport
from explorer.net.live.subscriber import Subscriber
from explorer.net.store.exchange_log import ExchangeLog

RETRY = RetryPolicy(3, 0.01, max_backoff=0.05)


class Hub:
    """Answers 503 to the first ``failures`` POSTs at /hub, then 202; /old moves to /hub."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.posts: list[str] = []

    async def handle(self, request: web.Request) -> web.Response:
        self.posts.append(request.path)
        if request.path == "/old":
            raise web.HTTPPermanentRedirect("/hub")
        if len([p for p in self.posts if p == "/hub"]) <= self.failures:
            return web.Response(status=503, text="busy")
        return web.Response(status=202)


@pytest.fixture
async def served() -> AsyncIterator[tuple[Hub, LoopbackSite]]:
    hub = Hub(failures=1)
    app = web.Application()
    app.router.add_post("/{tail:.*}", hub.handle)
    async with loopback(app) as site:
        yield hub, site


async def _client(log: ExchangeLog) -> HubClient:
    return HubClient(httpx.AsyncClient(), log, HubRequestOptions(timeout=5.0, retry=RETRY))


async def test_retries_are_an_option_of_the_one_client(served) -> None:
    hub, site = served
    log = ExchangeLog()
    client = await _client(log)
    try:
        first = await client.subscribe(site.url("/hub"), "http://cb/1", "http://t/", retry=False)
        assert (first.status, first.accepted, first.body) == (503, False, "busy")
        assert first.message and "503" in str(first.message)
        again = await client.subscribe(site.url("/hub"), "http://cb/1", "http://t/")
        assert again.accepted and again.status == 202
    finally:
        await client.client.aclose()
    assert hub.posts == ["/hub", "/hub"]


async def test_a_308_is_re_posted_with_and_without_retries(served) -> None:
    hub, site = served
    hub.failures = 0
    log = ExchangeLog()
    seen: list[tuple[str, int | None]] = []
    log.listeners.append(lambda record: seen.append((record.url, record.status)))
    client = await _client(log)
    try:
        answer = await client.unsubscribe(site.url("/old"), "http://cb/1", "http://t/", retry=False)
    finally:
        await client.client.aclose()
    assert answer.accepted and answer.hub == site.url("/hub")
    assert [f.code for f in answer.findings] == ["websub.hub-redirect"]
    assert seen == [(site.url("/old"), 308), (site.url("/hub"), 202)]


async def test_an_unreachable_hub_is_an_answer_without_status() -> None:
    client = HubClient(httpx.AsyncClient(), ExchangeLog(), HubRequestOptions(timeout=2.0))
    try:
        answer = await client.publish_form("http://127.0.0.1:1/hub", "http://t/")
    finally:
        await client.client.aclose()
    assert answer.status is None and not answer.accepted and answer.error
    assert [f.code for f in answer.findings] == ["websub.hub-unreachable"]


def test_the_subscriber_has_every_push_transport_method() -> None:
    wanted = {name for name in vars(PushTransport) if not name.startswith("_")}
    assert wanted == {"start", "subscribe_channel", "subscribe", "unsubscribe", "renew", "close"}
    assert all(inspect.iscoroutinefunction(getattr(Subscriber, name)) for name in wanted)
