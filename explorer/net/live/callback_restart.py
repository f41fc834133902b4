"""Where the callback server listens after a restart, and what happens when that moved.

Hubs call each subscription at the callback URL it was registered with (WebSub §5.1).
A new start must therefore answer the same URLs: the port and the public URL live
stored subscriptions use are bound again. When that is impossible (another program
took the port, the user chose another port or public URL) every live subscription is
subscribed again on the new callback URL and the old one unsubscribed, with one
``callback-moved`` event per subscription (docs/architecture.md, "Restarts and the callback URL").
``listen`` and the window both
start their callback server here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from explorer.core.words.messages import Phrase, said
from explorer.net.live import subscriber_events as ev
from explorer.net.live.callback.callback_server import (
    CALLBACK_PREFIX,
    DEFAULT_MAX_BODY,
    CallbackServer,
)
from explorer.net.live.subscriber import Subscriber
from explorer.net.live.subscription import FINAL_STATES, State, Subscription
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog

_LIVE = frozenset(State) - FINAL_STATES - {State.UNSUBSCRIBING}


@dataclass(frozen=True, slots=True)
class StoredCallback:
    """The callback place live stored subscriptions were registered at."""

    port: int | None  # the bound port, when hubs call it directly
    public_url: str | None  # the public base URL (tunnel, reverse proxy), when one was used


@dataclass(slots=True)
class CallbackStart:
    """The started server and what the user should be told about the choice."""

    server: CallbackServer
    notes: list[Phrase] = field(default_factory=list)


def stored_callback(store: Store, host: str) -> StoredCallback | None:
    """Where the newest live stored subscription is called back, or None."""
    rows = sorted(store.subscriptions(), key=lambda row: row.get("created") or 0, reverse=True)
    for row in rows:
        if row["state"] not in _LIVE:
            continue
        url, path = row["callback_url"], f"{CALLBACK_PREFIX}{row['callback_path']}"
        if not url.endswith(path):
            continue
        base = url[: -len(path)]
        parts = urlsplit(base)
        local = parts.scheme == "http" and parts.hostname == host and not parts.path
        if local and parts.port:
            return StoredCallback(parts.port, None)
        return StoredCallback(None, base)
    return None


async def start_callback_server(
    store: Store,
    host: str,
    port: int | None,
    public_url: str | None,
    *,
    exchange_log: ExchangeLog | None = None,
    max_body: int = DEFAULT_MAX_BODY,
) -> CallbackStart:
    """Bind ``port`` (None: the stored subscriptions' port, else any free one) with
    ``public_url`` (None: the stored one). A stored port that is taken falls back to a
    free port, with a note; an explicitly asked port that is taken raises ``OSError``."""
    stored = stored_callback(store, host) if port is None or public_url is None else None
    notes: list[Phrase] = []
    chosen_url = public_url or (stored.public_url if stored else None)
    if port is None and stored is not None and stored.port is not None:
        server = CallbackServer(
            host, stored.port, public_url=chosen_url, max_body=max_body, exchange_log=exchange_log
        )
        try:
            await server.start()
            return CallbackStart(server, notes)
        except OSError as exc:
            await server.stop()
            notes.append(said("events.reason-port-taken", port=stored.port, reason=exc.strerror))
    server = CallbackServer(
        host, port or 0, public_url=chosen_url, max_body=max_body, exchange_log=exchange_log
    )
    await server.start()
    return CallbackStart(server, notes)


async def move_stale_subscriptions(
    subscriber: Subscriber, *, secret: str | None = None
) -> list[Subscription]:
    """Subscribe again each live subscription whose callback URL this server no longer
    answers; each old one is unsubscribed and gets a ``callback-moved`` event."""
    return [await subscriber.move(sub, secret=secret) for sub in subscriber.stale_subscriptions()]


def live_subscriptions(subscriber: Subscriber) -> list[Subscription]:
    """Subscriptions a hub may still deliver to: what a change of callback URL concerns."""
    return [sub for sub in subscriber.subscriptions.values() if sub.state in _LIVE]


def to_move(subscriber: Subscriber) -> list[Subscription]:
    """Live subscriptions still called at another URL than the one hubs are given now (a
    public URL was set or changed): what moving to it would touch."""
    server = subscriber.server
    return [
        sub
        for sub in live_subscriptions(subscriber)
        if sub.callback_url != server.callback_url(sub.callback_path)
    ]


async def move_to_current_callback(
    subscriber: Subscriber, wait: float
) -> list[tuple[Subscription, bool]]:
    """Move each subscription of ``to_move`` in one step: subscribe again on the current
    callback URL, and only once the hub verified the new one, unsubscribe the old. When
    the new one fails (the hub cannot reach the public URL), the old one stays active and
    an event on it says why; a replacement not verified within ``wait`` seconds counts
    as failed. Returns (old, moved) pairs."""
    outcomes = []
    for old in to_move(subscriber):
        new = await subscriber.subscribe(
            old.topic, old.hub, channel_capability=old.channel_capability
        )
        state = await subscriber.wait_settled(new, wait)
        moved = state == State.ACTIVE
        if moved:
            subscriber.pipeline.emit(
                old,
                ev.MOVED,
                message=said("events.reason-moved-to", callback=new.callback_url, id=new.id),
            )
            await subscriber.unsubscribe(old, wait=False)
        else:
            if not new.final:  # never verified: end it here, the hub's word will not come
                await subscriber.abandon(new, said("events.reason-move-not-verified"))
            subscriber.pipeline.emit(
                old,
                ev.ERROR,
                message=said(
                    "events.reason-move-failed",
                    callback=new.callback_url,
                    reason=new.reason or state,
                    old=old.callback_url,
                ),
            )
        outcomes.append((old, moved))
    return outcomes
