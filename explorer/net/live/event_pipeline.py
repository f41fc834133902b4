"""The subscriber's event pipeline: events leave in order, enriched, then refetched.

Events leave in order as soon as they are stored. Enrichment (the change tracker's diff
of a notification) runs in a worker thread, a group of queued events per hop. A diff that
needs the network (``refetch``, for framework notifications) is computed afterwards,
concurrently, and arrives as its own ``diff`` event, so a slow Source never holds up
later rows.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

from explorer.core.findings import Finding
from explorer.core.words.messages import Phrase, said
from explorer.net.live import subscriber_events as ev
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.live.subscription import Subscription

REFETCHES_AT_ONCE = 1
"""Framework notifications refetched and diffed at a time; each diff holds its documents
many times over (see ``refetch_bounds``)."""
REFETCHES_WAITING = 256
"""Framework notifications whose refetch may wait for a turn; past that their diff event
says it was skipped, so a flood cannot queue unbounded work behind a slow Source."""
DEFERRABLE = (ev.VERIFIED, ev.RENEWED, ev.CONFIRMED, ev.DENIED, ev.UNSUBSCRIBED)

Enrich = Callable[[SubscriberEvent], SubscriberEvent | None]
Refetch = Callable[[SubscriberEvent], Awaitable[SubscriberEvent | None]]


class EventPipeline:
    """Orders, enriches and hands out the events of one subscriber.

    ``enrich`` (optional, called in a worker thread for each notification event before it
    is published) may return an event with ``diff`` set; it must not wait for the network.
    ``refetch`` (optional, a coroutine on this loop) is called for each framework
    notification after it is published; what it returns goes out as a ``diff`` event.
    """

    def __init__(
        self, workers: Executor, enrich: Enrich | None = None, refetch: Refetch | None = None
    ) -> None:
        self.enrich = enrich
        self.refetch = refetch
        self.listeners: list[Callable[[SubscriberEvent], None]] = []
        # What an event says of its subscription's state: the subscriber's book knows
        # better than ``sub.state`` while a restored subscription awaits its hub's word.
        self.state_of: Callable[[Subscription], str] = lambda sub: str(sub.state)
        self._workers = workers
        self._outbox: asyncio.Queue[SubscriberEvent | None] = asyncio.Queue()
        self._publisher: asyncio.Task[None] | None = None
        self._in_flight: dict[str, list[SubscriberEvent]] = {}
        self._streams: list[asyncio.Queue[SubscriberEvent | None]] = []
        self._refetches: set[asyncio.Task[None]] = set()
        self._refetch_turns = asyncio.Semaphore(REFETCHES_AT_ONCE)
        self._enrich_gate: tuple[asyncio.Future[Any], float] | None = None

    def enrich_after(self, work: asyncio.Future[Any], limit: float) -> None:
        """Enrich no notification before ``work`` is done, waiting ``limit`` seconds at most
        from now: the tracker is being primed, and a diff made before it would have no
        before. Events wait here in order; the hub's answer does not (the intake gave it)."""
        self._enrich_gate = (work, asyncio.get_running_loop().time() + limit)

    async def _gate_passed(self) -> None:
        gate, self._enrich_gate = self._enrich_gate, None
        if gate is not None and not gate[0].done():
            left = gate[1] - asyncio.get_running_loop().time()
            await asyncio.wait({gate[0]}, timeout=max(left, 0.0))  # never cancels the work

    def start(self) -> None:
        self._publisher = asyncio.create_task(self._publish_loop())

    async def close(self) -> None:
        """Cancel pending refetches, then let every queued event out and end the streams."""
        refetches = list(self._refetches)
        for task in refetches:
            task.cancel()
        await asyncio.gather(*refetches, return_exceptions=True)
        if self._publisher is not None:
            await self._outbox.put(None)
            await self._publisher
            self._publisher = None

    # --- in -----------------------------------------------------------------------------

    def emit(
        self,
        sub: Subscription,
        name: str,
        *,
        reason: Phrase | None = None,
        message: Phrase | None = None,
        **fields: Any,
    ) -> None:
        """Queue an event about ``sub``; a verification's event waits while a request of
        ``sub`` is in flight (see ``hold``). ``reason`` and ``message`` are phrases, so
        every reader says them in its own language."""
        event = SubscriberEvent(
            name,
            sub.topic,
            sub.id,
            hub=sub.hub or None,
            state=self.state_of(sub),
            reason=reason,
            message=message,
            **fields,
        )
        deferred = self._in_flight.get(sub.id)
        if deferred is not None and name in DEFERRABLE:
            deferred.append(event)
        else:
            self._outbox.put_nowait(event)

    def emit_topic(
        self, topic: str, name: str, *, message: Phrase | None = None, **fields: object
    ) -> None:
        event = SubscriberEvent(name, topic, message=message, **fields)  # type: ignore[arg-type]
        self._outbox.put_nowait(event)

    def hold(self, sub_id: str) -> None:
        """A request of ``sub_id`` is in flight: a hub may verify before its answer to the
        POST arrives (hub.verify=sync, or just fast), so events about the verification
        wait until ``release`` to follow the request's event."""
        self._in_flight[sub_id] = []

    def release(self, sub_id: str) -> None:
        for event in self._in_flight.pop(sub_id, []):
            self._outbox.put_nowait(event)

    # --- out ----------------------------------------------------------------------------

    async def events(self) -> AsyncIterator[SubscriberEvent]:
        """Every event from now on, in order, until the pipeline closes."""
        queue: asyncio.Queue[SubscriberEvent | None] = asyncio.Queue()
        self._streams.append(queue)
        try:
            while (item := await queue.get()) is not None:
                yield item
        finally:
            self._streams.remove(queue)

    async def _publish_loop(self) -> None:
        """Deliver events in order; enrichment runs in a worker so the loop stays free.

        Events queued meanwhile are enriched together, one worker hop per group: during
        a burst a hop per event made the feed fall seconds behind the acknowledgements.
        """
        loop = asyncio.get_running_loop()
        stop = False
        while not stop:
            group = [await self._outbox.get()]
            while group[-1] is not None and not self._outbox.empty():
                group.append(self._outbox.get_nowait())
            stop = group[-1] is None
            events = [event for event in group if event is not None]
            if self.enrich is not None and any(e.event == ev.NOTIFICATION for e in events):
                await self._gate_passed()
                events = await loop.run_in_executor(self._workers, self._enrich_all, events)
            for event in events:
                self._publish(event)
                if self.refetch is not None and event.capability == "framework-notification":
                    self._start_refetch(event)
        for stream in self._streams:
            stream.put_nowait(None)

    def _publish(self, event: SubscriberEvent) -> None:
        for listener in list(self.listeners):
            listener(event)
        for stream in self._streams:
            stream.put_nowait(event)

    def _start_refetch(self, event: SubscriberEvent) -> None:
        if len(self._refetches) >= REFETCHES_WAITING:
            message = said("events.reason-refetches-waiting", count=REFETCHES_WAITING)
            self._publish(_diff_event(event, None, message=message))
            return
        task = asyncio.create_task(self._refetch_one(event))
        self._refetches.add(task)
        task.add_done_callback(self._refetches.discard)

    async def _refetch_one(self, event: SubscriberEvent) -> None:
        """The later diff of one framework notification; a failure is its event's message."""
        assert self.refetch is not None
        async with self._refetch_turns:
            try:
                enriched = await self.refetch(event) or event
            except Exception as exc:  # a refetch bug must not stop the feed
                self._publish(
                    _diff_event(
                        event, None, message=said("events.reason-refetch-failed", message=exc)
                    )
                )
                return
        added = enriched.findings[len(event.findings) :]
        self._publish(_diff_event(event, enriched.diff, findings=added))

    def _enrich_all(self, events: list[SubscriberEvent]) -> list[SubscriberEvent]:
        """In a worker: enrich each notification event; a failure marks only its event."""
        assert self.enrich is not None
        enriched = []
        for event in events:
            if event.event == ev.NOTIFICATION:
                try:
                    event = self.enrich(event) or event
                except Exception as exc:  # an enrich bug must not stop the feed
                    event = replace(event, message=said("events.reason-enrich-failed", message=exc))
            enriched.append(event)
        return enriched


def _diff_event(
    event: SubscriberEvent,
    diff: object,
    *,
    findings: list[Finding] | None = None,
    message: Phrase | None = None,
) -> SubscriberEvent:
    return SubscriberEvent(
        ev.DIFF,
        event.topic,
        event.subscription,
        hub=event.hub,
        notification_id=event.notification_id,
        capability=event.capability,
        diff=diff,
        findings=findings or [],
        message=message,
    )
