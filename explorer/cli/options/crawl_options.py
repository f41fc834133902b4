"""``--timeout`` and ``--max-documents`` for the commands that crawl a whole Source."""

from __future__ import annotations

import argparse

from explorer.cli.arguments import positive_int, positive_seconds
from explorer.cli.options.language_option import say
from explorer.net.source.crawl_limits import DEFAULT_MAX_DOCUMENTS


def add_crawl_options(parser: argparse.ArgumentParser, when: str = "") -> None:
    """Both options; ``when`` prefixes their help (``"with 'now': "``)."""
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=30.0,
        metavar="S",
        help=say("crawl.help-timeout", when=when),
    )
    parser.add_argument(
        "--max-documents",
        type=positive_int,
        default=DEFAULT_MAX_DOCUMENTS,
        metavar="N",
        help=say("crawl.help-max-documents", when=when),
    )
