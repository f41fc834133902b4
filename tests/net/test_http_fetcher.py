"""The shared fetcher: redirects, loops, retries, timeouts, caps, gzip, cache, pool, hook."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from aiohttp import web
from crawl_site import Reply, Site

from explorer.net.http.fetcher import USER_AGENT, Exchange, Fetcher, FetchError, Timeouts


async def test_plain_get_reports_status_headers_body_and_user_agent() -> None:
    seen: dict[str, str] = {}

    async def echo(request: web.Request) -> web.Response:
        seen.update(request.headers)
        return web.Response(text="<urlset/>", content_type="application/xml")

    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc.xml", echo)
        result = await fetcher.fetch(site.url("/doc.xml"))
    assert result.ok and result.status == 200
    assert result.body == b"<urlset/>"
    assert result.content_type == "application/xml"
    assert result.redirects == [] and result.final_url == site.url("/doc.xml")
    assert seen["User-Agent"] == USER_AGENT and USER_AGENT.startswith("ResourceSync-Explorer/")


async def test_redirects_are_followed_and_reported() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/a", Reply(status=301, headers={"Location": "/b"}))
        site.add("/b", Reply(status=302, headers={"Location": site.url("/c")}))
        site.add("/c", "<urlset/>")
        result = await fetcher.fetch(site.url("/a"))
    assert result.ok and result.final_url == site.url("/c")
    assert [(r.status, r.location) for r in result.redirects] == [
        (301, site.url("/b")),
        (302, site.url("/c")),
    ]


async def test_redirect_loop_is_caught() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/a", Reply(status=302, headers={"Location": "/b"}))
        site.add("/b", Reply(status=302, headers={"Location": "/a"}))
        result = await fetcher.fetch(site.url("/a"))
    assert not result.ok and result.error is FetchError.REDIRECT_LOOP
    assert len(result.redirects) == 2


async def test_too_many_redirects() -> None:
    async with Site() as site, Fetcher(max_redirects=3) as fetcher:
        for n in range(10):
            site.add(f"/r{n}", Reply(status=307, headers={"Location": f"/r{n + 1}"}))
        result = await fetcher.fetch(site.url("/r0"))
    assert result.error is FetchError.TOO_MANY_REDIRECTS


async def test_5xx_is_retried_with_backoff_then_succeeds() -> None:
    calls = 0

    async def flaky(request: web.Request) -> web.Response:
        nonlocal calls
        calls += 1
        if calls < 3:
            return web.Response(status=503)
        return web.Response(text="ok")

    async with Site() as site, Fetcher(retries=2, backoff=0.01) as fetcher:
        site.add("/flaky", flaky)
        result = await fetcher.fetch(site.url("/flaky"))
    assert result.ok and result.attempts == 3


async def test_5xx_gives_up_after_the_retries() -> None:
    async with Site() as site, Fetcher(retries=1, backoff=0.01) as fetcher:
        site.add("/down", Reply(status=500))
        result = await fetcher.fetch(site.url("/down"))
    assert result.status == 500 and not result.ok and result.attempts == 2
    assert site.hits["/down"] == 2


async def test_404_is_not_retried() -> None:
    async with Site() as site, Fetcher(retries=3, backoff=0.01) as fetcher:
        result = await fetcher.fetch(site.url("/missing"))
    assert result.status == 404 and result.attempts == 1


async def test_connection_refused_is_an_error_not_an_exception() -> None:
    async with Site() as site:
        url = site.url("/gone")
    async with Fetcher(retries=1, backoff=0.01) as fetcher:
        result = await fetcher.fetch(url)
    assert result.status is None and result.error is FetchError.CONNECT
    assert result.attempts == 2


async def test_slow_response_times_out() -> None:
    async with Site() as site, Fetcher(timeout=Timeouts(connect=1, read=0.1, total=1)) as fetcher:
        site.add("/slow", Reply("<urlset/>", delay=0.6))
        result = await fetcher.fetch(site.url("/slow"))
    assert result.error is FetchError.TIMEOUT and not result.ok


async def test_oversized_body_is_capped() -> None:
    async with Site() as site, Fetcher(max_bytes=1000) as fetcher:
        site.add("/big", Reply(b"x" * 5000))
        result = await fetcher.fetch(site.url("/big"))
    assert result.error is FetchError.TOO_LARGE and result.truncated
    assert len(result.body) <= 1000


async def test_gzip_bomb_is_capped_on_decoded_size() -> None:
    async with Site() as site, Fetcher(max_bytes=10_000) as fetcher:
        site.add("/bomb", Reply(b"\0" * 1_000_000, gzip=True))
        result = await fetcher.fetch(site.url("/bomb"))
    assert result.error is FetchError.TOO_LARGE


async def test_gzip_is_accepted_and_decoded() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/z", Reply("<urlset/>", gzip=True))
        result = await fetcher.fetch(site.url("/z"))
    assert result.ok and result.body == b"<urlset/>"


async def test_refresh_costs_a_304_with_etag() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc", Reply("<urlset/>", etag='"v1"'))
        first = await fetcher.fetch(site.url("/doc"))
        second = await fetcher.fetch(site.url("/doc"))
    assert first.ok and not first.not_modified
    assert second.ok and second.not_modified and second.body == b"<urlset/>"


async def test_refresh_uses_last_modified() -> None:
    stamp = "Mon, 01 Jan 2024 00:00:00 GMT"
    sent: list[str | None] = []

    async def conditional(request: web.Request) -> web.Response:
        sent.append(request.headers.get("If-Modified-Since"))
        if request.headers.get("If-Modified-Since") == stamp:
            return web.Response(status=304)
        return web.Response(text="<urlset/>", headers={"Last-Modified": stamp})

    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc", conditional)
        await fetcher.fetch(site.url("/doc"))
        second = await fetcher.fetch(site.url("/doc"))
    assert sent == [None, stamp] and second.not_modified and second.status == 200


async def test_per_host_pool_bounds_concurrency() -> None:
    active = peak = 0

    async def counted(request: web.Request) -> web.Response:
        nonlocal active, peak
        active += 1
        peak = max(peak, active)
        await asyncio.sleep(0.05)
        active -= 1
        return web.Response(text="x")

    async with Site() as site, Fetcher(per_host=3) as fetcher:
        for n in range(10):
            site.add(f"/p{n}", counted)
        results = await asyncio.gather(*(fetcher.fetch(site.url(f"/p{n}")) for n in range(10)))
    assert all(r.ok for r in results)
    assert peak == 3


async def test_exchange_hook_sees_every_hop() -> None:
    log: list[Exchange] = []
    async with Site() as site, Fetcher(on_exchange=log.append) as fetcher:
        site.add("/a", Reply(status=301, headers={"Location": "/b"}))
        site.add("/b", "<urlset/>")
        await fetcher.fetch(site.url("/a"))
    assert [(e.method, e.url, e.status) for e in log] == [
        ("GET", site.url("/a"), 301),
        ("GET", site.url("/b"), 200),
    ]
    assert log[1].body == b"<urlset/>" and log[1].request_headers["User-Agent"] == USER_AGENT


async def test_head_has_no_body() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc", "<urlset/>")
        result = await fetcher.fetch(site.url("/doc"), method="HEAD")
    assert result.ok and result.body == b"" and result.content_length == len(b"<urlset/>")


async def test_heads_reuse_one_connection() -> None:
    """A HEAD answered in full leaves its connection open for the next request."""
    peers: set[object] = set()

    async def answer(request: web.Request) -> web.Response:
        assert request.transport is not None
        peers.add(request.transport.get_extra_info("peername"))
        return web.Response(text="x" * 1000)

    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc", answer)
        for _ in range(5):
            assert (await fetcher.fetch(site.url("/doc"), method="HEAD")).ok
    assert len(peers) == 1


async def test_non_http_url_is_invalid() -> None:
    async with Fetcher() as fetcher:
        result = await fetcher.fetch("ftp://example.org/x")
    assert result.error is FetchError.INVALID_URL


async def test_link_headers_are_resolved_against_the_final_url() -> None:
    async with Site() as site, Fetcher() as fetcher:
        site.add("/t/", Reply(headers={"Link": '</t/>; rel="self", <http://hub/>; rel="hub"'}))
        result = await fetcher.fetch(site.url("/t/"))
    assert result.link_hrefs("self") == [site.url("/t/")]
    assert result.link_hrefs("HUB") == ["http://hub/"]


async def test_before_send_is_awaited_for_every_hop_and_every_retry() -> None:
    sent: list[str] = []
    calls = 0

    async def before_send(url: str) -> None:
        sent.append(url)

    async def flaky(request: web.Request) -> web.Response:
        nonlocal calls
        calls += 1
        # the request goes out only once its hook returned
        assert len(sent) == calls + 1
        return web.Response(status=503 if calls < 2 else 200, text="ok")

    async with Site() as site, Fetcher(retries=2, backoff=0.01, before_send=before_send) as f:
        site.add("/a", Reply(status=301, headers={"Location": "/b"}))
        site.add("/b", flaky)
        result = await f.fetch(site.url("/a"))
    assert result.ok
    assert sent == [site.url("/a"), site.url("/b"), site.url("/b")]


async def test_what_before_send_returns_is_awaited_once_each_request_left() -> None:
    """The fleet spaces a host's requests by when they left: the callback comes once per
    hop, after the request is written and before its reply is read; a request that never
    left (nothing listens) still ends its hold when the hop ends."""
    steps: list[str] = []

    async def before_send(url: str) -> Callable[[], Awaitable[None]]:
        steps.append("granted " + url.rsplit("/", 1)[-1])

        async def left() -> None:
            steps.append("left")

        return left

    async def slow(request: web.Request) -> web.Response:
        await asyncio.sleep(0.2)
        steps.append("answered")
        return web.Response(text="ok")

    async with Site() as site, Fetcher(retries=0, before_send=before_send) as f:
        site.add("/a", Reply(status=301, headers={"Location": "/b"}))
        site.add("/b", slow)
        assert (await f.fetch(site.url("/a"))).ok
        assert steps == ["granted a", "left", "granted b", "left", "answered"]
        steps.clear()
        assert not (await f.fetch("http://127.0.0.1:9/c")).ok
        assert steps == ["granted c", "left"]
