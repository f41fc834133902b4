"""The live side's seams: how notifications are pushed to the explorer, and what follows
once a delivery is safely stored.

transport → intake → store → sinks. A ``PushTransport`` asks a hub for notifications
and takes them in; each delivery enters through ``DeliveryIntake.take`` (checks, then the
store, then the acknowledgement); after that, every ``DeliverySink`` hears of it.

Three transports are peers here, each looked up by kind in ``live.transports``: WebSub
(``explorer.net.live.subscriber.Subscriber``), and the 2012 ResourceSync alpha draft's two
(§5.2): XMPP PubSub, where the subscription is an XMPP request and items arrive as
stanzas, and a plain HTTP callback, a form POST of ``callbackURI`` with no verification
and no signature. Each subscribes, unsubscribes, (maybe) renews and stops in its own way,
and hands a body with its headers (none, for XMPP) to the same intake: its reply's status
is the acknowledgement, which an XMPP transport maps to its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from explorer.net.live.callback.callback_server import Delivery, Reply
from explorer.net.live.subscription import Subscription
from explorer.net.store.records import NotificationRecord

if TYPE_CHECKING:
    from explorer.net.live.hub_discovery import DiscoveredChannel


class PushTransport(Protocol):
    """One way of being pushed notifications: subscriptions in, deliveries to the intake.

    A new one is a class with these methods and ``for_session`` (``parts.SessionTransport``)
    and one line in ``live.transports.REGISTRY`` stating its facts; ``LiveSession`` makes
    it on the session's shared parts."""

    async def subscribe_channel(
        self, channel: DiscoveredChannel, *, secret: str | None = None
    ) -> Subscription:
        """Subscribe to a channel discovery found (its form names this transport)."""
        ...

    async def start(self) -> None:
        """Restore stored subscriptions and begin taking deliveries."""

    async def subscribe(self, topic: str, hub: str | None = None) -> Subscription:
        """Ask ``hub`` (found from ``topic`` when None) to push ``topic``'s notifications."""
        ...

    async def unsubscribe(self, sub: Subscription | str, *, wait: bool = True) -> None:
        """Ask the hub to stop; deliveries for ``sub`` are refused from now on."""

    async def renew(self, sub: Subscription | str) -> None:
        """Extend a lease now; a transport without leases does nothing."""

    async def close(self, *, unsubscribe: bool = False) -> None:
        """Stop timers and intake (optionally unsubscribing every live subscription)."""


class DeliveryEntry(Protocol):
    """Where a transport hands each received delivery: the reply is sent only after the
    delivery is on disk (a 2xx means stored), so SIGKILL loses nothing acknowledged."""

    async def take(self, sub: Subscription, delivery: Delivery) -> Reply: ...


class DeliverySink(Protocol):
    """Told of each delivery once it is stored and its acknowledgement decided.

    Called on the event loop after the commit, never before the reply: a sink must only
    queue its work (on disk, if it must survive a crash) and return at once. It cannot
    delay the hub's 2xx or hold up the next delivery; an exception it raises is reported
    as an event and the other sinks still hear of the delivery.
    """

    def delivered(self, record: NotificationRecord) -> None: ...
