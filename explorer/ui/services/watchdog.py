"""The watchdog per subscription ("Is the hub still delivering?"): the Change Lists of a
subscription's Capability List read every N seconds and reconciled with the change
notifications it received (``explorer.net.live.reconcile``), and the lease's history.

The reconciler is fed from the services' own event batches, on the GUI loop, and reads
the lists through the shared fetcher (its requests show in the HTTP inspector) along the
same streamed path as ``listen --reconcile``: parsing and the working table on disk in a
worker thread, within the same per-check budget. Verdicts go out as ``reconcile`` events
on the same signal as every subscriber event, so the feed shows a row and the
Subscriptions log a line, and on ``verdict`` for a desktop notification.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

from PySide6.QtCore import QObject, Signal

from explorer.core.rules import capabilities as caps
from explorer.net.live.reconcile import Reconciler
from explorer.net.live.reconcile_event import reconcile_event
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent
from explorer.net.store.exchange_filter import exchange_topic

if TYPE_CHECKING:
    from explorer.net.store.records import ExchangeRecord
    from explorer.ui.services.engines import Engines
    from explorer.ui.services.live import LiveServices
    from explorer.ui.services.source import SourceServices

LEASE_EXCHANGES = 2000
"""Subscription requests and verifications read from the store for a lease's history."""


@dataclass(frozen=True, slots=True)
class Watch:
    """A subscription watched: its Capability List, read every ``period`` seconds."""

    subscription: str
    topic: str
    capability_list: str
    period: float


@dataclass(frozen=True, slots=True)
class LeaseStep:
    """One attempt or answer in a lease's life: our (un)subscription request and the
    hub's answer, or the hub's verification of intent and ours."""

    time: float
    what: str  # subscribe, unsubscribe, verification
    mode: str  # hub.mode asked for or verified
    status: int | None
    lease_seconds: str  # the lease asked for, or granted in a verification
    answer: str  # the hub's answer body, our reply, or the error


class WatchdogServices(QObject):
    """Watches per subscription id; ``verdict`` carries each reconcile event that says
    something."""

    verdict = Signal(object)  # SubscriberEvent (reconcile)

    def __init__(
        self,
        engines: Engines,
        live: LiveServices,
        source: SourceServices,
        spawn: Callable[[Coroutine[Any, Any, None]], asyncio.Task[None]],
        parent: QObject | None = None,
    ) -> None:
        """``live``: the notifications heard and where verdicts go; ``source``: the
        fetcher the lists are read with and the channels a Source advertised; ``spawn``
        starts each watch's task where the window cancels it on closing."""
        super().__init__(parent)
        self.engines = engines
        self.live = live
        self.source = source
        self._spawn = spawn
        self._watches: dict[str, tuple[Watch, Reconciler, asyncio.Task[None]]] = {}
        live.subscriber_events.connect(self._on_events)

    def watch(self, subscription: str, topic: str, capability_list: str, period: float) -> Watch:
        """Start (or restart) reconciling ``subscription`` every ``period`` seconds."""
        self.unwatch(subscription)
        watch = Watch(subscription, topic, capability_list, period)
        reconciler = Reconciler(capability_list, period)
        task = self._spawn(self._run(watch, reconciler))
        self._watches[subscription] = (watch, reconciler, task)
        return watch

    def unwatch(self, subscription: str) -> None:
        found = self._watches.pop(subscription, None)
        if found is not None:
            found[2].cancel()
            found[1].close()  # also if the task never started

    def watching(self, subscription: str) -> Watch | None:
        found = self._watches.get(subscription)
        return found[0] if found is not None else None

    def stop_all(self) -> None:
        for subscription in list(self._watches):
            self.unwatch(subscription)

    def capability_list_of(self, topic: str) -> str | None:
        """The Capability List that advertised the channel ``topic``, if the open Source
        (or one opened before) did."""
        channel = self.source.channels.get(topic)
        return channel.capability_list if channel is not None else None

    def _on_events(self, events: list[SubscriberEvent]) -> None:
        for event in events:
            if event.event != NOTIFICATION or event.capability != caps.CHANGE_NOTIFICATION:
                continue
            for watch, reconciler, _task in self._watches.values():
                if watch.subscription == event.subscription or (
                    event.subscription is None and watch.topic == event.topic
                ):
                    reconciler.notified(event.entries or [], event.time)

    async def _run(self, watch: Watch, reconciler: Reconciler) -> None:
        """Check every period; the reconciler's working table goes with the task."""
        try:
            while True:
                await asyncio.sleep(watch.period)
                report = await reconciler.check(self.source.fetcher)
                if report.empty:
                    continue
                event = reconcile_event(report, watch.subscription)
                self.live.subscriber_events.emit([event])
                self.verdict.emit(event)
        finally:
            reconciler.close()

    async def lease_history(self, subscription: str, topic: str) -> list[LeaseStep]:
        """The subscription requests, the hub's answers and its verifications kept in the
        store's exchange log for ``topic``, oldest first."""
        store = self.engines.store
        if store is None:
            return []
        records = await asyncio.to_thread(store.lease_exchanges, LEASE_EXCHANGES)
        return [_step(record) for record in records if exchange_topic(record) == topic]


def _step(record: ExchangeRecord) -> LeaseStep:
    if record.kind == "verification":
        asked = parse_qs(urlsplit(record.url).query)
    else:
        asked = parse_qs((record.request_body or b"").decode("utf-8", "replace"))
    answer = record.error or (record.response_body or b"").decode("utf-8", "replace").strip()
    return LeaseStep(
        record.time,
        record.kind,
        (asked.get("hub.mode") or [""])[0],
        record.status,
        (asked.get("hub.lease_seconds") or [""])[0],
        answer,
    )
