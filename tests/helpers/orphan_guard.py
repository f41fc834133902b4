"""A server a test starts dies with the test process, even one killed by SIGKILL.

``fleet_services`` starts PostgreSQL detached (``pg_ctl`` hands the postmaster to init) and
Redis as a child that outlives its parent; a ``finally`` stops them only when the test
process lives to run it. A pytest killed by a CI timeout or an impatient Ctrl+C twice
would leave them running, with their folders, for the rest of the machine's life.

The guard is a small process started beside the server, in a session of its own (so a
signal to the test's process group does not reach it). It reads a pipe whose only writer
is the test process: the kernel closes that end when the test process dies, however it
dies, and the read returns. An end of file with nothing said means the owner died: the
guard runs the stop commands (each finds its server by its folder or socket, never by a
process id that could have been reused) and removes the folder. An owner that stops the
server itself says so first (one byte), and the guard leaves without acting.

This file runs as a script (only the standard library), so the guard imports nothing of
the test process.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

STOP_TIMEOUT = 60.0
"""Seconds each stop command has; PostgreSQL's immediate stop takes well under one."""


@contextmanager
def stopped_if_orphaned(
    stop: Sequence[Sequence[str]], folder: Path | None = None
) -> Iterator[None]:
    """Within the block, a death of this process runs ``stop`` (commands, in order) and
    removes ``folder``; leaving the block normally or by an exception disarms the guard
    (the caller's own ``finally`` stops the server then)."""
    plan = json.dumps({"stop": [list(command) for command in stop], "folder": str(folder or "")})
    guard = subprocess.Popen(
        [sys.executable, "-I", __file__, plan],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    assert guard.stdin is not None
    try:
        yield
    finally:
        with contextlib.suppress(BrokenPipeError):  # a guard killed by someone else
            guard.stdin.write(b"x")  # the owner is alive and stops the server itself
            guard.stdin.close()
        guard.wait(timeout=STOP_TIMEOUT)


def _guard(plan: dict[str, Any]) -> None:
    """Wait for the owner's word or its death; on its death, stop and clean up."""
    if sys.stdin.buffer.read():
        return
    for command in plan["stop"]:  # each in turn, whatever the one before did
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=STOP_TIMEOUT,
                check=False,
            )
    if plan["folder"]:
        shutil.rmtree(plan["folder"], ignore_errors=True)


if __name__ == "__main__":
    _guard(json.loads(sys.argv[1]))
