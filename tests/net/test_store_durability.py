"""SIGKILL in the middle of a burst loses no acknowledged delivery and duplicates none."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
from pathlib import Path

import httpx
from fake_hub import FakeHub, notification

from explorer.core.push.signatures import sign
from explorer.net.store.database import Store

BURST = 600
KILL_AFTER = 150


async def _start_listener(hub: FakeHub, store_path: Path) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        "--topic",
        "http://example.org/topic",
        "--hub",
        hub.url,
        "--store",
        str(store_path),
        "--port",
        "0",
        "--json",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    try:
        async with asyncio.timeout(20):
            while line := await proc.stdout.readline():
                if json.loads(line)["event"] == "verified":
                    return proc
    except TimeoutError:
        pass
    proc.kill()
    await proc.communicate()
    raise AssertionError("the listener did not get its subscription verified")


async def test_sigkill_mid_burst_loses_no_acknowledged_delivery(tmp_path: Path) -> None:
    store_path = tmp_path / "explorer.sqlite3"
    async with FakeHub() as hub:
        proc = await _start_listener(hub, store_path)
        form = hub.forms("subscribe")[0]
        callback, secret = form["hub.callback"], form["hub.secret"]
        acknowledged: set[int] = set()
        gate = asyncio.Semaphore(24)

        async def send(client: httpx.AsyncClient, n: int) -> None:
            async with gate:
                body = notification(n)
                headers = {"Content-Type": "application/xml", "X-Hub-Signature": sign(secret, body)}
                try:
                    response = await client.post(callback, content=body, headers=headers)
                except httpx.HTTPError:
                    return
                if response.status_code == 200:
                    acknowledged.add(n)
                    if len(acknowledged) == KILL_AFTER:
                        proc.send_signal(signal.SIGKILL)

        assert proc.stdout is not None
        drain = asyncio.create_task(proc.stdout.read())  # keep the event pipe flowing
        try:
            async with httpx.AsyncClient(timeout=30) as client:
                await asyncio.gather(*(send(client, n) for n in range(BURST)))
        finally:
            if proc.returncode is None:
                proc.kill()
            await proc.wait()
            await drain
        assert proc.returncode == -signal.SIGKILL
    assert KILL_AFTER <= len(acknowledged) < BURST  # killed mid-burst

    store = Store(store_path)  # a restart: WAL recovery happens here
    try:
        stored = [_number(record.body) for record in store.notifications()]
    finally:
        store.close()
    assert len(stored) == len(set(stored)), "a delivery was stored twice"
    assert acknowledged <= set(stored), "an acknowledged delivery was lost"


def _number(body: bytes) -> int:
    match = re.search(rb"/res/(\d+)<", body)
    assert match
    return int(match.group(1))
