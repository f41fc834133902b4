"""The PostgreSQL and Redis servers a test starts (``helpers.fleet_services``) stop when the
test process is killed outright, so a CI run that kills pytest leaves no server running
and no cluster folder behind (``helpers.orphan_guard``)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

TESTS = Path(__file__).parent
BOUND = 60.0
"""Seconds the guard has to stop a server once its owner is gone (it takes well under
one on an idle machine; a busy two-core one may hold it up for many)."""

OWNER = """
import sys
from pathlib import Path
from helpers.fleet_services import postgres_server, redis_server

service = postgres_server() if sys.argv[1] == "postgres" else redis_server(Path(sys.argv[2]))
with service as url:
    print(url, flush=True)
    sys.stdin.read()  # until killed
"""


def alive(pid: int) -> bool:
    """The process runs (a zombie, killed but not yet reaped by whoever adopted it, does
    not: it holds no socket and no file)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def until(condition: Callable[[], bool], bound: float = BOUND) -> bool:
    """Poll ``condition`` until it holds or ``bound`` seconds passed; whether it held."""
    deadline = time.monotonic() + bound
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@contextmanager
def owner(service: str, folder: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A process that starts ``service`` through the helper and holds it; its URL."""
    with subprocess.Popen(
        [sys.executable, "-c", OWNER, service, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(TESTS)},
    ) as process:
        try:
            assert process.stdout is not None
            url = process.stdout.readline().strip()
            assert url, f"the {service} helper did not start"
            yield process, url
        finally:
            process.kill()


def postgres_pid(url: str) -> tuple[int, Path]:
    """The postmaster's process id and the cluster's folder, from the DSN's socket folder."""
    folder = Path(parse_qs(urlsplit(url).query)["host"][0]).parent
    pid = int((folder / "data" / "postmaster.pid").read_text().split()[0])
    return pid, folder


def redis_pid(url: str) -> int:
    """The server's own word for its process id, asked through its socket."""
    socket = url.removeprefix("redis+socket://")
    said = subprocess.run(
        ["redis-cli", "-s", socket, "info", "server"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    return int(next(x for x in said.splitlines() if x.startswith("process_id:")).split(":")[1])


@pytest.mark.parametrize("service", ["postgres", "redis"])
def test_a_killed_test_process_takes_its_server_along(service: str, tmp_path: Path) -> None:
    with owner(service, tmp_path / "redis") as (process, url):
        if service == "postgres":
            pid, folder = postgres_pid(url)
        else:
            pid, folder = redis_pid(url), None
        assert alive(pid)
        process.send_signal(signal.SIGKILL)  # no finally, no atexit runs in the owner
        process.wait()
        try:
            assert until(lambda: not alive(pid)), f"{service} outlived its owner"
            if folder is not None:
                assert until(lambda: not folder.exists()), f"{folder} left behind"
        finally:  # a failure here must not leave the server running either
            if alive(pid):
                os.kill(pid, signal.SIGQUIT if service == "postgres" else signal.SIGTERM)
                until(lambda: not alive(pid))
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
