"""``fleet beat [--db DSN] [--broker URL]``: Celery beat handing out the fleet's due
Sources every few seconds.

Beat keeps no schedule of its own: each Source's next turn is in the database, and the
claim moves it on in the statement that takes it, so a beat restarted (or moved to another
machine) carries on where the last one stopped, with no turn lost or given twice. Run one
beat per fleet. An unreachable broker or database is refused as ``fleet worker`` does.
"""

from __future__ import annotations

import argparse

from explorer.cli.fleet.worker import add_connection_options, ready_app


def configure(parser: argparse.ArgumentParser) -> None:
    add_connection_options(parser)


def run(args: argparse.Namespace) -> int:
    app = ready_app(args)
    from explorer.net.fleet.celery_run import run_beat

    return run_beat(app)
