"""``--lang en|ja``: the language of a command's human-readable lines.

English is the default because scripts parse those lines. Only the words change with
``--lang``: finding codes, exit statuses and every ``--json`` key and value stay as they
are, so a Japanese reader and a script can share one command line.
"""

from __future__ import annotations

import argparse

from explorer.core.messages import ENGLISH, LANGUAGES


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=ENGLISH,
        help="language of the text lines (default: en); codes and --json never change",
    )


def language_of(args: argparse.Namespace) -> str:
    """The chosen language; English for a namespace built without the option."""
    return str(getattr(args, "lang", ENGLISH))
