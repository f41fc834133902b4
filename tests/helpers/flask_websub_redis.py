"""Flask-WebSub's hub as it runs in production: a web process, a Celery worker process and
Debian's ``redis-server`` as the broker, subscriptions in the hub's SQLite storage.

``RedisHub`` starts the three on loopback (redis on a free port, ``--save ''
--appendonly no`` in a temporary folder) and stops them. Run as a script, this module is
one of the hub's processes, or the restart a test gives ``hub-check --hub-restart``::

    python flask_websub_redis.py web|worker STATE_DIR
    python flask_websub_redis.py restart STATE_DIR   # kill -9 both, start both again

``STATE_DIR/hub.json`` holds the settings (ports, the SQLite path, the retry policy) and
``STATE_DIR/pids`` the processes to kill, so the restart needs nothing else.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import httpx

from explorer.net.conformance import (
    MEMORY_CHECKS,
    CheckResult,
    ConformanceSettings,
    run_conformance,
)
from explorer.net.live.callback.callback_server import CallbackServer

# Flask-WebSub's retry policy here: MAX_ATTEMPTS retries after the first attempt, each
# after uniform(0, BACKOFF_BASE * 2**n) seconds (flask_websub/hub/tasks.py).
MAX_ATTEMPTS = 3
BACKOFF_BASE = 0.2
MIN_LEASE = 2  # HUB_MIN_LEASE_SECONDS: lease-expiry asks for a short lease
START_TIMEOUT = 30.0


@dataclass(frozen=True)
class HubConfig:
    web_port: int
    redis_port: int
    database: str
    queue: str = "flask-websub"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _config(state: Path) -> HubConfig:
    return HubConfig(**json.loads((state / "hub.json").read_text()))


def _hub(config: HubConfig):  # type: ignore[no-untyped-def]  # Flask-WebSub is untyped
    from celery import Celery
    from flask import Flask
    from flask_websub.hub import Hub, SQLite3HubStorage

    celery = Celery("flask-websub-hub", broker=f"redis://127.0.0.1:{config.redis_port}/0")
    celery.conf.update(task_default_queue=config.queue, broker_connection_retry_on_startup=True)
    hub = Hub(
        SQLite3HubStorage(config.database),
        celery,
        REQUEST_TIMEOUT=5,
        MAX_ATTEMPTS=MAX_ATTEMPTS,
        BACKOFF_BASE=BACKOFF_BASE,
    )
    app = Flask("flask_websub_redis_hub")
    app.config.update(PUBLISH_SUPPORTED=True, HUB_MIN_LEASE_SECONDS=MIN_LEASE)
    app.register_blueprint(hub.build_blueprint(url_prefix="/hub"))
    return app, celery


def _serve(state: Path) -> None:
    from werkzeug.serving import make_server

    config = _config(state)
    app, _celery = _hub(config)
    make_server("127.0.0.1", config.web_port, app, threaded=True).serve_forever()


def _work(state: Path) -> None:
    config = _config(state)
    _app, celery = _hub(config)
    quiet = ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    celery.worker_main(["worker", "--pool", "solo", "-Q", config.queue, *quiet])


def _spawn(state: Path, role: str) -> subprocess.Popen[bytes]:
    with (state / f"{role}.log").open("ab") as log:
        return subprocess.Popen(
            [sys.executable, __file__, role, str(state)],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # outlives the restart command that started it
        )


def _wait_port(port: int, timeout: float = START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _start_hub(state: Path) -> list[subprocess.Popen[bytes]]:
    processes = [_spawn(state, "web"), _spawn(state, "worker")]
    (state / "pids").write_text(" ".join(str(process.pid) for process in processes))
    return processes


def _kill_hub(state: Path) -> None:
    """kill -9 the hub's processes, as a crash would, and wait until they are gone."""
    pids = [int(pid) for pid in (state / "pids").read_text().split()]
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            continue
    for pid in pids:
        deadline = time.monotonic() + 10
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.02)


def _alive(pid: int) -> bool:
    """Running, not a zombie: a killed process stays one until its parent (maybe the
    test, maybe an earlier restart command, long gone) reaps it."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def restart(state: Path) -> None:
    """What ``hub-check --hub-restart`` runs: the hub killed and started again, its store kept."""
    _kill_hub(state)
    _start_hub(state)
    _wait_port(_config(state).web_port)


class RedisHub:
    """The three processes, started in ``state`` (a temporary folder) and stopped by ``stop``."""

    def __init__(self, state: Path) -> None:
        self.state = state
        self.redis: subprocess.Popen[bytes] | None = None
        self.first: list[subprocess.Popen[bytes]] = []  # the hub's processes started here
        self.config = HubConfig(free_port(), free_port(), str(state / "hub.sqlite"))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.config.web_port}/hub"

    @property
    def restart_command(self) -> str:
        return shlex.join([sys.executable, __file__, "restart", str(self.state)])

    def start(self) -> None:
        server = shutil.which("redis-server")
        if server is None:
            raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
        (self.state / "hub.json").write_text(json.dumps(asdict(self.config)))
        port = str(self.config.redis_port)
        # no snapshot, no append-only file: a broker for one test, in its own folder
        volatile = ["--save", "", "--appendonly", "no", "--dir", str(self.state)]
        self.redis = subprocess.Popen(
            [server, "--port", port, "--bind", "127.0.0.1", *volatile],
            stdout=subprocess.DEVNULL,
        )
        _wait_port(self.config.redis_port)
        self.first = _start_hub(self.state)
        _wait_port(self.config.web_port)

    def stop(self) -> None:
        if (self.state / "pids").exists():
            _kill_hub(self.state)  # the latest hub, started here or by a restart
        for process in self.first:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
        if self.redis is not None:
            self.redis.terminate()
            self.redis.wait(timeout=10)
            self.redis = None


# Waits for this hub: its longest back-off is BACKOFF_BASE * 2**(MAX_ATTEMPTS-1) = 0.8 s.
SETTINGS = ConformanceSettings(
    verification_timeout=10.0,
    delivery_timeout=10.0,
    quiet_period=0.5,
    request_timeout=10.0,
    settle=1.0,  # the hub stores a verified subscription in a Celery task, afterwards
    retry_wait=2.5,
    retry_limit=30.0,
    short_lease=1,
    lease_wait=10.0,
    restart_timeout=60.0,
)
SLACK = 1.0  # Celery's scheduling on a busy two-core machine, on top of the back-off


async def memory_run(hub: RedisHub, server: CallbackServer) -> dict[str, CheckResult]:
    """One run of every memory check against ``hub``, restarted through its command."""
    settings = dataclasses.replace(SETTINGS, hub_restart=hub.restart_command)
    async with httpx.AsyncClient() as client:
        results = await run_conformance(
            hub.url, server, client, topic=None, settings=settings, only=list(MEMORY_CHECKS)
        )
    return {result.check: result for result in results}


def wrong_verdicts(results: dict[str, CheckResult]) -> list[str]:
    """What differs from the right verdicts on this hub, and from what its configuration
    sets: every check passes; 503, 503, then taken, each retry within its jittered
    back-off; the first attempt and MAX_ATTEMPTS retries all failed, then the hub stopped;
    a 410 is neither retried (tasks.py takes it as the end) nor delivered to again; the
    lease granted is the floor; nothing missed; the hub came back after its restart."""
    wrong = [
        f"{check}: {result.outcome}: {result.summary}"
        for check, result in results.items()
        if result.outcome != "pass"
    ]
    if list(results) != list(MEMORY_CHECKS):
        wrong.append(f"checks run: {list(results)}")
    facts = {check: result.facts for check, result in results.items()}
    retries = facts.get("retries", {})
    backoffs = [BACKOFF_BASE * 2**n + SLACK for n in range(len(retries.get("intervals", [])))]
    if retries.get("answers") != [503, 503, 200] or any(
        interval > limit for interval, limit in zip(retries["intervals"], backoffs, strict=True)
    ):
        wrong.append(f"retries: {retries}")
    survived = facts.get("survives-failures", {})
    if survived.get("attempts") != MAX_ATTEMPTS + 1 or not survived.get("hub_stopped"):
        wrong.append(f"survives-failures: {survived}")
    if facts.get("gone-410") != {"attempts_answered_410": 1, "later_deliveries": 0}:
        wrong.append(f"gone-410: {facts.get('gone-410')}")
    if facts.get("lease-expiry", {}).get("granted") != MIN_LEASE:
        wrong.append(f"lease-expiry: {facts.get('lease-expiry')}")
    if facts.get("forgotten", {}).get("missed") != 0:
        wrong.append(f"forgotten: {facts.get('forgotten')}")
    return wrong


if __name__ == "__main__":
    role, folder = sys.argv[1], Path(sys.argv[2])
    {"web": _serve, "worker": _work, "restart": restart}[role](folder)
