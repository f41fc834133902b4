"""Loopback aiohttp servers for tests: on 127.0.0.1, port 0 (the OS picks a free one),
stopped after. One place, so every test server is bound and torn down the same way."""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from aiohttp import web


@dataclass(slots=True)
class LoopbackSite:
    """A started server: its port and URLs; ``stop`` frees the port."""

    runner: web.AppRunner
    port: int
    scheme: str = "http"

    @property
    def base_url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def url(self, path: str = "") -> str:
        return self.base_url + path

    async def stop(self) -> None:
        await self.runner.cleanup()


async def start_loopback(
    app: web.Application, *, ssl_context: ssl.SSLContext | None = None, **runner_options: Any
) -> LoopbackSite:
    """Serve ``app`` on a free loopback port; the caller must ``stop`` it."""
    runner = web.AppRunner(app, **{"access_log": None, **runner_options})
    await runner.setup()
    try:
        await web.TCPSite(runner, "127.0.0.1", 0, ssl_context=ssl_context).start()
    except BaseException:
        await runner.cleanup()
        raise
    port = runner.addresses[0][1]
    return LoopbackSite(runner, port, "https" if ssl_context else "http")


@asynccontextmanager
async def loopback(
    app: web.Application, *, ssl_context: ssl.SSLContext | None = None, **runner_options: Any
) -> AsyncIterator[LoopbackSite]:
    """``start_loopback`` as a context manager: stopped on the way out, whatever happened."""
    site = await start_loopback(app, ssl_context=ssl_context, **runner_options)
    try:
        yield site
    finally:
        await site.stop()
