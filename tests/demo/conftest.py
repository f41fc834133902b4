"""Fixtures for the demo tests: a running demo on loopback, an HTTP client, a subscriber."""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest
from aiohttp import web
from demo_support import FAST, Subscriber
from helpers.loopback import loopback

from explorer.demo import RunningDemo, start_demo


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    running = await start_demo(**FAST)
    try:
        yield running
    finally:
        await running.stop()


@pytest.fixture(scope="session")
def tls_context() -> ssl.SSLContext:
    """Built once: loading the CA bundle costs ~0.3 s per httpx client otherwise."""
    return ssl.create_default_context()


@pytest.fixture
async def client(tls_context: ssl.SSLContext) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(timeout=5.0, verify=tls_context) as http:
        yield http


@asynccontextmanager
async def serving(sub: Subscriber, name: str) -> AsyncIterator[Subscriber]:
    """``sub`` answering on its own loopback port, as callback ``name``."""
    app = web.Application()
    app.router.add_get("/callback", sub.get)
    app.router.add_post("/callback", sub.post)
    async with loopback(app) as site:
        sub.url = site.url(f"/callback?sub={name}")
        yield sub


@pytest.fixture
async def subscriber() -> AsyncIterator[Subscriber]:
    async with serving(Subscriber(), "1") as sub:
        yield sub


@pytest.fixture
async def witness() -> AsyncIterator[Subscriber]:
    """A second subscriber whose delivery shows that distribution ran."""
    async with serving(Subscriber(), "witness") as sub:
        yield sub
