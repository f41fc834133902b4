"""What the engine reported, said in the reader's language: for the command line and the
window alike.

The engine keeps what it says as phrases (a catalog key and params; the store and the
events carry them), so every language says them anew at the edge; words that came from
outside (a hub's or a library's own) have no key and are quoted verbatim behind a
lead-in of the reader's language.
"""

from __future__ import annotations

from explorer.core import catalog
from explorer.core.rules.capabilities import display_name
from explorer.core.words.messages import (
    ENGLISH,
    Phrase,
    as_phrase,
    render_document_name,
    render_phrase,
)


def event_name(event: str, lang: str = ENGLISH, prefix: str = "events.name-") -> str:
    """A live event's name (``verified``, ``notification``…) or another of its values
    (``prefix``: a signature state) in ``lang``; a value the catalog lacks stays as is."""
    key = f"{prefix}{event}"
    return catalog.text(key, lang) if catalog.has(key, lang) else event


def state_word(state: str, lang: str = ENGLISH) -> str:
    """A subscription's state as a row shows it (``active``, ``not served``…) in ``lang``."""
    return event_name(state.replace(" ", "-"), lang, "events.state-")


def flavour_word(flavour: str, lang: str = ENGLISH) -> str:
    """How a subscription's hub behaved or which 2012 push form it is, in brackets, in
    ``lang`` (English keeps the flavour's own name, as ``--json`` gives it)."""
    name = event_name(flavour.replace(".", "-"), lang, "events.flavour-")
    return catalog.text("events.flavour", lang, flavour=name)


def field_word(name: str, lang: str = ENGLISH) -> str:
    """A snapshot field (``digest``, ``entries``, ``etag``…) in ``lang``; a name the
    catalog lacks (a finding's code) stays as it is."""
    return event_name(name, lang, "snapshot.field-")


def capability_word(capability: str, lang: str = ENGLISH) -> str:
    """A capability as a comparison keys it (``resourcelist``, ``resourcelist index``)
    said as the document's name in ``lang``."""
    base, _, index = capability.partition(" ")
    name = display_name(base)
    if index == "index":
        name = catalog.text("documents.index", ENGLISH, name=name)
    return render_document_name(name, lang)


def known_reason(detail: Phrase | str | None, lang: str = ENGLISH) -> str:
    """The engine's reason for a subscription's state in ``lang``, without a lead-in:
    the engine's own words said anew, outside words quoted."""
    if detail is None or not str(detail):
        return ""
    return said_or_quoted(as_phrase(detail), lang)


def event_detail(detail: Phrase | str, lang: str = ENGLISH) -> str:
    """The engine's reason or message after an event in ``lang``: its own words said
    anew; outside words (a hub's or a library's) quoted behind a lead-in."""
    phrase = as_phrase(detail)
    if not phrase.key:
        return catalog.text("events.detail", lang, detail=phrase.english)
    return catalog.text("events.reason", lang, reason=render_phrase(phrase, lang))


def quoted(detail: str, lang: str = ENGLISH) -> str:
    """Words from outside (a library's, a server's) as they came, behind a lead-in of
    ``lang`` that says so (English needs none)."""
    return catalog.text("quoted.detail", lang, detail=detail)


def said_or_quoted(phrase: Phrase, lang: str = ENGLISH) -> str:
    """A phrase the engine said in ``lang``; a plain detail (no catalog line) quoted."""
    if lang == ENGLISH:
        return phrase.english
    return render_phrase(phrase, lang) if phrase.key else quoted(phrase.english, lang)
