"""A forward HTTP proxy on loopback that counts every request a client makes through it,
and the bytes of each answer: status line and headers apart from the body.

A referee run as a separate process (``resync-sync``) is pointed at it with
``http_proxy``; Python's urllib then sends each request in absolute form to the proxy,
with ``Connection: close``, so one connection carries one request and the answer is
everything the server sends until it closes. The documents keep naming the Source's own
URLs, so nothing is rewritten: the count is the serving side's, byte for byte.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Counted:
    """One request through the proxy: what was asked, the status, and the answer's bytes
    (head: status line and headers with their blank line; body: the rest)."""

    method: str
    url: str
    status: int
    request_bytes: int
    head_bytes: int
    body_bytes: int
    started: float = 0.0
    ended: float = 0.0
    """``time.monotonic()`` when the request line arrived and when the answer was sent."""


@dataclass
class Tally:
    requests: list[Counted] = field(default_factory=list)

    @property
    def body_bytes(self) -> int:
        return sum(item.body_bytes for item in self.requests)

    @property
    def span(self) -> float:
        """Seconds from the first request's arrival to the last answer's end: the
        harvest's wall time as the Source sees it (a client's start-up left out)."""
        if not self.requests:
            return 0.0
        return self.requests[-1].ended - self.requests[0].started

    @property
    def wire_bytes(self) -> int:
        return sum(i.request_bytes + i.head_bytes + i.body_bytes for i in self.requests)


async def _relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, tally: Tally) -> None:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        started = time.monotonic()
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError):
        writer.close()
        return
    lines = head.decode("latin-1").split("\r\n")
    method, target, version = lines[0].split(" ", 2)
    parts = urlsplit(target)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    dropped = ("proxy-", "connection:")
    kept = [line for line in lines[1:] if line and not line.lower().startswith(dropped)]
    request = "\r\n".join([f"{method} {path} {version}", *kept, "Connection: close", "", ""])
    upstream_reader, upstream_writer = await asyncio.open_connection(parts.hostname, parts.port)
    upstream_writer.write(request.encode("latin-1"))
    await upstream_writer.drain()
    answer = await upstream_reader.read()
    upstream_writer.close()
    end = answer.find(b"\r\n\r\n") + 4
    status = int(answer.split(b" ", 2)[1])
    body = len(answer) - end if method != "HEAD" else 0
    writer.write(answer)
    await writer.drain()
    writer.close()
    counted = Counted(method, target, status, len(request), end, body, started, time.monotonic())
    tally.requests.append(counted)


@contextmanager
def counting_proxy() -> Iterator[tuple[str, Tally]]:
    """A proxy on 127.0.0.1 at a free port, on its own thread; yields its URL and tally."""
    tally = Tally()
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    async def start() -> asyncio.Server:
        return await asyncio.start_server(
            lambda r, w: _relay(r, w, tally), "127.0.0.1", 0, limit=1 << 20
        )

    server = asyncio.run_coroutine_threadsafe(start(), loop).result(10)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", tally
    finally:

        async def stop() -> None:
            server.close()
            await server.wait_closed()

        asyncio.run_coroutine_threadsafe(stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
