"""Connection-level limits for a server exposed to the internet through tunnels.

aiohttp's server has no deadline for a request's line and headers: a client that sends one
header byte every few seconds keeps its connection, and its file descriptor, forever.
``ConnectionGuard`` wraps the server's protocol factory so every connection must finish
each request's headers within ``header_timeout`` seconds of being opened (or of the previous
request being answered), and it caps connections at ``max_per_address`` from one peer
address and ``max_total`` overall, before any byte is parsed.

At a cap, a new connection evicts one at once: behind a tunnel every peer is the tunnel
client on 127.0.0.1, so the per-address cap is in effect a global one, and an attacker
who opens connections faster than any waiting period would otherwise keep every slot.
The oldest connection that has sent part of its headers goes first, a slow-header
attacker's; then the body furthest behind the rate (below); last the oldest that has sent
nothing yet, since a hub's new connection is silent in its first moments (and a busy loop
may admit newcomers before it reads bytes that have already arrived, so such a
connection is looked at in its socket, ``MSG_PEEK``, plain TCP only, before it is
evicted). A connection whose request line has arrived and names a path the server knows
(``is_known_path``: a callback or a hosted topic) is not evicted while it waits for the
rest of its headers for ``known_line_lag`` seconds: a hub sends its request line with
its first bytes and its headers with it, so it is safe; one that names a known path and
then trickles its headers (anyone who learns the callback URL can) is not, past the lag.
Nor is a connection evicted while its handler is at work.

Bodies are budgeted too, since anyone who learns a callback URL can send complete headers
for it and then trickle the body: a body being read must keep up with ``min_body_rate``
bytes a second once its first ``body_grace`` seconds are over, or its connection is
closed. A newcomer may evict a body behind that rate sooner (the one furthest behind,
allowing ``EVICTION_LAG`` rather than the grace, since a slot is wanted now); a body
arriving at least at that rate, as a hub's does, is never behind, so never evicted. Only
when every slot is held by a known path's headers within their lag, a body keeping up
or a request being answered is the newcomer refused. The body's deadline is the request handler's
(``CallbackServer.body_timeout``, answered 408).

The guard knows HTTP only as far as the request line: the request handler tells it when a
request's headers are complete (``request_started``), when it reads a body that has not
all arrived (``body_started``, ``body_finished``) and when its answer is given
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
DEFAULT_MIN_BODY_RATE = 1024
"""Bytes a second a body must average: a notification is a few KB, and a hub sends it at
network speed; a trickle of one byte every few seconds is an attack on the slots."""
DEFAULT_BODY_GRACE = 5.0
"""Seconds a body may lag before the rate applies (a slow start, a congested link)."""
MAX_REQUEST_LINE = 8190
"""aiohttp's own limit on a request line; past it the line is not looked at for a path."""
DEFAULT_KNOWN_LINE_LAG = 1.0
"""Seconds a request line for a known path protects a connection still waiting for the
rest of its headers: a hub's follow in the same write, a round trip at most."""
EVICTION_LAG = 0.2
"""Seconds a body may lag behind the rate before a newcomer may evict it: a hub's client
may send its headers and its body in separate writes, which Nagle's algorithm and a
delayed acknowledgement can hold apart for a fraction of a second."""
MAX_PEEK = 64 * 1024
"""At most this much of a lagging body's unread bytes is looked at before it is judged."""


@dataclass(slots=True)
class GuardCounts:
    """What the guard did since the server started."""

    accepted: int = 0
    refused_per_address: int = 0
    refused_total: int = 0
    header_timeouts: int = 0
    evicted: int = 0  # waiting for headers, at a cap
    slow_bodies: int = 0  # a body behind the minimum rate past its grace
    bodies_evicted: int = 0  # the body furthest behind that rate, at a cap


class ConnectionGuard:
    """Caps open connections and closes those whose request headers or body do not arrive
    in time."""

    def __init__(
        self,
        *,
        header_timeout: float = DEFAULT_HEADER_TIMEOUT,
        max_per_address: int = DEFAULT_MAX_PER_ADDRESS,
        max_total: int = DEFAULT_MAX_TOTAL,
        min_body_rate: float = DEFAULT_MIN_BODY_RATE,
        body_grace: float = DEFAULT_BODY_GRACE,
        known_line_lag: float = DEFAULT_KNOWN_LINE_LAG,
        is_known_path: Callable[[str], bool] | None = None,
    ) -> None:
        if min_body_rate <= 0:
            raise ValueError("min_body_rate must be positive")
        self.header_timeout = header_timeout
        self.max_per_address = max_per_address
        self.max_total = max_total
        self.min_body_rate = min_body_rate
        self.body_grace = body_grace
        self.known_line_lag = known_line_lag
        self.is_known_path = is_known_path or (lambda _path: False)
        self.counts = GuardCounts()
        self._open: dict[asyncio.Transport, _GuardedProtocol] = {}
        self._per_address: Counter[str] = Counter()

    @property
    def open_connections(self) -> int:
        return len(self._open)

    @property
    def reading_bodies(self) -> int:
        """Connections whose body is being read, under the rate."""
        return sum(1 for held in self._open.values() if held.reading_body)

    def wrap(self, factory: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """A protocol factory for ``loop.create_server`` that guards ``factory``'s protocols."""
        return lambda: _GuardedProtocol(self, factory)

    def request_started(self, transport: asyncio.Transport | None) -> None:
        """The request's headers are complete: its handler's own limits apply from here."""
        guarded = self._open.get(transport) if transport is not None else None
        if guarded is not None:
            guarded.disarm()

    def body_started(self, transport: asyncio.Transport | None, received: int = 0) -> None:
        """The handler reads a body not all here yet (``received`` bytes of it are): from
        now on it must keep up with ``min_body_rate``."""
        guarded = self._open.get(transport) if transport is not None else None
        if guarded is not None:
            guarded.start_body(received)

    def body_finished(self, transport: asyncio.Transport | None) -> None:
        """The body is read (or refused): the handler's answer is on its way."""
        guarded = self._open.get(transport) if transport is not None else None
        if guarded is not None:
            guarded.end_body()

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
        if len(self._open) >= self.max_total and not self._make_room(None):
            self.counts.refused_total += 1
            return False
        address_full = self._per_address[guarded.address] >= self.max_per_address
        if address_full and not self._make_room(guarded.address):
            self.counts.refused_per_address += 1
            return False
        self.counts.accepted += 1
        self._open[transport] = guarded
        self._per_address[guarded.address] += 1
        return True

    def _make_room(self, address: str | None) -> bool:
        """Evict one connection (from ``address``, or any) for a newcomer; False when none
        may go. First the oldest that has sent part of its headers (a slow-header
        attacker's), then the body furthest behind the rate (proven slow), last the oldest
        that has sent nothing yet: a hub's new connection is silent in its first moments,
        and so is its idle kept-alive one."""
        return (
            self._evict_waiting(address, heard=True)
            or self._evict_slowest_body(address)
            or self._evict_waiting(address, heard=False)
        )

    def _evict_waiting(self, address: str | None, *, heard: bool) -> bool:
        """Abort the oldest connection (from ``address``, or any) still waiting for its
        request headers, having sent part of them (``heard``) or nothing yet, unless its
        request line named a known path within ``known_line_lag``; False when none is."""
        now = asyncio.get_running_loop().time()
        for transport, held in self._open.items():  # insertion order: oldest first
            if not held.evictable(now) or (address is not None and held.address != address):
                continue
            if held.heard != heard:
                continue
            if heard or not self._waiting_line_names_known_path(transport):
                self.counts.evicted += 1
                return self._evict(held, transport)
        return False

    def _evict_slowest_body(self, address: str | None) -> bool:
        """Abort the connection (from ``address``, or any) whose body is furthest behind
        ``min_body_rate``; False when every body keeps up with it.

        Bytes already waiting unread in its socket count as received: on a loaded loop
        they are the server's delay, not the sender's."""
        now = asyncio.get_running_loop().time()
        behind = [
            (held.body_deficit(now), transport, held)
            for transport, held in self._open.items()
            if held.reading_body and (address is None or held.address == address)
        ]
        behind.sort(key=lambda entry: entry[0], reverse=True)
        for deficit, transport, held in behind:
            if deficit <= 0:
                break
            waiting = len(_peek_waiting(transport, min(int(deficit) + 1, MAX_PEEK)))
            if deficit - waiting > 0:
                self.counts.bodies_evicted += 1
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
        self.known_since: float | None = None  # when this request's line named a known path
        self.heard = False  # some of this request has arrived
        self._line: bytes | None = b""  # the request line so far; None once looked at
        self.body_since: float | None = None  # loop time its body began to be read
        self.body_bytes = 0  # bytes of that body received since
        self._body_check: asyncio.TimerHandle | None = None

    def evictable(self, now: float) -> bool:
        """Waiting for its headers, and not within the lag of a request line for a known
        path."""
        known = self.known_since is not None and now - self.known_since < self._guard.known_line_lag
        return self.waiting and not known

    @property
    def reading_body(self) -> bool:
        return self.body_since is not None

    def body_deficit(self, now: float) -> float:
        """Bytes this body is behind ``min_body_rate`` since it began, allowing only
        ``EVICTION_LAG`` (not the grace: a slot is wanted now)."""
        assert self.body_since is not None
        elapsed = now - self.body_since - EVICTION_LAG
        return self._guard.min_body_rate * elapsed - self.body_bytes

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
        self.end_body()
        loop = asyncio.get_running_loop()
        self._deadline = loop.call_later(self._guard.header_timeout, self._expire)
        self.waiting = True
        self.known_since = None
        self.heard = False
        self._line = b""

    def disarm(self) -> None:
        self.waiting = False
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def start_body(self, received: int) -> None:
        self.end_body()
        loop = asyncio.get_running_loop()
        self.body_since = loop.time()
        self.body_bytes = received
        self._body_check = loop.call_later(self._guard.body_grace, self._check_body)

    def end_body(self) -> None:
        self.body_since = None
        if self._body_check is not None:
            self._body_check.cancel()
            self._body_check = None

    def _body_due(self, received: int) -> float:
        """When a body of ``received`` bytes so far falls behind the rate past its grace."""
        assert self.body_since is not None
        guard = self._guard
        return self.body_since + guard.body_grace + received / guard.min_body_rate

    def _check_body(self) -> None:
        """Close the connection if its body is behind the rate; else look again when it
        would be, had nothing more arrived (one timer a body, not one a chunk)."""
        self._body_check = None
        transport = self._transport
        if transport is None or transport.is_closing() or self.body_since is None:
            return
        loop = asyncio.get_running_loop()
        due = self._body_due(self.body_bytes)
        if due <= loop.time():  # unread bytes are the loop's delay, not the sender's
            waiting = _peek_waiting(transport, MAX_PEEK)
            due = self._body_due(self.body_bytes + len(waiting))
        if due <= loop.time():
            self._guard.counts.slow_bodies += 1
            transport.abort()
            return
        self._body_check = loop.call_at(due, self._check_body)

    def _expire(self) -> None:
        self._deadline = None
        if self._transport is not None and not self._transport.is_closing():
            self._guard.counts.header_timeouts += 1
            self._transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.body_since is not None:
            self.body_bytes += len(data)
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
        if self._guard.names_known_path(line):
            self.known_since = asyncio.get_running_loop().time()

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
        self.end_body()
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
