"""Debian's PostgreSQL and Redis servers for one test, each in its own temporary folder.

Both listen on a Unix socket in their folder and on no TCP port, so tests running beside
each other never meet on a port and nothing outside the machine can reach them.
PostgreSQL refuses to run as root: when the tests run as root (CI), ``initdb`` and the
server run as the ``postgres`` user the Debian package creates, in a folder of its own
under the system's temporary folder (pytest's folders are private to root, and the server
user could not reach into them). Each server dies with the test process, even one killed
by SIGKILL (``orphan_guard``), so a killed run leaves no server and no folder behind.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from helpers.orphan_guard import stopped_if_orphaned

START_TIMEOUT = 60.0
"""Seconds a server has to answer; a busy two-core machine takes several for initdb."""


def _postgres_bin(name: str) -> str:
    """``initdb`` and ``pg_ctl`` live beside the server, not on PATH, in Debian."""
    found = shutil.which(name) or next(
        iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None
    )
    if found is None:
        raise RuntimeError(f"{name} is not installed (apt-get install postgresql)")
    return found


def _as_server_user(folder: Path) -> list[str]:
    """The prefix that runs a PostgreSQL program as a user it accepts, owning ``folder``."""
    if os.geteuid() != 0:
        return []
    account = pwd.getpwnam("postgres")
    for path in (folder, *folder.rglob("*")):
        os.chown(path, account.pw_uid, account.pw_gid)
    return ["runuser", "-u", "postgres", "--"]


@contextmanager
def postgres_server() -> Iterator[str]:
    """A fresh PostgreSQL cluster, yielded as a ``postgresql://`` DSN whose host is the
    socket folder; the cluster is stopped (immediately) and its folder removed on leaving."""
    folder = Path(tempfile.mkdtemp(prefix="explorer-pg-"))
    try:
        with _cluster(folder) as dsn:
            yield dsn
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def _cluster(folder: Path) -> Iterator[str]:
    data, sockets = folder / "data", folder / "sockets"
    sockets.mkdir()
    prefix = _as_server_user(folder)
    user = "postgres" if prefix else pwd.getpwuid(os.geteuid()).pw_name
    subprocess.run(
        [*prefix, _postgres_bin("initdb"), "-D", str(data), "-U", user, "-A", "trust"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )
    options = f"-c listen_addresses='' -k {sockets} -c fsync=off -c max_connections=200"
    pg_ctl = [*prefix, _postgres_bin("pg_ctl"), "-D", str(data)]
    stop = [*pg_ctl, "-m", "immediate", "-w", "stop"]
    with stopped_if_orphaned([stop], folder):  # armed before the start: pg_ctl detaches it
        subprocess.run(
            [*pg_ctl, "-o", options, "-l", str(folder / "server.log"), "-w", "start"],
            check=True,
            stdout=subprocess.DEVNULL,
            timeout=START_TIMEOUT,
        )
        try:
            yield f"postgresql://{user}@/postgres?host={sockets}"
        finally:
            subprocess.run(
                stop,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=START_TIMEOUT,
                check=False,
            )


@contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    """Debian's ``redis-server`` on a socket in ``folder``, yielded as a ``redis+socket://``
    URL (the form Celery's Redis transport takes); no snapshot, no append-only file."""
    server = shutil.which("redis-server")
    if server is None:
        raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
    folder.mkdir(parents=True, exist_ok=True)
    socket = folder / "redis.sock"
    listen = ["--port", "0", "--unixsocket", str(socket), "--unixsocketperm", "700"]
    volatile = ["--save", "", "--appendonly", "no", "--dir", str(folder)]
    shutdown = [shutil.which("redis-cli") or "redis-cli", "-s", str(socket), "shutdown", "nosave"]
    with stopped_if_orphaned([shutdown]):  # found by its socket, not by a reusable pid
        process = subprocess.Popen([server, *listen, *volatile], stdout=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while not socket.exists():
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start (exit {process.poll()})")
                time.sleep(0.05)
            yield f"redis+socket://{socket}"
        finally:
            process.terminate()
            process.wait(timeout=10)
