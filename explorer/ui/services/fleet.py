"""The fleet for the window: the health table and a Source's latest stored snapshot, read
from the fleet's PostgreSQL database (``explorer.net.fleet``) on a worker thread.

Read-only: the window never schedules, runs or changes the fleet (the ``fleet`` command and
its workers do). The database driver (psycopg, the optional ``fleet`` extra) is imported
on the first read, never when the window starts: a user without a fleet never loads it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from explorer.core.fleet.health import SourceHealth
    from explorer.net.fleet.stored_tree import StoredSnapshot


def _health(dsn: str) -> list[SourceHealth]:
    from explorer.net.fleet.database import FleetDatabase

    with FleetDatabase.connect(dsn) as database:
        database.require_schema()
        return database.health()


def _latest(dsn: str, url: str) -> StoredSnapshot | None:
    from explorer.net.fleet.database import FleetDatabase
    from explorer.net.fleet.stored_tree import latest_snapshot

    with FleetDatabase.connect(dsn) as database:
        database.require_schema()
        return latest_snapshot(database, url)


class FleetServices(QObject):
    """Reads of the fleet database at a DSN; each opens its own connection (a read every
    few minutes at most: nothing to keep open between them). A snapshot read here is
    shown in the tree by the shell (``Shell.show_stored_source``)."""

    async def health(self, dsn: str) -> list[SourceHealth]:
        """Every Source's row of the health table. Raises ``FleetUnreachable`` (the
        database does not answer, or the driver is not installed) or
        ``FleetNotInitialised``."""
        return await asyncio.to_thread(_health, dsn)

    async def latest_snapshot(self, dsn: str, url: str) -> StoredSnapshot | None:
        """The newest snapshot of ``url`` as a tree (None: the Source has none yet)."""
        return await asyncio.to_thread(_latest, dsn, url)
