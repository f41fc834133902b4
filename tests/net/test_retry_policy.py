"""One retry policy for the Fetcher and the subscriber: backoff, and Retry-After as seconds
or an HTTP date (RFC 9110 §10.2.3)."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

import pytest
from aiohttp import web
from crawl_site import Reply, Site
from fake_hub import HubReply
from websub_env import websub_env

from explorer.net.http.fetcher import Fetcher
from explorer.net.http.retry_policy import RetryPolicy, retry_after_seconds
from explorer.net.live.subscription import State

NOW = datetime(2026, 11, 23, 12, 0, 0, tzinfo=UTC).timestamp()


def http_date(offset: float) -> str:
    return format_datetime(datetime.fromtimestamp(NOW + offset, UTC), usegmt=True)


def test_backoff_doubles_and_is_capped() -> None:
    policy = RetryPolicy(retries=5, backoff=1.0, max_backoff=4.0)
    assert [policy.delay(n) for n in range(1, 6)] == [1.0, 2.0, 4.0, 4.0, 4.0]


def test_no_retry_past_the_retries() -> None:
    policy = RetryPolicy(retries=2, backoff=0.5)
    assert policy.delay(2) == 1.0
    assert policy.delay(3) is None


def test_jitter_stays_within_a_quarter() -> None:
    policy = RetryPolicy(retries=3, backoff=2.0, jitter=True)
    delays = {policy.delay(1) for _ in range(200)}
    assert all(1.5 <= d <= 2.5 for d in delays if d is not None)
    assert len(delays) > 1


def test_numeric_retry_after_is_waited_when_longer_than_the_backoff() -> None:
    policy = RetryPolicy(retries=2, backoff=0.5, max_retry_after=10)
    assert policy.delay(1, "3") == 3.0
    assert policy.delay(1, "0") == 0.5


def test_http_date_retry_after_is_honoured() -> None:
    policy = RetryPolicy(retries=2, backoff=0.5, max_retry_after=10)
    assert policy.delay(1, http_date(7), now=NOW) == pytest.approx(7.0)


def test_the_obsolete_date_forms_count_as_gmt() -> None:
    asctime = datetime.fromtimestamp(NOW + 5, UTC).strftime("%a %b %d %H:%M:%S %Y")
    rfc850 = datetime.fromtimestamp(NOW + 5, UTC).strftime("%A, %d-%b-%y %H:%M:%S GMT")
    assert retry_after_seconds(asctime, now=NOW) == pytest.approx(5.0)
    assert retry_after_seconds(rfc850, now=NOW) == pytest.approx(5.0)


def test_a_past_date_means_now() -> None:
    assert retry_after_seconds(http_date(-3600), now=NOW) == 0.0
    assert RetryPolicy(retries=1, backoff=0.25).delay(1, http_date(-3600), now=NOW) == 0.25


def test_a_wait_longer_than_the_policy_allows_ends_the_retries() -> None:
    policy = RetryPolicy(retries=3, backoff=0.5, max_retry_after=10)
    assert policy.delay(1, "3600") is None
    assert policy.delay(1, http_date(3600), now=NOW) is None
    assert policy.delay(1, "10") == 10.0


@pytest.mark.parametrize("value", ["soon", "-5", "1.5", "", "  ", "٣"])
def test_an_unreadable_retry_after_is_ignored(value: str) -> None:
    assert retry_after_seconds(value, now=NOW) is None
    assert RetryPolicy(retries=1, backoff=0.25).delay(1, value, now=NOW) == 0.25


async def test_the_fetcher_waits_for_an_http_date_retry_after() -> None:
    calls: list[float] = []

    async def busy(request: web.Request) -> web.Response:
        calls.append(time.monotonic())
        if len(calls) == 1:
            wait_until = datetime.fromtimestamp(time.time() + 2, UTC)
            return web.Response(
                status=503, headers={"Retry-After": format_datetime(wait_until, usegmt=True)}
            )
        return web.Response(text="<urlset/>")

    async with Site() as site, Fetcher(retries=1, backoff=0.01) as fetcher:
        site.add("/busy", busy)
        result = await fetcher.fetch(site.url("/busy"))
    assert result.ok and result.attempts == 2
    assert calls[1] - calls[0] >= 1.0  # the date has one-second resolution


async def test_the_fetcher_gives_up_on_a_long_retry_after() -> None:
    async with Site() as site, Fetcher(retries=3, backoff=0.01) as fetcher:
        site.add("/later", Reply(status=503, headers={"Retry-After": "3600"}))
        result = await fetcher.fetch(site.url("/later"))
    assert result.status == 503 and result.attempts == 1


async def test_the_subscriber_waits_for_an_http_date_retry_after(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        # an HTTP date has whole seconds: the retry may come no earlier than the one named,
        # which is at least a second away when asked (the backoff alone is 0.05 s)
        wait_until = datetime.fromtimestamp(int(time.time()) + 2, UTC)
        retry_after = format_datetime(wait_until, usegmt=True)
        env.hub.script("/hub", HubReply(503, b"busy", {"Retry-After": retry_after}, verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert len(env.hub.requests) == 2
        assert time.time() >= wait_until.timestamp()
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE


async def test_the_subscriber_gives_up_on_a_long_retry_after(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(503, b"come back tomorrow", {"Retry-After": "86400"}))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert len(env.hub.requests) == 1 and sub.state == State.FAILED
        assert "come back tomorrow" in str(sub.reason or "")
