"""Leases and their timers: what a granted lease means, and when to act on it.

Leases are renewed at ``renew_fraction`` of their length (WebSub §5.3.1: before they run
out), but no more often than ``min_renew_delay``, so a lease shorter than that is renewed
at that pace after it ran out, with a warning. One timer per subscription: the renewal,
or the deadline for the hub's verification.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from explorer.core.findings import Finding, finding
from explorer.net.live.subscription import Subscription

RECOMMENDED_LEASE = (300, 2_678_400)  # change-notification 1.0.1 §4.2
MAX_LEASE = 10 * 365 * 86_400  # longer grants are recorded as this
VERY_SHORT_LEASE = 1  # seconds; a lease this short is reported whatever the renewal floor


class LeaseSchedule:
    """The timers of one subscriber's subscriptions, keyed by subscription id.

    ``renew_fraction`` and ``min_renew_delay`` are read at each use: settings may replace
    the subscriber's config while it runs.
    """

    def __init__(
        self, renew_fraction: Callable[[], float], min_renew_delay: Callable[[], float]
    ) -> None:
        self._renew_fraction = renew_fraction
        self._min_renew_delay = min_renew_delay
        self._timers: dict[str, asyncio.Task[None]] = {}

    def judge(self, sub: Subscription, raw: bytes | None) -> tuple[list[Finding], int | None]:
        """The granted lease (WebSub §5.3: required for subscribe), with findings on oddities.

        A missing or unusable value falls back to the lease asked for, so renewal still
        happens; the finding says the hub misbehaved.
        """
        fallback = sub.requested_lease
        if raw is None:
            return [finding("websub.lease-missing", params={"hub": sub.hub})], fallback
        text = raw.decode("utf-8", "replace").strip()
        if not text.isdigit() or int(text) <= 0:
            invalid = finding("websub.lease-invalid", params={"value": text[:40]})
            return [invalid], fallback
        lease = int(text)
        low, high = RECOMMENDED_LEASE
        if lease > MAX_LEASE:  # no perpetual leases (WebSub §5.3.1); keep it storable
            unusual = finding(
                "websub.lease-unusual",
                params={"lease": text[:40], "cap": MAX_LEASE},
                variant="capped",
            )
            return [unusual], MAX_LEASE
        notes = []
        if not low <= lease <= high:
            notes.append(finding("websub.lease-unusual", params={"lease": lease}))
        if self.too_short_to_renew(lease):
            floor = self._min_renew_delay()
            notes.append(
                finding(
                    "websub.lease-very-short",
                    params={"lease": lease, "floor": floor},
                )
            )
        return notes, lease

    def too_short_to_renew(self, lease: int) -> bool:
        """A lease the renewal floor cannot keep up with (1 s always counts): it is renewed
        at the floor, after it ran out, instead of in a tight loop or not at all."""
        return lease <= max(VERY_SHORT_LEASE, self._min_renew_delay())

    def renew_later(
        self, sub: Subscription, renew: Callable[[], Awaitable[None]], *, retry: bool = False
    ) -> None:
        """Renew at ``renew_fraction`` of the lease; after a failed renewal, at half of
        what is left."""
        if sub.lease_seconds is None or sub.lease_expires is None:
            return
        remaining = sub.lease_expires - time.time()
        if retry:
            delay = remaining / 2
        else:
            delay = remaining - sub.lease_seconds * (1 - self._renew_fraction())
        self.after(sub, max(delay, self._min_renew_delay()), renew)

    def after(self, sub: Subscription, delay: float, work: Callable[[], Awaitable[None]]) -> None:
        """One timer per subscription (renewal or verification deadline); a new one replaces it."""
        self.cancel(sub)

        async def later() -> None:
            await asyncio.sleep(delay)
            self._timers.pop(sub.id, None)
            await work()

        self._timers[sub.id] = asyncio.create_task(later())

    def cancel(self, sub: Subscription) -> None:
        task = self._timers.pop(sub.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def close(self) -> None:
        timers = list(self._timers.values())
        self._timers.clear()
        for task in timers:
            task.cancel()
        await asyncio.gather(*timers, return_exceptions=True)
