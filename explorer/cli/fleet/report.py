"""``fleet report --html FILE``: the health table as a self-contained page."""

from __future__ import annotations

import argparse
from pathlib import Path

from explorer.cli.arguments import output_file
from explorer.cli.fleet.connection import add_db_option, open_fleet
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--html", type=output_file, required=True, metavar="FILE", help=say("fleet.report.html")
    )
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    from explorer.net.fleet.report_page import fleet_report

    lang = language_of(args)
    with open_fleet(args) as database:
        page = fleet_report(database, lang)
    path: Path = args.html
    path.write_text(page, encoding="utf-8")
    print(catalog.text("fleet.report.written", lang, path=path))
    return 0
