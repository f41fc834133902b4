"""Connection-level limits for a server exposed to the internet through tunnels.

aiohttp's server has no deadline for a request's line and headers: a client that sends one
header byte every few seconds keeps its connection, and its file descriptor, forever.
``ConnectionGuard`` wraps the server's protocol factory so every connection must finish
each request's headers within ``header_timeout`` seconds of being opened (or of the previous
request being answered), and it caps connections at ``max_per_address`` from one peer
address and ``max_total`` overall, before any byte is parsed.

At a cap, a new connection first evicts the oldest one that has waited ``evict_after``
seconds or more for its headers; only when there is none is the new one refused. Behind a
tunnel every peer is the tunnel client on 127.0.0.1, so the per-address cap is in effect
a global one: without eviction, a few dozen slow senders would lock the hub's deliveries
out until the header deadline, whereas a hub sends its headers at once and is never the
oldest waiting connection.

The guard knows nothing of HTTP: the request handler tells it when a request's headers are
complete (``request_started``) and when its answer is given (``request_finished``).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

DEFAULT_HEADER_TIMEOUT = 20.0
DEFAULT_MAX_PER_ADDRESS = 64
DEFAULT_MAX_TOTAL = 1024
DEFAULT_EVICT_AFTER = 1.0


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
        evict_after: float = DEFAULT_EVICT_AFTER,
    ) -> None:
        self.header_timeout = header_timeout
        self.max_per_address = max_per_address
        self.max_total = max_total
        self.evict_after = evict_after
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
        if len(self._open) >= self.max_total and not self._evict_oldest_waiting(None):
            self.counts.refused_total += 1
            return False
        address_full = self._per_address[guarded.address] >= self.max_per_address
        if address_full and not self._evict_oldest_waiting(guarded.address):
            self.counts.refused_per_address += 1
            return False
        self.counts.accepted += 1
        self._open[transport] = guarded
        self._per_address[guarded.address] += 1
        return True

    def _evict_oldest_waiting(self, address: str | None) -> bool:
        """Abort the oldest connection (from ``address``, or any) that has waited at least
        ``evict_after`` seconds for its request headers; False when there is none."""
        cutoff = asyncio.get_running_loop().time() - self.evict_after
        for transport, held in self._open.items():  # insertion order: oldest first
            if held.waiting_since is None or held.waiting_since > cutoff:
                continue
            if address is not None and held.address != address:
                continue
            transport.abort()
            self._release(held, transport)
            self.counts.evicted += 1
            return True
        return False

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
        self.waiting_since: float | None = None  # loop time the awaited headers were due from

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
        self.waiting_since = loop.time()

    def disarm(self) -> None:
        self.waiting_since = None
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self._transport is not None and not self._transport.is_closing():
            self._guard.counts.header_timeouts += 1
            self._transport.abort()

    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)

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
