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
from explorer.net.fleet.schema import RECONCILE_TABLE, SCHEMA_LOCK, VERSION_TABLE

FEATURE = "listen"


async def migrate(conn: Any) -> int:
    """Apply the steps the database lacks, in one transaction; returns the version after.

    ``conn`` is a psycopg ``AsyncConnection`` in autocommit mode (typed ``Any`` so this
    module loads without psycopg)."""
    async with conn.transaction():
        await conn.execute(SCHEMA_LOCK)
        await conn.execute(VERSION_TABLE)
        cursor = await conn.execute(
            "SELECT version FROM explorer_schema WHERE feature = %s", (FEATURE,)
        )
        row = await cursor.fetchone()
        version = row[0] if row else 0
        for number in range(version + 1, len(STEPS) + 1):
            for statement in STEPS[number - 1]:
                await conn.execute(statement)
        if version < len(STEPS):
            await conn.execute(
                "INSERT INTO explorer_schema (feature, version) VALUES (%s, %s) "
                "ON CONFLICT (feature) DO UPDATE SET version = EXCLUDED.version",
                (FEATURE, len(STEPS)),
            )
        await conn.execute(RECONCILE_TABLE)  # also under a fleet that predates it
        return max(version, len(STEPS))
