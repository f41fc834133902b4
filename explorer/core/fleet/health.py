"""A Source's health: one row of ``fleet status``, derived from its runs.

The state is derived, not stored: a worker that dies cannot leave a Source "ok" forever,
because a Source whose last finished run is older than ``STALE_PERIODS`` periods reads
``stale`` whatever that run said. A run still going reads ``running``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any


class RunState(StrEnum):
    """What a run row says: ``running`` until it finishes, ``abandoned`` when its worker
    died (found by the next run of the Source), else what the run found."""

    RUNNING = "running"
    OK = "ok"
    FINDINGS = "findings"
    UNREACHABLE = "unreachable"
    ABANDONED = "abandoned"


class HealthState(StrEnum):
    """The state ``fleet status`` shows for a Source."""

    OK = "ok"
    FINDINGS = "findings"
    UNREACHABLE = "unreachable"
    STALE = "stale"
    RUNNING = "running"


FINISHED = (RunState.OK, RunState.FINDINGS, RunState.UNREACHABLE)
PROBLEMS = (HealthState.FINDINGS, HealthState.UNREACHABLE, HealthState.STALE)
STALE_PERIODS = 2
"""A Source not checked within this many periods is stale: one late run is a busy fleet,
two missed in a row is a schedule or a worker problem someone must look at."""


def health_state(
    last_finished: RunState | None,
    finished_at: datetime | None,
    running: bool,
    period_seconds: int,
    now: datetime,
) -> HealthState:
    """The state of a Source from its latest finished run and whether a run is going."""
    if running:
        return HealthState.RUNNING
    if last_finished is None or finished_at is None:
        return HealthState.STALE
    if now - finished_at > timedelta(seconds=STALE_PERIODS * period_seconds):
        return HealthState.STALE
    return HealthState(str(last_finished))


@dataclass(frozen=True, slots=True)
class SourceHealth:
    """One Source's row of the health table, exactly what ``fleet status --json`` prints.

    ``error`` is a catalog key and its params (said in the reader's language where shown),
    ``audit`` the audit's verdict key, ``reconcile`` the latest reconcile outcome."""

    url: str
    state: HealthState
    last_run_at: datetime | None
    next_run_at: datetime | None
    errors: int = 0
    warnings: int = 0
    unannounced: int = 0
    audit: str | None = None
    error: dict[str, Any] | None = None
    latest_snapshot: int | None = None
    reconcile: str | None = None
    changes: int = field(default=0)

    @property
    def is_problem(self) -> bool:
        return self.state in PROBLEMS or self.audit not in (None, AUDIT_IN_SYNC)

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "state": str(self.state),
            "last_run_at": _iso(self.last_run_at),
            "next_run_at": _iso(self.next_run_at),
            "errors": self.errors,
            "warnings": self.warnings,
            "unannounced": self.unannounced,
            "changes": self.changes,
            "audit": self.audit,
            "error": self.error,
            "latest_snapshot": self.latest_snapshot,
            "reconcile": self.reconcile,
        }


AUDIT_IN_SYNC = "fleet.audit.in-sync"
AUDIT_OUT_OF_SYNC = "fleet.audit.out-of-sync"
AUDIT_FAILED = "fleet.audit.failed"
"""The audit could not judge (no Resource List, a list unreadable); the run's error says why."""


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None
