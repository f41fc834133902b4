"""A live session's forwarders: each a sink of the intake, and the outbox row the intake
commits with each accepted delivery, looked up by subscription.

``listen --forward`` has one forwarder for every subscription (key None); the window one
per forwarded subscription, started and stopped while the session runs and kept across
restarts of its callback server. Either way the intake asks ``queue_with`` inside the
delivery's own transaction, so what the hub heard 2xx for is already queued on disk.
"""

from __future__ import annotations

from explorer.net.live.delivery_intake import DeliveryIntake
from explorer.net.live.forwarding.forwarder import Forwarder, ForwardTarget
from explorer.net.live.subscription import Subscription
from explorer.net.store.database import InTransaction, Store


class Forwarders:
    """Forwarders by subscription id (None: one for every subscription)."""

    def __init__(self, by_subscription: dict[str | None, Forwarder] | None = None) -> None:
        self.by_subscription = {} if by_subscription is None else by_subscription
        self._intake: DeliveryIntake | None = None

    def attach(self, intake: DeliveryIntake) -> None:
        """Before any delivery: the intake commits outbox rows and tells each forwarder."""
        self._intake = intake
        intake.forward = self.queue_with
        for forwarder in self.by_subscription.values():
            if forwarder not in intake.sinks:
                intake.sinks.append(forwarder)

    def detach(self) -> None:
        intake, self._intake = self._intake, None
        if intake is not None:
            intake.forward = None
            for forwarder in self.by_subscription.values():
                if forwarder in intake.sinks:
                    intake.sinks.remove(forwarder)

    async def start(self, store: Store, target: ForwardTarget, key: str | None = None) -> Forwarder:
        """On the loop: a forwarder of ``key``'s deliveries (None: all) to ``target``, its
        outbox ready and draining what an earlier run left, then told of each delivery."""
        forwarder = Forwarder(store, target, key)
        await forwarder.start()
        self.add(key, forwarder)
        return forwarder

    def add(self, key: str | None, forwarder: Forwarder) -> None:
        """On the loop: forward ``key``'s deliveries (None: all) through a started forwarder."""
        self.by_subscription[key] = forwarder
        if self._intake is not None and forwarder not in self._intake.sinks:
            self._intake.sinks.append(forwarder)

    def remove(self, key: str | None) -> Forwarder | None:
        """On the loop: stop telling ``key``'s forwarder of deliveries; the caller closes it."""
        forwarder = self.by_subscription.pop(key, None)
        if forwarder is not None and self._intake is not None and forwarder in self._intake.sinks:
            self._intake.sinks.remove(forwarder)
        return forwarder

    def queue_with(self, sub: Subscription) -> InTransaction | None:
        """What the intake commits with ``sub``'s accepted delivery (None: not forwarded)."""
        forwarder = self.by_subscription.get(sub.id) or self.by_subscription.get(None)
        return forwarder.queue_with(sub.id) if forwarder is not None else None

    async def close(self) -> None:
        """Stop every forwarder; what is queued stays on disk for the next start."""
        for key in list(self.by_subscription):
            forwarder = self.remove(key)
            if forwarder is not None:
                await forwarder.close()
