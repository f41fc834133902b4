"""``fleet worker [--concurrency N] [--db DSN] [--broker URL]``: a Celery worker checking
the fleet's Sources.

Each task is one turn of one Source (``run_source``: lock, crawl on an event loop of its
own, snapshot, compare, audit). The worker runs in this process through Celery's public
API once the broker and the database have answered; when either does not, one line names
which and the fix (exit status 2). ``--db`` and ``--broker`` default to what ``fleet init``
remembered. SIGTERM lets the running tasks finish; a worker killed outright loses no turn:
its tasks go back to the queue (acks late) and run elsewhere.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from explorer.cli.arguments import positive_int, positive_seconds
from explorer.cli.fleet.connection import add_broker_option, add_db_option, broker_of, dsn_of
from explorer.cli.options.language_option import say
from explorer.core.said_error import SaidError

if TYPE_CHECKING:
    from celery import Celery

RUN_LIMIT = 3600.0
"""The default of ``--run-limit`` (``explorer.net.fleet.celery_app.RUN_LIMIT``, which is
not imported here: ``--help`` must not load Celery)."""


class NoCelery(SaidError):
    """The default install: Celery comes with the fleet extra."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--concurrency",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help=say("fleet_celery.help.concurrency"),
    )
    add_connection_options(parser)


def add_connection_options(parser: argparse.ArgumentParser) -> None:
    """``--run-limit``, ``--broker`` and ``--db`` (and ``--lang``): worker and beat take these."""
    parser.add_argument(
        "--run-limit",
        type=positive_seconds,
        default=RUN_LIMIT,
        metavar="SECONDS",
        help=say("fleet_celery.help.run-limit"),
    )
    add_broker_option(parser)
    add_db_option(parser)


def ready_app(args: argparse.Namespace) -> Celery:
    """The fleet's Celery app for these arguments, once broker and database answered."""
    try:
        from explorer.net.fleet.celery_app import fleet_app
        from explorer.net.fleet.celery_run import check_ready
    except ImportError:
        raise NoCelery("fleet.db.no-driver") from None
    dsn = dsn_of(args)
    app = fleet_app(dsn, broker_of(args), run_limit=args.run_limit)
    check_ready(app, dsn)
    return app


def run(args: argparse.Namespace) -> int:
    app = ready_app(args)
    from explorer.net.fleet.celery_run import run_worker

    return run_worker(app, args.concurrency)
