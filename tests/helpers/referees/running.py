"""A referee subscriber as a process of its own, for tests that drive it from outside.

The command runs through the shell in a new process group (as ``subscriber-check --run``
runs one); its stdout lines are kept as they come (so the pipe never fills). ``stop``
sends SIGTERM to the group, which the referees answer by unsubscribing, and kills the
group if it lingers.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator

STOP_BOUND = 20.0


class RunningReferee:
    """A started referee: its process and the lines it printed so far."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.lines: list[str] = []
        self._drain = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            self.lines.append(line.decode("utf-8", "replace").rstrip("\n"))

    def said(self, start: str) -> list[str]:
        return [line for line in self.lines if line.startswith(start)]

    async def stop(self) -> None:
        """SIGTERM to the group; killed past ``STOP_BOUND``; returns once its output ended."""
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), STOP_BOUND)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                await self.proc.wait()
        # the shell may go first: the output ends when the referee itself has exited
        try:
            await asyncio.wait_for(asyncio.shield(self._drain), STOP_BOUND)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            await self._drain


@contextlib.asynccontextmanager
async def running_referee(command: str) -> AsyncIterator[RunningReferee]:
    """Run ``command`` (a shell line) until the block ends; stopped whatever happened."""
    proc = await asyncio.create_subprocess_shell(
        command,
        stdout=asyncio.subprocess.PIPE,
        stderr=None,
        start_new_session=True,
    )
    referee = RunningReferee(proc)
    try:
        yield referee
    finally:
        await referee.stop()
