"""``listen`` and its store: one listener per store, and a stored callback port that another
program took meanwhile (subprocesses against the demo Source and hub)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit

from explorer.demo import start_demo
from explorer.net.store.database import Store


def _listen(*args: str) -> asyncio.Future:
    return asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


async def _until_verified(proc: asyncio.subprocess.Process, timeout: float = 30) -> list[dict]:
    """Events up to and including the first ``verified``."""
    assert proc.stdout is not None
    events: list[dict] = []
    async with asyncio.timeout(timeout):
        while not any(event["event"] == "verified" for event in events):
            line = await proc.stdout.readline()
            assert line, f"listen exited early; events so far: {events}"
            events.append(json.loads(line))
    return events


async def _finish(proc: asyncio.subprocess.Process, timeout: float = 30) -> str:
    """Wait for the listener to exit (killing it if it hangs); its stderr."""
    try:
        async with asyncio.timeout(timeout):
            _, err = await proc.communicate()
    except TimeoutError:
        proc.kill()
        _, err = await proc.communicate()
    return err.decode(errors="replace")


def _stored(path: Path) -> list[dict]:
    store = Store(path, read_only=True)  # beside a running listen: no lock taken
    try:
        return store.subscriptions()
    finally:
        store.close()


async def test_a_second_listen_on_the_store_is_refused_and_touches_nothing(
    tmp_path: Path,
) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        topic = demo.channels[0].topic
        args = ("--topic", topic, "--hub", demo.hub_url, "--store", str(store_path), "--json")
        first = await _listen(*args)
        stopped = False
        try:
            await _until_verified(first)
            async with asyncio.timeout(10):  # the hub records it after our 200
                while not demo.hub.subscriptions(topic):
                    await asyncio.sleep(0.01)
            before = [sub.callback for sub in demo.hub.subscriptions(topic)]
            rows_before = _stored(store_path)

            second = await _listen(*args)
            err = await _finish(second)
            assert second.returncode == 2, err
            assert "in use" in err and len(err.strip().splitlines()) == 1, err
            assert "Traceback" not in err

            assert [sub.callback for sub in demo.hub.subscriptions(topic)] == before
            assert _stored(store_path) == rows_before
            assert [row["state"] for row in rows_before] == ["active"]
            first.send_signal(signal.SIGTERM)
            stopped = True
        finally:
            if not stopped and first.returncode is None:
                first.send_signal(signal.SIGTERM)
            err = await _finish(first)
        assert first.returncode == 0, err
    assert [row["state"] for row in _stored(store_path)] == ["ended"]


async def test_a_taken_stored_port_falls_back_and_subscribes_again(tmp_path: Path) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        kept, other = demo.channels[0].topic, demo.channels[1].topic
        common = ("--hub", demo.hub_url, "--store", str(store_path), "--json")
        first = await _listen("--topic", kept, *common, "--keep")
        try:
            await _until_verified(first)
        finally:
            first.send_signal(signal.SIGINT)
            err = await _finish(first)
        assert first.returncode == 0, err
        (old,) = _stored(store_path)
        old_port = urlsplit(old["callback_url"]).port

        blocker = socket.socket()  # another program now has the stored port
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        blocker.bind(("127.0.0.1", old_port))
        blocker.listen(1)
        try:
            second = await _listen("--topic", other, *common)
            try:
                async with asyncio.timeout(30):
                    # Verifications for both: the stored topic again, and the new one.
                    events = await _until_verified(second)
                    while sum(event["event"] == "verified" for event in events) < 2:
                        events += await _until_verified(second)
            finally:
                second.send_signal(signal.SIGTERM)
                err = await _finish(second)
        finally:
            blocker.close()
        assert second.returncode == 0, err
        assert f"port {old_port} is taken" in err

    rows = _stored(store_path)
    again = [row for row in rows if row["topic"] == kept and row["id"] != old["id"]]
    assert len(again) == 1
    assert urlsplit(again[0]["callback_url"]).port not in (None, old_port)
    assert again[0]["state"] == "active"  # not this run's topic: kept, as a restart keeps it
    reader = Store(store_path, read_only=True)
    try:
        unsubscribes = [x for x in reader.exchanges() if x.kind == "unsubscribe"]
    finally:
        reader.close()
    old_callback = quote(old["callback_url"], safe="").encode()
    assert any(old_callback in (x.request_body or b"") for x in unsubscribes)
