"""Helpers for the demo tests: fast demo options and a plain WebSub subscriber.

Kept out of ``conftest.py`` so test modules can import them by name.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx
from aiohttp import web

from explorer.demo import RunningDemo
from explorer.demo.hub import HubEvent

FAST = dict(
    rate=0,
    min_lease=1,
    retry_delay=0.02,
    slow_delivery_seconds=0.3,
    request_timeout=3.0,
    changes_per_list=5,
)


@dataclass
class Delivery:
    headers: dict[str, str]
    body: bytes
    query: dict[str, str]


@dataclass
class Subscriber:
    """A plain WebSub subscriber: echoes challenges only for intents it has pending (§5.3.1)."""

    url: str = ""
    pending: set[tuple[str, str]] = field(default_factory=set)  # (mode, topic)
    verifications: list[dict[str, str]] = field(default_factory=list)
    deliveries: asyncio.Queue[Delivery] = field(default_factory=asyncio.Queue)
    delivery_status: int = 200
    answer: Callable[[dict[str, str]], tuple[int, str]] | None = None

    async def get(self, request: web.Request) -> web.Response:
        query = dict(request.query)
        self.verifications.append(query)
        if self.answer is not None:
            status, text = self.answer(query)
            return web.Response(status=status, text=text)
        intent = (query.get("hub.mode", ""), query.get("hub.topic", ""))
        if intent in self.pending and "hub.challenge" in query:
            self.pending.discard(intent)
            return web.Response(text=query["hub.challenge"])
        return web.Response(status=404)

    async def post(self, request: web.Request) -> web.Response:
        body = await request.read()
        await self.deliveries.put(Delivery(dict(request.headers), body, dict(request.query)))
        return web.Response(status=self.delivery_status)

    async def subscribe(
        self, http: httpx.AsyncClient, hub: str, topic: str, **extra: str
    ) -> httpx.Response:
        self.pending.add(("subscribe", topic))
        form = {"hub.mode": "subscribe", "hub.topic": topic, "hub.callback": self.url, **extra}
        return await http.post(hub, data=form)

    async def unsubscribe(self, http: httpx.AsyncClient, hub: str, topic: str) -> httpx.Response:
        self.pending.add(("unsubscribe", topic))
        form = {"hub.mode": "unsubscribe", "hub.topic": topic, "hub.callback": self.url}
        return await http.post(hub, data=form)

    async def next_delivery(self, timeout: float = 5.0) -> Delivery:
        return await asyncio.wait_for(self.deliveries.get(), timeout)


async def wait_for_event(
    demo: RunningDemo, kind: str, callback: str | None = None, timeout: float = 5.0
) -> None:
    """Wait until the hub's event log shows ``kind`` (for ``callback`` if given)."""

    async def poll() -> None:
        while not any(
            e.kind == kind and (callback is None or e.callback == callback) for e in demo.hub.events
        ):
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


async def wait_until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Poll ``condition`` until it holds (a TimeoutError says it never did)."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)


def record_events(demo: RunningDemo) -> list[HubEvent]:
    """The hub's events from now on, as they happen."""
    seen: list[HubEvent] = []
    demo.hub.listeners.append(seen.append)
    return seen


async def assert_only_the_witness_is_served(
    events: list[HubEvent], topic: str, witness: Subscriber, silent: Subscriber
) -> None:
    """Absence shown by a positive signal: the witness, subscribed to ``topic``, receives
    what was published, and every publication in ``events`` was queued for one subscriber
    (the hub queues at publication time, so a notification for ``silent`` would have been
    counted there)."""
    await witness.next_delivery()
    published = [e for e in events if e.kind == "published" and e.topic == topic]
    assert published and all(e.detail == "1 subscriber(s)" for e in published)
    assert silent.deliveries.empty()


def expected_signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
