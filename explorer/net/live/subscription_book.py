"""The subscriptions of one subscriber, kept in step with the store and its watchers.

Every state change is committed (``save``) before it is announced; ``settle`` brackets
a change made from outside the user's own call (a verification, a timer) so that
``wait_settled`` and ``close`` wait for its event too. Views for other threads are made
here, on the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from explorer.core.phrase import Phrase
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import CallbackServer, CallbackTarget
from explorer.net.live.restore_check import RestoreCheck
from explorer.net.live.subscription import (
    CHECKING,
    NOT_CONFIRMED,
    State,
    Subscription,
    SubscriptionView,
)
from explorer.net.store.database import Store

ViewsListener = Callable[[list[SubscriptionView]], None]
BUSY = (State.REQUESTED, State.PENDING, State.RENEWING, State.UNSUBSCRIBING)


class SubscriptionBook:
    """Subscriptions by id and by callback token, their commits and their views."""

    def __init__(self, store: Store, server: CallbackServer) -> None:
        self.store = store
        self.server = server
        self.subscriptions: dict[str, Subscription] = {}
        self.by_token: dict[str, Subscription] = {}
        self.view_listeners: list[ViewsListener] = []
        self.renewal_errors: dict[str, Phrase] = {}
        self.restore = RestoreCheck()
        self._settling: dict[str, int] = {}  # sub id -> changes whose event is not out yet
        self._changed = asyncio.Condition()

    def find(self, sub: Subscription | str) -> Subscription:
        return self.subscriptions[sub] if isinstance(sub, str) else sub

    def adopt(self, sub: Subscription, target: CallbackTarget) -> None:
        self.subscriptions[sub.id] = sub
        self.by_token[sub.callback_path] = sub
        self.server.register(sub.callback_path, target)

    def stale(self, sub: Subscription) -> bool:
        """Live, but registered at a callback URL this server no longer answers on (never
        one of a transport whose rows last one run: such a row is not moved)."""
        if sub.final or not transports.facts(sub.transport).resumes_after_restart:
            return False
        return not self.server.answers(sub.callback_url, sub.callback_path)

    async def save(self, sub: Subscription) -> None:
        if sub.final or sub.state == State.UNSUBSCRIBING:
            self.restore.forget(sub.id)  # nothing left to confirm
        await self.store.save_subscription(sub.to_row())
        self.views_changed()
        async with self._changed:
            self._changed.notify_all()

    @contextlib.asynccontextmanager
    async def settle(self, sub: Subscription) -> AsyncIterator[None]:
        """Bracket a state change made from outside the user's own call (a verification,
        a timer): its commit and its event.

        The state flips before the commit is awaited, so a duplicate verification gets 404
        meanwhile; but the change is done only once its event is emitted: until then
        ``wait_settled`` keeps waiting and ``close`` keeps the event feed open.
        """
        self._settling[sub.id] = self._settling.get(sub.id, 0) + 1
        try:
            yield
        finally:
            left = self._settling.pop(sub.id) - 1
            if left:
                self._settling[sub.id] = left
            async with self._changed:
                self._changed.notify_all()

    async def wait_settled(self, sub: Subscription, timeout: float | None = None) -> State:
        """Wait until ``sub`` leaves requested/pending/renewing/unsubscribing, and the event
        of the change that made it leave is emitted."""
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._changed.wait_for(
                        lambda: sub.state not in BUSY and sub.id not in self._settling
                    )
        return sub.state

    async def wait_quiet(self, timeout: float) -> None:
        """Wait (at most ``timeout``) until no change is still on its way to its event."""
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._changed.wait_for(lambda: not self._settling)

    def state_of(self, sub: Subscription) -> str:
        """The state an event says: a restored subscription whose hub has not confirmed it
        is ``checking`` or ``not confirmed`` (as its row is), never ``active`` beside the
        event that says its hub is gone."""
        if sub.id in self.restore.checking:
            return CHECKING
        if sub.id in self.restore.unconfirmed:
            return NOT_CONFIRMED
        return str(sub.state)

    def view(self, sub: Subscription) -> SubscriptionView:
        """An immutable view of ``sub`` for other threads (made on this loop)."""
        elsewhere = not transports.facts(sub.transport).serves_callback_url  # e.g. a JID
        served = self.server.callback_url(sub.callback_path)
        return SubscriptionView.of(
            sub,
            serving_url=sub.callback_url if elsewhere else served,
            served=elsewhere or self.server.answers(sub.callback_url, sub.callback_path),
            renewal_error=self.renewal_errors.get(sub.id),
            checking=sub.id in self.restore.checking,
            unconfirmed=self.restore.unconfirmed.get(sub.id),
        )

    def snapshot(self) -> list[SubscriptionView]:
        """Immutable views of every subscription."""
        return [self.view(sub) for sub in self.subscriptions.values()]

    def views_changed(self) -> None:
        if self.view_listeners:
            views = self.snapshot()
            for listener in list(self.view_listeners):
                listener(views)
