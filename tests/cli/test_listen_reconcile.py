"""``listen --reconcile``: the watchdog reads the Change Lists beside the pushes and names
what a silent or a lossy demo hub never delivered, and nothing else."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

from helpers.hub_log import until_hub_subscribed

from explorer.demo import RunningDemo, start_demo

PERIOD = 1.0


async def _listen(
    demo: RunningDemo, store: Path, topic: str | None = None, *more: str
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        "--topic",
        topic or demo.capability_list_urls[0],
        "--store",
        str(store),
        "--reconcile",
        str(PERIOD),
        *(more or ("--json",)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


async def _events_until(proc: asyncio.subprocess.Process, events: list[dict], until) -> None:
    assert proc.stdout is not None
    async with asyncio.timeout(30):
        while not until(events):
            line = await proc.stdout.readline()
            assert line, f"listen exited early; events so far: {events}"
            events.append(json.loads(line))


async def _stop(proc: asyncio.subprocess.Process, events: list[dict]) -> bytes:
    """Stop listen; the events it printed meanwhile join ``events``; its stderr."""
    proc.send_signal(signal.SIGTERM)
    try:
        async with asyncio.timeout(15):
            out, err = await proc.communicate()
    except TimeoutError:
        proc.kill()
        out, err = await proc.communicate()
    events += [json.loads(line) for line in out.splitlines() if line.strip()]
    return err


def _named(events: list[dict], field: str) -> list[str]:
    return [loc for e in events if e["event"] == "reconcile" for loc in e.get(field, [])]


async def _subscribed(
    proc: asyncio.subprocess.Process, demo: RunningDemo, events: list[dict]
) -> None:
    await _events_until(proc, events, lambda e: sum(x["event"] == "verified" for x in e) == 2)
    await until_hub_subscribed(demo.hub, count=2)


async def test_a_silent_hub_is_named_within_two_periods(tmp_path: Path) -> None:
    async with await start_demo(rate=0, faults=["silent-hub"]) as demo:
        proc = await _listen(demo, tmp_path / "s.sqlite3")
        events: list[dict] = []
        try:
            await _subscribed(proc, demo, events)
            changed = [demo.docs.resource_url(demo.change("dataset1").resource) for _ in range(3)]
            started = asyncio.get_running_loop().time()
            await _events_until(proc, events, lambda e: len(_named(e, "unannounced")) >= 3)
            waited = asyncio.get_running_loop().time() - started
            await _events_until(proc, events, lambda e: any(x.get("quiet") for x in e))
        finally:
            err = await _stop(proc, events)
    assert sorted(_named(events, "unannounced")) == sorted(changed), err.decode()
    assert _named(events, "unlisted") == []
    quiet = [e for e in events if e.get("quiet")]
    assert len(quiet) == 1 and "no delivery for" in quiet[0]["message"]
    assert waited <= 2 * PERIOD + 1.5  # two periods, and a read of the lists
    assert not [e for e in events if e["event"] == "notification"]


async def test_a_lossy_hub_s_dropped_changes_and_nothing_else(tmp_path: Path) -> None:
    async with await start_demo(rate=0, faults=["lossy-hub"]) as demo:
        proc = await _listen(demo, tmp_path / "s.sqlite3")
        events: list[dict] = []
        try:
            await _subscribed(proc, demo, events)
            changes = [demo.change("dataset1") for _ in range(10)]
            await _events_until(proc, events, lambda e: len(_named(e, "unannounced")) >= 2)
            # two more periods: nothing else may be named
            await asyncio.sleep(2 * PERIOD + 0.5)
        finally:
            err = await _stop(proc, events)
    dropped = [demo.docs.resource_url(changes[n].resource) for n in (4, 9)]
    assert sorted(_named(events, "unannounced")) == sorted(dropped), err.decode()
    assert _named(events, "unlisted") == []
    assert not [e for e in events if e.get("quiet")]


def _change_notification_topic(demo: RunningDemo) -> str:
    return next(
        channel.topic
        for channel in demo.channels
        if channel.set_name == "dataset1" and channel.capability == "change-notification"
    )


async def test_a_channel_topic_is_reconciled_through_its_notifications_up_link(
    tmp_path: Path,
) -> None:
    async with await start_demo(rate=0, faults=["lossy-hub"]) as demo:
        proc = await _listen(demo, tmp_path / "s.sqlite3", _change_notification_topic(demo))
        events: list[dict] = []
        try:
            await _events_until(proc, events, lambda e: any(x["event"] == "verified" for x in e))
            await until_hub_subscribed(demo.hub)
            changes = [demo.change("dataset1") for _ in range(10)]
            await _events_until(proc, events, lambda e: len(_named(e, "unannounced")) >= 2)
        finally:
            err = await _stop(proc, events)
    dropped = [demo.docs.resource_url(changes[n].resource) for n in (4, 9)]
    assert sorted(_named(events, "unannounced")) == sorted(dropped), err.decode()
    reconciled = {e["topic"] for e in events if e["event"] == "reconcile"}
    assert reconciled == {demo.capability_list_urls[0]}
    assert demo.capability_list_urls[0] in err.decode()


async def test_the_text_line_names_the_missed_loc_and_says_one_change(tmp_path: Path) -> None:
    async with await start_demo(rate=0, faults=["silent-hub"]) as demo:
        proc = await _listen(demo, tmp_path / "s.sqlite3", None, "--lang", "en")
        lines: list[str] = []
        assert proc.stdout is not None
        try:
            async with asyncio.timeout(30):
                while sum("verified" in line for line in lines) < 2:
                    lines.append((await proc.stdout.readline()).decode())
                    assert lines[-1], lines
            missed = demo.docs.resource_url(demo.change("dataset1").resource)
            # a busy machine may first say the quiet alone ("0 changes … no notification
            # carried; … no delivery for"), before the change is a period old: wait for
            # the line that names it
            async with asyncio.timeout(30):
                while not any(missed in line for line in lines):
                    lines.append((await proc.stdout.readline()).decode())
                    assert lines[-1], lines
        finally:
            proc.send_signal(signal.SIGTERM)
            await proc.communicate()
    [said] = [line for line in lines if "no notification carried" in line and missed in line]
    assert "1 change in the Change Lists" in said, said
    assert "1 changes" not in said and "0 notified changes" in said
    assert f"not notified: {missed}" in said, said
