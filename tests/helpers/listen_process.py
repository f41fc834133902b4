"""``listen`` as a separate process for tests and benchmarks that attack it from outside.

``running_listen`` starts ``python -m explorer listen --json`` against a test hub, waits
for the subscription's verification, reads the callback URL and ``hub.secret`` from the
hub's subscribe form, and keeps draining the events ``listen`` prints (so its stdout pipe
never fills). The process is stopped with SIGTERM on the way out (killed if it lingers).
Peak memory is the kernel's ``VmHWM`` of that process, read from ``/proc`` from outside.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

TOPIC = "http://example.org/topic"
START_BOUND = 30.0
STOP_BOUND = 20.0


class SubscribeForms(Protocol):
    url: str

    def forms(self, path: str) -> list[dict[str, str]]: ...


@dataclass
class ListenProcess:
    """A running ``listen``: its process, callback URL, secret and the events seen so far."""

    proc: asyncio.subprocess.Process
    callback: str
    secret: str
    events: list[dict[str, Any]] = field(default_factory=list)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def peak_rss_mb(self) -> float:
        """The process's peak resident memory so far (``VmHWM``), in MB."""
        status = Path(f"/proc/{self.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024

    def named(self, name: str) -> list[dict[str, Any]]:
        return [event for event in self.events if event.get("event") == name]


async def _drain(proc: asyncio.subprocess.Process, events: list[dict[str, Any]]) -> None:
    assert proc.stdout is not None
    while line := await proc.stdout.readline():
        with contextlib.suppress(ValueError):
            events.append(json.loads(line))


async def start_listen(
    hub: SubscribeForms, store: Path, *extra: str, resumed: bool = False
) -> tuple[ListenProcess, asyncio.Task[None]]:
    """Start ``listen`` and wait until its subscription is verified; a ``resumed`` one (a
    restart on the same store) is not verified again, and is returned at once."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        "--topic",
        TOPIC,
        "--hub",
        hub.url,
        "--store",
        str(store),
        "--json",
        "--keep",
        *extra,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    events: list[dict[str, Any]] = []
    drain = asyncio.create_task(_drain(proc, events))
    try:
        async with asyncio.timeout(START_BOUND):
            while not resumed and not any(e.get("event") == "verified" for e in events):
                if drain.done():
                    raise AssertionError("listen ended before its subscription was verified")
                await asyncio.sleep(0.05)
    except BaseException:
        proc.kill()
        await proc.wait()
        await drain
        raise
    form = hub.forms("subscribe")[-1]
    secret = form.get("hub.secret", "")  # none for ``--no-secret``
    return ListenProcess(proc, form["hub.callback"], secret, events), drain


async def stop_listen(listener: ListenProcess, drain: asyncio.Task[None]) -> None:
    if listener.proc.returncode is None:
        listener.proc.terminate()
        try:
            async with asyncio.timeout(STOP_BOUND):
                await listener.proc.wait()
        except TimeoutError:
            listener.proc.kill()
            await listener.proc.wait()
    await drain


@contextlib.asynccontextmanager
async def running_listen(
    hub: SubscribeForms, store: Path, *extra: str
) -> AsyncIterator[ListenProcess]:
    listener, drain = await start_listen(hub, store, *extra)
    try:
        yield listener
    finally:
        await stop_listen(listener, drain)


async def until(condition: Callable[[], bool], bound: float = 30.0) -> None:
    """Poll ``condition`` until it holds; fail after ``bound`` seconds (a safety bound)."""
    async with asyncio.timeout(bound):
        while not condition():
            await asyncio.sleep(0.05)
