"""The tables kept in PostgreSQL, as numbered steps applied once each: the fleet's
(feature ``fleet``, applied here) and the shared ``listen`` store's (feature ``listen``,
applied by ``explorer.net.fleet.listen.listen_schema`` on its asynchronous connection);
``migration`` is the one plan of statements both run.

The version table is shared with every feature that keeps tables in the same PostgreSQL
database (the ``listen`` store too): one row per feature, its number of steps applied.
Steps run in one transaction under a transaction-level advisory lock, so two workers
starting at once cannot both apply a step, and a failed step leaves the version where it
was. A released step is never edited: a change is a new step at the end.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from explorer.core.said_error import SaidError

if TYPE_CHECKING:
    import psycopg

FEATURE = "fleet"
VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS explorer_schema"
    " (feature TEXT PRIMARY KEY, version INTEGER NOT NULL)"
)
SCHEMA_LOCK = "SELECT pg_advisory_xact_lock(hashtext('explorer_schema'))"

RECONCILE_TABLE = (
    "CREATE TABLE IF NOT EXISTS fleet_reconcile (id BIGSERIAL PRIMARY KEY,"
    " source_url TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now(),"
    " outcome TEXT NOT NULL, params JSONB NOT NULL DEFAULT '{}')"
)
"""Where a listen process's reconcile results land, for the fleet's health table."""

STEPS: tuple[tuple[str, ...], ...] = (
    (
        # what to watch, and when each Source is next due: the schedule lives here, so a
        # restarted beat reads it back rather than starting over
        "CREATE TABLE fleet_sources (id BIGSERIAL PRIMARY KEY, url TEXT NOT NULL UNIQUE,"
        " config JSONB NOT NULL, period_seconds INTEGER NOT NULL CHECK (period_seconds > 0),"
        " next_run TIMESTAMPTZ NOT NULL DEFAULT now(),"
        " added_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        "CREATE INDEX fleet_sources_due ON fleet_sources (next_run)",
        "CREATE TABLE fleet_runs (id BIGSERIAL PRIMARY KEY,"
        " source_id BIGINT NOT NULL REFERENCES fleet_sources (id) ON DELETE CASCADE,"
        " state TEXT NOT NULL, scheduled_for TIMESTAMPTZ,"
        " started_at TIMESTAMPTZ NOT NULL DEFAULT now(), finished_at TIMESTAMPTZ,"
        " worker TEXT, snapshot_id BIGINT, errors INTEGER NOT NULL DEFAULT 0,"
        " warnings INTEGER NOT NULL DEFAULT 0, unannounced INTEGER NOT NULL DEFAULT 0,"
        " changes INTEGER NOT NULL DEFAULT 0, audit TEXT, error JSONB)",
        "CREATE INDEX fleet_runs_source ON fleet_runs (source_id, id DESC)",
        "CREATE TABLE fleet_snapshots (id BIGSERIAL PRIMARY KEY,"
        " source_id BIGINT NOT NULL REFERENCES fleet_sources (id) ON DELETE CASCADE,"
        " run_id BIGINT NOT NULL UNIQUE REFERENCES fleet_runs (id) ON DELETE CASCADE,"
        " start_url TEXT NOT NULL, source TEXT, taken TIMESTAMPTZ NOT NULL DEFAULT now(),"
        " documents INTEGER NOT NULL DEFAULT 0, entries BIGINT NOT NULL DEFAULT 0)",
        "CREATE INDEX fleet_snapshots_source ON fleet_snapshots (source_id, id DESC)",
        "ALTER TABLE fleet_runs ADD CONSTRAINT fleet_runs_snapshot FOREIGN KEY (snapshot_id)"
        " REFERENCES fleet_snapshots (id) ON DELETE SET NULL",
        "CREATE TABLE fleet_documents (snapshot_id BIGINT NOT NULL"
        " REFERENCES fleet_snapshots (id) ON DELETE CASCADE, url TEXT NOT NULL, parent TEXT,"
        " capability TEXT, root TEXT, state TEXT NOT NULL, status INTEGER, etag TEXT,"
        " last_modified TEXT, digest TEXT, entries INTEGER, md JSONB,"
        " PRIMARY KEY (snapshot_id, url))",
        "CREATE TABLE fleet_entries (snapshot_id BIGINT NOT NULL"
        " REFERENCES fleet_snapshots (id) ON DELETE CASCADE, document TEXT NOT NULL,"
        " capability TEXT, position INTEGER NOT NULL, loc TEXT NOT NULL, lastmod TEXT,"
        " hash TEXT, length TEXT, type TEXT, change TEXT, datetime TEXT)",
        "CREATE INDEX fleet_entries_loc ON fleet_entries (snapshot_id, loc)",
        "CREATE TABLE fleet_findings (snapshot_id BIGINT NOT NULL"
        " REFERENCES fleet_snapshots (id) ON DELETE CASCADE, subject TEXT NOT NULL,"
        " code TEXT NOT NULL, severity TEXT NOT NULL, stored JSONB NOT NULL)",
        "CREATE INDEX fleet_findings_snapshot ON fleet_findings (snapshot_id)",
        # what a compare found: the changed resources by URL, not only counts
        "CREATE TABLE fleet_changes (run_id BIGINT NOT NULL"
        " REFERENCES fleet_runs (id) ON DELETE CASCADE, snapshot_id BIGINT NOT NULL,"
        " previous_snapshot BIGINT NOT NULL, url TEXT NOT NULL, kind TEXT NOT NULL,"
        " fields TEXT[] NOT NULL DEFAULT '{}', announced BOOLEAN NOT NULL)",
        "CREATE INDEX fleet_changes_run ON fleet_changes (run_id)",
        # each host's next free request slot, shared by every worker
        "CREATE TABLE fleet_hosts (host TEXT PRIMARY KEY, next_slot TIMESTAMPTZ NOT NULL)",
        # shared with the listen store (``listen --store postgresql://``), which writes
        # reconcile outcomes here: whichever feature comes first creates it
        RECONCILE_TABLE,
        "CREATE INDEX IF NOT EXISTS fleet_reconcile_source ON fleet_reconcile"
        " (source_url, id DESC)",
    ),
)
"""Each step: statements run in order in the migration's one transaction."""

LISTEN_STEPS: tuple[tuple[str, ...], ...] = (
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
"""The shared listen store's steps (feature ``listen``): step n (from 1) is
``LISTEN_STEPS[n - 1]``."""


class SchemaTooNew(SaidError):
    """The database was set up by a newer release: this one would misread its tables."""


def version(connection: psycopg.Connection[tuple[object, ...]]) -> int | None:
    """The fleet's applied steps, or None where the database holds no fleet."""
    found = connection.execute("SELECT to_regclass('explorer_schema') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return None
    row = connection.execute(
        "SELECT version FROM explorer_schema WHERE feature = %s", (FEATURE,)
    ).fetchone()
    return int(str(row[0])) if row is not None else None


Statement = tuple[str, tuple[object, ...]]
"""A statement of a migration and its parameters."""


def migration(
    feature: str, steps: tuple[tuple[str, ...], ...], newer: str, host: str
) -> Generator[Statement, tuple[object, ...] | None, int]:
    """The statements that bring ``feature`` up to ``steps``, to run in one transaction;
    each statement's first row is sent back. Written once for both connection kinds (the
    fleet's synchronous one, the listen store's asynchronous one), which only run what
    this yields. Refuses (``SchemaTooNew``, said by ``newer``) a database a newer release
    set up; returns the number of steps applied."""
    yield SCHEMA_LOCK, ()
    yield VERSION_TABLE, ()
    row = yield "SELECT version FROM explorer_schema WHERE feature = %s", (feature,)
    applied = int(str(row[0])) if row is not None else 0
    if applied > len(steps):
        raise SchemaTooNew(newer, host=host, found=applied, known=len(steps))
    for step in steps[applied:]:
        for statement in step:
            yield statement, ()
    yield (
        "INSERT INTO explorer_schema (feature, version) VALUES (%s, %s)"
        " ON CONFLICT (feature) DO UPDATE SET version = excluded.version",
        (feature, len(steps)),
    )
    return len(steps) - applied


def migrate(connection: psycopg.Connection[tuple[object, ...]], host: str) -> int:
    """Apply the fleet's steps this database lacks; the number of steps applied now."""
    plan = migration(FEATURE, STEPS, "fleet.db.newer", host)
    with connection.transaction():
        row: tuple[object, ...] | None = None
        while True:
            try:
                statement, params = plan.send(row)
            except StopIteration as done:
                return int(done.value)
            cursor = connection.execute(statement.encode(), params or None)
            row = cursor.fetchone() if cursor.description is not None else None
