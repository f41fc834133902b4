"""httpcore's connections over asyncio's own transports, for the Fetcher's direct requests.

Why: httpx reaches sockets through anyio, and on a crawl of small documents that layer is
most of the client's cost: a cancel scope around every read and write, and every
connection's attribute table rebuilt whenever the pool checks which idle connections the
server closed (each request and each response end). Measured on a 3,000-component index
(``tests/benchmarks/bench_hostile_inputs.py --case index-3000``): 14% of the CLI's CPU.
The requests, timeouts and bounds are unchanged: only the byte stream beneath is other.

Reading is paused between reads, as anyio does, so an idle connection's socket shows the
server's close (or stray bytes) to httpcore's expiry check; anything the transport handed
over while idle counts as well. TLS is asyncio's ``start_tls``, which cannot wrap a TLS
connection again: connections through a proxy keep httpx's own stream (``use_asyncio``
only changes a client's direct transport).
"""

from __future__ import annotations

import asyncio
import ssl
from collections import deque
from collections.abc import Iterable
from typing import Any

import httpcore
import httpx
from httpcore._utils import is_socket_readable

HAPPY_EYEBALLS_DELAY = 0.25  # seconds before trying the next address, as anyio does
BROKEN = ""
"""A reset or lost connection says nothing more, as from anyio: the Fetcher then reports
that the connection was reset or closed mid-exchange."""


class _Receiver(asyncio.Protocol):
    """What the transport delivers, kept until read; reading is paused while no read waits."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.chunks: deque[bytes] = deque()
        self.ended = False  # EOF or connection lost
        self.error: Exception | None = None
        self._waiter: asyncio.Future[None] | None = None
        self._drained: asyncio.Future[None] | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.pause_reading()

    def data_received(self, data: bytes) -> None:
        self.chunks.append(bytes(data))
        self._wake()

    def eof_received(self) -> bool:
        self.ended = True
        self._wake()
        return False  # close the transport: an HTTP/1.1 client has nothing more to say

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        self.error = exc
        self._wake()
        self.resume_writing()

    def pause_writing(self) -> None:
        if self._drained is None:
            self._drained = asyncio.get_running_loop().create_future()

    def resume_writing(self) -> None:
        drained, self._drained = self._drained, None
        if drained is not None and not drained.done():
            drained.set_result(None)

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def wait_readable(self) -> None:
        assert self.transport is not None
        self._waiter = asyncio.get_running_loop().create_future()
        self.transport.resume_reading()
        try:
            await self._waiter
        finally:
            self._waiter = None
            if not self.transport.is_closing():
                self.transport.pause_reading()

    async def wait_drained(self) -> None:
        if self._drained is not None:
            await self._drained


class AsyncioStream(httpcore.AsyncNetworkStream):
    """One connection; errors and timeouts are httpcore's, as from its anyio stream."""

    def __init__(self, transport: asyncio.Transport, receiver: _Receiver) -> None:
        self._transport = transport
        self._receiver = receiver

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        receiver = self._receiver
        if not receiver.chunks and not receiver.ended:
            try:
                async with asyncio.timeout(timeout):
                    await receiver.wait_readable()
            except TimeoutError:
                raise httpcore.ReadTimeout("timed out") from None
        if receiver.chunks:
            chunk = receiver.chunks.popleft()
            if len(chunk) > max_bytes:
                receiver.chunks.appendleft(chunk[max_bytes:])
                chunk = chunk[:max_bytes]
            return chunk
        if receiver.error is not None:
            raise httpcore.ReadError(BROKEN)
        return b""

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        if not buffer:
            return
        if self._receiver.ended or self._transport.is_closing():
            raise httpcore.WriteError(BROKEN)
        try:
            self._transport.write(buffer)
            async with asyncio.timeout(timeout):
                await self._receiver.wait_drained()
        except TimeoutError:
            raise httpcore.WriteTimeout("timed out") from None
        except OSError:
            raise httpcore.WriteError(BROKEN) from None

    async def aclose(self) -> None:
        """At once, as anyio does for httpcore (no TLS close_notify exchange to wait for): a
        TLS ``close`` waits for the peer, and a loop stopped meanwhile leaks the socket."""
        self._transport.abort()
        await asyncio.sleep(0)  # the transport closes its socket on the next loop turn

    async def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.AsyncNetworkStream:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(timeout):
                transport = await loop.start_tls(
                    self._transport, self._receiver, ssl_context, server_hostname=server_hostname
                )
        except TimeoutError:
            self._transport.close()
            raise httpcore.ConnectTimeout("TLS handshake timed out") from None
        except OSError as exc:  # ssl.SSLError included
            self._transport.close()
            raise httpcore.ConnectError(str(exc)) from None
        assert isinstance(transport, asyncio.Transport)
        self._receiver.transport = transport
        transport.pause_reading()
        return AsyncioStream(transport, self._receiver)

    def get_extra_info(self, info: str) -> Any:
        if info == "is_readable":  # httpcore: has the server closed this idle connection?
            receiver = self._receiver
            if receiver.chunks or receiver.ended:
                return True
            return is_socket_readable(self._transport.get_extra_info("socket"))
        names = {"ssl_object": "ssl_object", "client_addr": "sockname", "server_addr": "peername"}
        if info in names:
            return self._transport.get_extra_info(names[info])
        if info == "socket":
            return self._transport.get_extra_info("socket")
        return None


class AsyncioBackend(httpcore.AsyncNetworkBackend):
    """TCP connections from the running asyncio loop (no Unix sockets: nothing uses them)."""

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(timeout):
                transport, receiver = await loop.create_connection(
                    _Receiver,
                    host,
                    port,
                    local_addr=(local_address, 0) if local_address else None,
                    happy_eyeballs_delay=HAPPY_EYEBALLS_DELAY,
                )
        except TimeoutError:
            raise httpcore.ConnectTimeout("connect timed out") from None
        except OSError as exc:
            raise httpcore.ConnectError(str(exc)) from None
        assert isinstance(transport, asyncio.Transport)
        sock = transport.get_extra_info("socket")
        for option in socket_options or ():
            sock.setsockopt(*option)
        return AsyncioStream(transport, receiver)

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("Unix sockets are not supported here")

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


def use_asyncio(client: httpx.AsyncClient) -> bool:
    """Give ``client``'s direct transport the asyncio backend; False (nothing changed)
    when the transport is not httpx's own pool (a test's mock) or httpx has changed."""
    pool = getattr(getattr(client, "_transport", None), "_pool", None)
    if type(pool) is not httpcore.AsyncConnectionPool or not hasattr(pool, "_network_backend"):
        return False
    pool._network_backend = AsyncioBackend()
    return True
