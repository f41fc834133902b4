"""The shared listen store's tables, as numbered steps of the feature ``listen``.

The fleet's own tables and these live in one database and share the version table
``explorer_schema`` (one row per feature). Each process that opens the store applies the
steps it has and the database lacks, all in one transaction under one advisory lock, so
two processes starting together never apply a step twice, and a process of an older
release never sees half a migration. A released step is never edited: a change is a new
step at the end.
"""

from __future__ import annotations

from typing import Any

FEATURE = "listen"

VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS explorer_schema "
    "(feature TEXT PRIMARY KEY, version INTEGER NOT NULL)"
)
LOCK = "SELECT pg_advisory_xact_lock(hashtext('explorer_schema'))"

RECONCILE_TABLE = (
    "CREATE TABLE IF NOT EXISTS fleet_reconcile ("
    "id BIGSERIAL PRIMARY KEY, source_url TEXT NOT NULL, "
    "at TIMESTAMPTZ NOT NULL DEFAULT now(), outcome TEXT NOT NULL, "
    "params JSONB NOT NULL DEFAULT '{}')"
)
"""Where reconcile results land; the fleet's migration makes the same table, so whichever
feature comes first creates it and the other finds it."""

STEPS: tuple[tuple[str, ...], ...] = (
    (
        # 1: subscriptions, who works on each, deliveries stored once
        "CREATE TABLE listen_subscription ("
        "id BIGSERIAL PRIMARY KEY, token TEXT NOT NULL UNIQUE, topic TEXT NOT NULL, "
        "hub TEXT NOT NULL, secret TEXT, lease_seconds INTEGER, "
        "state TEXT NOT NULL DEFAULT 'new', requested TIMESTAMPTZ, expires TIMESTAMPTZ, "
        "created TIMESTAMPTZ NOT NULL DEFAULT now(), UNIQUE (topic, hub))",
        "CREATE TABLE listen_lease ("
        "subscription_id BIGINT PRIMARY KEY "
        "REFERENCES listen_subscription (id) ON DELETE CASCADE, "
        "owner TEXT NOT NULL, heartbeat TIMESTAMPTZ NOT NULL DEFAULT now())",
        "CREATE INDEX listen_lease_owner ON listen_lease (owner)",
        "CREATE TABLE listen_delivery ("
        "id BIGSERIAL PRIMARY KEY, subscription_id BIGINT NOT NULL "
        "REFERENCES listen_subscription (id) ON DELETE CASCADE, "
        "received TIMESTAMPTZ NOT NULL DEFAULT now(), digest TEXT NOT NULL, "
        "signature TEXT NOT NULL, content_type TEXT, headers JSONB NOT NULL DEFAULT '[]', "
        "body BYTEA NOT NULL, taken_by TEXT NOT NULL)",
        "CREATE INDEX listen_delivery_subscription ON listen_delivery (subscription_id, id)",
        "CREATE TABLE listen_delivery_seen ("
        "subscription_id BIGINT NOT NULL "
        "REFERENCES listen_subscription (id) ON DELETE CASCADE, "
        "digest TEXT NOT NULL, seen TIMESTAMPTZ NOT NULL DEFAULT now(), "
        "PRIMARY KEY (subscription_id, digest))",
        RECONCILE_TABLE,
    ),
)
"""Step n (from 1) is ``STEPS[n - 1]``; the statements of each run in the given order."""


async def migrate(conn: Any) -> int:
    """Apply the steps the database lacks, in one transaction; returns the version after.

    ``conn`` is a psycopg ``AsyncConnection`` in autocommit mode (typed ``Any`` so this
    module loads without psycopg)."""
    async with conn.transaction():
        await conn.execute(LOCK)
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
