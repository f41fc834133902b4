"""The forwarder's HTTP/1.1 client: one kept-alive connection, one POST at a time.

Forwarding must cost little beside taking a delivery in (at most a tenth more CPU at 500
deliveries/s): a general client spends more on one POST than the intake spends on a whole
delivery, and even asyncio's streams cost a few task steps per read. This one is a bare
``asyncio.Protocol``: the request goes out in one write, and the answer is parsed from
what has arrived each time bytes come in, so a whole answer in one segment (the usual
case) costs one callback and wakes the forwarder once. It keeps the status,
``Retry-After``, and the first ``keep`` bytes of the body; the rest of an answer is
drained up to ``DRAIN_LIMIT`` (past it, or on anything it does not understand, the
connection is closed instead). Plain http and https; no redirects (the target is the
user's own application: a redirect is its answer).
"""

from __future__ import annotations

import asyncio
import re
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from explorer.core import catalog

MAX_HEAD = 64 * 1024
DRAIN_LIMIT = 1024 * 1024
"""Answer bytes read past the kept ones before the connection is given up instead."""
_FIELDS = re.compile(
    rb"\r\n(content-length|transfer-encoding|connection|retry-after)[ \t]*:([^\r\n]*)",
    re.IGNORECASE,
)
"""The answer's fields the client acts on."""


class ForwardHTTPError(Exception):
    """The target could not be reached or gave no readable HTTP answer."""


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    retry_after: str | None
    body: bytes


class OneConnection:
    """POSTs to one URL over one connection, opened again when it is lost."""

    def __init__(self, url: str, timeout: float) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {url!r}")
        self.host = parts.hostname
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.tls = parts.scheme == "https"
        self.target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        authority = parts.netloc.rpartition("@")[2]
        self._prefix = f"POST {self.target} HTTP/1.1\r\nHost: {authority}\r\n".encode()
        self.timeout = timeout
        self._protocol: _AnswerProtocol | None = None

    async def post(self, headers: list[tuple[str, str]], body: bytes, keep: int) -> Answer:
        """Send one POST; the answer with at most ``keep`` bytes of its body. A kept-alive
        connection the target closed meanwhile is replaced once, at once."""
        head = self._prefix + "".join(f"{name}: {value}\r\n" for name, value in headers).encode(
            "latin-1", "replace"
        )
        request = head + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
        reused = self._protocol is not None and self._protocol.open
        try:
            return await self._exchange(request, keep)
        except ForwardHTTPError:
            if not reused:
                raise
        return await self._exchange(request, keep)

    async def _exchange(self, request: bytes, keep: int) -> Answer:
        protocol = self._protocol
        try:
            if protocol is None or not protocol.open:
                async with asyncio.timeout(self.timeout):
                    protocol = self._protocol = await self._connect()
            answer, reusable = await protocol.exchange(request, keep, self.timeout)
        except ForwardHTTPError:
            self.close()
            raise
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            raise ForwardHTTPError(f"{type(exc).__name__}: {exc}") from exc
        if not reusable:
            self.close()
        return answer

    async def _connect(self) -> _AnswerProtocol:
        context = ssl.create_default_context() if self.tls else None
        loop = asyncio.get_running_loop()
        _transport, protocol = await loop.create_connection(
            _AnswerProtocol, self.host, self.port, ssl=context
        )
        return protocol

    def close(self) -> None:
        if self._protocol is not None:
            self._protocol.close()
        self._protocol = None


class _AnswerProtocol(asyncio.Protocol):
    """One connection: writes a request, parses the answer as its bytes arrive."""

    def __init__(self) -> None:
        self.open = False
        self._transport: asyncio.Transport | None = None
        self._buffer = bytearray()
        self._keep = 0
        self._waiter: asyncio.Future[tuple[Answer, bool]] | None = None
        self._head: tuple[int, str | None, dict[str, str], int] | None = None
        self._deadline = 0.0
        self._watchdog: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        self.open = True

    async def exchange(self, request: bytes, keep: int, timeout: float) -> tuple[Answer, bool]:
        """Write ``request``; the answer, and whether the connection can be used again."""
        assert self._transport is not None
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[tuple[Answer, bool]] = loop.create_future()
        self._waiter = waiter
        self._buffer.clear()
        self._head = None
        self._keep = keep
        self._transport.write(request)
        self._deadline = loop.time() + timeout
        if self._watchdog is None:
            self._watchdog = loop.call_at(self._deadline, self._watch)
        try:
            return await waiter
        finally:
            self._waiter = None
            if not waiter.done():  # cancelled: its answer must not be taken for the next one
                self.close()

    def data_received(self, data: bytes) -> None:
        if self._waiter is None or self._waiter.done():  # bytes nobody asked for
            self.close()
            return
        self._buffer += data
        if len(self._buffer) > MAX_HEAD + DRAIN_LIMIT + 64 * 1024:  # no answer is this long
            self._waiter.set_exception(
                ForwardHTTPError(catalog.text("forwarding.failed-past-drain-limit"))
            )
            return
        self._answer(eof=False)

    def eof_received(self) -> bool:
        self.open = False
        return False  # the transport closes itself; connection_lost settles the waiter

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        if self._waiter is not None and not self._waiter.done():
            self._answer(eof=True)
        if self._waiter is not None and not self._waiter.done():
            reason = (
                f"{type(exc).__name__}: {exc}"
                if exc
                else catalog.text("forwarding.failed-target-closed")
            )
            self._waiter.set_exception(ForwardHTTPError(reason))

    def close(self) -> None:
        self.open = False
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        if self._transport is not None:
            self._transport.close()

    def _watch(self) -> None:
        """The timeout: one timer serves many quick exchanges (it re-arms itself for the
        current one's deadline) instead of one timer set and cancelled per request."""
        self._watchdog = None
        waiter = self._waiter
        if waiter is None or waiter.done():
            return  # idle: the next exchange arms it again
        loop = asyncio.get_running_loop()
        if loop.time() >= self._deadline:
            waiter.set_exception(TimeoutError(catalog.text("forwarding.failed-no-answer-in-time")))
        else:
            self._watchdog = loop.call_at(self._deadline, self._watch)

    def _answer(self, eof: bool) -> None:
        """Settle the waiter once the buffer holds a whole answer (or fail it)."""
        assert self._waiter is not None
        try:
            result = self._parse(eof)
        except ForwardHTTPError as exc:
            self._waiter.set_exception(exc)
            return
        if result is not None:
            self._waiter.set_result(result)

    def _parse(self, eof: bool) -> tuple[Answer, bool] | None:
        buffer = self._buffer
        if self._head is None:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(buffer) > MAX_HEAD:
                    raise ForwardHTTPError(catalog.text("forwarding.failed-head-too-large"))
                return None
            self._head = _head(bytes(buffer[:end]), end + 4)
        status, retry_after, fields, start = self._head
        keep = self._keep
        if "chunked" in fields.get("transfer-encoding", "").lower():
            found = _chunked(buffer, start, keep)
            if found is None:
                return None
            body, reusable = found
        else:
            length = fields.get("content-length")
            if length is None or not length.isdigit():  # ends when the target closes
                if len(buffer) == start and not eof:
                    return None
                body, reusable = bytes(buffer[start : start + keep]), False
            else:
                size = int(length)
                wanted = min(keep, size) if size > DRAIN_LIMIT else size
                if len(buffer) - start < wanted:
                    if eof:
                        raise ForwardHTTPError(catalog.text("forwarding.failed-short-body"))
                    return None
                body = bytes(buffer[start : start + min(keep, size)])
                reusable = size <= DRAIN_LIMIT and len(buffer) == start + size
        reusable = reusable and fields.get("connection", "").lower() != "close"
        return Answer(status, retry_after, body), reusable


def _head(head: bytes, start: int) -> tuple[int, str | None, dict[str, str], int]:
    """The status, Retry-After, the fields the client reads (lower-case names) and where
    the body starts; one regular-expression pass, not a loop over every field."""
    status_line = head.split(b"\r\n", 1)[0].decode("latin-1")
    parts = status_line.split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit():
        raise ForwardHTTPError(
            catalog.text("forwarding.failed-not-http", line=repr(status_line[:80]))
        )
    fields = {
        name.decode("latin-1").lower(): value.decode("latin-1").strip()
        for name, value in _FIELDS.findall(head)
    }
    return int(parts[1]), fields.get("retry-after"), fields, start


def _chunked(buffer: bytearray, start: int, keep: int) -> tuple[bytes, bool] | None:
    """A chunked body's first ``keep`` bytes and whether the connection is reusable, or
    None while it is incomplete (re-parsed from ``start`` as bytes come: bounded by
    ``DRAIN_LIMIT``)."""
    kept = bytearray()
    total = 0
    at = start
    while True:
        line_end = buffer.find(b"\r\n", at)
        if line_end < 0:
            return None
        try:
            size = int(bytes(buffer[at:line_end]).split(b";", 1)[0].strip() or b"0", 16)
        except ValueError as exc:
            raise ForwardHTTPError(catalog.text("forwarding.failed-bad-chunk", reason=exc)) from exc
        at = line_end + 2
        if size == 0:
            end = buffer.find(b"\r\n\r\n", at - 2)  # trailers end with an empty line
            if end < 0:
                return None
            return bytes(kept), end + 4 == len(buffer)
        total += size
        if total > DRAIN_LIMIT:
            return bytes(kept), False
        if len(buffer) < at + size + 2:
            return None
        kept += buffer[at : at + min(size, max(0, keep - len(kept)))]
        at += size + 2
