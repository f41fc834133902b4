"""``fleet worker [--concurrency N]``: a Celery worker checking the fleet's Sources.

Each task is one turn of one Source (``run_source``: lock, crawl on an event loop of its
own, snapshot, compare, audit). The worker runs in this process through Celery's public
API, after the broker and the database have answered; when either does not, one line
names which and the fix, and the exit status is 2. SIGTERM lets the running tasks finish;
a worker killed outright loses nothing: its tasks return to the queue (acks late).
"""

from __future__ import annotations

import argparse
import os
import sys

from explorer.cli.arguments import positive_int, positive_seconds
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.core.said_error import SaidError


def configure(parser: argparse.ArgumentParser) -> None:
    add_connection_options(parser)
    parser.add_argument(
        "--concurrency",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help=say("fleet_celery.help.concurrency"),
    )
    add_run_limit_option(parser)
    add_language_option(parser)


def add_connection_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", required=True, metavar="DSN", help=say("fleet_celery.help.db"))
    parser.add_argument(
        "--broker", required=True, metavar="URL", help=say("fleet_celery.help.broker")
    )


def add_run_limit_option(parser: argparse.ArgumentParser) -> None:
    from explorer.net.fleet.celery_app import RUN_LIMIT

    parser.add_argument(
        "--run-limit",
        type=positive_seconds,
        default=RUN_LIMIT,
        metavar="SECONDS",
        help=say("fleet_celery.help.run-limit"),
    )


def run(args: argparse.Namespace) -> int:
    from explorer.net.fleet.celery_app import fleet_app
    from explorer.net.fleet.celery_run import check_ready, run_worker

    app = fleet_app(args.db, args.broker, run_limit=args.run_limit)
    try:
        check_ready(app, args.db)
    except SaidError as refused:
        print(refused.describe(language_of(args)), file=sys.stderr)
        return 2
    return run_worker(app, args.concurrency)
