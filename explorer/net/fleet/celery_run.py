"""``fleet worker`` and ``fleet beat`` in the process that runs them, through Celery's public
API (``app.Worker``, ``app.Beat``), after checking that both the broker and the database
answer: a worker started against a broker that is down would retry forever in silence,
and one against a database without the fleet would fail every task it takes.
"""

from __future__ import annotations

import os
import socket

from celery import Celery

from explorer.net.fleet.broker import check_broker
from explorer.net.fleet.celery_app import DISPATCH_QUEUE, QUEUE
from explorer.net.fleet.database import FleetDatabase


def check_ready(app: Celery, dsn: str) -> None:
    """Refuse at once, naming which, when the broker or the fleet's database does not answer
    (``BrokerUnreachable``, ``FleetUnreachable``, ``FleetNotInitialised``)."""
    check_broker(str(app.conf.broker_url))
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
