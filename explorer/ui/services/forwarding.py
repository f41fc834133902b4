"""Forwarding for the window: each subscription's accepted deliveries POSTed on to the
user's own application, by the same durable ``Forwarder`` as ``listen --forward``.

One ``Forwarder`` per forwarded subscription, each draining its own rows of the store's
outbox (``forward_outbox``) on the net loop. The intake commits a delivery's outbox row
in the delivery's own transaction (``intake.forward``), so what the hub heard 2xx for is
queued on disk; the forwarders are sinks that only wake their task. The window reads
``forwarding_lines`` (the state per subscription) and ``forward_answer`` (per delivery).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any
from urllib.parse import urlsplit

from explorer.net.live.forwarders import Forwarders
from explorer.net.live.forwarding.forward_outbox import ForwardAnswer, ForwardOutbox
from explorer.net.live.forwarding.forwarder import ForwardTarget, describe
from explorer.net.loop_thread import LoopThread
from explorer.net.store.database import Store, StoreError
from explorer.net.store.records import ExchangeRecord


class ForwardingServices:
    """Starts, stops and reads the forwarders; everything they do runs on ``net``.

    The forwarders are the live session's (``LiveSession(forwarders=...)``), kept here
    across restarts of the callback server."""

    store: Store | None
    net: LoopThread
    forwarders: Forwarders

    async def start_forwarding(self, subscription_id: str, target: ForwardTarget) -> None:
        """Forward ``subscription_id``'s accepted deliveries to ``target`` from now on (and
        what its outbox still holds), replacing any target it had."""
        if self.store is None:
            raise StoreError("store.not-open")
        await self.stop_forwarding(subscription_id)
        await self.net.run(self.forwarders.start(self.store, target, subscription_id))

    async def stop_forwarding(self, subscription_id: str) -> None:
        """Stop forwarding; what is still queued stays on disk for the next start."""

        async def on_net() -> None:
            forwarder = self.forwarders.remove(subscription_id)
            if forwarder is not None:
                await forwarder.close()

        if subscription_id in self.forwarders.by_subscription:
            await self.net.run(on_net())

    async def close_forwarding(self) -> None:
        for subscription_id in list(self.forwarders.by_subscription):
            if subscription_id is not None:
                await self.stop_forwarding(subscription_id)

    def forwarding_target(self, subscription_id: str) -> ForwardTarget | None:
        forwarder = self.forwarders.by_subscription.get(subscription_id)
        return forwarder.target if forwarder is not None else None

    def forwarding_lines(self, lang: str) -> dict[str, str]:
        """subscription id → its forwarding state as one line ("forwarding to …", "target
        down since …, N waiting", the last answer)."""
        lines = {}
        for subscription_id, forwarder in list(self.forwarders.by_subscription.items()):
            if subscription_id is None:  # the window forwards per subscription only
                continue
            try:
                lines[subscription_id] = describe(forwarder.state(), lang)
            except StoreError:
                continue
        return lines

    def forward_answer(self, notification_id: int) -> ForwardAnswer | None:
        """What the target answered to a forwarded delivery (its last attempt), if any."""
        for forwarder in list(self.forwarders.by_subscription.values()):
            answer = forwarder.answer(notification_id)
            if answer is not None:
                return answer
        if self.store is None:
            return None
        return ForwardOutbox(self.store).answer(notification_id)

    def delivery_of(self, record: ExchangeRecord) -> int | None:
        """The stored delivery an inspector row of a received delivery is (same callback
        path, same body, stored within a minute of it), or None."""
        if self.store is None or record.direction != "in" or record.kind != "delivery":
            return None
        path = urlsplit(record.url).path.rsplit("/", 1)[-1]
        rows = self.store.read(
            "SELECT n.id FROM notifications n JOIN subscriptions s ON s.id = n.subscription_id "
            "WHERE s.callback_path = ? AND n.received BETWEEN ? AND ? AND n.body = ? "
            "ORDER BY n.id LIMIT 1",
            (path, record.time - 60, record.time + 60, record.request_body or b""),
        )
        return int(rows[0][0]) if rows else None

    async def forward_again(self, notification_ids: list[int]) -> int:
        """Queue deliveries to be forwarded once more, each to its subscription's target;
        returns how many were queued (a delivery of a subscription not forwarded: none)."""
        if self.store is None or not notification_ids:
            return 0
        marks = ", ".join("?" for _ in notification_ids)
        rows: list[Any] = self.store.read(
            f"SELECT id, subscription_id FROM notifications WHERE id IN ({marks})",
            tuple(notification_ids),
        )
        by_subscription: dict[str, list[int]] = defaultdict(list)
        for notification_id, subscription_id in rows:
            by_subscription[str(subscription_id)].append(int(notification_id))
        queued = 0
        for subscription_id, ids in by_subscription.items():
            forwarder = self.forwarders.by_subscription.get(subscription_id)
            if forwarder is not None:
                queued += await self.net.run(forwarder.forward_again(sorted(ids)))
        return queued
