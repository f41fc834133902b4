"""Benchmark: every hostile input end to end through the CLI, measured from outside.

Each case builds its input (bombs are streamed through zlib, never inflated here), serves
it from loopback servers in this process (aiohttp and asyncio on 127.0.0.1, port 0) and
runs ``python -m explorer ...`` under GNU time as a separate process in its own session,
capped with RLIMIT_AS (``--memory-cap``) and RLIMIT_FSIZE so a runaway child cannot
exhaust the shared machine, and killed after ``--timeout`` seconds. Reported per case:
wall time, the child's CPU time (user + system: what a loaded machine does not inflate
the way it inflates wall time), its own peak resident memory (GNU time's ``%M``), exit
status, whether
a traceback appeared (output is drained as it comes, head and tail kept), and for the
server cases the store's growth, how long a slow-header connection lives and a real
delivery's delay.

Bounds (see docs/reliability.md): every response, document and dump case within 300 MB
peak and 5 s; the store grows at most 20 MB under 600 requests with 1 MB of headers; one
slow-header connection is closed within 60 s; 2,000 of them delay a real delivery by at
most 1 s. Slow servers and bad arguments have no set figure: a slow server must be given
up within 90 s (a hang bound), bad arguments must exit 2 within 5 s and 300 MB; none may
print a traceback.

    python3 tests/benchmarks/bench_hostile_inputs.py [--case NAME ...] [--json] [--list]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostile_cases as build

LIMIT_MB = 300.0
LIMIT_SECONDS = 5.0
STORE_GROWTH_MB = 20.0
SLOW_HEADER_CLOSE_S = 60.0
DELIVERY_DELAY_S = 1.0
HANG_SECONDS = 90.0  # no set figure: three times the CLI's 30 s per-URL deadline
ATTACKER = "127.0.0.2"  # slow-header attackers connect from here; the hub from 127.0.0.1
TRACEBACK = b"Traceback (most recent call last)"
KEEP = 64 * build.KIB
GNU_TIME = "/usr/bin/time"  # GNU time: the explorer's own peak RSS ("%M")

# --- the child process -----------------------------------------------------------------


class Capture:
    """Drain one pipe in a thread: count bytes, keep head and tail, spot a traceback."""

    def __init__(self, pipe: object) -> None:
        self.total = 0
        self.head = b""
        self.tail = b""
        self.traceback = False
        self.memory_error = False
        self._thread = threading.Thread(target=self._drain, args=(pipe,), daemon=True)
        self._thread.start()

    def _drain(self, pipe: object) -> None:
        with pipe:  # type: ignore[attr-defined]
            while chunk := pipe.read1(KEEP):  # type: ignore[attr-defined]
                window = self.tail[-64:] + chunk
                self.traceback = self.traceback or TRACEBACK in window
                self.memory_error = self.memory_error or b"MemoryError" in window
                self.total += len(chunk)
                if len(self.head) < KEEP:
                    self.head += chunk[: KEEP - len(self.head)]
                self.tail = (self.tail + chunk)[-KEEP:]

    def join(self) -> None:
        self._thread.join(10)

    def last_line(self) -> str:
        lines = [line for line in self.tail.decode("utf-8", "replace").splitlines() if line]
        return lines[-1][:160] if lines else ""


@dataclass
class Exit:
    """How one CLI run ended, as seen from outside."""

    seconds: float
    peak_mb: float
    cpu_seconds: float  # user + system, GNU time's %U + %S
    status: int | None  # exit code; negative: killed by that signal
    timed_out: bool
    traceback: bool
    at_memory_cap: bool
    stdout_bytes: int
    stderr_bytes: int
    stdout_last: str
    stderr_last: str


class Child:
    """``python -m explorer ARGS`` under GNU time, in its own session, with memory and
    file-size caps.

    The peak comes from GNU time, not from this process's ``wait4``: Linux keeps the
    resident peak of the memory a process had before ``exec`` (here, a fork of this big
    benchmark), so a child forked from here would report at least this process's size.
    GNU time is small, so the explorer it forks starts from a few megabytes.
    """

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path, caps: Caps) -> None:
        self.caps = caps
        self.report = cwd / f"rusage-{secrets.token_hex(6)}.txt"
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [
                GNU_TIME,
                "-f",
                "%U %S %M",
                "-o",
                str(self.report),
                sys.executable,
                "-m",
                "explorer",
                *args,
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=cwd,
            start_new_session=True,
            preexec_fn=caps.apply,
        )
        self.stdout = Capture(self.process.stdout)
        self.stderr = Capture(self.process.stderr)
        self.result: Exit | None = None

    def poll(self) -> Exit | None:
        if self.result is None:
            pid, status = os.waitpid(self.process.pid, os.WNOHANG)
            if pid:
                self._finish(status, timed_out=False)
        return self.result

    async def wait(self, timeout: float) -> Exit:
        deadline = self.started + timeout
        while self.poll() is None:
            if time.monotonic() > deadline:
                self.signal(signal.SIGKILL)
                try:
                    async with asyncio.timeout(10):
                        while not os.waitpid(self.process.pid, os.WNOHANG)[0]:
                            await asyncio.sleep(0.02)
                        status = 0  # replaced below: GNU time saw the signal
                except TimeoutError:  # GNU time itself is stuck: end the whole session
                    os.killpg(self.process.pid, signal.SIGKILL)
                    _, status = os.waitpid(self.process.pid, 0)
                self._finish(status, timed_out=True)
                break
            await asyncio.sleep(0.02)
        assert self.result is not None
        return self.result

    async def stop(self, grace: float = 20.0) -> Exit:
        """SIGTERM (a clean stop for ``listen``), then SIGKILL after ``grace`` seconds."""
        if self.poll() is None:
            self.signal(signal.SIGTERM)
            started = time.monotonic()
            while self.poll() is None and time.monotonic() - started < grace:
                await asyncio.sleep(0.02)
        return await self.wait(0)

    def signal(self, number: int) -> None:
        """Signal the explorer process (GNU time's child), so GNU time still reports."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        with contextlib.suppress(OSError, ValueError):
            for pid in children.read_text().split():
                os.kill(int(pid), number)

    def _finish(self, status: int, timed_out: bool) -> None:
        seconds = time.monotonic() - self.started
        code = os.waitstatus_to_exitcode(status)
        lines = self.report.read_text().splitlines() if self.report.exists() else []
        for line in lines:
            if line.startswith("Command terminated by signal"):
                code = -int(line.split()[-1])
        fields = lines[-1].split() if lines else []
        measured = len(fields) == 3 and fields[2].isdigit()
        peak_mb = int(fields[2]) / 1024 if measured else float("nan")
        cpu_seconds = float(fields[0]) + float(fields[1]) if measured else float("nan")
        self.process.returncode = code
        self.stdout.join()
        self.stderr.join()
        self.result = Exit(
            seconds=seconds,
            peak_mb=peak_mb,
            cpu_seconds=cpu_seconds,
            status=code,
            timed_out=timed_out,
            traceback=self.stdout.traceback or self.stderr.traceback,
            at_memory_cap=self.stderr.memory_error or peak_mb >= 0.95 * self.caps.memory_mb,
            stdout_bytes=self.stdout.total,
            stderr_bytes=self.stderr.total,
            stdout_last=self.stdout.last_line(),
            stderr_last=self.stderr.last_line(),
        )


@dataclass(frozen=True)
class Caps:
    memory_mb: float
    file_mb: float

    def apply(self) -> None:
        """In the child before exec: the machine is shared, a bomb must stop at the cap."""
        memory = int(self.memory_mb * build.MIB)
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        size = int(self.file_mb * build.MIB)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


# --- loopback servers ------------------------------------------------------------------

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class LoopbackServer:
    """aiohttp on 127.0.0.1:0 serving a path table (unknown paths 404); counts what it sent."""

    def __init__(self) -> None:
        self.routes: dict[str, Handler] = {}
        self.requests: Counter[tuple[str, str]] = Counter()  # (method, path)
        self.sent = 0
        self.base = ""
        self._runner: web.AppRunner | None = None

    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}"
        return self.base

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        handler = self.routes.get(request.path)
        if handler is None:
            return web.Response(status=404, text="not here\n")
        self.requests[request.method, request.path] += 1
        return await handler(request)

    def fixed(
        self,
        path: str,
        body: bytes,
        content_type: str = "application/xml",
        status: int = 200,
        headers: dict[str, str] | None = None,
    ) -> str:
        async def reply(_request: web.Request) -> web.StreamResponse:
            self.sent += len(body)
            response = web.Response(status=status, body=body, headers=headers)
            response.headers["Content-Type"] = content_type
            return response

        self.routes[path] = reply
        return self.base + path

    def streamed(self, path: str, make: Callable[[], tuple[int, Iterator[bytes]]]) -> str:
        """A large body written chunk by chunk as the client reads it."""

        async def reply(request: web.Request) -> web.StreamResponse:
            length, chunks = make()
            response = web.StreamResponse(headers={"Content-Type": "application/xml"})
            response.content_length = length
            await response.prepare(request)
            try:
                for chunk in chunks:
                    await response.write(chunk)
                    self.sent += len(chunk)
                await response.write_eof()
            except (ConnectionError, RuntimeError):
                pass  # the client stopped reading: what a bounded reader does
            return response

        self.routes[path] = reply
        return self.base + path


class LoopbackHub:
    """A minimal WebSub hub: 202 to a subscription request, then a verification at once."""

    def __init__(self, server: LoopbackServer) -> None:
        self.server = server
        self.verified = asyncio.Event()
        self.callback = ""
        self.verification_status: int | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.url = server.base + "/hub"
        self.topic = server.fixed("/topic", build.change_notification(server.base + "/r/0"))
        server.routes["/hub"] = self._hub

    async def _hub(self, request: web.Request) -> web.StreamResponse:
        form = await request.post()
        if form.get("hub.mode") == "subscribe":
            task = asyncio.create_task(self._verify(str(form["hub.callback"])))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return web.Response(status=202)

    async def _verify(self, callback: str) -> None:
        await asyncio.sleep(0.05)
        challenge = secrets.token_hex(8)
        query = urlencode(
            {
                "hub.mode": "subscribe",
                "hub.topic": self.topic,
                "hub.challenge": challenge,
                "hub.lease_seconds": "86400",
            }
        )
        reply = await exchange(callback + ("&" if "?" in callback else "?") + query, "GET")
        self.verification_status = reply.status
        if reply.status == 200 and reply.body == challenge.encode():
            self.callback = callback
            self.verified.set()

    def delivery(self, body: bytes, extra: list[tuple[str, str]] | None = None) -> bytes:
        return request_bytes(
            "POST",
            self.callback,
            [
                ("Content-Type", "application/xml"),
                ("Link", f'<{self.topic}>; rel="self", <{self.url}>; rel="hub"'),
                *(extra or []),
            ],
            body,
        )


class TrickleServer:
    """Answers every request one byte per second (headers included), never finishing."""

    def __init__(self) -> None:
        self.connections = 0
        self._server: asyncio.Server | None = None
        self._stopping = asyncio.Event()
        self._handlers: set[asyncio.Task[None]] = set()
        body = build.document("description", []) + b" " * 100_000
        self._response = (
            b"HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )

    async def start(self) -> str:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        try:
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            for offset in range(len(self._response)):
                writer.write(self._response[offset : offset + 1])
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), 1)
                if self._stopping.is_set():
                    break
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError):
            pass
        finally:
            self._handlers.discard(task)
            writer.close()

    async def stop(self) -> None:
        """Let every handler finish its current byte and close (no cancelled handler tasks)."""
        self._stopping.set()
        await asyncio.gather(*self._handlers, return_exceptions=True)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


# --- a raw HTTP/1.1 client (the attacks need control over every byte) -------------------


@dataclass
class Reply:
    status: int
    body: bytes
    seconds: float
    error: str = ""


def request_bytes(
    method: str, url: str, headers: list[tuple[str, str]], body: bytes = b""
) -> bytes:
    parts = urlsplit(url)
    target = parts.path + (f"?{parts.query}" if parts.query else "")
    lines = [f"{method} {target} HTTP/1.1", f"Host: {parts.netloc}"]
    lines += [f"{name}: {value}" for name, value in headers]
    lines += [f"Content-Length: {len(body)}", "Connection: close", "", ""]
    return "\r\n".join(lines).encode("latin-1") + body


async def exchange(
    url: str,
    method: str = "GET",
    raw: bytes | None = None,
    timeout: float = 30.0,
    source: str | None = None,
) -> Reply:
    """Send one request on a fresh connection and read the reply to EOF (at most 4 MiB)."""
    parts = urlsplit(url)
    started = time.monotonic()
    data = raw if raw is not None else request_bytes(method, url, [])
    received = b""
    error = ""
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(
                parts.hostname, parts.port, local_addr=(source, 0) if source else None
            )
            try:
                writer.write(data)
                await writer.drain()
            except OSError as exc:  # answered and closed before the whole request was sent
                error = type(exc).__name__
            try:
                while len(received) < 4 * build.MIB and (chunk := await reader.read(KEEP)):
                    received += chunk
            finally:
                writer.close()
    except (OSError, TimeoutError) as exc:
        error = error or type(exc).__name__
    head, _, body = received.partition(b"\r\n\r\n")
    words = head.split(b" ", 2)
    status = int(words[1]) if len(words) > 1 and words[1].isdigit() else 0
    return Reply(status, body, time.monotonic() - started, error)


# --- cases -----------------------------------------------------------------------------


@dataclass
class Result:
    case: str
    group: str
    command: str
    bound: str
    exit: Exit | None = None
    metric: str = ""
    passed: bool = False
    reasons: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class Context:
    """What every case shares: a scratch folder, the bomb cache, caps, the child's env."""

    def __init__(
        self, folder: Path, cache: Path, caps: Caps, timeout: float, source: Path | None
    ) -> None:
        self.folder = folder
        self.cache = cache
        self.caps = caps
        self.timeout = timeout
        home = folder / "home"
        home.mkdir(exist_ok=True)
        self.env = {
            **os.environ,
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_CACHE_HOME": str(home / "cache"),
        }
        if source is not None:  # another checkout (say, the commit before a fix) wins
            self.env["PYTHONPATH"] = os.pathsep.join(
                filter(None, [str(source.resolve()), os.environ.get("PYTHONPATH")])
            )

    def spawn(self, args: list[str]) -> Child:
        return Child(args, self.env, self.folder, self.caps)

    async def run(self, args: list[str]) -> Exit:
        return await self.spawn(args).wait(self.timeout)

    def path(self, name: str) -> Path:
        return self.folder / name


def judge_run(
    result: Result,
    ended: Exit,
    expect: frozenset[int],
    seconds: float,
    mb: float,
    killed: str = "killed after {:.0f} s",
) -> None:
    """The common verdict: in time, in memory, the expected exit status, no traceback."""
    result.exit = ended
    if ended.timed_out:
        result.reasons.append(killed.format(ended.seconds))
    elif ended.seconds > seconds:
        result.reasons.append(f"{ended.seconds:.1f} s > {seconds:g} s")
    if ended.peak_mb > mb:
        result.reasons.append(f"{ended.peak_mb:.0f} MB > {mb:g} MB")
    if ended.at_memory_cap:
        result.reasons.append("hit the memory cap")
    if not ended.timed_out and ended.status not in expect:
        result.reasons.append(f"exit {ended.status}, expected {'/'.join(map(str, sorted(expect)))}")
    if ended.traceback:
        result.reasons.append("traceback")


REFUSED = frozenset({1, 2})  # a hostile input is reported (1) or the target unusable (2)
ANY_END = frozenset({0, 1, 2})  # a huge but valid Source may be fine: only the bounds count


async def cli_case(
    ctx: Context,
    result: Result,
    args: list[str],
    expect: frozenset[int] = REFUSED,
    seconds: float = LIMIT_SECONDS,
    mb: float = LIMIT_MB,
) -> Result:
    judge_run(result, await ctx.run(args), expect, seconds, mb)
    return result


async def with_server(
    body: Callable[[LoopbackServer], Awaitable[Result]],
) -> Result:
    server = LoopbackServer()
    await server.start()
    try:
        return await body(server)
    finally:
        await server.stop()


def serve_bomb(ctx: Context, server: LoopbackServer, path: str, status: int = 200) -> str:
    return server.fixed(
        path,
        build.nested_gzip_bomb(ctx.cache),
        status=status,
        headers={"Content-Encoding": "gzip, gzip"},
    )


def note_requests(result: Result, server: LoopbackServer, prefix: str, total: int) -> None:
    """How far the attack reached: requests for the ``total`` hostile URLs, bytes served."""
    methods: Counter[str] = Counter()
    for (method, path), count in server.requests.items():
        if path.startswith(prefix):
            methods[method] += count
    asked = ", ".join(f"{m} {n}" for m, n in sorted(methods.items())) or "none"
    result.notes.append(
        f"{total} x {prefix}*: requests {asked}; {server.sent / 1e6:.0f} MB served in all"
    )


# 1. A 5 KB response with Content-Encoding: gzip, gzip (3 GiB inflated) --------------------

BOMB = "5 KB gzip,gzip -> 3 GiB"
CaseFunction = Callable[[Context], Awaitable[Result]]
MakeArgs = Callable[[Context, LoopbackServer], list[str]]


def served_case(
    name: str, group: str, command: str, bound: str, make: MakeArgs, expect: frozenset[int]
) -> CaseFunction:
    """A case that only needs a loopback server (set up by ``make``) and one CLI run."""

    async def case(ctx: Context) -> Result:
        result = Result(name, group, command, bound)

        async def body(server: LoopbackServer) -> Result:
            return await cli_case(ctx, result, make(ctx, server), expect=expect)

        return await with_server(body)

    return case


def bomb_case(name: str, command: str, make: MakeArgs) -> CaseFunction:
    return served_case(name, "1 response", command, BOMB, make, REFUSED)


def bomb_hub(ctx: Context, server: LoopbackServer) -> tuple[str, str]:
    """A hub answering everything with 400 and the bomb; a harmless topic beside it."""
    topic = server.fixed("/topic", build.change_notification(server.base + "/r/0"))
    return serve_bomb(ctx, server, "/hub", status=400), topic


def _notification_file(ctx: Context, base: str) -> str:
    path = ctx.path("notification.xml")
    path.write_bytes(build.change_notification(base + "/r/1"))
    return str(path)


def _listen_bomb_hub(ctx: Context, server: LoopbackServer) -> list[str]:
    hub, topic = bomb_hub(ctx, server)
    store = str(ctx.path("bomb-listen.sqlite3"))
    return ["listen", "--topic", topic, "--hub", hub, "--store", store, "--no-secret"]


def _publish_bomb_hub(ctx: Context, server: LoopbackServer) -> list[str]:
    hub, topic = bomb_hub(ctx, server)
    return ["publish", hub, "--topic", topic, _notification_file(ctx, server.base)]


def _hub_check_bomb_hub(ctx: Context, server: LoopbackServer) -> list[str]:
    hub, topic = bomb_hub(ctx, server)
    checks = ["--check", "publish", "--check", "subscription"]
    return ["hub-check", hub, "--topic", topic, "--timeout", "2", "--quiet", "0.5", *checks]


# 2. Six 1 MB dump packages whose manifest.xml inflates to 1 GiB -------------------------


def serve_source(server: LoopbackServer, capability: str, capability_url: str) -> None:
    """Well-known -> Source Description -> Capability List -> one capability document."""
    description = server.base + "/description.xml"
    capabilities = server.base + "/capabilitylist.xml"
    sd = build.document(
        "description", [build.url_entry(capabilities, 'capability="capabilitylist"')]
    )
    server.fixed("/.well-known/resourcesync", sd)
    server.fixed("/description.xml", sd)
    server.fixed(
        "/capabilitylist.xml",
        build.document(
            "capabilitylist",
            [build.url_entry(capability_url, f'capability="{capability}"')],
            links=(("up", description),),
        ),
    )


async def dump_manifest_bombs(ctx: Context) -> Result:
    result = Result(
        "dump-manifest-bombs",
        "2 dump",
        "inspect --check-dumps",
        "6 x 1 MB packages, manifest.xml -> 1 GiB each",
    )
    package = build.manifest_bomb_package(ctx.cache).read_bytes()

    async def body(server: LoopbackServer) -> Result:
        dump = server.base + "/resourcedump.xml"
        serve_source(server, "resourcedump", dump)
        entries = []
        for n in range(6):
            url = server.fixed(f"/packages/{n}.zip", package, content_type="application/zip")
            md = f'type="application/zip" length="{len(package)}" at="{build.STAMP}"'
            entries.append(build.url_entry(url, md))
        up = (("up", server.base + "/capabilitylist.xml"),)
        server.fixed("/resourcedump.xml", build.document("resourcedump", entries, links=up))
        await cli_case(ctx, result, ["inspect", server.base + "/", "--check-dumps"])
        note_requests(result, server, "/packages/", 6)
        return result

    return await with_server(body)


# 3. Well-formed documents that are hostile by their shape (validate FILE) ------------------


async def _validate_file(ctx: Context, result: Result, name: str, data: bytes) -> Result:
    path = ctx.path(name)
    path.write_bytes(data)
    result.notes.append(f"{len(data) / 1e6:.1f} MB file")
    try:
        return await cli_case(ctx, result, ["validate", str(path)])
    finally:
        path.unlink()


async def document_attributes(ctx: Context) -> Result:
    result = Result("doc-2.5M-attributes", "3 document", "validate FILE", "29 MB, 2.5 M attributes")
    return await _validate_file(ctx, result, "attributes.xml", build.many_attributes_document())


async def document_empty_urls(ctx: Context) -> Result:
    result = Result("doc-10M-empty-urls", "3 document", "validate FILE", "10 M <url/>, 60 MB")
    return await _validate_file(ctx, result, "empty-urls.xml", build.empty_urls_document())


async def document_links(ctx: Context) -> Result:
    result = Result("doc-2M-links", "3 document", "validate FILE", "2 M rs:ln in one entry")
    return await _validate_file(ctx, result, "links.xml", build.many_links_document())


# 4. 4 MiB of empty gzip members -------------------------------------------------------

MEMBERS = "4 MiB of empty gzip members"


async def members_validate_file(ctx: Context) -> Result:
    result = Result("gzip-members-validate", "4 response", "validate FILE.xml.gz", MEMBERS)
    return await _validate_file(ctx, result, "sitemap.xml.gz", build.empty_gzip_members())


async def start_listener(ctx: Context, hub: LoopbackHub, name: str) -> tuple[Child, str]:
    """``listen`` subscribed through the loopback hub; returns it and a failure ('' if none)."""
    store = ctx.path(f"{name}.sqlite3")
    child = ctx.spawn(
        [
            *("listen", "--topic", hub.topic, "--hub", hub.url, "--store", str(store)),
            *("--no-secret", "--keep"),
        ]
    )
    started = time.monotonic()
    while not hub.verified.is_set():
        if child.poll() is not None:
            return child, "listen exited before its subscription was verified"
        if time.monotonic() - started > 30:
            return child, f"no verification in 30 s (callback said {hub.verification_status})"
        await asyncio.sleep(0.05)
    return child, ""


async def listen_case(
    ctx: Context,
    result: Result,
    attack: Callable[[LoopbackHub, Path], Awaitable[None]],
    mb: float = float("inf"),
) -> Result:
    """Run ``attack`` against a subscribed ``listen``, stop it with SIGTERM, judge the run:
    a clean exit, no traceback and, where a bound is set, peak memory."""

    async def body(server: LoopbackServer) -> Result:
        hub = LoopbackHub(server)
        child, failure = await start_listener(ctx, hub, result.case)
        try:
            if failure:
                result.reasons.append(failure)
            else:
                await attack(hub, ctx.path(f"{result.case}.sqlite3"))
                if child.poll() is not None:
                    result.reasons.append("listen died during the attack")
        finally:
            ended = await child.stop()
        judge_run(
            result,
            ended,
            frozenset({0}),
            float("inf"),
            mb,
            "still running {:.0f} s in, 20 s after SIGTERM",
        )
        return result

    return await with_server(body)


async def members_listen_delivery(ctx: Context) -> Result:
    result = Result("gzip-members-delivery", "4 response", "listen: a delivery", MEMBERS)

    async def attack(hub: LoopbackHub, _store: Path) -> None:
        raw = hub.delivery(build.empty_gzip_members(), [("Content-Encoding", "gzip")])
        reply = await exchange(hub.callback, raw=raw, timeout=60)
        result.metric = f"answered {reply.status or reply.error} in {reply.seconds:.2f} s"
        if reply.status == 0 or reply.seconds > LIMIT_SECONDS:
            result.reasons.append(f"delivery not answered within {LIMIT_SECONDS:g} s")

    return await listen_case(ctx, result, attack, mb=LIMIT_MB)


# 5. Discovery and crawl amplification (inspect) ----------------------------------------


async def html_many_links(ctx: Context) -> Result:
    result = Result(
        "html-40-links-60MB", "5 response", "inspect URL (HTML)", "40 resourcesync links, 60 MB"
    )

    async def body(server: LoopbackServer) -> Result:
        hrefs = []
        for n in range(40):
            hrefs.append(
                server.streamed(f"/big/{n}.xml", lambda: build.padded_description(60 * 10**6))
            )
        page = server.fixed("/", build.html_page(hrefs), content_type="text/html")
        await cli_case(ctx, result, ["inspect", page], expect=ANY_END)
        note_requests(result, server, "/big/", 40)
        return result

    return await with_server(body)


def serve_index(
    server: LoopbackServer, count: int, component: Callable[[int, str, str], bytes]
) -> None:
    """A Source whose one capability is a Resource List Index of ``count`` components;
    ``component(n, index_url, capability_list_url)`` builds each."""
    index = server.base + "/index.xml"
    up = server.base + "/capabilitylist.xml"
    serve_source(server, "resourcelist", index)
    entries = [
        build.sitemap_entry(server.fixed(f"/lists/{n}.xml", component(n, index, up)))
        for n in range(count)
    ]
    server.fixed(
        "/index.xml",
        build.document("resourcelist", entries, links=(("up", up),), root="sitemapindex"),
    )


async def index_describedby(ctx: Context) -> Result:
    result = Result(
        "index-3000-describedby", "5 response", "inspect", "3,000 components, 1 MB describedby"
    )
    described = b"<html><body>" + b"x" * build.MIB + b"</body></html>"

    async def body(server: LoopbackServer) -> Result:
        def component(n: int, index: str, up: str) -> bytes:
            about = server.fixed(f"/about/{n}", described, content_type="text/html")
            links = (("up", up), ("index", index), ("describedby", about))
            entry = build.url_entry(f"{server.base}/r/{n}")
            return build.document("resourcelist", [entry], links=links)

        serve_index(server, 3000, component)
        await cli_case(ctx, result, ["inspect", server.base + "/"], expect=ANY_END)
        note_requests(result, server, "/about/", 3000)
        return result

    return await with_server(body)


async def index_large_components(ctx: Context) -> Result:
    result = Result("index-6x30MB", "5 response", "inspect", "index of 6 x 30 MB Resource Lists")

    async def body(server: LoopbackServer) -> Result:
        def component(n: int, index: str, up: str) -> bytes:
            return build.large_resource_list(server.base, n, 30 * 10**6, index, up)

        serve_index(server, 6, component)
        await cli_case(ctx, result, ["inspect", server.base + "/"], expect=ANY_END)
        note_requests(result, server, "/lists/", 6)
        return result

    return await with_server(body)


# 6. 600 requests with 1 MB of headers to an unknown callback path ------------------------


def store_bytes(store: Path) -> int:
    return sum(
        path.stat().st_size for path in store.parent.glob(store.name + "*") if path.is_file()
    )


def big_headers_request(base: str) -> bytes:
    """A forged delivery to an unknown callback with about 1 MB of headers: 125 of 8,190
    bytes plus Host, Content-Length and Connection, exactly aiohttp's default limits (128
    headers, 8,190 bytes a field), so the server accepts it and the handler sees it all."""
    pad = "a" * 8190
    headers = [(f"X-Pad-{n:03d}", pad) for n in range(125)]
    url = f"{base}/callback/{secrets.token_urlsafe(24)}"
    return request_bytes("POST", url, headers, b"<urlset/>")


async def headers_store_growth(ctx: Context) -> Result:
    result = Result(
        "unknown-path-1MB-headers",
        "6 server",
        "listen: store growth",
        "600 x 1 MB-header requests",
    )

    async def attack(hub: LoopbackHub, store: Path) -> None:
        await asyncio.sleep(1)  # let the subscription's own writes land first
        before = store_bytes(store)
        parts = urlsplit(hub.callback)
        base = f"{parts.scheme}://{parts.netloc}"
        statuses: Counter[str] = Counter()
        peak = before

        async def sender(count: int) -> None:
            nonlocal peak
            for _ in range(count):
                reply = await exchange(base, raw=big_headers_request(base), timeout=30)
                statuses[str(reply.status or reply.error)] += 1
                peak = max(peak, store_bytes(store))

        await asyncio.gather(*(sender(150) for _ in range(4)))
        last, steady_since, give_up = store_bytes(store), time.monotonic(), time.monotonic() + 20
        while time.monotonic() - steady_since < 2 and time.monotonic() < give_up:
            await asyncio.sleep(0.2)  # the store may commit in batches: wait until it settles
            now = store_bytes(store)
            peak = max(peak, now)
            if now != last:
                last, steady_since = now, time.monotonic()
        growth = (peak - before) / 1e6
        answers = ", ".join(f"{k} x{v}" for k, v in statuses.most_common())
        result.metric = f"store +{growth:.1f} MB"
        result.notes.append(f"answers: {answers}; store {before / 1e6:.2f} -> {peak / 1e6:.2f} MB")
        if growth > STORE_GROWTH_MB:
            result.reasons.append(f"store grew {growth:.0f} MB > {STORE_GROWTH_MB:g} MB")

    return await listen_case(ctx, result, attack)


# 7. Slow-header connections to the callback server -------------------------------------

SLOW_HEAD = b"POST /callback/unknown HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


async def open_slow(host: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection(host, port, local_addr=(ATTACKER, 0))
    writer.write(SLOW_HEAD)
    await writer.drain()
    return reader, writer


async def trickle(writers: list[asyncio.StreamWriter], every: float = 5.0) -> None:
    """One header byte every ``every`` seconds on each connection, until cancelled."""
    while True:
        await asyncio.sleep(every)
        for writer in writers:
            if not writer.is_closing():
                try:
                    writer.write(b"a")
                except (OSError, RuntimeError):
                    writer.close()


async def slow_header_one(ctx: Context) -> Result:
    result = Result(
        "slow-header-one", "7 server", "listen: time to close", "1 header byte every 5 s"
    )
    watch = SLOW_HEADER_CLOSE_S + 15

    async def attack(hub: LoopbackHub, _store: Path) -> None:
        parts = urlsplit(hub.callback)
        started = time.monotonic()
        reader, writer = await open_slow(parts.hostname or "", parts.port or 0)
        feeder = asyncio.create_task(trickle([writer]))
        closed: float | None = None
        try:
            async with asyncio.timeout(watch):
                try:
                    while await reader.read(KEEP):
                        pass  # a 408 may come first; closed means end of stream
                except OSError:
                    pass  # reset by the server: closed as well
            closed = time.monotonic() - started
        except TimeoutError:
            closed = None
        finally:
            feeder.cancel()
            writer.close()
        if closed is None:
            result.metric = f"open after {watch:.0f} s"
            result.reasons.append(f"not closed within {watch:.0f} s")
        else:
            result.metric = f"closed after {closed:.1f} s"
            if closed > SLOW_HEADER_CLOSE_S:
                result.reasons.append(f"closed after {closed:.0f} s > {SLOW_HEADER_CLOSE_S:g} s")

    return await listen_case(ctx, result, attack)


async def _deliveries(hub: LoopbackHub, count: int) -> list[Reply]:
    replies = []
    for n in range(count):
        body = build.change_notification(f"{hub.server.base}/r/{secrets.token_hex(4)}-{n}")
        replies.append(await exchange(hub.callback, raw=hub.delivery(body), timeout=30))
    return replies


async def slow_header_many(ctx: Context) -> Result:
    result = Result(
        "slow-header-2000", "7 server", "listen: delivery delay", "2,000 slow-header connections"
    )

    async def attack(hub: LoopbackHub, _store: Path) -> None:
        parts = urlsplit(hub.callback)
        host, port = parts.hostname or "", parts.port or 0
        baseline = statistics.median(r.seconds for r in await _deliveries(hub, 3))
        opened: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        refused = 0
        for first in range(0, 2000, 100):
            batch = await asyncio.gather(
                *(open_slow(host, port) for _ in range(first, min(first + 100, 2000))),
                return_exceptions=True,
            )
            for item in batch:
                if isinstance(item, BaseException):
                    refused += 1
                else:
                    opened.append(item)
        writers = [writer for _, writer in opened]
        feeder = asyncio.create_task(trickle(writers))
        try:
            await asyncio.sleep(1)
            replies = await _deliveries(hub, 3)
            still_open = sum(not w.is_closing() and not r.at_eof() for r, w in opened)
        finally:
            feeder.cancel()
            for _, writer in opened:
                writer.close()
        worst = max(r.seconds for r in replies)
        delay = worst - baseline
        statuses = ",".join(str(r.status or r.error) for r in replies)
        result.metric = f"delay {delay:+.2f} s"
        result.notes.append(
            f"delivery {baseline * 1000:.0f} ms before, worst {worst * 1000:.0f} ms during "
            f"(answers {statuses}); {len(opened)} opened, {refused} refused, "
            f"{still_open} seen open at the end"
        )
        if any(not 200 <= r.status < 300 for r in replies):
            result.reasons.append(f"deliveries answered {statuses}")
        if delay > DELIVERY_DELAY_S:
            result.reasons.append(f"delayed {delay:.1f} s > {DELIVERY_DELAY_S:g} s")

    return await listen_case(ctx, result, attack)


# 8. A server that sends 1 byte per second -------------------------------------------------


async def with_trickle(ctx: Context, result: Result, args: Callable[[str], list[str]]) -> Result:
    server = TrickleServer()
    base = await server.start()
    try:
        return await cli_case(ctx, result, args(base), seconds=HANG_SECONDS)
    finally:
        await server.stop()


async def slow_validate_url(ctx: Context) -> Result:
    result = Result("slow-server-validate", "8 slow", "validate URL", "1 byte/s")
    return await with_trickle(ctx, result, lambda base: ["validate", base + "/doc.xml"])


async def slow_listen_discovery(ctx: Context) -> Result:
    result = Result("slow-server-listen", "8 slow", "listen (hub discovery)", "1 byte/s")
    store = str(ctx.path("slow-listen.sqlite3"))
    return await with_trickle(
        ctx, result, lambda base: ["listen", "--topic", base + "/topic", "--store", store]
    )


# 9. Bad command-line arguments -------------------------------------------------------------


def args_case(name: str, command: str, make: MakeArgs) -> CaseFunction:
    return served_case(name, "9 arguments", command, "exit 2, no traceback", make, frozenset({2}))


def _fifo(ctx: Context) -> str:
    path = ctx.path("fifo")
    if not path.exists():
        os.mkfifo(path)
    return str(path)


def _long_url(base: str) -> str:
    return base + "/" + "a" * 100_000


def _listen_bad_port(ctx: Context, server: LoopbackServer) -> list[str]:
    hub, topic, store = server.base + "/hub", server.base + "/topic", ctx.path("port.sqlite3")
    return ["listen", "--topic", topic, "--hub", hub, "--port", "99999", "--store", str(store)]


def _small_file(ctx: Context) -> str:
    path = ctx.path("small.xml")
    path.write_bytes(build.document("resourcelist", []))
    return str(path)


CASES: dict[str, CaseFunction] = {
    "bomb-validate-url": bomb_case(
        "bomb-validate-url",
        "validate URL",
        lambda c, s: ["validate", serve_bomb(c, s, "/bomb.xml")],
    ),
    "bomb-inspect-url": bomb_case(
        "bomb-inspect-url", "inspect URL", lambda c, s: ["inspect", serve_bomb(c, s, "/bomb.xml")]
    ),
    "bomb-listen-hub": bomb_case("bomb-listen-hub", "listen --hub (hub replies)", _listen_bomb_hub),
    "bomb-publish-hub": bomb_case("bomb-publish-hub", "publish (hub replies)", _publish_bomb_hub),
    "bomb-hub-check": bomb_case("bomb-hub-check", "hub-check (hub replies)", _hub_check_bomb_hub),
    "dump-manifest-bombs": dump_manifest_bombs,
    "doc-2.5M-attributes": document_attributes,
    "doc-10M-empty-urls": document_empty_urls,
    "doc-2M-links": document_links,
    "gzip-members-validate": members_validate_file,
    "gzip-members-delivery": members_listen_delivery,
    "html-40-links-60MB": html_many_links,
    "index-3000-describedby": index_describedby,
    "index-6x30MB": index_large_components,
    "unknown-path-1MB-headers": headers_store_growth,
    "slow-header-one": slow_header_one,
    "slow-header-2000": slow_header_many,
    "slow-server-validate": slow_validate_url,
    "slow-server-listen": slow_listen_discovery,
    "args-validate-100KB-url": args_case(
        "args-validate-100KB-url", "validate URL", lambda c, s: ["validate", _long_url(s.base)]
    ),
    "args-inspect-100KB-url": args_case(
        "args-inspect-100KB-url", "inspect URL", lambda c, s: ["inspect", _long_url(s.base)]
    ),
    "args-validate-newline-url": args_case(
        "args-validate-newline-url", "validate URL", lambda c, s: ["validate", s.base + "/a\nb"]
    ),
    "args-inspect-newline-url": args_case(
        "args-inspect-newline-url", "inspect URL", lambda c, s: ["inspect", s.base + "/a\nb"]
    ),
    "args-listen-port-99999": args_case(
        "args-listen-port-99999",
        "listen --port 99999",
        _listen_bad_port,
    ),
    "args-diff-dev-zero": args_case(
        "args-diff-dev-zero", "diff /dev/zero", lambda c, s: ["diff", "/dev/zero", _small_file(c)]
    ),
    "args-publish-dev-zero": args_case(
        "args-publish-dev-zero",
        "publish /dev/zero",
        lambda c, s: ["publish", s.base + "/hub", "--topic", s.base + "/topic", "/dev/zero"],
    ),
    "args-diff-fifo": args_case(
        "args-diff-fifo", "diff FIFO", lambda c, s: ["diff", _fifo(c), _small_file(c)]
    ),
    "args-publish-fifo": args_case(
        "args-publish-fifo",
        "publish FIFO",
        lambda c, s: ["publish", s.base + "/hub", "--topic", s.base + "/topic", _fifo(c)],
    ),
}


def select(names: list[str] | None) -> list[str]:
    """Cases by exact name, or every case whose name starts with the given prefix."""
    if not names:
        return list(CASES)
    chosen = [case for case in CASES if any(case == n or case.startswith(n) for n in names)]
    unknown = [n for n in names if not any(case.startswith(n) for case in CASES)]
    if unknown:
        raise SystemExit(f"unknown case(s): {', '.join(unknown)}; see --list")
    return chosen


# --- the table -----------------------------------------------------------------------------

HEADER = (
    f"{'case':26} {'command':26} {'wall s':>7} {'cpu s':>6} {'peak MB':>8} {'exit':>5} {'tb':>3}  "
    f"{'measured':24} verdict"
)


def row(result: Result) -> str:
    ended = result.exit
    wall = f"{ended.seconds:7.2f}" if ended else f"{'-':>7}"
    cpu = f"{ended.cpu_seconds:6.2f}" if ended else f"{'-':>6}"
    peak = f"{ended.peak_mb:8.0f}" if ended else f"{'-':>8}"
    status = "kill" if ended and ended.timed_out else (str(ended.status) if ended else "-")
    traceback = "yes" if ended and ended.traceback else "no"
    verdict = "PASS" if result.passed else "FAIL: " + "; ".join(result.reasons)
    return (
        f"{result.case:26} {result.command:26} {wall} {cpu} {peak} {status:>5} {traceback:>3}  "
        f"{result.metric:24} {verdict}"
    )


async def run(names: list[str], ctx: Context, as_json: bool, verbose: bool) -> list[Result]:
    results = []
    say = sys.stderr if as_json else sys.stdout
    print(HEADER, file=say, flush=True)
    for name in names:
        try:
            result = await CASES[name](ctx)
        except Exception as exc:  # a harness problem must not hide the other cases
            result = Result(name, "?", "?", "?", reasons=[f"harness error: {exc!r}"])
        result.passed = not result.reasons
        results.append(result)
        print(row(result), file=say, flush=True)
        for note in result.notes:
            print(f"{'':26}   {note}", file=say, flush=True)
        if result.exit and (verbose or not result.passed):
            for name, line in (
                ("stdout", result.exit.stdout_last),
                ("stderr", result.exit.stderr_last),
            ):
                if line:
                    print(f"{'':26}   {name}: {line}", file=say, flush=True)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", metavar="NAME", help="run only NAME (prefix)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--verbose", action="store_true", help="show each child's last output lines, pass or fail"
    )
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="kill a child after this (default 120 s)"
    )
    parser.add_argument(
        "--memory-cap", type=float, default=4096, metavar="MB", help="RLIMIT_AS per child"
    )
    parser.add_argument(
        "--file-cap", type=float, default=2048, metavar="MB", help="RLIMIT_FSIZE per child"
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "resourcesync-hostile-inputs",
        help="where the slow-to-build bombs are kept between runs",
    )
    parser.add_argument(
        "--source",
        type=Path,
        metavar="DIR",
        help="run the explorer package from this checkout (e.g. `git archive` of an older "
        "commit) instead of the installed one",
    )
    options = parser.parse_args()
    if options.list:
        print("\n".join(CASES))
        return 0
    names = select(options.case)
    options.cache.mkdir(parents=True, exist_ok=True)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    caps = Caps(options.memory_cap, options.file_cap)
    with tempfile.TemporaryDirectory(prefix="hostile-") as folder:
        ctx = Context(Path(folder), options.cache, caps, options.timeout, options.source)
        started = time.monotonic()
        results = asyncio.run(run(names, ctx, options.json, options.verbose))
    passed = sum(r.passed for r in results)
    summary = (
        f"{passed}/{len(results)} pass in {time.monotonic() - started:.0f} s "
        f"(children capped at {caps.memory_mb:.0f} MB address space, killed after "
        f"{options.timeout:.0f} s; load average {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} CPUs)"
    )
    if options.json:
        print(json.dumps([asdict(r) for r in results], indent=2))
        print(summary, file=sys.stderr)
    else:
        print(summary)
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
