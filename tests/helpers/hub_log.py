"""Whether the demo hub holds a subscription, as its event log tells: the condition a test
waits on before it publishes.

A subscriber turns active once it has answered the hub's verification of intent; the hub
counts it as a subscriber only once it has read that answer (WebSub §5.3). A change
published in between reaches nobody, and a test waiting for its delivery waits until its
timeout: on a busy machine the gap is long enough to be hit. So a test publishes only once
the hub's own log says ``subscribed`` for the callback after its latest request.

The log, not ``Hub.subscriptions()``: in the window's engines the hub runs on the net
loop's thread, and ``subscriptions()`` drops lapsed entries as it reads; the log is copied
at once (``list`` of a deque holds the interpreter lock throughout).
"""

from __future__ import annotations

import asyncio
from typing import Any

from explorer.demo.hub import Hub, HubEvent

GONE = frozenset({"unsubscribed", "expired", "dropped", "forgotten"})
"""Log kinds after which the hub no longer holds the subscription."""
UNVERIFIED = frozenset({"verify-failed", "denied"})
"""Log kinds that end a request without a change to what the hub holds."""


def held(events: list[HubEvent]) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """The (topic, callback) pairs the hub holds, and those whose subscribe request it has
    not yet verified (a held pair being subscribed again is in both: the hub still uses
    the old secret and lease until it reads the answer)."""
    holding: set[tuple[str, str]] = set()
    pending: set[tuple[str, str]] = set()
    for event in events:
        if event.callback is None:
            continue
        pair = (event.topic, event.callback)
        if event.kind == "subscribe-request":
            pending.add(pair)
        elif event.kind == "subscribed":
            pending.discard(pair)
            holding.add(pair)
        elif event.kind in UNVERIFIED:
            pending.discard(pair)
        elif event.kind in GONE:
            holding.discard(pair)
    return holding, pending


def hub_holds(
    hub: Hub, *, callback: str | None = None, topic: str | None = None, count: int = 1
) -> bool:
    """True when the hub holds at least ``count`` subscriptions matching ``callback`` and
    ``topic`` (either may be left out) and is verifying none of them: a change published
    now reaches each of them."""
    holding, pending = held(list(hub.events))

    def matches(pair: tuple[str, str]) -> bool:
        return (topic is None or pair[0] == topic) and (callback is None or pair[1] == callback)

    return not any(map(matches, pending)) and sum(map(matches, holding)) >= count


def wait_until_hub_subscribed(
    qtbot: Any, hub: Hub, callback: str | None, timeout: int = 30_000
) -> None:
    """In a Qt test: spin until the hub holds ``callback`` (``timeout`` in milliseconds)."""
    assert callback, "a subscription with a callback URL"
    qtbot.waitUntil(lambda: hub_holds(hub, callback=callback), timeout=timeout)


async def until_hub_subscribed(
    hub: Hub,
    *,
    callback: str | None = None,
    topic: str | None = None,
    count: int = 1,
    timeout: float = 30.0,
) -> None:
    """In an async test on the hub's loop: poll until :func:`hub_holds` says so."""
    async with asyncio.timeout(timeout):
        while not hub_holds(hub, callback=callback, topic=topic, count=count):
            await asyncio.sleep(0.01)
