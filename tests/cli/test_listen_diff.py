"""``listen --json`` against ``demo-source``: per-entry diffs, in a change notification's
event, and in a later ``diff`` event for a framework notification's refetched documents."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from helpers.listen_session import Events, kept_once_verified, listening

from explorer.cli.listen import _text_line
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent
from explorer.net.store.database import Store


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stdout is not None:
        process.stdout.close()


@pytest.fixture
def demo() -> Iterator[str]:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "explorer",
            "demo-source",
            "--rate",
            "4",
            "--changes-per-list",
            "4",
            "--seed",
            "5",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        yield process.stdout.readline().strip()
    finally:
        _stop(process)


async def _events_until(topic: str, store: Path, done: Callable[[Events], bool]) -> Events:
    """``listen --json`` on ``topic`` until ``done(events)`` holds (a minute at most: the
    demo publishes every few seconds); its events."""
    async with listening("--store", str(store), "--topic", topic) as run:
        await run.until(done, 60)
    return run.events


def _updated(events: Events) -> dict | None:
    """The last entry diff of an updated resource with its before and after."""
    found = None
    for event in _with_diffs(events):
        for item in event["diff"]:
            if item.get("change") == "updated" and "before" in item:
                found = item
    return found


def _changelists(events: Events) -> list[dict]:
    """Every refetched Change List of every framework notification: the first one may name
    a list listen primed after it closed (nothing added since) or one it never saw (no
    diff)."""
    return [
        item
        for event in _with_diffs(events)
        if event["capability"] == "framework-notification"
        for item in event["diff"]
        if item["capability"] == "changelist"
    ]


def _with_diffs(events: Events) -> list[dict]:
    return [e for e in events if e["event"] in ("notification", "diff") and "diff" in e]


def _grew(lists: list[dict]) -> bool:
    return any(d["diff"] and d["diff"]["added"] > 0 for d in lists)


async def test_listen_json_events_carry_diffs(demo: str, tmp_path: Path) -> None:
    events = await _events_until(
        f"{demo}dataset1/capabilitylist.xml",
        tmp_path / "store.sqlite",
        lambda events: _updated(events) is not None and _grew(_changelists(events)),
    )
    updated = _updated(events)
    changelists = _changelists(events)
    assert updated is not None
    assert updated["before"] and updated["after"] and updated["changed"]
    assert changelists and all(d["diff"] is not None or d["reason"] for d in changelists)
    assert _grew(changelists)


async def test_a_relaunch_that_resumes_a_channel_primes_it_again(demo: str, tmp_path: Path) -> None:
    """``listen --keep`` on a Capability List primes its set; a relaunch on the change
    channel alone resumes the kept subscription and primes the same set again (the store
    remembers it), so its first updated entry has a before."""
    store = str(tmp_path / "store.sqlite")
    await kept_once_verified(
        "--store", store, "--topic", f"{demo}dataset1/capabilitylist.xml", "--keep"
    )
    channel = f"{demo}dataset1/change-notifications"
    async with listening("--store", store, "--topic", channel, "--keep") as run:
        await run.until(lambda events: _first_updated(events) is not None, 60)
    reader = Store(Path(store), read_only=True)
    try:  # the kept subscription was resumed: no other one to the channel was made
        assert [row["topic"] for row in reader.subscriptions()].count(channel) == 1
    finally:
        reader.close()
    first = _first_updated(run.events)
    assert first is not None and first["before"] is not None  # unprimed: None
    assert first["known_from"]["kind"] in ("resourcelist", "changelist")


def _first_updated(events: Events) -> dict | None:
    return next((item for item in _entries(events) if item["change"] == "updated"), None)


def test_text_feed_prints_one_line_per_entry_diff() -> None:
    event = SubscriberEvent(
        NOTIFICATION,
        "http://example.com/changes",
        capability="change-notification",
        entries=[{}],
        diff=[
            {
                "loc": "http://example.com/a",
                "change": "updated",
                "before": {"hash": "md5:aa"},
                "after": {"hash": "md5:bb"},
                "changed": ["hash"],
            }
        ],
    )
    assert _text_line(event).splitlines()[1] == (
        "    updated http://example.com/a: hash md5:aa → md5:bb"
    )


async def test_listen_on_a_topic_url_does_not_call_every_resource_unknown(
    demo: str, tmp_path: Path
) -> None:
    """Listening on the change notification channel itself reads no Resource List, so a
    resource the tracker lacks is not "never seen": the deliveries carry no such finding."""
    events = await _events_until(
        f"{demo}dataset1/change-notifications",
        tmp_path / "store.sqlite",
        lambda events: any(
            item.get("change") in ("updated", "deleted") for item in _entries(events)
        ),
    )
    entries = _entries(events)
    codes = [
        item["code"]
        for event in events
        if event["event"] == "notification" and "diff" in event
        for item in event.get("findings", [])
    ]
    unknown = [item for item in entries if item["before"] is None]
    assert any(item["change"] in ("updated", "deleted") for item in unknown)
    assert not [code for code in codes if code.endswith("-unknown-resource")]


def _entries(events: Events) -> list[dict]:
    """Every entry diff of every notification so far."""
    return [
        item
        for event in events
        if event["event"] == "notification" and "diff" in event
        for item in event["diff"]
    ]
