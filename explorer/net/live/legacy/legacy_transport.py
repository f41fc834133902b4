"""What the 2012 draft's two push forms (core 0.1-alpha §5.2) share as transports.

Each is a ``PushTransport`` of its own on a session's shared parts (``LiveParts``): rows
through the ``SubscriptionBook`` (committed before announced), deliveries through the
``DeliveryIntake`` (checks, store, then the answer, then the sinks) and events through
the ``EventPipeline``, exactly as WebSub's. So a Change Set they receive is stored, shown
and forwarded as a WebSub delivery is; the intake reads their registry facts
(``live.transports``) to skip WebSub's header rules and read the Change Set as a change
notification.

A 2012 subscription lasts one run: the forms have no lease to renew, and the callback
form has no unsubscription, so ``LiveSession`` ends a row an earlier run left live
(``end_unresumed``) before any transport starts.
"""

from __future__ import annotations

import time

from explorer.core.findings import Finding
from explorer.core.push.legacy_push import PUSHED_CAPABILITY
from explorer.core.words.messages import Phrase, said
from explorer.net.live import subscriber_events as ev
from explorer.net.live import transports
from explorer.net.live.parts import LiveParts
from explorer.net.live.subscription import State, Subscription, new_callback_token
from explorer.net.store.database import Store


class LegacyTransportBase:
    """The bookkeeping both 2012 transports share; each adds how it subscribes and stops."""

    kind: str  # its registry kind (``live.transports``)

    def __init__(self, parts: LiveParts) -> None:
        self.parts = parts
        self.book = parts.book
        self.intake = parts.intake
        self.pipeline = parts.pipeline
        self.mine: dict[str, Subscription] = {}  # made by this transport in this run

    async def start(self) -> None:
        """Nothing to restore: a 2012 row lasts one run (see the module docstring)."""

    async def renew(self, sub: Subscription | str) -> None:
        """The 2012 forms have no lease: nothing to renew."""

    def new_subscription(
        self, topic: str, hub: str, callback_url: str | None = None
    ) -> Subscription:
        """A row for a 2012 subscription: its own unguessable token (``callback_url``
        defaults to the callback server's URL for it), no secret, read as change
        notifications."""
        token = new_callback_token()
        now = time.time()
        sub = Subscription(
            id=token[:12],
            topic=topic,
            hub=hub,
            callback_path=token,
            callback_url=self.parts.server.callback_url(token)
            if callback_url is None
            else callback_url,
            secret=None,
            transport=self.kind,
            channel_capability=PUSHED_CAPABILITY,
            created=now,
            updated=now,
        )
        self.mine[sub.id] = sub
        return sub

    async def cannot(self, topic: str, hub: str, key: str) -> Subscription:
        """A row for a channel this run cannot subscribe to, failed at once with ``key``."""
        sub = self.new_subscription(topic, hub, "")
        self.book.subscriptions[sub.id] = sub
        await self.fail(sub, said(key), [])
        return sub

    async def activate(self, sub: Subscription, message: Phrase, notes: list[Finding]) -> None:
        sub.transition(State.ACTIVE, message)
        await self.book.save(sub)
        self.pipeline.emit(
            sub, ev.SUBSCRIBE_REQUESTED, flavour=sub.flavour, message=message, findings=notes
        )

    async def fail(self, sub: Subscription, message: Phrase, notes: list[Finding]) -> None:
        if sub.state != State.FAILED:
            sub.transition(State.FAILED, message)
        await self.book.save(sub)
        self.pipeline.emit(sub, ev.ERROR, flavour=sub.flavour, message=message, findings=notes)

    async def end(self, sub: Subscription, reason: Phrase) -> None:
        """Final here, with an event: from now on the intake answers its deliveries 410."""
        if sub.final:
            return
        if sub.state != State.UNSUBSCRIBING:
            sub.transition(State.UNSUBSCRIBING, reason)
        sub.transition(State.ENDED, reason)
        await self.book.save(sub)
        self.pipeline.emit(sub, ev.UNSUBSCRIBED, flavour=sub.flavour, reason=reason)


async def end_unresumed(store: Store) -> None:
    """End every live row of a transport that does not resume after a restart (the 2012
    forms': see the module docstring), so no transport restores it as its own."""
    reason = said("legacy_push.not-resumed")
    for row in store.subscriptions():
        sub = Subscription.from_row(row)
        if sub.final or transports.facts(sub.transport).resumes_after_restart:
            continue
        if sub.state != State.UNSUBSCRIBING:
            sub.transition(State.UNSUBSCRIBING, reason)
        sub.transition(State.ENDED, reason)
        await store.save_subscription(sub.to_row())
