"""The fleet's database: its Sources and their schedule, runs, snapshots and health.

One ``FleetDatabase`` is one autocommit connection (psycopg 3, synchronous: every call is
a short statement, and a run's crawl has its own event loop). The schedule lives in the
``fleet_sources`` table, not in a scheduler's memory: ``claim_due`` takes the due Sources
and moves their next run on in one statement, so a beat that restarts neither loses a
Source's turn nor gives it two.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any

from explorer.core.findings import Finding
from explorer.core.fleet.dsn import database_host, masked_dsn
from explorer.core.fleet.fleet_file import SourcePlan
from explorer.core.fleet.health import HealthState, RunState, SourceHealth, health_state
from explorer.core.said_error import SaidError
from explorer.net.fleet import schema

if TYPE_CHECKING:
    import psycopg

CONNECT_TIMEOUT = 10
"""Seconds to reach the database before saying it is unreachable."""
SOURCE_LOCK_SPACE = 0x464C54
"""First key of every Source's advisory lock (``pg_try_advisory_lock(space, source id)``):
keeps the fleet's locks apart from any other program's on the same database."""


class FleetUnreachable(SaidError, ConnectionError):
    """The database does not answer (or refuses us); names the database and the fix."""


class FleetNotInitialised(SaidError, LookupError):
    """The database answers but holds no fleet: ``fleet init`` was not run against it."""


class SourceUnknown(SaidError, LookupError):
    """A URL that is not a Source of the fleet."""


def connect_raw(dsn: str) -> psycopg.Connection[tuple[Any, ...]]:
    """An autocommit connection, or ``FleetUnreachable`` naming the database (masked)."""
    try:
        import psycopg
    except ImportError:  # the default install: the fleet extra brings psycopg
        raise FleetUnreachable("fleet.db.no-driver") from None

    try:
        return psycopg.connect(dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
    except (psycopg.Error, ValueError) as exc:
        raise unreachable(dsn, exc) from None


def unreachable(dsn: str, exc: BaseException) -> FleetUnreachable:
    """The refusal for a database that failed with ``exc``: where it is, its DSN masked,
    libpq's last line (the cause) and the fix."""
    reason = (str(exc).strip().splitlines() or [type(exc).__name__])[-1]
    return FleetUnreachable(
        "fleet.db.unreachable",
        host=database_host(dsn),
        dsn=masked_dsn(dsn),
        reason=masked_dsn(reason),
    )


class FleetDatabase:
    """The fleet in one PostgreSQL database."""

    def __init__(self, connection: psycopg.Connection[tuple[Any, ...]], dsn: str) -> None:
        self.connection = connection
        self.dsn = dsn
        self.host = database_host(dsn)

    @classmethod
    def connect(cls, dsn: str) -> FleetDatabase:
        return cls(connect_raw(dsn), dsn)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> FleetDatabase:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # --- schema --------------------------------------------------------------------

    def migrate(self) -> int:
        """Create or upgrade the fleet's tables; how many steps were applied now."""
        return schema.migrate(self.connection, self.host)

    def require_schema(self) -> None:
        """Refuse a database ``fleet init`` never set up (or one a newer release did)."""
        applied = schema.version(self.connection)
        if applied is None:
            raise FleetNotInitialised("fleet.db.no-schema", host=self.host)
        if applied > len(schema.STEPS):
            raise schema.SchemaTooNew(
                "fleet.db.newer", host=self.host, found=applied, known=len(schema.STEPS)
            )
        if applied < len(schema.STEPS):
            self.migrate()

    # --- Sources -------------------------------------------------------------------

    def put_source(self, plan: SourcePlan) -> bool:
        """Add a Source (due now) or update its plan; True when it was new. A changed
        period applies from the Source's next run on."""
        row = self.connection.execute(
            "INSERT INTO fleet_sources (url, config, period_seconds) VALUES (%s, %s, %s)"
            " ON CONFLICT (url) DO UPDATE SET config = excluded.config,"
            " period_seconds = excluded.period_seconds RETURNING (xmax = 0)",
            (plan.url, json.dumps(plan.to_json()), plan.period),
        ).fetchone()
        return bool(row and row[0])

    def put_sources(self, plans: Iterable[SourcePlan]) -> tuple[int, int]:
        """Add or update every plan in one transaction: (added, updated)."""
        added = updated = 0
        with self.connection.transaction():
            for plan in plans:
                if self.put_source(plan):
                    added += 1
                else:
                    updated += 1
        return added, updated

    def remove_source(self, url: str) -> bool:
        """Remove a Source with its runs and snapshots; False when it was not there."""
        cursor = self.connection.execute("DELETE FROM fleet_sources WHERE url = %s", (url,))
        return cursor.rowcount > 0

    def prune(self, keep: int, before: datetime | None) -> int:
        """Remove every snapshot that is not among its Source's ``keep`` newest (and, with
        ``before``, was taken before it); how many went. Their documents, entries and
        findings go with them; a run keeps its row (its snapshot reads as none) and a
        compare keeps its changed URLs, which name no snapshot rows."""
        if keep < 1:  # the newest is the next compare's baseline and the window's snapshot
            raise ValueError("keep at least the newest snapshot of each Source")
        cursor = self.connection.execute(
            "DELETE FROM fleet_snapshots n USING (SELECT id, row_number() OVER"
            " (PARTITION BY source_id ORDER BY id DESC) AS rank FROM fleet_snapshots) r"
            " WHERE n.id = r.id AND r.rank > %(keep)s"
            " AND (%(before)s::TIMESTAMPTZ IS NULL OR n.taken < %(before)s)",
            {"keep": keep, "before": before},
        )
        return cursor.rowcount

    def source(self, url: str) -> tuple[int, SourcePlan]:
        """A Source's id and plan, or ``SourceUnknown``."""
        row = self.connection.execute(
            "SELECT id, config FROM fleet_sources WHERE url = %s", (url,)
        ).fetchone()
        if row is None:
            raise SourceUnknown("fleet.source.unknown", url=url)
        return int(row[0]), SourcePlan.from_json(row[1])

    def sources(self) -> list[SourcePlan]:
        rows = self.connection.execute("SELECT config FROM fleet_sources ORDER BY url")
        return [SourcePlan.from_json(row[0]) for row in rows]

    # --- schedule ------------------------------------------------------------------

    def claim_due(self, now: datetime, limit: int) -> list[str]:
        """The URLs of at most ``limit`` Sources due at ``now``, each moved on to its first
        turn after ``now`` in the same statement (turns missed while nothing claimed are
        skipped, not run in a burst). Rows another claimer holds are skipped, not waited
        for, so two beats never hand out the same turn."""
        return [url for url, _ in self.claim_due_turns(now, limit)]

    def claim_due_turns(self, now: datetime, limit: int) -> list[tuple[str, datetime]]:
        """``claim_due`` with each turn's time (the ``next_run`` it claimed): what a run
        is given as ``scheduled_for``, so a turn delivered twice is checked once."""
        rows = self.connection.execute(
            "WITH due AS (SELECT id, next_run FROM fleet_sources WHERE next_run <= %(now)s"
            " ORDER BY next_run, id LIMIT %(limit)s FOR UPDATE SKIP LOCKED)"
            " UPDATE fleet_sources s SET next_run = s.next_run + make_interval(secs =>"
            " s.period_seconds * (floor(extract(epoch FROM %(now)s - s.next_run)"
            " / s.period_seconds) + 1))"
            " FROM due WHERE s.id = due.id RETURNING s.url, due.next_run",
            {"now": now, "limit": limit},
        ).fetchall()
        return sorted((str(url), turn) for url, turn in rows)

    # --- health --------------------------------------------------------------------

    def health(self, now: datetime | None = None) -> list[SourceHealth]:
        """Every Source's row of the health table, by URL."""
        now = now if now is not None else datetime.now(UTC)
        rows = self.connection.execute(
            "SELECT s.url, s.period_seconds, s.next_run, f.state, f.finished_at, f.errors,"
            " f.warnings, f.unannounced, f.changes, f.audit, f.error,"
            " (SELECT id FROM fleet_snapshots n WHERE n.source_id = s.id"
            "  ORDER BY id DESC LIMIT 1),"
            " EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted"
            "  AND l.classid = %(space)s::bigint::oid AND l.objid = s.id::oid"
            "  AND l.objsubid = 2),"
            " (SELECT outcome FROM fleet_reconcile c WHERE c.source_url = s.url"
            "  ORDER BY c.id DESC LIMIT 1)"
            " FROM fleet_sources s LEFT JOIN LATERAL (SELECT * FROM fleet_runs r"
            "  WHERE r.source_id = s.id AND r.state IN ('ok', 'findings', 'unreachable')"
            "  ORDER BY r.id DESC LIMIT 1) f ON true ORDER BY s.url",
            {"space": SOURCE_LOCK_SPACE},
        ).fetchall()
        return [_health_row(row, now) for row in rows]

    def findings(self, snapshot_id: int) -> list[tuple[str, Finding]]:
        """A snapshot's findings with their subject ("" for Source-wide), as stored."""
        rows = self.connection.execute(
            "SELECT subject, stored FROM fleet_findings WHERE snapshot_id = %s"
            " ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END,"
            " subject, code",
            (snapshot_id,),
        ).fetchall()
        return [(str(subject), Finding.from_json(stored)) for subject, stored in rows]

    def changes(self, snapshot_id: int) -> list[tuple[str, str, list[str]]]:
        """The changes the snapshot's run found since the one before: (url, kind, fields)."""
        rows = self.connection.execute(
            "SELECT url, kind, fields FROM fleet_changes WHERE snapshot_id = %s ORDER BY url",
            (snapshot_id,),
        ).fetchall()
        return [(str(url), str(kind), list(fields)) for url, kind, fields in rows]


def _health_row(row: tuple[Any, ...], now: datetime) -> SourceHealth:
    (url, period, next_run, state, finished, errors, warnings, unannounced, changes) = row[:9]
    audit, error, snapshot, running, reconcile = row[9:]
    last = RunState(state) if state is not None else None
    derived: HealthState = health_state(last, finished, bool(running), int(period), now)
    return SourceHealth(
        url=url,
        state=derived,
        last_run_at=finished,
        next_run_at=next_run,
        errors=errors or 0,
        warnings=warnings or 0,
        unannounced=unannounced or 0,
        changes=changes or 0,
        audit=audit,
        error=error,
        latest_snapshot=snapshot,
        reconcile=reconcile,
    )
