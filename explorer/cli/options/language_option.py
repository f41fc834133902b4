"""``--lang en|ja``: the language of a command's human-readable lines.

Without ``--lang`` a command follows the locale, as the window does: ``LANG=ja_JP.UTF-8``
(or ``LC_ALL``, ``LC_MESSAGES``, and ``LANGUAGE`` as gettext reads them) gives Japanese.
Only the words change with the language: finding codes, exit statuses and every
``--json`` key and value stay as they are, so a Japanese reader and a script can share
one command line; a script that parses the text lines pins ``--lang en``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from explorer.core import catalog
from explorer.core.words.languages import ENGLISH, JAPANESE, LANGUAGES

if TYPE_CHECKING:  # the finding renderers load where a finding is said: the window's
    # entry passes through here and must not load them before its first frame
    from explorer.core.finding_groups import FindingGroup
    from explorer.core.findings import Finding

_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
_chosen: list[str] = []
"""The language of this run, once ``choose_language`` has read the command line; the
``--help`` texts are built before the arguments are parsed, so they read it here."""


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for: the first of ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set names the locale; unless it is C or POSIX, ``LANGUAGE`` (a
    priority list) overrides it, as in gettext. Japanese for ``ja*``, else English."""
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in _LOCALE_VARIABLES if env.get(name)), "")
    if locale.split(".")[0] in ("", "C", "POSIX"):
        return ENGLISH
    wanted = env.get("LANGUAGE", "").split(":")[0] or locale
    return JAPANESE if wanted.lower().startswith(JAPANESE) else ENGLISH


def choose_language(argv: Sequence[str]) -> str:
    """The language of a run: ``--lang X`` (or ``--lang=X``) on the command line if it
    names one, else the locale's. Remembered for ``say``."""
    lang = locale_language()
    for position, argument in enumerate(argv):
        value = None
        if argument == "--lang" and position + 1 < len(argv):
            value = argv[position + 1]
        elif argument.startswith("--lang="):
            value = argument.partition("=")[2]
        if value in LANGUAGES:
            lang = value
    _chosen[:] = [lang]
    return lang


def help_language() -> str:
    """This run's language, for ``--help`` texts and the lines said before the arguments
    are parsed."""
    return _chosen[0] if _chosen else locale_language()


def say(key: str, /, **params: object) -> str:
    """The catalog line ``key`` in this run's language (``help_language``)."""
    return catalog.text(key, help_language(), **params)


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=say("cli.option.lang"))


def language_of(args: argparse.Namespace) -> str:
    """The chosen language: ``--lang``, else the locale's."""
    chosen = getattr(args, "lang", None)
    return str(chosen) if chosen in LANGUAGES else locale_language()


def finding_line(item: Finding, lang: str = ENGLISH) -> str:
    """``SEVERITY: CODE: message``, as ``listen`` and ``publish`` print a finding."""
    from explorer.core.words.messages import render_message, render_severity

    return f"{render_severity(item.severity, lang)}: {item.code}: {render_message(item, lang)}"


def cited_and_counted(group: FindingGroup, lang: str = ENGLISH) -> str:
    """`` (spec citation) [how many more, where]``, each part only when there is one: the
    tail ``validate`` and ``inspect`` put after a grouped finding's message."""
    from explorer.core.words.messages import render_cited, render_occurrences

    occurrences = render_occurrences(group, lang)
    return render_cited(group.first.spec, lang) + (f" [{occurrences}]" if occurrences else "")
