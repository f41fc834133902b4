"""A recorded demo session and its playback, as users run them: ``listen --record``
against the demo, then ``demo-source --replay`` and a fresh ``listen`` (all subprocesses
but the recorded demo). Used by the CLI test (short) and the playback benchmark (long)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from explorer.core.recording import Recording, parse_recording
from explorer.demo import start_demo
from explorer.net.store.database import Store
from explorer.net.store.records import NotificationRecord
from helpers.hub_log import until_hub_subscribed
from helpers.listen_session import listening


async def record_session(
    path: Path, store: Path, gaps: list[float], *extra: str
) -> tuple[Recording, str]:
    """Subscribe ``listen --record path`` to a demo channel and publish one change after
    each gap (seconds); the recording and the demo's base URL (without the slash)."""
    async with await start_demo(rate=0) as demo:
        channel = demo.channels[0]
        args = ("--topic", channel.topic, "--store", str(store), "--record", str(path))
        async with listening(*args, *extra) as listen:
            await listen.until(lambda _: listen.count("verified") == 1)
            await until_hub_subscribed(demo.hub, topic=channel.topic)
            for gap in gaps:
                await asyncio.sleep(gap)
                demo.change(channel.set_name, "updated")
            wanted = len(gaps)
            await listen.until(lambda _: listen.count("notification") == wanted, 60)
        assert listen.proc.returncode == 0, listen.stderr.decode()
        base = demo.base_url.rstrip("/")
    return parse_recording(path.read_text(encoding="utf-8").splitlines()), base


async def play_back(
    path: Path, store: Path, speed: float = 1.0
) -> tuple[str, list[NotificationRecord]]:
    """``demo-source --replay path`` and a fresh ``listen`` on its first recorded topic
    until every recorded delivery arrived; the demo's base URL and what was stored."""
    recording = parse_recording(path.read_text(encoding="utf-8").splitlines())
    demo = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "explorer", "demo-source", "--replay", str(path)),
        *("--speed", str(speed)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert demo.stdout is not None
        base = (await asyncio.wait_for(demo.stdout.readline(), 60)).decode().strip()
        assert base.startswith("http://"), base
        recorded_topic = recording.deliveries[0].topic
        topic = base.rstrip("/") + "/" + recorded_topic.split("/", 3)[3]
        async with listening("--topic", topic, "--store", str(store)) as listen:
            wanted = len(recording.deliveries)
            timeout = 60 + (recording.deliveries[-1].time - recording.deliveries[0].time) / speed
            await listen.until(lambda _: listen.count("notification") == wanted, timeout)
        assert listen.proc.returncode == 0, listen.stderr.decode()
    finally:
        demo.send_signal(signal.SIGTERM)
        await asyncio.wait_for(demo.communicate(), 30)
    reader = Store(store, read_only=True)
    try:
        return base.rstrip("/"), reader.notifications()
    finally:
        reader.close()


def spacing_errors(recorded: list[float], played: list[float]) -> list[float]:
    """|played gap − recorded gap| / recorded gap, for each consecutive pair."""
    errors = []
    for index in range(1, len(recorded)):
        want = recorded[index] - recorded[index - 1]
        got = played[index] - played[index - 1]
        if want > 0:
            errors.append(abs(got - want) / want)
    return errors
