"""``plan``'s options for its incremental-safety, OAI-PMH and parity sections (the
sections themselves are ``explorer.net.plan.checks``, which the window's "Plan…" uses too).

With ``--oai URL`` the plan also walks the repository's ListRecords (``--metadata-prefix``,
``oai_dc`` by default) and compares both views record by record, mapping identifiers to
locs by ``--oai-map`` or by a template guessed from the records (said so).

JSON members: ``"incremental_safety"`` (findings), ``"oai"`` (``requests``, ``bytes``,
``wire_bytes``, ``seconds``, ``records``, ``walked``, ``complete_list_size``,
``page_size``, ``method``) and ``"parity"`` (``only_oai``, ``only_resourcesync``,
``datestamp_differs``, ``deleted_differs``: findings; ``counts``, ``map``,
``map_guessed``, ``map_finding``).
"""

from __future__ import annotations

import argparse

from explorer.cli.options.language_option import say
from explorer.core.harvest.oai_map import IdentifierMap, MapError, parse_map


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--oai", default=None, metavar="URL", help=say("harvest.help-oai"))
    parser.add_argument(
        "--oai-map",
        type=_map,
        default=None,
        metavar="TEMPLATE",
        help=say("harvest.help-oai-map"),
    )
    parser.add_argument(
        "--metadata-prefix",
        default="oai_dc",
        metavar="P",
        help=say("harvest.help-metadata-prefix"),
    )


def _map(text: str) -> IdentifierMap:
    try:
        return parse_map(text)
    except MapError as exc:
        raise argparse.ArgumentTypeError(say(exc.key, **exc.params)) from None
