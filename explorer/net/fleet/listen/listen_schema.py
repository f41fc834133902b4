"""The shared listen store's migration: the numbered steps of the feature ``listen``.

The steps are declared with the fleet's in ``explorer.net.fleet.schema``, the one
registry of the tables kept in PostgreSQL; they share its version table
``explorer_schema`` (one row per feature). Each process that opens the store applies the
steps it has and the database lacks, all in one transaction under one advisory lock, so
two processes starting together never apply a step twice, and a process of an older
release never sees half a migration. A released step is never edited: a change is a new
step at the end.
"""

from __future__ import annotations

from typing import Any

from explorer.net.fleet.schema import LISTEN_STEPS as STEPS
from explorer.net.fleet.schema import RECONCILE_TABLE, migration

FEATURE = "listen"


async def migrate(conn: Any, host: str) -> int:
    """Apply the steps the database lacks, in one transaction (``migration``, the plan the
    fleet's runs too); returns the number of steps applied now. A store set up by a newer
    release is refused (``SchemaTooNew``), ``host`` naming it.

    ``conn`` is a psycopg ``AsyncConnection`` in autocommit mode (typed ``Any`` so this
    module loads without psycopg)."""
    plan = migration(FEATURE, STEPS, "fleetlisten.newer", host)
    async with conn.transaction():
        row = None
        while True:
            try:
                statement, params = plan.send(row)
            except StopIteration as done:
                applied = int(done.value)
                break
            cursor = await conn.execute(statement.encode(), params or None)
            row = await cursor.fetchone() if cursor.description is not None else None
        await conn.execute(RECONCILE_TABLE)  # also under a fleet that predates it
    return applied
