"""``--lang en|ja``: the language of a command's human-readable lines.

English is the default because scripts parse those lines. Only the words change with
``--lang``: finding codes, exit statuses and every ``--json`` key and value stay as they
are, so a Japanese reader and a script can share one command line.
"""

from __future__ import annotations

import argparse

from explorer.core.finding_groups import FindingGroup
from explorer.core.findings import Finding
from explorer.core.messages import (
    ENGLISH,
    LANGUAGES,
    render_cited,
    render_message,
    render_occurrences,
    render_severity,
)


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


def finding_line(item: Finding, lang: str = ENGLISH) -> str:
    """``SEVERITY: CODE: message``, as ``listen`` and ``publish`` print a finding."""
    return f"{render_severity(item.severity, lang)}: {item.code}: {render_message(item, lang)}"


def cited_and_counted(group: FindingGroup, lang: str = ENGLISH) -> str:
    """`` (spec citation) [how many more, where]``, each part only when there is one: the
    tail ``validate`` and ``inspect`` put after a grouped finding's message."""
    occurrences = render_occurrences(group, lang)
    return render_cited(group.first.spec, lang) + (f" [{occurrences}]" if occurrences else "")
