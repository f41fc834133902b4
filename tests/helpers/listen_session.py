"""``listen`` as a user runs it (a subprocess), as an async context: its lines are read on
demand (``--json`` events, or the text a user reads with ``text=True``), and the process
is stopped with one signal at the end, then its stderr and unread output are kept.

The tests that read what ``listen`` prints, line by line, start it here, so each says
only what it does to listen and what it expects back. (``listen_process`` is the other
way: ``listen`` on a test hub, its events drained in the background while a test
attacks it.)"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from explorer.demo import start_demo

Events = list[dict[str, Any]]


@dataclass
class ListenRun:
    proc: asyncio.subprocess.Process
    text: bool = False
    events: Events = field(default_factory=list)
    """The ``--json`` events read so far (empty for a text run)."""
    lines: list[str] = field(default_factory=list)
    """Every stdout line read so far, decoded."""
    stderr: bytes = b""
    unread: bytes = b""
    """What listen printed after the last line read, collected when it ended."""
    stopping: bool = False

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        """One signal, once (SIGINT for a user's Ctrl+C): ``listen`` ends by itself. A
        second one, sent while it exits, could land after its event loop has closed and
        given the signal back to its default action, and kill it with -15."""
        if not self.stopping and self.proc.returncode is None:
            self.stopping = True
            self.proc.send_signal(how)

    async def until(self, done: Callable[[Events], bool], timeout: float = 30) -> None:
        """Read events until ``done(events)`` holds."""
        await self._read(lambda: done(self.events), timeout)

    async def until_line(self, done: Callable[[list[str]], bool], timeout: float = 30) -> None:
        """Read lines until ``done(lines)`` holds (a text run: what a user reads)."""
        await self._read(lambda: done(self.lines), timeout)

    async def _read(self, done: Callable[[], bool], timeout: float) -> None:
        assert self.proc.stdout is not None
        async with asyncio.timeout(timeout):
            while not done():
                line = await self.proc.stdout.readline()
                seen = self.lines if self.text else self.events
                assert line, f"listen exited early; {'lines' if self.text else 'events'}: {seen}"
                self.lines.append(line.decode())
                if not self.text:
                    self.events.append(json.loads(line))

    async def ended(self, timeout: float = 30) -> int:
        """Wait for listen to exit by itself (a refusal, an error); its exit status."""
        async with asyncio.timeout(timeout):
            return await self.proc.wait()

    def count(self, name: str) -> int:
        return sum(1 for event in self.events if event["event"] == name)


@asynccontextmanager
async def listening(
    *args: str, text: bool = False, launcher: tuple[str, ...] = (), limit: int = 2**16
) -> AsyncIterator[ListenRun]:
    """``python -m explorer listen [--json] *args``, run by ``launcher`` when given (a
    parent that caps and measures it); ``limit`` is the longest line it may print."""
    proc = await asyncio.create_subprocess_exec(
        *launcher,
        sys.executable,
        "-m",
        "explorer",
        "listen",
        *(() if text else ("--json",)),
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        limit=limit,
    )
    run = ListenRun(proc, text)
    try:
        yield run
    finally:
        run.stop()
        try:
            async with asyncio.timeout(20):
                run.unread, run.stderr = await proc.communicate()
        except TimeoutError:
            proc.kill()
            run.unread, run.stderr = await proc.communicate()


async def kept_once_verified(*args: str) -> ListenRun:
    """``listen --keep`` until its subscription is verified, then a user's Ctrl+C: the
    subscription stays, at the hub and in the store, for a restart to resume. The ended
    run."""
    assert "--keep" in args, "without --keep, Ctrl+C ends the subscription"
    async with listening(*args) as run:
        await run.until(lambda events: run.count("verified") >= 1)
        run.stop(signal.SIGINT)
    return run


async def kept_where_the_hub_is_gone(store: Path) -> tuple[str, ...]:
    """A subscription kept in ``store`` (``kept_once_verified`` on a demo channel) whose
    demo Source and hub have stopped since: nothing listens on their port any more. The
    arguments that start ``listen`` on it again."""
    async with await start_demo(rate=0) as demo:
        topic, hub = demo.channels[0].topic, demo.hub_url
        args = ("--topic", topic, "--hub", hub, "--store", str(store), "--keep")
        await kept_once_verified(*args)
    return args
