"""``listen --store postgresql://``: two processes behind a balancer share one store.

A hub-like sender posts 1,000 signed deliveries across 20 subscriptions through a
round-robin balancer, retrying each until it hears 2xx, as a hub does; the balancer
hangs up unanswered on every 37th delivery after the process answered (a 2xx lost
after the commit), and one process is killed with SIGKILL mid-run and started again.
Afterwards the store holds exactly the 1,000 deliveries, each once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import itertools
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import psycopg
from aiohttp import web
from helpers.fleet_db import fresh_database
from helpers.round_robin import RoundRobin

SUBSCRIPTIONS = 20
DELIVERIES = 1000
KILL_AT = 300
SENDERS = 8
BOUND = 100.0
STARTED = re.compile(r"callbacks at http://127\.0\.0\.1:(\d+) ")


class Hub:
    """Takes subscription forms (202) and verifies each through the callback it was given."""

    def __init__(self) -> None:
        self.secrets: dict[str, str] = {}  # topic -> hub.secret
        self.callbacks: dict[str, str] = {}  # topic -> hub.callback
        self.verified: set[str] = set()
        self.url = ""
        self._tasks: set[asyncio.Task[None]] = set()

    async def subscribe(self, request: web.Request) -> web.Response:
        form = await request.post()
        topic, callback = str(form["hub.topic"]), str(form["hub.callback"])
        self.secrets[topic], self.callbacks[topic] = str(form["hub.secret"]), callback
        task = asyncio.create_task(self._verify(topic, callback))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return web.Response(status=202)

    async def _verify(self, topic: str, callback: str) -> None:
        challenge = secrets.token_hex(8)
        params = {
            "hub.mode": "subscribe",
            "hub.topic": topic,
            "hub.challenge": challenge,
            "hub.lease_seconds": "600",
        }
        async with httpx.AsyncClient() as client:
            answer = await client.get(callback, params=params)
        if answer.status_code == 200 and answer.text == challenge:
            self.verified.add(topic)


@contextlib.asynccontextmanager
async def running_hub() -> AsyncIterator[Hub]:
    hub = Hub()
    app = web.Application()
    app.router.add_post("/", hub.subscribe)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    hub.url = f"http://127.0.0.1:{port}/"
    try:
        yield hub
    finally:
        await runner.cleanup()


async def _listen(
    dsn: str, hub: Hub, balancer: RoundRobin, topics: list[str]
) -> tuple[asyncio.subprocess.Process, int]:
    """A ``listen`` process on the shared store; returns it with its bound port."""
    command = [
        sys.executable,
        "-m",
        "explorer",
        "listen",
        "--store",
        dsn,
        "--hub",
        hub.url,
        "--public-url",
        balancer.url,
        "--lease",
        "600",
    ]
    for topic in topics:
        command += ["--topic", topic]
    proc = await asyncio.create_subprocess_exec(
        *command,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stderr is not None
    async with asyncio.timeout(60):
        while line := (await proc.stderr.readline()).decode():
            if found := STARTED.search(line):
                return proc, int(found.group(1))
    raise AssertionError(f"listen did not start: {line!r}")


def _delivery(n: int) -> bytes:
    return (
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="changelist"/>'
        f'<url><loc>http://example.org/r/{n}</loc><rs:md change="updated"/></url></urlset>'
    ).encode()


async def test_two_processes_store_each_of_1000_deliveries_once_through_a_kill(
    cluster: str,
) -> None:
    dsn = fresh_database(cluster)
    topics = [f"http://example.org/topic/{n}" for n in range(SUBSCRIPTIONS)]
    processes: list[asyncio.subprocess.Process] = []
    async with running_hub() as hub, RoundRobin([]) as balancer:
        try:
            first, port = await _listen(dsn, hub, balancer, topics)
            processes.append(first)
            balancer.backends.append(port)
            second, port = await _listen(dsn, hub, balancer, topics)
            processes.append(second)
            balancer.backends.append(port)
            async with asyncio.timeout(60):
                while len(hub.verified) < SUBSCRIPTIONS:
                    await asyncio.sleep(0.05)
            assert set(hub.callbacks.values()) == {
                url for url in hub.callbacks.values() if url.startswith(balancer.url)
            }
            balancer.lose_every = 37  # from now on: deliveries only
            sent = 0
            halfway = asyncio.Event()
            queue: asyncio.Queue[int] = asyncio.Queue()
            for n in range(DELIVERIES):
                queue.put_nowait(n)

            async def send(client: httpx.AsyncClient) -> None:
                nonlocal sent
                while not queue.empty():
                    n = queue.get_nowait()
                    topic = topics[n % SUBSCRIPTIONS]
                    body = _delivery(n)
                    mac = hmac.new(hub.secrets[topic].encode(), body, hashlib.sha256)
                    headers = {
                        "Content-Type": "application/xml",
                        "X-Hub-Signature": f"sha256={mac.hexdigest()}",
                    }
                    for attempt in itertools.count():
                        with contextlib.suppress(httpx.HTTPError):
                            answer = await client.post(
                                hub.callbacks[topic], content=body, headers=headers
                            )
                            if 200 <= answer.status_code < 300:
                                break
                        await asyncio.sleep(min(0.02 * attempt, 0.5))  # a hub's backoff
                    sent += 1
                    if sent == KILL_AT:
                        halfway.set()

            async def kill_and_restart() -> None:
                await halfway.wait()
                first.send_signal(signal.SIGKILL)
                await first.wait()
                again, port = await _listen(dsn, hub, balancer, topics)
                processes.append(again)
                balancer.backends[0] = port

            limits = httpx.Limits(max_keepalive_connections=0)  # each delivery: a new turn
            async with httpx.AsyncClient(limits=limits, timeout=10) as client:
                async with asyncio.timeout(BOUND):
                    await asyncio.gather(
                        kill_and_restart(), *(send(client) for _ in range(SENDERS))
                    )
        finally:
            for proc in processes:
                if proc.returncode is None:
                    proc.terminate()
                    await proc.wait()
    assert first.returncode == -signal.SIGKILL
    assert balancer.lost > 0  # some 2xx were lost after the commit, and retried
    with psycopg.connect(dsn) as conn:
        bodies = [bytes(row[0]) for row in conn.execute("SELECT body FROM listen_delivery")]
        takers = conn.execute("SELECT count(DISTINCT taken_by) FROM listen_delivery").fetchone()
    assert len(bodies) == DELIVERIES
    assert set(bodies) == {_delivery(n) for n in range(DELIVERIES)}
    assert takers is not None and takers[0] >= 2  # both processes took deliveries


def test_an_unreachable_shared_store_is_one_line_without_its_password() -> None:
    dsn = "postgresql://someone:sekrit@/fleet?host=/nonexistent-socket-folder"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "explorer",
            "listen",
            "--store",
            dsn,
            "--hub",
            "http://127.0.0.1:9/",
            "--topic",
            "http://example.org/t",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "sekrit" not in done.stderr + done.stdout
    assert lines[0].startswith("listen: cannot reach the shared store postgresql://someone:***@")
    assert "start the database or correct --store" in lines[0]


def _refusal(*extra: str) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "explorer",
            "listen",
            "--store",
            "postgresql://u@/db",
            "--topic",
            "http://example.org/t",
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    return done.stderr.strip()


def test_a_shared_store_without_hub_or_with_a_local_only_option_is_refused(
    tmp_path: Path,
) -> None:
    assert _refusal("--lang", "ja") == (
        "listen: 共有ストア（--store postgresql://…）には --hub が必要です。"
        "各プロセスがトピックに同じハブを指定してください"
    )
    assert _refusal("--hub", "http://127.0.0.1:9/", "--record", str(tmp_path / "r.har")) == (
        "listen: --record works with a store file only, not yet with a shared store"
        " (--store postgresql://…)"
    )
    refused = [
        (["--no-secret"], "--no-secret"),
        (["--verify", "sync"], "--verify"),
        (["--reconcile", "60", "--forward", "http://127.0.0.1:9/"], "--forward"),  # not reconcile
    ]
    for options, named in refused:
        said = _refusal("--hub", "http://127.0.0.1:9/", *options)
        assert said.startswith(f"listen: {named} works with a store file only")


def test_listen_on_a_store_file_never_loads_the_database_driver() -> None:
    probe = (
        "import sys, explorer.cli.listen, explorer.net.live.session;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('psycopg', 'celery')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


def test_a_taken_port_is_one_line_and_the_store_keeps_no_lease(cluster: str) -> None:
    dsn = fresh_database(cluster)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "explorer",
                "listen",
                "--store",
                dsn,
                "--hub",
                "http://127.0.0.1:9/",
                "--topic",
                "http://example.org/t",
                "--port",
                str(port),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr.startswith(f"listen: cannot listen on 127.0.0.1:{port}: ")
    assert len(done.stderr.splitlines()) == 1
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT count(*) FROM listen_lease").fetchone() == (0,)


async def test_a_stop_hands_the_leases_over_and_json_lines_say_what_happened(
    cluster: str,
) -> None:
    dsn = fresh_database(cluster)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        "--store",
        dsn,
        "--hub",
        "http://127.0.0.1:9/",
        "--topic",
        "http://example.org/t",
        "--json",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    events = []
    try:
        async with asyncio.timeout(60):
            while not any(e["event"] == "hub-unreachable" for e in events):
                line = await proc.stdout.readline()
                assert line, f"listen ended early: {events}"
                events.append(json.loads(line))
        with psycopg.connect(dsn) as conn:
            assert conn.execute("SELECT count(*) FROM listen_lease").fetchone() == (1,)
        proc.terminate()
        assert await proc.wait() == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert events[0] == {
        "event": "holding",
        "topic": "http://example.org/t",
        "hub": "http://127.0.0.1:9/",
    }
    with psycopg.connect(dsn) as conn:
        assert conn.execute("SELECT count(*) FROM listen_lease").fetchone() == (0,)
