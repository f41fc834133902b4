"""resync 2.0.1's ``resync-sync`` run as a separate process through the counting proxy:
every request it makes and every byte it is sent, counted on the serving side."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from helpers.counting_proxy import Tally, counting_proxy


def resync_sync() -> str:
    """The ``resync-sync`` script beside this interpreter (a venv's need not be on PATH)."""
    beside = Path(sys.executable).with_name("resync-sync")
    command = str(beside) if beside.exists() else shutil.which("resync-sync")
    assert command is not None, "resync 2.0.1 (a test dependency) provides resync-sync"
    return command


def run_referee(args: list[str], workdir: Path, timeout: float = 600) -> tuple[Tally, str]:
    """``resync-sync ARGS`` in ``workdir`` (its status file goes there), every request
    through a fresh counting proxy; the tally and what it printed."""
    with counting_proxy() as (proxy, tally):
        env = {**os.environ, "http_proxy": proxy, "no_proxy": ""}
        done = subprocess.run(
            [resync_sync(), *args],
            cwd=workdir,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    return tally, done.stdout + done.stderr
