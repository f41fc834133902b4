"""A request rate per host shared by every worker of the fleet, kept in PostgreSQL.

Each worker's own pacing would let N workers send N times the rate to a host two Sources
share (or to the one CDN many Sources' lists live on). So the slots live in one table,
``fleet_hosts(host, next_slot)``, and the database's clock decides, so workers on machines
whose clocks differ still space their requests.

A request is granted only when the host's slot has come (``INSERT … ON CONFLICT DO UPDATE
… WHERE next_slot <= now``; the row's lock orders takers on every worker). The grant holds
the host (``HOLD``) until the request has left, and its leaving sets the next slot
``SPACING / max_rate`` later. So what the server sees is spaced, not only what was allowed: on a
loaded machine a granted request may leave tenths of a second late, and spacing the grants
alone let it arrive beside the next one (seen: 7 requests in a second at ``max_rate`` 5).
A worker killed between grant and leaving holds the host ``HOLD`` seconds at most.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from explorer.net.http.fetcher import Sent

if TYPE_CHECKING:
    import psycopg

DEFAULT_PORTS = {"http": 80, "https": 443}
SPACING = 1.05
"""Requests to a host leave ``SPACING / max_rate`` seconds apart, 5% more than the rate
itself: a server's rate limiter without a burst (nginx ``limit_req``) refuses a request
that arrives even a millisecond early, and the network and the server's own scheduling
move arrivals by a few milliseconds."""
HOLD = timedelta(seconds=10)
"""How long a grant holds its host when its request is never said to have left."""
HELD_POLL = 0.02
"""Seconds between asks while another request holds the host."""


def host_key(url: str) -> str:
    """``host:port`` of ``url``, lowercased, the port spelled out: one key per server."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    try:
        port = parts.port or DEFAULT_PORTS.get(parts.scheme.lower(), 0)
    except ValueError:  # a port that is no number: the fetch itself will refuse it
        port = 0
    return f"{host}:{port}"


class HostRate:
    """Paces one run's requests: ``wait(url)`` is the Fetcher's ``before_send``."""

    def __init__(self, connection: psycopg.AsyncConnection[tuple[Any, ...]], rate: float) -> None:
        self.connection = connection
        self.gap = timedelta(seconds=SPACING / rate)

    @classmethod
    async def open(cls, dsn: str, rate: float) -> HostRate:
        import psycopg

        connection = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
        return cls(connection, rate)

    async def close(self) -> None:
        await self.connection.close()

    async def wait(self, url: str) -> Sent:
        """Return when ``url``'s host grants this request: it is sent right away, and the
        callback returned is awaited once it left (the Fetcher's ``before_send``)."""
        params = {"host": host_key(url), "gap": self.gap, "hold": HOLD}
        while True:
            granted = await self.connection.execute(
                "INSERT INTO fleet_hosts AS h (host, next_slot)"
                " VALUES (%(host)s, clock_timestamp() + %(hold)s)"
                " ON CONFLICT (host) DO UPDATE SET next_slot = clock_timestamp() + %(hold)s"
                " WHERE h.next_slot <= clock_timestamp()"
                " RETURNING next_slot",
                params,
            )
            row = await granted.fetchone()
            if row is not None:
                return partial(self._left, {**params, "held": row[0]})
            shown = await self.connection.execute(
                "SELECT extract(epoch FROM next_slot - clock_timestamp())"
                " FROM fleet_hosts WHERE host = %(host)s",
                params,
            )
            row = await shown.fetchone()
            until = float(row[0]) if row is not None else 0.0
            # further off than one gap: a request holds the host and usually leaves within
            # milliseconds, so ask again soon rather than at the end of its hold
            held = until > self.gap.total_seconds()
            await asyncio.sleep(min(until, HELD_POLL) if held else max(until, 0.0))

    async def _left(self, params: dict[str, Any]) -> None:
        """The granted request left: the next one may go ``gap`` from now (unless its hold
        ran out and another request holds the host by now)."""
        await self.connection.execute(
            "UPDATE fleet_hosts SET next_slot = clock_timestamp() + %(gap)s"
            " WHERE host = %(host)s AND next_slot = %(held)s",
            params,
        )
