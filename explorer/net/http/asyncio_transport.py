"""The Fetcher's direct connections over asyncio's own transports, through public APIs only.

Why: httpx reaches sockets through anyio, and on a crawl of small documents that layer is
most of the client's cost: a cancel scope around every read and write, and every
connection's attribute table rebuilt whenever the pool checks which idle connections the
server closed (each request and each response end). Measured on a 3,000-component index
(``tests/benchmarks/bench_hostile_inputs.py --case index-3000``): 14% of the CLI's CPU.

How, without private APIs: httpcore documents ``network_backend`` on its connection pool
(``httpcore.AsyncNetworkBackend``), and httpx documents custom transports
(``httpx.AsyncBaseTransport``): ``AsyncioTransport`` is httpcore's pool on this backend,
its requests and errors translated to httpx's public types, given to the client as its
``transport`` (proxies configured for the client keep httpx's own transports). The
requests, timeouts and bounds are unchanged: only the byte stream beneath is other.

Reading is paused between reads, as anyio does, so an idle connection's socket shows the
server's close (or stray bytes) to httpcore's expiry check; anything the transport handed
over while idle counts as well. TLS is asyncio's ``start_tls``.
"""

from __future__ import annotations

import asyncio
import contextlib
import select
import socket
import ssl
from collections import deque
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

import httpcore
import httpx

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
            return _socket_readable(self._transport.get_extra_info("socket"))
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


def _socket_readable(sock: socket.socket | None) -> bool:
    """Whether ``sock`` has bytes (or its end) waiting, without reading: httpcore's idle
    check asks it through ``get_extra_info("is_readable")``. A socket gone counts as
    readable, as its next read would return the end."""
    fd = -1 if sock is None else sock.fileno()
    if fd < 0:
        return True
    poll = select.poll()
    poll.register(fd, select.POLLIN)
    return bool(poll.poll(0))


# httpcore's errors as httpx's, most specific first (httpx's own transport does the same)
_ERRORS: tuple[tuple[type[Exception], type[httpx.TransportError]], ...] = (
    (httpcore.ConnectTimeout, httpx.ConnectTimeout),
    (httpcore.ReadTimeout, httpx.ReadTimeout),
    (httpcore.WriteTimeout, httpx.WriteTimeout),
    (httpcore.PoolTimeout, httpx.PoolTimeout),
    (httpcore.TimeoutException, httpx.TimeoutException),
    (httpcore.ConnectError, httpx.ConnectError),
    (httpcore.ReadError, httpx.ReadError),
    (httpcore.WriteError, httpx.WriteError),
    (httpcore.NetworkError, httpx.NetworkError),
    (httpcore.ProxyError, httpx.ProxyError),
    (httpcore.UnsupportedProtocol, httpx.UnsupportedProtocol),
    (httpcore.RemoteProtocolError, httpx.RemoteProtocolError),
    (httpcore.LocalProtocolError, httpx.LocalProtocolError),
    (httpcore.ProtocolError, httpx.ProtocolError),
)


@contextlib.contextmanager
def _as_httpx_errors() -> Iterator[None]:
    try:
        yield
    except Exception as exc:
        for core, mapped in _ERRORS:
            if isinstance(exc, core):
                raise mapped(str(exc)) from exc
        raise


class _Body(httpx.AsyncByteStream):
    """httpcore's response body as httpx reads it, its errors as httpx's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    async def __aiter__(self) -> AsyncIterator[bytes]:
        with _as_httpx_errors():
            async for part in self._stream:
                yield part

    async def aclose(self) -> None:
        with _as_httpx_errors():
            await self._stream.aclose()


class AsyncioTransport(httpx.AsyncBaseTransport):
    """httpx's direct transport, on the asyncio backend (HTTP/1.1, as httpx's default)."""

    def __init__(self, verify: ssl.SSLContext | bool, limits: httpx.Limits) -> None:
        context = verify if isinstance(verify, ssl.SSLContext) else httpx.create_ssl_context(verify)
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=context,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=AsyncioBackend(),
        )

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        assert isinstance(request.stream, httpx.AsyncByteStream)
        url = request.url
        core_request = httpcore.Request(
            method=request.method,
            url=httpcore.URL(
                scheme=url.raw_scheme, host=url.raw_host, port=url.port, target=url.raw_path
            ),
            headers=request.headers.raw,
            content=request.stream,
            extensions=request.extensions,
        )
        with _as_httpx_errors():
            response = await self._pool.handle_async_request(core_request)
        return httpx.Response(
            status_code=response.status,
            headers=response.headers,
            stream=_Body(response.stream),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        await self._pool.aclose()
