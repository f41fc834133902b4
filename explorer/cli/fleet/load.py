"""``fleet load FILE``: add the Sources of a fleet file, or update those already there.

Sources the file does not name are kept (``fleet remove`` removes one): loading a file
of new Sources never drops a fleet's history by accident."""

from __future__ import annotations

import argparse

from explorer.cli.arguments import InputError, read_regular_file
from explorer.cli.fleet.connection import add_db_option, open_fleet
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog
from explorer.core.fleet.fleet_file import FleetFileError, parse_fleet

FILE_LIMIT = 16 * 1024 * 1024
"""Bytes of a fleet file: a hundred thousand Sources fit, a mistaken dump does not."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help=say("fleet.load.file"))
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    data = read_regular_file(args.file, FILE_LIMIT + 1)
    if len(data) > FILE_LIMIT:
        raise InputError(args.file, say("fleet.load.too-large", limit=FILE_LIMIT))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FleetFileError("fleet.file.not-utf8", path=args.file) from None
    plans = parse_fleet(text, args.file)
    with open_fleet(args) as database:
        added, updated = database.put_sources(plans)
    print(
        catalog.text(
            "fleet.load.done",
            language_of(args),
            path=args.file,
            count=len(plans),
            added=added,
            updated=updated,
        )
    )
    return 0
