"""A public Source cannot lead a command into loopback, private or link-local addresses.

The "public" Source is ``http://source.example/`` (a reserved name that resolves nowhere,
so it counts as public), reached through an HTTP proxy on 127.0.0.1 that the command is
given with ``--proxy``: the proxy answers for ``source.example`` itself and records every
host it is asked for. The Source redirects, links and points ``up`` to a service on
127.0.0.1. The command refuses before the request leaves (the proxy never sees it), says
why and how to allow it; ``--allow-private-addresses`` lets it through.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web
from helpers.hostile_http import loopback_app, run_cli

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
INTERNAL = "http://127.0.0.1:9/internal.xml"
DOCUMENT = f'<urlset xmlns="{SITEMAP}"><url><loc>http://source.example/a</loc></url></urlset>'


@pytest.fixture
async def proxy() -> AsyncIterator[tuple[str, list[str]]]:
    """A forward proxy that serves ``source.example`` itself and a document for any other
    host; yields its URL and the hosts it was asked for."""
    hosts: list[str] = []

    async def handle(request: web.Request) -> web.StreamResponse:
        hosts.append(request.host)
        if not request.host.startswith("source.example"):
            return web.Response(text=DOCUMENT, content_type="application/xml")
        if request.path == "/redirect":
            raise web.HTTPFound(INTERNAL)
        links = "".join(f'<link rel="resourcesync" href="{INTERNAL}?{i}">' for i in range(3))
        return web.Response(text=f"<html><head>{links}</head></html>", content_type="text/html")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    async with loopback_app(app) as base:
        yield base, hosts


async def test_a_public_sources_redirect_into_loopback_is_refused(
    proxy: tuple[str, list[str]], tmp_path: Path
) -> None:
    url, hosts = proxy
    out, err = await run_cli(
        "validate", "http://source.example/redirect", "--proxy", url, cwd=tmp_path
    )
    shown = (out + err).decode()
    assert "127.0.0.1" not in "".join(hosts), hosts
    assert "--allow-private-addresses" in shown, shown


async def test_a_public_sources_links_into_loopback_are_refused(
    proxy: tuple[str, list[str]], tmp_path: Path
) -> None:
    url, hosts = proxy
    out, err = await run_cli("inspect", "http://source.example/", "--proxy", url, cwd=tmp_path)
    shown = (out + err).decode()
    assert hosts and all(host.startswith("source.example") for host in hosts), hosts
    assert "--allow-private-addresses" in shown, shown


async def test_allowed_when_asked(proxy: tuple[str, list[str]], tmp_path: Path) -> None:
    url, hosts = proxy
    await run_cli(
        "validate", "http://source.example/redirect", "--proxy", url,
        "--allow-private-addresses", cwd=tmp_path,
    )  # fmt: skip
    assert any(host.startswith("127.0.0.1") for host in hosts), hosts
