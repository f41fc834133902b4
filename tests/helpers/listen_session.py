"""``listen`` as a user runs it (a subprocess with ``--json``), as an async context: lines
are read as events on demand, and the process is stopped with SIGTERM at the end."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

Events = list[dict[str, Any]]


@dataclass
class ListenRun:
    proc: asyncio.subprocess.Process
    events: Events = field(default_factory=list)
    stderr: bytes = b""
    stopping: bool = False

    def stop(self) -> None:
        """SIGTERM, once: ``listen`` ends its subscriptions and exits by itself. A second
        one, sent while it exits, could land after its event loop has closed and given
        the signal back to its default action, and kill it with -15."""
        if not self.stopping and self.proc.returncode is None:
            self.stopping = True
            self.proc.send_signal(signal.SIGTERM)

    async def until(self, done: Callable[[Events], bool], timeout: float = 30) -> None:
        """Read events until ``done(events)`` holds."""
        assert self.proc.stdout is not None
        async with asyncio.timeout(timeout):
            while not done(self.events):
                line = await self.proc.stdout.readline()
                assert line, f"listen exited early; events so far: {self.events}"
                self.events.append(json.loads(line))

    def count(self, name: str) -> int:
        return sum(1 for event in self.events if event["event"] == name)


@asynccontextmanager
async def listening(*args: str) -> AsyncIterator[ListenRun]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        "--json",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    run = ListenRun(proc)
    try:
        yield run
    finally:
        run.stop()
        try:
            async with asyncio.timeout(20):
                _, run.stderr = await proc.communicate()
        except TimeoutError:
            proc.kill()
            _, run.stderr = await proc.communicate()
