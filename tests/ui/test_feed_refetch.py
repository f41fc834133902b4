"""No head-of-line blocking in the live feed: a framework notification's row appears when it
is stored, its diff later as an update of that row, and a refetch held for seconds does
not hold up the next change notification's row."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback

from explorer.core.push.signatures import sign
from explorer.net.live.subscription import State
from explorer.ui.live.feed_model import CHANGE, FRAMEWORK

HOLD_SECONDS = 30.0
"""A safety bound only: the test releases the held refetch itself."""
HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">'
)


class SlowSource:
    """Serves one Resource List, each request held until ``gate`` is set (a Source that
    takes seconds to answer)."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.asked = 0
        self.answered = 0
        self.url = ""
        self._site: LoopbackSite | None = None

    async def handle(self, request: web.Request) -> web.Response:
        self.asked += 1
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.gate.wait(), HOLD_SECONDS)
        self.answered += 1
        body = f'{HEAD}<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>'
        body += "<url><loc>http://127.0.0.1/r1</loc></url></urlset>"
        return web.Response(body=body.encode(), content_type="application/xml")

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/list.xml", self.handle)
        self._site = await start_loopback(app)
        self.url = self._site.url("/list.xml")

    async def stop(self) -> None:
        self.gate.set()
        if self._site is not None:
            await self._site.stop()


@pytest.fixture
def slow_source(run) -> Iterator[SlowSource]:
    source = SlowSource()
    run(source.start())
    yield source
    run(source.stop())


def subscribe(window: Any, run: Any, capability: str) -> Any:
    services = window.services
    channel = next(c for c in services.demo.channels if c.capability == capability)
    view = run(services.subscribe(channel.topic, channel.hub))
    assert run(services.wait_settled(view, 10)) == State.ACTIVE
    return view


def deliver(sub: Any, body: bytes) -> None:
    """POST a signed delivery to the callback, as a hub would (WebSub §7)."""
    headers = {
        "Content-Type": "application/xml",
        "Link": f'<{sub.topic}>; rel="self", <{sub.hub}>; rel="hub"',
        "X-Hub-Signature": sign(sub.secret, body),
    }
    with httpx.Client(trust_env=False, timeout=20) as client:
        assert client.post(sub.callback_url, content=body, headers=headers).status_code == 200


def framework_notification(loc: str) -> bytes:
    md = '<rs:md capability="framework-notification"/>'
    entry = f'<url><loc>{loc}</loc><rs:md change="updated" capability="resourcelist"/></url>'
    return f"{HEAD}{md}{entry}</urlset>".encode()


def change_notification(marker: str) -> bytes:
    md = (
        '<rs:md capability="change-notification" from="2026-01-01T00:00:00Z" '
        'until="2026-01-01T00:01:00Z"/>'
    )
    entry = (
        f"<url><loc>http://127.0.0.1/{marker}</loc>"
        '<rs:md change="updated" datetime="2026-01-01T00:01:00Z"/></url>'
    )
    return f"{HEAD}{md}{entry}</urlset>".encode()


def rows(window: Any, kind: str) -> list[Any]:
    model = window.panels.feed.model
    return [model.item(row) for row in range(model.rowCount()) if model.item(row).kind == kind]


def test_a_held_refetch_does_not_delay_the_next_change_row(
    window, qtbot, run, slow_source: SlowSource
) -> None:
    run(window.services.start_demo())
    window.services.demo.set_rate(0)
    framework = subscribe(window, run, "framework-notification")
    changes = subscribe(window, run, "change-notification")
    marker = f"after-{secrets.token_hex(4)}"

    deliver(framework, framework_notification(slow_source.url))
    qtbot.waitUntil(lambda: slow_source.asked == 1, timeout=10_000)
    deliver(changes, change_notification(marker))
    # Both rows while the refetch is still held: nothing waits for it.
    qtbot.waitUntil(lambda: any(marker in item.text() for item in rows(window, CHANGE)))
    [held] = rows(window, FRAMEWORK)
    assert slow_source.answered == 0 and held.diff is None and held.diff_pending

    slow_source.gate.set()
    qtbot.waitUntil(lambda: not held.diff_pending, timeout=10_000)
    assert rows(window, FRAMEWORK) == [held]  # updated in place, not a second row
    [entry] = held.diff
    assert entry["loc"] == slow_source.url and entry["reason"]
