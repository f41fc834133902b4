"""Hostile HTTP peers on 127.0.0.1 for the boundary tests: a decompression bomb and a
server that trickles its answer, plus a way to run the CLI in a separate process and read
its peak memory from outside."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import sys
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import web

from helpers.loopback import LoopbackSite, start_loopback

BOMB_INFLATED = 1 << 30
"""What the bomb's inner layer inflates to: 1 GiB of zeros."""


def _gzip(chunks: object) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [packer.compress(chunk) for chunk in chunks]  # type: ignore[attr-defined]
    out.append(packer.flush())
    return b"".join(out)


@functools.cache
def gzip_gzip_bomb() -> bytes:
    """A couple of KB sent as ``Content-Encoding: gzip, gzip`` that decode to 1 GiB."""
    zeros = bytes(1 << 20)
    inner = _gzip(zeros for _ in range(BOMB_INFLATED // len(zeros)))
    return _gzip([inner])


BOMB_HEADERS = {"Content-Encoding": "gzip, gzip", "Content-Type": "application/xml"}


@dataclass
class BombServer:
    """Answers every request, any method and path, with ``status`` and the bomb."""

    status: int = 200
    accept_encodings: list[str] = field(default_factory=list)
    port: int = 0
    _site: LoopbackSite | None = None

    async def __aenter__(self) -> BombServer:
        # made before the server answers, off the loop: deflating 1 GiB takes seconds of
        # CPU (tens on a busy machine), which inside the handler ran down the client's
        # read timeout and made the fetch a TIMEOUT instead of TOO_LARGE
        await asyncio.to_thread(gzip_gzip_bomb)
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._site = await start_loopback(app)
        self.port = self._site.port
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._site is not None
        await self._site.stop()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _handle(self, request: web.Request) -> web.Response:
        self.accept_encodings.append(request.headers.get("Accept-Encoding", ""))
        await request.read()
        return web.Response(status=self.status, body=gzip_gzip_bomb(), headers=BOMB_HEADERS)


@contextlib.asynccontextmanager
async def trickling_server(interval: float = 1.0) -> AsyncIterator[str]:
    """A server that sends its status line and headers one byte per ``interval`` until the
    peer leaves or the server stops; yields its base URL."""
    answer = b"HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\n" + b"X-Slow: y\r\n" * 10_000
    stop = asyncio.Event()
    tasks: set[asyncio.Task[None]] = set()

    async def trickle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        tasks.add(asyncio.current_task())  # type: ignore[arg-type]
        try:
            await reader.readuntil(b"\r\n\r\n")
            for index in range(len(answer)):
                writer.write(answer[index : index + 1])
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), interval)
                if stop.is_set():
                    break
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(trickle, "127.0.0.1", 0)
    try:
        yield f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    finally:
        stop.set()
        server.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        await server.wait_closed()


_MEASURE = """
import json, resource, subprocess, sys, time
limit, ceiling, command = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]

def cap_address_space():
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))

started = time.monotonic()
done = subprocess.run(command, capture_output=True, timeout=limit, preexec_fn=cap_address_space)
print(json.dumps({
    "code": done.returncode,
    "out": done.stdout.decode("utf-8", "replace"),
    "err": done.stderr.decode("utf-8", "replace"),
    "wall": time.monotonic() - started,
    "peak_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
}))
"""

TRACED_ALLOWANCE_MB = 60.0
"""What coverage's tracer adds to a measured command's peak when the suite runs under it
(as CI does, ``patch = ["subprocess"]``): the diff of two 60 MB lists peaks at 245 MB
alone and at 301 MB traced. A memory bound of the product is asserted with this added
only then; its figure in docs/reliability.md is measured untraced."""


def peak_bound(product_mb: float) -> float:
    """``product_mb``, plus the tracer's allowance when the commands run traced."""
    traced = "COVERAGE_PROCESS_CONFIG" in os.environ or "COVERAGE_PROCESS_START" in os.environ
    return product_mb + (TRACED_ALLOWANCE_MB if traced else 0.0)


ADDRESS_SPACE_CEILING = 4 * 1024**3
"""A regression fails with MemoryError at this ceiling instead of exhausting the machine."""


@dataclass
class Measured:
    code: int
    out: str
    err: str
    wall: float
    peak_mb: float


async def run_explorer(*args: str, limit: float = 90.0) -> Measured:
    """Run ``python -m explorer ARGS`` in its own process, from a fresh parent whose only
    child it is, so ``RUSAGE_CHILDREN`` is that command's peak resident memory alone.

    Why the extra parent: Linux counts the pages a child shares with its parent right after
    ``fork`` in the child's peak, so a child of a large test process would report the test
    process's size, not its own."""
    parent = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _MEASURE,
        str(limit),
        str(ADDRESS_SPACE_CEILING),
        sys.executable,
        "-m",
        "explorer",
        *args,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await parent.communicate()
    assert parent.returncode == 0, "the command did not end within its safety bound"
    return Measured(**json.loads(out))


async def run_cli(
    *argv: str, cwd: Path, stop_after: float | None = None, limit: float = 60.0
) -> tuple[bytes, bytes]:
    """Run ``python -m explorer ARGV`` and return its stdout and stderr bytes; SIGTERM it
    after ``stop_after`` seconds if given (``listen``), and fail past ``limit``."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        *argv,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        stdin=asyncio.subprocess.DEVNULL,
        cwd=cwd,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    communicate = asyncio.ensure_future(process.communicate())
    if stop_after is not None:
        done, _ = await asyncio.wait({communicate}, timeout=stop_after)
        if not done:
            process.terminate()
    return await asyncio.wait_for(communicate, limit)


QUICK_HUB_CHECKS = ("--check", "publish", "--check", "bad-requests")
"""``hub-check`` options for two checks that need no delivery: seconds, not minutes."""


@contextlib.asynccontextmanager
async def loopback_app(app: web.Application) -> AsyncIterator[str]:
    """Serve ``app`` on 127.0.0.1, port 0, for the block; yields its base URL."""
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()
