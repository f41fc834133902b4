"""Against the demo Source: updated notifications show before/after, framework
notifications show what was added to the Change List they name."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from explorer.core.parser import parse_document
from explorer.demo import RunningDemo, start_demo
from explorer.net.http.fetcher import Fetcher
from explorer.net.live.refetch import ChangeTracker
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    running = await start_demo(rate=0, seed=3, changes_per_list=100)
    try:
        yield running
    finally:
        await running.stop()


def topic(demo: RunningDemo, capability: str) -> str:
    return next(
        c.topic for c in demo.channels if c.set_name == "dataset1" and c.capability == capability
    )


def event_for(demo: RunningDemo, channel: str) -> SubscriberEvent:
    return SubscriberEvent(
        NOTIFICATION, channel, document=parse_document(demo.latest_notification(channel))
    )


async def test_primed_tracker_shows_before_and_after_for_every_update(demo: RunningDemo) -> None:
    tracker = ChangeTracker()
    changes = topic(demo, "change-notification")
    capability_list = next(url for url in demo.capability_list_urls if "dataset1" in url)
    async with Fetcher(timeout=5.0, retries=0) as fetcher:
        assert await tracker.prime(capability_list, fetcher, topic=changes) == []
    assert tracker.state_for(changes).baseline and len(tracker.state_for(changes)) > 0
    for _ in range(3):
        demo.change("dataset1", "updated")
        enriched = tracker.enrich(event_for(demo, changes))
        [diff] = enriched.diff
        assert diff["change"] == "updated"
        assert diff["before"] and diff["after"]
        assert diff["changed"], diff
        assert enriched.findings == []


async def test_framework_notification_shows_what_the_change_list_gained(demo: RunningDemo) -> None:
    tracker = ChangeTracker(fetcher_factory=lambda: Fetcher(timeout=5.0, retries=0))
    capability_list = next(url for url in demo.capability_list_urls if "dataset1" in url)
    async with Fetcher(timeout=5.0, retries=0) as fetcher:
        await tracker.prime(capability_list, fetcher)
    demo.change("dataset1", "updated")
    demo.change("dataset1", "created")
    demo.rollover("dataset1")
    try:
        enriched = await tracker.refetch(event_for(demo, topic(demo, "framework-notification")))
    finally:
        await tracker.aclose()
    by_capability = {(d["capability"], d["change"]): d for d in enriched.diff}
    closed = by_capability[("changelist", "updated")]
    assert closed["diff"]["added"] >= 2 and closed["reason"] is None
    assert closed["added_locs"]
    assert by_capability[("changelist", "created")]["diff"] is not None
    touched = [d for d in enriched.diff if d["capability"] == "resourcelist"]
    assert touched and all(d["diff"]["added"] + d["diff"]["changed"] >= 1 for d in touched)
    assert enriched.findings == []
