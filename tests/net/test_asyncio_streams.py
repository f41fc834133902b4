"""The Fetcher's connections over asyncio's transports: reused while open, given up when
the server closed them while idle, and TLS with the trust the user gave."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from aiohttp import web
from crawl_site import Site
from helpers.loopback import start_loopback
from protected_source import private_ca

from explorer.net.http.asyncio_streams import AsyncioBackend, use_asyncio
from explorer.net.http.fetcher import Fetcher
from explorer.net.http.network_access import NetworkAccess, NetworkSettings


def test_only_httpx_own_pool_is_changed() -> None:
    assert use_asyncio(httpx.AsyncClient())
    mocked = httpx.AsyncClient(transport=httpx.MockTransport(lambda _: httpx.Response(200)))
    assert not use_asyncio(mocked)


async def test_the_fetcher_uses_it_and_keeps_one_connection() -> None:
    peers: set[object] = set()

    async def answer(request: web.Request) -> web.Response:
        assert request.transport is not None
        peers.add(request.transport.get_extra_info("peername"))
        return web.Response(text="<urlset/>")

    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc", answer)
        pool = fetcher._client._transport._pool  # type: ignore[attr-defined]
        assert isinstance(pool._network_backend, AsyncioBackend)
        for _ in range(5):
            result = await fetcher.fetch(site.url("/doc"), use_cache=False)
            assert result.ok and result.body == b"<urlset/>"
    assert len(peers) == 1


async def test_a_connection_the_server_closed_while_idle_is_not_reused() -> None:
    """One answer per connection, then the server closes it: the next request opens a new
    one at once instead of failing on the dead one and being retried."""
    connections = 0
    closed = asyncio.Event()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal connections
        connections += 1
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        await writer.drain()
        writer.close()
        await writer.wait_closed()
        closed.set()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        async with Fetcher(retries=0) as fetcher:
            for _ in range(3):
                closed.clear()
                result = await fetcher.fetch(f"http://127.0.0.1:{port}/", use_cache=False)
                assert result.ok and result.body == b"ok" and result.attempts == 1
                await asyncio.wait_for(closed.wait(), 10)
    finally:
        server.close()
        await server.wait_closed()
    assert connections == 3


async def test_tls_with_a_private_ca(tmp_path: Path) -> None:
    async def answer(_request: web.Request) -> web.Response:
        return web.Response(text="<urlset/>")

    server_context, bundle = private_ca(tmp_path)
    app = web.Application()
    app.router.add_get("/doc", answer)
    site = await start_loopback(app, ssl_context=server_context)
    try:
        url = f"https://127.0.0.1:{site.port}/doc"
        trusted = NetworkAccess(settings=NetworkSettings(ca_bundle=bundle))
        async with Fetcher(access=trusted, retries=0) as fetcher:
            first = await fetcher.fetch(url, use_cache=False)
            again = await fetcher.fetch(url, use_cache=False)
        async with Fetcher(retries=0) as untrusting:
            refused = await untrusting.fetch(url, use_cache=False)
    finally:
        await site.stop()
    assert first.ok and first.body == b"<urlset/>" and again.ok
    assert not refused.ok and "CERTIFICATE_VERIFY_FAILED" in (refused.detail or "")
