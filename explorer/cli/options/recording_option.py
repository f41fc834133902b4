"""``listen --record FILE``: the option (the session records, ``LiveConfig.record``)."""

from __future__ import annotations

import argparse

from explorer.cli.arguments import output_file
from explorer.cli.options.language_option import say


def add_record_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--record",
        type=output_file,
        metavar="FILE",
        help=say("recording.help-record"),
    )
