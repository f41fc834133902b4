"""A request rate per host shared by every worker of the fleet, kept in PostgreSQL.

Each worker's own pacing would let N workers send N times the rate to a host two Sources
share (or to the one CDN many Sources' lists live on). So the slots live in one table,
``fleet_hosts(host, next_slot)``. A request is granted only when the host's slot has come:
one ``INSERT … ON CONFLICT DO UPDATE … WHERE next_slot <= now`` sets the next slot
``1 / max_rate`` after the moment of the grant (the row's lock orders takers on every
worker); a request not granted sleeps until the slot it was shown and asks again.

Granting at the moment of sending, not booking a slot ahead and sleeping until it, is what
keeps the rate on a loaded machine: a booked sleep that wakes late sends beside the next
booked request, while a late grant moves every later slot back with it. The database's
clock decides, so workers on machines whose clocks differ still space their requests.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    import psycopg

DEFAULT_PORTS = {"http": 80, "https": 443}


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
        self.gap = timedelta(seconds=1 / rate)

    @classmethod
    async def open(cls, dsn: str, rate: float) -> HostRate:
        import psycopg

        connection = await psycopg.AsyncConnection.connect(dsn, autocommit=True)
        return cls(connection, rate)

    async def close(self) -> None:
        await self.connection.close()

    async def wait(self, url: str) -> None:
        """Return when ``url``'s host grants this request its slot: sent right away."""
        params = {"host": host_key(url), "gap": self.gap}
        while True:
            granted = await self.connection.execute(
                "INSERT INTO fleet_hosts AS h (host, next_slot)"
                " VALUES (%(host)s, clock_timestamp() + %(gap)s)"
                " ON CONFLICT (host) DO UPDATE SET next_slot = clock_timestamp() + %(gap)s"
                " WHERE h.next_slot <= clock_timestamp()"
                " RETURNING true",
                params,
            )
            if await granted.fetchone() is not None:
                return
            shown = await self.connection.execute(
                "SELECT extract(epoch FROM next_slot - clock_timestamp())"
                " FROM fleet_hosts WHERE host = %(host)s",
                params,
            )
            row = await shown.fetchone()
            await asyncio.sleep(max(float(row[0]) if row is not None else 0.0, 0.0))
