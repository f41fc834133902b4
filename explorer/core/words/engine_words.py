"""What the engine reported, said in the reader's language: for the command line and the
window alike.

The engine keeps its English where it stores it (an event's reason in the store, a
discovery route's ``detail`` in ``--json``); these functions give the same facts in
another language through the catalog, and quote what came from outside (a hub's or a
library's own words) verbatim behind a lead-in of the reader's language.
"""

from __future__ import annotations

from explorer.core import catalog
from explorer.core.words.messages import ENGLISH, Phrase, render_known, render_phrase


def event_name(event: str, lang: str = ENGLISH, prefix: str = "events.name-") -> str:
    """A live event's name (``verified``, ``notification``…) or another of its values
    (``prefix``: a signature state) in ``lang``; a value the catalog lacks stays as is."""
    key = f"{prefix}{event}"
    return catalog.text(key, lang) if catalog.has(key, lang) else event


def known_reason(detail: str, lang: str = ENGLISH) -> str:
    """The engine's reason for a subscription's state in ``lang``, without a lead-in: a
    reason the catalog knows (``events.reason-*``) said anew, anything else quoted."""
    if lang == ENGLISH or not detail:
        return detail
    known = render_known(detail, "events.reason-", lang)
    return known if known is not None else quoted(detail, lang)


def event_detail(detail: str, lang: str = ENGLISH) -> str:
    """The engine's reason or message after an event in ``lang``. The engine stores it as
    English text (the store's ``reason`` column); a reason the catalog knows
    (``events.reason-*``) is said anew in ``lang``, anything else (a hub's or a library's
    own words) is quoted behind a lead-in."""
    known = render_known(detail, "events.reason-", lang) if lang != ENGLISH else None
    if known is None:
        return catalog.text("events.detail", lang, detail=detail)
    return catalog.text("events.reason", lang, reason=known)


def quoted(detail: str, lang: str = ENGLISH) -> str:
    """Words from outside (a library's, a server's) as they came, behind a lead-in of
    ``lang`` that says so (English needs none)."""
    return catalog.text("quoted.detail", lang, detail=detail)


def said_or_quoted(phrase: Phrase, lang: str = ENGLISH) -> str:
    """A phrase the engine said in ``lang``; a plain detail (no catalog line) quoted."""
    if lang == ENGLISH:
        return phrase.english
    return render_phrase(phrase, lang) if phrase.key else quoted(phrase.english, lang)
