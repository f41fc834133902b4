"""Connection-level limits for a server exposed to the internet through tunnels.

aiohttp's server has no deadline for a request's line and headers: a client that sends one
header byte every few seconds keeps its connection, and its file descriptor, forever.
``ConnectionGuard`` wraps the server's protocol factory so every connection must finish
each request's headers within ``header_timeout`` seconds of being opened (or of the previous
request being answered), and it caps connections at ``max_per_address`` from one peer
address and ``max_total`` overall, before any byte is parsed.

At a cap, a new connection evicts the oldest one still waiting for its headers, at once:
behind a tunnel every peer is the tunnel client on 127.0.0.1, so the per-address cap is in
effect a global one, and an attacker who opens connections faster than any waiting period
would otherwise keep every slot. A connection whose request line has arrived and names a
path the server knows (``is_known_path``: a callback or a hosted topic) is never evicted,
nor is one whose headers are complete; only when every slot is held by such connections
is the newcomer refused. A hub sends its request line with its first bytes, so it is safe
from eviction within one round trip; and since a busy loop may admit newcomers before it
reads bytes that have already arrived, a connection not yet heard is looked at in its
socket (``MSG_PEEK``, plain TCP only) before it is evicted.

The guard knows HTTP only as far as the request line: the request handler tells it when a
request's headers are complete (``request_started``) and when its answer is given
(``request_finished``).
"""

from __future__ import annotations

import asyncio
import socket
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

DEFAULT_HEADER_TIMEOUT = 10.0
DEFAULT_MAX_PER_ADDRESS = 64
DEFAULT_MAX_TOTAL = 1024
MAX_REQUEST_LINE = 8190
"""aiohttp's own limit on a request line; past it the line is not looked at for a path."""


@dataclass(slots=True)
class GuardCounts:
    """What the guard did since the server started."""

    accepted: int = 0
    refused_per_address: int = 0
    refused_total: int = 0
    header_timeouts: int = 0
    evicted: int = 0


class ConnectionGuard:
    """Caps open connections and closes those whose request headers do not arrive in time."""

    def __init__(
        self,
        *,
        header_timeout: float = DEFAULT_HEADER_TIMEOUT,
        max_per_address: int = DEFAULT_MAX_PER_ADDRESS,
        max_total: int = DEFAULT_MAX_TOTAL,
        is_known_path: Callable[[str], bool] | None = None,
    ) -> None:
        self.header_timeout = header_timeout
        self.max_per_address = max_per_address
        self.max_total = max_total
        self.is_known_path = is_known_path or (lambda _path: False)
        self.counts = GuardCounts()
        self._open: dict[asyncio.Transport, _GuardedProtocol] = {}
        self._per_address: Counter[str] = Counter()

    @property
    def open_connections(self) -> int:
        return len(self._open)

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for ``loop.create_server`` that guards ``factory``'s protocols."""
        return lambda: _GuardedProtocol(self, factory)

    def request_started(self, transport: asyncio.Transport | None) -> None:
        """The request's headers are complete: its handler's own limits apply from here."""
        guarded = self._open.get(transport) if transport is not None else None
        if guarded is not None:
            guarded.disarm()

    def request_finished(self, transport: asyncio.Transport | None) -> None:
        """The answer is given: a kept-alive connection owes the next headers in time."""
        guarded = self._open.get(transport) if transport is not None else None
        if guarded is not None:
            guarded.arm()

    def close_all(self) -> None:
        """Abort every connection still open (the server is stopping)."""
        for transport in list(self._open):
            transport.abort()

    def _admit(self, guarded: _GuardedProtocol, transport: asyncio.Transport) -> bool:
        if len(self._open) >= self.max_total and not self._evict_oldest(None):
            self.counts.refused_total += 1
            return False
        address_full = self._per_address[guarded.address] >= self.max_per_address
        if address_full and not self._evict_oldest(guarded.address):
            self.counts.refused_per_address += 1
            return False
        self.counts.accepted += 1
        self._open[transport] = guarded
        self._per_address[guarded.address] += 1
        return True

    def _evict_oldest(self, address: str | None) -> bool:
        """Abort the oldest connection (from ``address``, or any) still waiting for its
        request headers, unless its request line named a known path; False when none is.

        One that has sent part of a request goes first: a hub's new connection has sent
        nothing yet in its first moments, nor has its idle kept-alive one, while a
        slow-header attacker's has."""
        silent: list[tuple[asyncio.Transport, _GuardedProtocol]] = []
        for transport, held in self._open.items():  # insertion order: oldest first
            if not held.evictable or (address is not None and held.address != address):
                continue
            if held.heard:
                return self._evict(held, transport)
            silent.append((transport, held))
        for transport, held in silent:
            if not self._waiting_line_names_known_path(transport):
                return self._evict(held, transport)
        return False

    def _waiting_line_names_known_path(self, transport: asyncio.Transport) -> bool:
        """Whether a connection not yet heard has a request line for a known path waiting
        unread in its socket. On a loaded loop, a new wave of connections is admitted
        before the bytes of a hub's delivery that arrived earlier are read: the oldest
        silent connection is then that delivery, and it must not be the one evicted."""
        waiting = _peek_waiting(transport, MAX_REQUEST_LINE)
        end = waiting.find(b"\n")
        return end >= 0 and self.names_known_path(waiting[:end])

    def names_known_path(self, request_line: bytes) -> bool:
        """Whether a complete request line asks for a path the server knows."""
        parts = request_line.split()
        if len(parts) != 3:
            return False
        return self.is_known_path(parts[1].split(b"?", 1)[0].decode("latin-1"))

    def _evict(self, held: _GuardedProtocol, transport: asyncio.Transport) -> bool:
        transport.abort()
        self._release(held, transport)
        self.counts.evicted += 1
        return True

    def _release(self, guarded: _GuardedProtocol, transport: asyncio.Transport) -> None:
        if self._open.pop(transport, None) is None:
            return
        self._per_address[guarded.address] -= 1
        if self._per_address[guarded.address] <= 0:
            del self._per_address[guarded.address]


class _GuardedProtocol(asyncio.Protocol):
    """Stands between the transport and the real protocol, which it creates only when the
    connection is admitted; everything else is passed through unchanged."""

    def __init__(self, guard: ConnectionGuard, factory: Callable[[], asyncio.Protocol]) -> None:
        self._guard = guard
        self._factory = factory
        self._inner: asyncio.Protocol | None = None
        self._transport: asyncio.Transport | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self.address = ""
        self.waiting = False  # for a request's line and headers
        self.known_path = False  # this request's line named a path the server knows
        self.heard = False  # some of this request has arrived
        self._line: bytes | None = b""  # the request line so far; None once looked at

    @property
    def evictable(self) -> bool:
        return self.waiting and not self.known_path

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A stream server's transports are asyncio.Transport (TCP, TLS), which can abort.
        stream = cast(asyncio.Transport, transport)
        peer = stream.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else str(peer)
        if not self._guard._admit(self, stream):
            stream.abort()  # refused at once: no parser, no timer, no buffer
            return
        self._transport = stream
        self.arm()
        self._inner = self._factory()
        self._inner.connection_made(transport)

    def arm(self) -> None:
        self.disarm()
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_later(self._guard.header_timeout, self._expire)
        self.waiting = True
        self.known_path = False
        self.heard = False
        self._line = b""

    def disarm(self) -> None:
        self.waiting = False
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self._transport is not None and not self._transport.is_closing():
            self._guard.counts.header_timeouts += 1
            self._transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.waiting and self._line is not None:
            self.heard = True
            self._look_at_request_line(self._line, data)
        if self._inner is not None:
            self._inner.data_received(data)

    def _look_at_request_line(self, before: bytes, data: bytes) -> None:
        """Once the request line is complete, ask the guard whether it names a known path;
        at most ``MAX_REQUEST_LINE`` bytes are kept meanwhile."""
        end = data.find(b"\n")
        if end < 0:
            too_long = len(before) + len(data) > MAX_REQUEST_LINE
            self._line = None if too_long else before + data  # too long: aiohttp refuses it
            return
        line, self._line = before + data[:end], None
        self.known_path = self._guard.names_known_path(line)

    def eof_received(self) -> bool | None:
        return self._inner.eof_received() if self._inner is not None else None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        if self._transport is not None:
            self._guard._release(self, self._transport)
            self._transport = None
        if self._inner is not None:
            self._inner.connection_lost(exc)


def _peek_waiting(transport: asyncio.Transport, limit: int) -> bytes:
    """Up to ``limit`` bytes waiting unread in a plain TCP connection's socket, left there
    (``MSG_PEEK``); nothing for TLS (the bytes are ciphertext) or where it cannot be done."""
    if transport.get_extra_info("sslcontext") is not None:
        return b""
    sock = transport.get_extra_info("socket")
    dont_wait = getattr(socket, "MSG_DONTWAIT", 0)
    if sock is None or not dont_wait:
        return b""
    try:
        with sock.dup() as peer:  # asyncio's wrapper does not read; a duplicate may
            return bytes(peer.recv(limit, socket.MSG_PEEK | dont_wait))
    except OSError:
        return b""
