"""``listen`` stopped by SIGTERM while its subscription is still pending at a hub that
never verifies: the unsubscription is sent, an event says so, and the store row ends."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from aiohttp import web
from helpers.loopback import loopback

from explorer.cli.listen import UNSUBSCRIBE_WAIT
from explorer.net.store.database import Store


class SilentHub:
    """Accepts every request with 202 and never verifies (WebSub §5.3 never happens)."""

    def __init__(self) -> None:
        self.forms: list[dict[str, str]] = []
        self.url = ""

    async def handle(self, request: web.Request) -> web.Response:
        self.forms.append(dict(parse_qsl((await request.read()).decode())))
        return web.Response(status=202)

    def modes(self) -> list[str]:
        return [form.get("hub.mode", "") for form in self.forms]


@pytest.fixture
async def silent_hub() -> AsyncIterator[SilentHub]:
    hub = SilentHub()
    app = web.Application()
    app.router.add_post("/hub", hub.handle)
    async with loopback(app) as site:
        hub.url = site.url("/hub")
        yield hub


async def test_sigterm_with_a_pending_subscription_ends_it_with_an_event(
    silent_hub: SilentHub, tmp_path: Path
) -> None:
    store_path = tmp_path / "store.sqlite3"
    topic = "http://127.0.0.1:9/never-fetched/changes.xml"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        "--topic",
        topic,
        "--hub",
        silent_hub.url,
        "--store",
        str(store_path),
        "--json",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        async with asyncio.timeout(30):  # the signal handler is in place before subscribing
            while "subscribe" not in silent_hub.modes():
                await asyncio.sleep(0.02)
        proc.send_signal(signal.SIGTERM)
        stopped = time.monotonic()
        async with asyncio.timeout(60):  # a hang bound, not a speed measurement
            out, err = await proc.communicate()
        took = time.monotonic() - stopped
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.communicate()
    assert proc.returncode == 0, err.decode()
    # nothing to wait for: the hub never verified, so listen does not sit out the wait
    # for a verified unsubscription (about 1 s here; the bound is that whole wait)
    assert took < UNSUBSCRIBE_WAIT, took
    events = [json.loads(line) for line in out.decode().splitlines()]
    ended = [event for event in events if event["event"] == "unsubscribed"]
    assert len(ended) == 1, events
    assert ended[0]["state"] == "ended"
    assert "never verified the subscription" in ended[0]["reason"]
    assert "websub.verification-timeout" in {f["code"] for f in ended[0]["findings"]}
    assert silent_hub.modes() == ["subscribe", "unsubscribe"]
    store = Store(store_path)
    try:
        assert [row["state"] for row in store.subscriptions()] == ["ended"]
    finally:
        store.close()
