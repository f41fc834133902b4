"""``fleet init --db DSN [--broker URL]``: create (or upgrade) the fleet's tables and
remember where the database and the broker are."""

from __future__ import annotations

import argparse

from explorer.cli.fleet.connection import add_db_option, remember, remembered
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog
from explorer.core.fleet.dsn import masked_dsn


def configure(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser, required=True)
    parser.add_argument("--broker", metavar="URL", help=say("fleet.option.broker"))


def run(args: argparse.Namespace) -> int:
    from explorer.net.fleet.database import FleetDatabase
    from explorer.net.fleet.schema import STEPS

    lang = language_of(args)
    if args.broker:
        from explorer.net.fleet.broker import check_broker

        check_broker(args.broker)
    with FleetDatabase.connect(args.db) as database:
        applied = database.migrate()
    # an init that names no broker keeps the one remembered (re-running init to upgrade
    # the schema must not make the workers lose their broker)
    path = remember(args.db, args.broker or remembered().get("broker"))
    print(
        catalog.text(
            "fleet.init.ready", lang, dsn=masked_dsn(args.db), version=len(STEPS), applied=applied
        )
    )
    print(catalog.text("fleet.init.remembered", lang, path=path))
    return 0
