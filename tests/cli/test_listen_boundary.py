"""``listen`` against fan-out and stalling, from outside: SIGTERM while 300 topics are
being subscribed at a hub that takes 30 s to answer (before, the signal took effect only
after the last topic, 300 × the request timeout), and a Capability List naming 20,000
channels (before, 20,000 subscription requests)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

from aiohttp import web
from helpers.hostile_http import loopback_app

from explorer.cli.listen import MAX_CHANNELS, UNSUBSCRIBE_WAIT
from explorer.net.store.database import Store

TOPICS = 300


CHANNELS = 20_000
RS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/"'


@contextlib.asynccontextmanager
async def hub_and_list(delay: float) -> AsyncIterator[tuple[str, list[str]]]:
    """A hub at ``/hub`` that holds every request ``delay`` seconds, then answers 202 (and
    never verifies), and at ``/capabilitylist.xml`` a Capability List naming
    ``CHANNELS`` change-notification channels, each with that hub."""
    modes: list[str] = []

    async def hub(request: web.Request) -> web.Response:
        modes.append(str((await request.post()).get("hub.mode", "")))
        await asyncio.sleep(delay)
        return web.Response(status=202)

    async def capability_list(request: web.Request) -> web.Response:
        entries = "".join(
            f'<url><loc>{base}/channel/{i}</loc><rs:md capability="change-notification"/>'
            f'<rs:ln rel="hub" href="{base}/hub"/></url>'
            for i in range(CHANNELS)
        )
        body = (
            f'<urlset {RS}><rs:ln rel="up" href="{base}/sd.xml"/>'
            f'<rs:md capability="capabilitylist"/>{entries}</urlset>'
        )
        return web.Response(text=body, content_type="application/xml")

    app = web.Application()
    app.router.add_post("/hub", hub)
    app.router.add_get("/capabilitylist.xml", capability_list)
    async with loopback_app(app) as base:
        yield base, modes


async def listen(*argv: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "explorer", "listen", *argv, "--json",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip


async def stop(proc: asyncio.subprocess.Process) -> tuple[bytes, bytes, float]:
    """SIGTERM, then the output and the seconds ``listen`` took to exit."""
    proc.send_signal(signal.SIGTERM)
    stopped = time.monotonic()
    try:
        async with asyncio.timeout(60):  # a hang bound, not a speed measurement
            out, err = await proc.communicate()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.communicate()
    return out, err, time.monotonic() - stopped


async def test_sigterm_while_subscribing_three_hundred_topics(tmp_path: Path) -> None:
    store_path = tmp_path / "store.sqlite3"
    topics = [arg for i in range(TOPICS) for arg in ("--topic", f"http://127.0.0.1:9/t/{i}")]
    async with hub_and_list(delay=30) as (base, modes):
        proc = await listen(*topics, "--hub", f"{base}/hub", "--store", str(store_path))
        async with asyncio.timeout(30):
            while "subscribe" not in modes and proc.returncode is None:
                await asyncio.sleep(0.02)
        out, err, took = await stop(proc)
    print(f"listen stopped {took:.2f} s after SIGTERM with {TOPICS} topics pending")
    assert proc.returncode == 0, err.decode()
    assert took < UNSUBSCRIBE_WAIT, took  # before: the whole list, 300 × 15 s
    assert modes.count("subscribe") == 1  # no further topic was started after the signal
    events = [json.loads(line) for line in out.decode().splitlines()]
    ended = [event for event in events if event["event"] == "unsubscribed"]
    assert len(ended) == 1 and ended[0]["state"] == "ended", events
    store = Store(store_path)
    try:
        assert [row["state"] for row in store.subscriptions()] == ["ended"]
    finally:
        store.close()


async def test_a_capability_list_of_twenty_thousand_channels(tmp_path: Path) -> None:
    async with hub_and_list(delay=0) as (base, modes):
        proc = await listen(
            "--topic", f"{base}/capabilitylist.xml", "--store", str(tmp_path / "s.sqlite3")
        )
        async with asyncio.timeout(60):
            while modes.count("subscribe") < MAX_CHANNELS and proc.returncode is None:
                await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # room for any request past the cap to arrive
        _, err, _ = await stop(proc)
    print(f"{modes.count('subscribe')} subscription requests for {CHANNELS:,} channels")
    assert modes.count("subscribe") == MAX_CHANNELS, err.decode()
    assert f"names {CHANNELS:,} notification channels" in err.decode()
