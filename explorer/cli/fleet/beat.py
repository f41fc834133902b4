"""``fleet beat``: Celery beat handing out the fleet's due Sources every few seconds.

Beat keeps no schedule of its own: each Source's next turn is in the database, and the
claim moves it on in the statement that takes it, so a beat restarted (or moved to another
machine) carries on where the last one stopped, with no turn lost or given twice. Run one
beat per fleet. An unreachable broker or database is refused as ``fleet worker`` does.
"""

from __future__ import annotations

import argparse
import sys

from explorer.cli.fleet.worker import add_connection_options, add_run_limit_option
from explorer.cli.options.language_option import add_language_option, language_of
from explorer.core.said_error import SaidError


def configure(parser: argparse.ArgumentParser) -> None:
    add_connection_options(parser)
    add_run_limit_option(parser)
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    from explorer.net.fleet.celery_app import fleet_app
    from explorer.net.fleet.celery_run import check_ready, run_beat

    app = fleet_app(args.db, args.broker, run_limit=args.run_limit)
    try:
        check_ready(app, args.db)
    except SaidError as refused:
        print(refused.describe(language_of(args)), file=sys.stderr)
        return 2
    return run_beat(app)
