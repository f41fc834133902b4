"""The Fetcher's connections over asyncio's transports (httpcore's pool on an asyncio
backend, given to httpx as a custom transport: public APIs only): reused while open, given
up when the server closed them while idle, TLS with the trust the user gave, and
httpcore's errors as httpx's."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiohttp import web
from crawl_site import Site
from helpers.loopback import start_loopback
from protected_source import private_ca

from explorer.net.http.asyncio_transport import AsyncioBackend, AsyncioTransport
from explorer.net.http.fetcher import Fetcher
from explorer.net.http.network_access import NetworkAccess, NetworkSettings


async def test_the_fetcher_keeps_one_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    peers: set[object] = set()

    async def answer(request: web.Request) -> web.Response:
        assert request.transport is not None
        peers.add(request.transport.get_extra_info("peername"))
        return web.Response(text="<urlset/>")

    connects = 0
    connect_tcp = AsyncioBackend.connect_tcp

    async def counted(self: AsyncioBackend, *args: Any, **kwargs: Any) -> Any:
        nonlocal connects
        connects += 1
        return await connect_tcp(self, *args, **kwargs)

    monkeypatch.setattr(AsyncioBackend, "connect_tcp", counted)
    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc", answer)
        for _ in range(5):
            result = await fetcher.fetch(site.url("/doc"), use_cache=False)
            assert result.ok and result.body == b"<urlset/>"
    assert len(peers) == 1 and connects == 1  # through the asyncio backend


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


async def test_httpcore_errors_come_out_as_httpx_errors() -> None:
    """What the Fetcher tells apart (refused, timed out, cut short) keeps httpx's types."""
    release = asyncio.Event()

    async def hang(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort")
        await writer.drain()
        await release.wait()
        writer.close()

    server = await asyncio.start_server(hang, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    limits = httpx.Limits()
    client = httpx.AsyncClient(transport=AsyncioTransport(True, limits), timeout=0.3)
    try:
        with pytest.raises(httpx.ConnectError):
            await client.get("http://127.0.0.1:9/")
        with pytest.raises(httpx.ReadTimeout):
            await client.get(f"http://127.0.0.1:{port}/")
        release.set()
        with pytest.raises(httpx.RemoteProtocolError):
            await client.get(f"http://127.0.0.1:{port}/")
    finally:
        release.set()
        await client.aclose()
        server.close()
        await server.wait_closed()


class _Lookups:
    """A finder first on ``sys.meta_path`` that only counts: every import that is not
    already in ``sys.modules`` asks it first."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        self.names.append(name)


async def test_requests_search_for_no_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """httpcore asks for sniffio at every lock it sets up (about eight a request); without
    it installed, each ask was a failed import that searched every path again: 48 µs a
    time, 1.2 s of the 3,000-component index's CPU (docs/reliability.md)."""
    lookups = _Lookups()

    async def answer(_request: web.Request) -> web.Response:
        return web.Response(text="<urlset/>")

    async with Site() as site, Fetcher() as fetcher:
        site.add("/doc", answer)
        assert (await fetcher.fetch(site.url("/doc"), use_cache=False)).ok  # warmed up
        monkeypatch.setattr(sys, "meta_path", [lookups, *sys.meta_path])
        for _ in range(20):
            assert (await fetcher.fetch(site.url("/doc"), use_cache=False)).ok
    assert lookups.names == []
