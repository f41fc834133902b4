"""The event pipeline's gate: while the change tracker is primed, the feed's notifications
wait to be enriched (a diff made before would lack its before), a bounded time."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from explorer.net.live.event_pipeline import EventPipeline
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent

TOPIC = "http://127.0.0.1/changes"


async def test_a_notification_is_enriched_only_once_the_priming_is_done() -> None:
    priming: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    said_done: list[bool] = []

    def enrich(event: SubscriberEvent) -> SubscriberEvent:
        said_done.append(priming.done())
        return replace(event, diff=[])

    published = await _published_with(enrich, priming, limit=60.0, ready=0.2)
    assert said_done == [True]
    assert published.diff == []


async def test_a_priming_that_takes_too_long_holds_the_feed_no_longer_than_its_limit() -> None:
    never: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    published = await _published_with(lambda event: replace(event, diff=[]), never, limit=0.0)
    assert published.diff == []
    assert not never.done()  # waited for, never cancelled: the priming goes on


async def _published_with(
    enrich, work: asyncio.Future[None], *, limit: float, ready: float | None = None
) -> SubscriberEvent:
    """One notification through a pipeline gated on ``work`` (done ``ready`` seconds after
    the notification is queued, when given); the event the feed got."""
    with ThreadPoolExecutor(1) as workers:
        pipeline = EventPipeline(workers, enrich=enrich)
        out: asyncio.Queue[SubscriberEvent] = asyncio.Queue()
        pipeline.listeners.append(out.put_nowait)
        pipeline.start()
        try:
            pipeline.enrich_after(work, limit)
            pipeline.emit_topic(TOPIC, NOTIFICATION)
            if ready is not None:
                asyncio.get_running_loop().call_later(ready, work.set_result, None)
            async with asyncio.timeout(30):
                return await out.get()
        finally:
            await pipeline.close()
