"""A request rate per host shared by every worker of the fleet, kept in PostgreSQL.

Each worker's own pacing would let N workers send N times the rate to a host two Sources
share (or to the one CDN many Sources' lists live on). So the slots live in one table,
``fleet_hosts(host, next_slot)``: a request takes the host's next slot and moves it on by
``1 / max_rate`` in one ``INSERT … ON CONFLICT DO UPDATE`` (the row's lock orders takers
on every worker), then sleeps until its slot. The database's clock hands out the slots,
so workers on machines whose clocks differ still space their requests.
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
        """Take the next slot of ``url``'s host and sleep until it comes."""
        cursor = await self.connection.execute(
            "INSERT INTO fleet_hosts AS h (host, next_slot)"
            " VALUES (%(host)s, clock_timestamp() + %(gap)s)"
            " ON CONFLICT (host) DO UPDATE"
            " SET next_slot = greatest(h.next_slot, clock_timestamp()) + %(gap)s"
            " RETURNING extract(epoch FROM h.next_slot - %(gap)s - clock_timestamp())",
            {"host": host_key(url), "gap": self.gap},
        )
        row = await cursor.fetchone()
        delay = float(row[0]) if row is not None else 0.0
        if delay > 0:
            await asyncio.sleep(delay)
