"""The fleet on Celery: one task checks one Source, one beat entry hands out the due ones.

The schedule lives in PostgreSQL (``FleetDatabase.claim_due`` moves each due Source on to
its next turn in the statement that claims it), so beat keeps no state of its own: a
restarted beat, or one on another machine, carries on from the table. Beat sends
``dispatch_due`` every few seconds; whichever worker takes it claims the due Sources and
sends one ``check_source`` per Source, which ``run_source`` carries out (lock, crawl on an
event loop of its own, snapshot, compare, audit).

Delivery is at least once, on purpose: tasks are acknowledged only when they finish
(``task_acks_late``), a task whose worker process dies is given back to the queue
(``task_reject_on_worker_lost``), and a message a worker took but never acknowledged
(the worker killed outright) returns to the queue when the broker's visibility timeout
runs out. That timeout is twice the longest run (``run_limit``): shorter, a slow run
still going would be handed to a second worker. A task delivered twice is harmless:
the Source's lock in PostgreSQL lets one run at a time, and a turn that already has its
run is not run again (the runner's ``already-done``). Each worker process takes one task at a time
(``worker_prefetch_multiplier=1``), so no task waits behind a long run in a busy
worker's hands while another worker is idle.

Celery is imported here and by the ``fleet`` command only, never by the window or the
other commands.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from celery import Celery

CHECK_SOURCE = "explorer.fleet.check_source"
DISPATCH_DUE = "explorer.fleet.dispatch_due"
QUEUE = "explorer-fleet"
"""The checks' queue, so a broker shared with other Celery applications keeps them apart."""
DISPATCH_QUEUE = "explorer-fleet-dispatch"
"""The claims' queue: a claim never waits behind a backlog of checks (a worker takes from
both queues in turn), so turns are handed out on time however busy the workers are."""

DISPATCH_EVERY = 5.0
"""Seconds between two claims of due Sources: a Source's turn starts at most this late."""
DISPATCH_LIMIT = 1000
"""Sources handed out by one claim; the rest wait for the next (a few seconds later)."""
RUN_LIMIT = 3600.0
"""Seconds one run may take before Celery stops it; the visibility timeout is twice this."""


def fleet_app(dsn: str, broker: str, *, run_limit: float = RUN_LIMIT) -> Celery:
    """A Celery application for the fleet in ``dsn``, its tasks sent through ``broker``."""
    app = Celery("explorer.fleet", broker=broker, set_as_current=False)
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        broker_transport_options=_transport_options(run_limit),
        broker_connection_retry_on_startup=True,
        task_time_limit=run_limit,
        task_ignore_result=True,
        task_default_queue=QUEUE,
        task_routes={DISPATCH_DUE: {"queue": DISPATCH_QUEUE}},
        task_serializer="json",
        accept_content=["json"],
        beat_schedule={
            "dispatch-due": {
                "task": DISPATCH_DUE,
                "schedule": DISPATCH_EVERY,
                # a claim that waited longer than the next one is worthless: the next claims
                # the same Sources, so a backlog of claims is dropped instead of run
                "options": {"expires": 2 * DISPATCH_EVERY},
            }
        },
    )

    def check_source(url: str, scheduled_for: str) -> dict[str, str]:
        return run_check(dsn, url, scheduled_for)

    # not shared: a shared task is given to every Celery app finalized later in the process
    # (a second fleet app, or a hub's own), and the same name twice is refused there
    checker = app.task(name=CHECK_SOURCE, shared=False)(check_source)

    def dispatch_due() -> int:
        return dispatch(dsn, lambda url, turn: checker.delay(url, turn))

    app.task(name=DISPATCH_DUE, shared=False)(dispatch_due)

    return app


def _transport_options(run_limit: float) -> dict[str, int]:
    """The visibility timeout (twice the longest run), and Redis's sweep for messages a
    dead worker held made often enough to notice them soon after it runs out (Kombu's own
    default sweeps every 100 s, more than the whole timeout of a fleet of quick runs)."""
    visibility = max(1, int(2 * run_limit))
    return {
        "visibility_timeout": visibility,
        "unacked_restore_interval": min(60, max(1, visibility // 10)),
        "unacked_restore_throttle": 1,
    }


def run_check(dsn: str, url: str, scheduled_for: str) -> dict[str, str]:
    """One Source's turn (``scheduled_for`` in ISO 8601, as the message carries it). The
    result names the Source, the turn and the outcome (a run's state, ``skipped`` while
    another run held the Source, ``already-done`` for a message delivered again after its
    run finished): the worker's log shows it for each task, the one record of a turn that
    made no run row."""
    from explorer.net.fleet.runner import run_source

    outcome = run_source(dsn, url, scheduled_for=datetime.fromisoformat(scheduled_for))
    return {"url": url, "turn": scheduled_for, "state": outcome.state}


def dispatch(dsn: str, send: Callable[[str, str], Any], now: datetime | None = None) -> int:
    """Claim the Sources due at ``now`` and ``send`` each its turn; how many were sent.

    The claim commits only once every turn is sent: a worker killed in between leaves
    the Sources due, to be claimed again, rather than claimed and never sent (a turn
    lost). A turn is the time the Source was due (``claim_due_turns``), not the time of
    the claim: claimed again after such a death, or its message delivered twice, it is the
    same turn, and the runner checks a turn once (``already-done``)."""
    from explorer.net.fleet.database import FleetDatabase

    now = now if now is not None else datetime.now(UTC)
    with FleetDatabase.connect(dsn) as database, database.connection.transaction():
        due = database.claim_due_turns(now, DISPATCH_LIMIT)
        for url, turn in due:
            send(url, turn.isoformat())
    return len(due)
