"""``fleet worker`` and ``fleet beat`` in the process that runs them, through Celery's public
API (``app.Worker``, ``app.Beat``), after checking that both the broker and the database
answer: a worker started against a broker that is down would retry forever in silence,
and one against a database without the fleet would fail every task it takes.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

from celery import Celery
from kombu.exceptions import OperationalError

from explorer.core.said_error import SaidError
from explorer.net.fleet.celery_app import DISPATCH_QUEUE, QUEUE
from explorer.net.fleet.database import FleetDatabase

BROKER_TIMEOUT = 10.0
"""Seconds to reach the broker before saying it is unreachable."""


class BrokerUnreachable(SaidError, ConnectionError):
    """The broker does not answer; names it (never its password) and the fix."""


def broker_place(broker: str) -> str:
    """Where the broker is, for a refusal: its host and port, or its socket's path; never
    the user or password a URL may carry."""
    parts = urlsplit(broker)
    if parts.scheme.endswith("+socket") or parts.scheme == "socket":
        return parts.path
    try:
        port = parts.port
    except ValueError:
        port = None
    host = parts.hostname or "localhost"
    return f"{host}:{port}" if port else host


def check_ready(app: Celery, dsn: str) -> None:
    """Refuse at once, naming which, when the broker or the fleet's database does not answer
    (``BrokerUnreachable``, ``FleetUnreachable``, ``FleetNotInitialised``)."""
    broker = str(app.conf.broker_url)
    try:
        with app.connection_for_write() as connection:
            connection.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0, timeout=BROKER_TIMEOUT
            )
    except (OperationalError, OSError, KeyError, ValueError) as exc:
        # KeyError: a scheme no transport has (kombu's "No such transport")
        reason = (str(exc).strip("'\" \n").splitlines() or [type(exc).__name__])[-1]
        reason = reason.rstrip(".")
        raise BrokerUnreachable(
            "fleet_celery.broker-unreachable", place=broker_place(broker), reason=reason
        ) from None
    with FleetDatabase.connect(dsn) as database:
        database.require_schema()


def run_worker(app: Celery, concurrency: int) -> int:
    """Run a worker of ``concurrency`` processes until it is told to stop (SIGTERM: it
    finishes its tasks; SIGKILL: they return to the queue); its exit status."""
    worker = app.Worker(
        hostname=f"fleet-{os.getpid()}@{socket.gethostname()}",
        concurrency=concurrency,
        queues=[DISPATCH_QUEUE, QUEUE],
        loglevel="INFO",
        quiet=True,
        without_gossip=True,
        without_mingle=True,
        optimization="fair",
    )
    worker.start()
    return int(worker.exitcode or 0)


def run_beat(app: Celery) -> int:
    """Run beat until it is told to stop. Its scheduler keeps nothing on disk: the only
    entry is the claim every few seconds, and the Sources' turns are in the database."""
    app.Beat(scheduler="celery.beat:Scheduler", loglevel="INFO", quiet=True).run()
    return 0
