"""``fleet prune``: remove old snapshots, which the fleet otherwise keeps for ever.

Each Source always keeps its newest snapshot: the next run compares with it and the
window opens it. What goes is said as a count; the runs stay (their changed URLs too),
so the health table and the history of changes read the same afterwards.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime, timedelta

from explorer.cli.arguments import fail, positive_int
from explorer.cli.fleet.add import duration
from explorer.cli.fleet.connection import add_db_option, open_fleet
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--keep", type=positive_int, default=None, metavar="N", help=say("fleet.prune.keep")
    )
    parser.add_argument(
        "--older-than",
        type=duration,
        default=None,
        metavar="DURATION",
        help=say("fleet.prune.older-than"),
    )
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    lang = language_of(args)
    if args.keep is None and args.older_than is None:
        # removing snapshots is not undone: the command says which ones, never a default
        return fail(f"fleet {args.fleet_command}", say("fleet.prune.say-which"))
    keep = args.keep or 1
    before = None
    if args.older_than is not None:
        before = datetime.now(UTC) - timedelta(seconds=args.older_than)
    with open_fleet(args) as database:
        removed = database.prune(keep, before)
    print(catalog.text("fleet.prune.done", lang, count=removed, keep=keep))
    return 0
