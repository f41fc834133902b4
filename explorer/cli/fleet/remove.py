"""``fleet remove URL``: stop watching a Source; its runs and snapshots go with it."""

from __future__ import annotations

import argparse

from explorer.cli.fleet.connection import add_db_option, open_fleet
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", metavar="URL", help=say("fleet.remove.url"))
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    from explorer.net.fleet.database import SourceUnknown

    with open_fleet(args) as database:
        if not database.remove_source(args.url):
            raise SourceUnknown("fleet.source.unknown", url=args.url)
    print(catalog.text("fleet.remove.done", language_of(args), url=args.url))
    return 0
