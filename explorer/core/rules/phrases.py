"""Pieces that several finding messages share (where an attribute sits, "this entry", a
list of names), as catalog phrases: the English message says them in English, and each
other language in its own words and order (``explorer.core.words.messages.said``)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from explorer.core.words.messages import Phrase, said


@cache
def place(name: str) -> Phrase:
    """Where an attribute sits: ``entry-md`` ("on this entry"), ``document-md``, and for
    links ``in-entry`` ("in this entry") and ``on-document``."""
    return said(f"document.place.{name}")


def link_place(rel: str | None, where: Phrase) -> Phrase:
    """The rs:ln ``where`` is, by its rel when it has one: 'rs:ln rel="up" in this entry'."""
    if rel:
        return said("document.place.link-rel", rel=rel, place=where)
    return said("document.place.link", place=where)


def on_link(link: Phrase) -> Phrase:
    """An attribute's place on a link: 'on the rs:ln rel="up" in this entry'."""
    return said("document.place.on-link", link=link)


def loc_or_this_entry(loc: str | None) -> object:
    """An entry named by its <loc>, or "this entry" when it has none."""
    return loc or said("document.place.this-entry")


def none_if_empty(text: str) -> object:
    """``text``, or the word "none" when there is nothing to list."""
    return text or said("document.place.none")


def and_list(words: Sequence[object]) -> object:
    """'at and completed and from': each word joined to the rest by "and"."""
    if len(words) == 1:
        return words[0]
    return said("document.place.and", first=words[0], rest=and_list(words[1:]))
