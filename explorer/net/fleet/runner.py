"""One run of one Source: the whole check a worker does for a turn of the schedule.

The guarantees are the database's, not the caller's good behaviour:

- **One run per Source at a time.** The run holds a session advisory lock on the
  Source (``pg_try_advisory_lock``) on its own connection for as long as it runs; a second
  run finds it held and returns ``skipped``. The lock dies with the connection, so a
  worker killed mid-run frees the Source at once.
- **No half snapshot.** The snapshot, its findings, the compare and the run's finish are
  one transaction: a worker that dies leaves only its run row, still ``running``; the next
  run of the Source (the lock now free) marks that row ``abandoned``.
- **A rate per host across workers.** Every request waits for its slot in
  ``fleet_hosts`` (``host_rate``), whichever worker sends it.

The crawl is the one ``inspect --save`` makes (``crawl_streamed`` with a snapshot sink),
on an event loop of the run's own; the audit is ``audit``'s.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from explorer.core.audit_rules import Mapping
from explorer.core.fleet.fleet_file import SourcePlan
from explorer.core.fleet.health import AUDIT_FAILED, AUDIT_IN_SYNC, AUDIT_OUT_OF_SYNC, RunState
from explorer.core.phrase import Phrase
from explorer.core.said_error import SaidError
from explorer.core.words.messages import finding_words, said, verbatim
from explorer.net.fleet.changes import previous_snapshot, record_changes
from explorer.net.fleet.database import (
    SOURCE_LOCK_SPACE,
    FleetDatabase,
    connect_raw,
    unreachable,
)
from explorer.net.fleet.host_rate import HostRate
from explorer.net.fleet.snapshot_sink import SnapshotSink
from explorer.net.http.credentials import CredentialsError, load_credentials_file
from explorer.net.http.fetcher import Fetcher
from explorer.net.http.network_access import NetworkAccess

if TYPE_CHECKING:
    import psycopg

    from explorer.net.source.crawl_tree import CrawlResult

SKIPPED = "skipped"
"""A run's outcome when another run of the Source holds its lock."""
ALREADY_DONE = "already-done"
"""A run's outcome when a run for the same ``scheduled_for`` turn already finished: a task
delivered again after its worker died between the commit and the acknowledgement (Celery's
acks late) must not take the turn's snapshot twice."""


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """What ``run_source`` did: ``state`` is a ``RunState`` value or ``skipped``."""

    url: str
    state: str
    run_id: int | None = None
    snapshot_id: int | None = None
    changes: int = 0
    abandoned: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "state": self.state,
            "run_id": self.run_id,
            "snapshot_id": self.snapshot_id,
            "changes": self.changes,
            "abandoned": self.abandoned,
        }


@dataclass(slots=True)
class _Checked:
    """A finished check, written in the run's transaction."""

    state: RunState
    snapshot_id: int | None = None
    errors: int = 0
    warnings: int = 0
    changes: int = 0
    unannounced: int = 0
    audit: str | None = None
    error: Phrase | None = None


def run_source(dsn: str, url: str, *, scheduled_for: datetime | None = None) -> RunOutcome:
    """Check the Source ``url`` once; ``skipped`` if a run of it is going elsewhere,
    ``already-done`` if the turn ``scheduled_for`` names was checked already.
    Raises ``FleetUnreachable`` when the database does not answer, ``SourceUnknown``
    when ``url`` is not in the fleet."""
    connection = connect_raw(dsn)
    try:
        source_id, plan = FleetDatabase(connection, dsn).source(url)
        row = connection.execute(
            "SELECT pg_try_advisory_lock(%s, %s::INTEGER)", (SOURCE_LOCK_SPACE, source_id)
        ).fetchone()
        if row is None or not row[0]:
            return RunOutcome(url, SKIPPED)
        # the lock is the session's: closing the connection below frees it, whatever
        # state a failure left the connection in
        return _run_locked(connection, dsn, source_id, plan, scheduled_for)
    finally:
        connection.close()


def _run_locked(
    connection: psycopg.Connection[tuple[Any, ...]],
    dsn: str,
    source_id: int,
    plan: SourcePlan,
    scheduled_for: datetime | None,
) -> RunOutcome:
    if scheduled_for is not None:
        done = connection.execute(
            "SELECT id, snapshot_id FROM fleet_runs WHERE source_id = %s AND scheduled_for = %s"
            " AND state IN ('ok', 'findings', 'unreachable') LIMIT 1",
            (source_id, scheduled_for),
        ).fetchone()
        if done is not None:
            return RunOutcome(plan.url, ALREADY_DONE, int(done[0]), done[1])
    abandoned = connection.execute(
        "UPDATE fleet_runs SET state = 'abandoned', finished_at = clock_timestamp()"
        " WHERE source_id = %s AND state = 'running'",
        (source_id,),
    ).rowcount
    row = connection.execute(
        "INSERT INTO fleet_runs (source_id, state, scheduled_for, worker)"
        " VALUES (%s, 'running', %s, %s) RETURNING id",
        (source_id, scheduled_for, f"{socket.gethostname()}:{os.getpid()}"),
    ).fetchone()
    assert row is not None
    run_id = int(row[0])
    try:
        checked = asyncio.run(_check(connection, dsn, source_id, run_id, plan))
    except Exception as exc:  # the run's own failure, kept on its row for the health table
        if isinstance(exc, _DatabaseGone):  # nothing can be written: the next run finds
            raise unreachable(dsn, exc.cause) from None  # this one running, abandoned
        detail = _words_of(exc)
        checked = _Checked(RunState.UNREACHABLE, error=said("fleet.run.failed", detail=detail))
        _finish(connection, run_id, checked)
    return RunOutcome(
        plan.url, str(checked.state), run_id, checked.snapshot_id, checked.changes, abandoned
    )


class _Said(Exception):
    def __init__(self, phrase: Phrase) -> None:
        super().__init__(str(phrase))
        self.said = phrase


class _DatabaseGone(Exception):
    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


def _words_of(exc: Exception) -> Phrase:
    """An exception as words any language can say again: its catalog line when it has
    one, else its type's name (outside words, never a traceback)."""
    if isinstance(exc, _Said):
        return exc.said
    if isinstance(exc, SaidError):
        return said(exc.key, **exc.params)
    return verbatim(type(exc).__name__)


def _access(plan: SourcePlan) -> NetworkAccess:
    if plan.credentials is None:
        return NetworkAccess()
    try:
        return NetworkAccess(credentials=load_credentials_file(plan.credentials))
    except CredentialsError as exc:
        raise _Said(said("fleet.run.credentials", path=plan.credentials, detail=exc.said)) from None


async def _check(
    connection: psycopg.Connection[tuple[Any, ...]],
    dsn: str,
    source_id: int,
    run_id: int,
    plan: SourcePlan,
) -> _Checked:
    import psycopg

    from explorer.net.source.streamed_crawl import crawl_streamed

    access = _access(plan)
    rate = await HostRate.open(dsn, plan.max_rate)
    try:
        async with Fetcher(access=access, before_send=rate.wait) as fetcher:
            try:
                with connection.transaction():
                    sink = SnapshotSink.begin(connection, source_id, run_id, plan.url)
                    result = await crawl_streamed(plan.url, fetcher, sink.add_document)
                    if not _reached(result):
                        raise _Unreachable(result)
                    checked = _Checked(RunState.OK, snapshot_id=sink.id)
                    checked.errors, checked.warnings = sink.finish(result)
                    if checked.errors:
                        checked.state = RunState.FINDINGS
                    previous = previous_snapshot(connection, source_id, sink.id)
                    if previous is not None:
                        checked.changes, checked.unannounced = record_changes(
                            connection, run_id, sink.id, previous
                        )
                    if plan.audit is not None:
                        checked.audit, checked.error = await _audit(plan, fetcher)
                    _finish(connection, run_id, checked)
                    return checked
            except _Unreachable as unreachable:  # rolled back: no snapshot of nothing
                checked = _Checked(RunState.UNREACHABLE, error=unreachable.said)
                _finish(connection, run_id, checked)
                return checked
            except psycopg.OperationalError as exc:
                raise _DatabaseGone(exc) from None
    finally:
        await rate.close()


class _Unreachable(Exception):
    """The crawl read no document of the Source: why, said from the start's failure."""

    def __init__(self, result: CrawlResult) -> None:
        detail: Phrase = verbatim(result.start_url)
        root = result.root
        if root is not None and root.fetch is not None and not root.fetch.ok:
            detail = root.fetch.problem()
        elif result.findings:
            detail = finding_words(result.findings[0])
        super().__init__(str(detail))
        self.said = said("fleet.run.unreachable", detail=detail)


def _reached(result: CrawlResult) -> bool:
    from explorer.net.source.crawl_tree import NodeState

    return any(node.state is NodeState.LOADED for node in result.nodes())


async def _audit(plan: SourcePlan, fetcher: Fetcher) -> tuple[str, Phrase | None]:
    """The audit's verdict key (``audit``'s own engine), or ``fleet.audit.failed`` and
    why it could not judge."""
    from urllib.parse import urlsplit

    from explorer.net.history.audit import AuditError, audit

    assert plan.audit is not None
    parts = urlsplit(plan.url)
    mappings = [Mapping(prefix, folder) for prefix, folder in plan.audit.map]
    mappings.append(Mapping(f"{parts.scheme}://{parts.netloc}", plan.audit.dest))
    try:
        report = await audit(plan.url, fetcher, mappings)
    except AuditError as exc:
        return AUDIT_FAILED, said(exc.key, **exc.params)
    try:
        return (AUDIT_IN_SYNC if report.in_sync else AUDIT_OUT_OF_SYNC), None
    finally:
        report.close()


def _finish(connection: psycopg.Connection[tuple[Any, ...]], run_id: int, done: _Checked) -> None:
    connection.execute(
        "UPDATE fleet_runs SET state = %(state)s, finished_at = clock_timestamp(),"
        " snapshot_id = %(snapshot)s, errors = %(errors)s, warnings = %(warnings)s,"
        " changes = %(changes)s, unannounced = %(unannounced)s, audit = %(audit)s,"
        " error = %(error)s WHERE id = %(run)s",
        {
            "state": str(done.state),
            "snapshot": done.snapshot_id,
            "errors": done.errors,
            "warnings": done.warnings,
            "changes": done.changes,
            "unannounced": done.unannounced,
            "audit": done.audit,
            "error": json.dumps(done.error.to_json()) if done.error is not None else None,
            "run": run_id,
        },
    )
