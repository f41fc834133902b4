"""The forwarder's HTTP/1.1 client: one kept-alive connection, one POST at a time.

Forwarding must cost little beside taking a delivery in (at most a tenth more CPU at 500
deliveries/s): a general client spends more on one POST than the intake spends on a whole
delivery. This one writes the request in one piece and reads the answer with a few
bounded reads: the status, ``Retry-After``, and the first ``keep`` bytes of the body; the
rest of an answer is drained up to ``DRAIN_LIMIT`` (past it, or on anything it does not
understand, the connection is closed instead). Plain http and https; no redirects (the
target is the user's own application: a redirect is its answer).
"""

from __future__ import annotations

import asyncio
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

MAX_HEAD = 64 * 1024
DRAIN_LIMIT = 1024 * 1024
"""Answer bytes read past the kept ones before the connection is given up instead."""


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
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def post(self, headers: list[tuple[str, str]], body: bytes, keep: int) -> Answer:
        """Send one POST; the answer with at most ``keep`` bytes of its body. A kept-alive
        connection the target closed meanwhile is replaced once, at once."""
        head = self._prefix + "".join(f"{name}: {value}\r\n" for name, value in headers).encode(
            "latin-1", "replace"
        )
        request = head + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
        reused = self._writer is not None and not self._writer.is_closing()
        try:
            return await self._exchange(request, keep)
        except ForwardHTTPError:
            if not reused:
                raise
        return await self._exchange(request, keep)

    async def _exchange(self, request: bytes, keep: int) -> Answer:
        try:
            async with asyncio.timeout(self.timeout):
                if self._writer is None or self._writer.is_closing():
                    await self._connect()
                assert self._reader is not None and self._writer is not None
                self._writer.write(request)
                return await self._answer(self._reader, keep)
        except ForwardHTTPError:
            self.close()
            raise
        except (
            OSError,
            TimeoutError,
            asyncio.IncompleteReadError,
            asyncio.LimitOverrunError,
            ValueError,
        ) as exc:
            self.close()
            raise ForwardHTTPError(f"{type(exc).__name__}: {exc}") from exc

    async def _connect(self) -> None:
        context = ssl.create_default_context() if self.tls else None
        self._reader, self._writer = await asyncio.open_connection(
            self.host, self.port, ssl=context, limit=MAX_HEAD
        )

    async def _answer(self, reader: asyncio.StreamReader, keep: int) -> Answer:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit():
            raise ForwardHTTPError(f"not an HTTP answer: {lines[0][:80]!r}")
        fields: dict[str, str] = {}
        for line in lines[1:]:
            name, sep, value = line.partition(":")
            if sep:
                fields[name.strip().lower()] = value.strip()
        body, reusable = await _read_body(reader, fields, keep)
        if not reusable or fields.get("connection", "").lower() == "close":
            self.close()
        return Answer(int(parts[1]), fields.get("retry-after"), body)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None


async def _read_body(
    reader: asyncio.StreamReader, fields: dict[str, str], keep: int
) -> tuple[bytes, bool]:
    """The first ``keep`` bytes of the body, and whether the connection can be used again."""
    if "chunked" in fields.get("transfer-encoding", "").lower():
        kept = bytearray()
        total = 0
        while True:
            size_line = await reader.readuntil(b"\r\n")
            size = int(size_line.split(b";", 1)[0].strip() or b"0", 16)
            if size == 0:
                while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers
                    pass
                return bytes(kept), True
            total += size
            if total > DRAIN_LIMIT:
                return bytes(kept), False
            chunk = await reader.readexactly(size + 2)
            kept += chunk[: max(0, keep - len(kept))][:size]
    length = fields.get("content-length")
    if length is None or not length.isdigit():
        return await reader.read(keep), False  # ends when the target closes
    size = int(length)
    if size > DRAIN_LIMIT:
        return await reader.read(min(keep, size)), False
    data = await reader.readexactly(size)
    return data[:keep], True
