"""What the 2012 draft's two push forms (core 0.1-alpha §5.2) share as transports on the seam.

Both sit beside WebSub's ``Subscriber`` and borrow its parts rather than copy them: its
``SubscriptionBook`` (rows committed before they are announced, the views), its
``EventPipeline`` (listeners, diffs, ``listen`` and the window's feed) and its
``DeliveryIntake`` (checks, store, then the answer, then the sinks). So a Change Set they
receive is stored, shown and forwarded exactly as a WebSub delivery is; the only thing
that tells them apart is the subscription's ``flavour`` (``legacy_push.XMPP`` or
``legacy_push.CALLBACK``), which the intake's checks read to skip WebSub's header rules
and to read the Change Set as a change notification.

A 2012 subscription lasts one run: the forms have no lease to renew, and the callback form
has no unsubscription, so a row left live by an earlier run is ended at ``start``.
"""

from __future__ import annotations

import time

from explorer.core import catalog
from explorer.core.findings import Finding
from explorer.core.push.legacy_push import FORMS, PUSHED_CAPABILITY
from explorer.net.live import subscriber_events as ev
from explorer.net.live.subscriber import Subscriber
from explorer.net.live.subscription import State, Subscription, new_callback_token


class LegacyTransportBase:
    """The bookkeeping both 2012 transports share; each adds how it subscribes and stops."""

    def __init__(self, subscriber: Subscriber) -> None:
        self.subscriber = subscriber
        self.book = subscriber.book
        self.intake = subscriber.intake
        self.pipeline = subscriber.pipeline

    async def start(self) -> None:
        """End the 2012 rows an earlier run left live (call before ``Subscriber.start``,
        so WebSub never restores them as its own)."""
        await end_leftovers(self.subscriber)

    async def renew(self, sub: Subscription | str) -> None:
        """The 2012 forms have no lease: nothing to renew."""

    def new_subscription(
        self, topic: str, hub: str, flavour: str, callback_url: str | None = None
    ) -> Subscription:
        """A row for a 2012 subscription: its own unguessable token (``callback_url``
        defaults to the callback server's URL for it), no secret, read as change
        notifications."""
        token = new_callback_token()
        now = time.time()
        return Subscription(
            id=token[:12],
            topic=topic,
            hub=hub,
            callback_path=token,
            callback_url=callback_url or self.subscriber.server.callback_url(token),
            secret=None,
            flavour=flavour,
            channel_capability=PUSHED_CAPABILITY,
            created=now,
            updated=now,
        )

    async def activate(self, sub: Subscription, message: str, notes: list[Finding]) -> None:
        sub.transition(State.ACTIVE, message)
        await self.book.save(sub)
        self.pipeline.emit(
            sub, ev.SUBSCRIBE_REQUESTED, flavour=sub.flavour, message=message, findings=notes
        )

    async def fail(self, sub: Subscription, message: str, notes: list[Finding]) -> None:
        if sub.state != State.FAILED:
            sub.transition(State.FAILED, message)
        await self.book.save(sub)
        self.pipeline.emit(sub, ev.ERROR, flavour=sub.flavour, message=message, findings=notes)

    async def end(self, sub: Subscription, reason: str) -> None:
        """Final here, with an event: from now on the intake answers its deliveries 410."""
        if sub.final:
            return
        if sub.state != State.UNSUBSCRIBING:
            sub.transition(State.UNSUBSCRIBING, reason)
        sub.transition(State.ENDED, reason)
        await self.book.save(sub)
        self.pipeline.emit(sub, ev.UNSUBSCRIBED, flavour=sub.flavour, reason=reason)


async def end_leftovers(subscriber: Subscriber) -> None:
    """End every live 2012 row of the store (see the module's docstring)."""
    reason = catalog.text("legacy_push.not-resumed")
    for row in subscriber.store.subscriptions():
        sub = Subscription.from_row(row)
        if sub.flavour not in FORMS or sub.final:
            continue
        if sub.state != State.UNSUBSCRIBING:
            sub.transition(State.UNSUBSCRIBING, reason)
        sub.transition(State.ENDED, reason)
        await subscriber.store.save_subscription(sub.to_row())
