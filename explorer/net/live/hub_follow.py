"""Subscriptions follow a hub that moved to another origin (the embedded demo's new port).

The window's demo Source and hub live in the window: a relaunch binds the port it had
when it can (``stored_demo_origin`` reads it from the stored subscriptions), and when it
cannot, the demo's topics and hub have a new origin. A subscription names its topic and
hub by URL (WebSub §5.1), so nothing reaches the old ones; each live subscription there
is subscribed again at the same paths on the new origin, and the old one is ended here
with the reason, so the row says what happened instead of waiting on a gone hub.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from explorer.core.words.messages import said
from explorer.net.live import subscriber_events as ev
from explorer.net.live.subscriber import Subscriber
from explorer.net.live.subscription import FINAL_STATES, State, Subscription
from explorer.net.store.database import Store

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/"


def stored_demo_origin(store: Store, hub_path: str = "/hub") -> str | None:
    """The loopback origin the newest live stored subscription to a demo-like hub (its
    topic on the hub's own origin, the hub at ``hub_path``) was made at, or None."""
    rows = sorted(store.subscriptions(), key=lambda row: row.get("created") or 0, reverse=True)
    for row in rows:
        if State(row["state"]) in FINAL_STATES:
            continue
        hub = urlsplit(row["hub"] or "")
        demo_like = hub.hostname in _LOOPBACK and hub.path == hub_path and hub.port
        if demo_like and origin_of(row["topic"]) == origin_of(row["hub"]):
            return origin_of(row["hub"])
    return None


def moved_subscriptions(subscriber: Subscriber, old_origin: str) -> list[Subscription]:
    """Live subscriptions whose topic and hub are both on ``old_origin``."""
    return [
        sub
        for sub in subscriber.subscriptions.values()
        if not sub.final
        and sub.state != State.UNSUBSCRIBING
        and sub.hub.startswith(old_origin)
        and sub.topic.startswith(old_origin)
    ]


async def follow_moved_hub(
    subscriber: Subscriber, old_origin: str, new_origin: str
) -> list[Subscription]:
    """Subscribe again on ``new_origin`` each live subscription on ``old_origin``; the old
    one gets a ``callback-moved`` event naming the new one and is ended here (its hub is
    gone, so no unsubscription can reach it; the answer to a check still in flight is
    then ignored)."""
    made = []
    for old in moved_subscriptions(subscriber, old_origin):
        topic = new_origin + old.topic.removeprefix(old_origin)
        hub = new_origin + old.hub.removeprefix(old_origin)
        new = await subscriber.subscribe(topic, hub, channel_capability=old.channel_capability)
        made.append(new)
        why = said("events.reason-hub-moved", old=old_origin, new=new_origin, id=new.id)
        subscriber.pipeline.emit(old, ev.MOVED, message=why)
        await subscriber.abandon(old, why)
    return made
