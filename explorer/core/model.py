"""The ResourceSync document model shared by every layer.

Attribute values are kept as the raw strings found in the document: the validator
judges them, and views show exactly what the Source published.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from explorer.core.findings import Finding

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
RS_NS = "http://www.openarchives.org/rs/terms/"

URLSET = "urlset"
SITEMAPINDEX = "sitemapindex"


@dataclass(slots=True)
class Link:
    """An ``rs:ln`` element (core 1.1 §7): rel and href plus any other attributes."""

    rel: str | None
    href: str | None
    attributes: dict[str, str] = field(default_factory=dict)
    line: int | None = None


MdLayout = dict[str, int]
"""Where each ``rs:md`` attribute of an entry sits in its compact form: name -> index,
in document order. Entries with the same attribute names share one layout."""

_LAYOUTS: dict[tuple[str, ...], MdLayout] = {}
MAX_SHARED_LAYOUTS = 4_096
"""Distinct attribute-name sequences kept for sharing; a document that invents more (only
a hostile one would) gives the rest a layout each, as big as the dict it replaces."""


def md_layout(names: tuple[str, ...]) -> MdLayout:
    """The shared layout for an ``rs:md`` with these attribute names, in this order."""
    layout = _LAYOUTS.get(names)
    if layout is None:
        layout = {sys.intern(name): index for index, name in enumerate(names, 1)}
        if len(_LAYOUTS) < MAX_SHARED_LAYOUTS:
            _LAYOUTS[names] = layout
    return layout


_NO_MD: tuple[MdLayout] = ({},)
_NO_LINKS: tuple[Link, ...] = ()


class Entry:
    """A ``<url>`` or ``<sitemap>`` child: loc, lastmod, its ``rs:md`` and ``rs:ln``.

    A list of a million entries stays in memory when a whole index is shown, so an entry
    is kept small: its ``rs:md`` is one tuple ``(layout, value, ...)`` whose layout is
    shared by every entry with the same attribute names (about 70 bytes instead of a
    184-byte dict), and an entry without links shares one empty tuple. ``md`` gives a
    new dict of the attributes on each read (assign to ``md`` to change them); the
    properties below read single attributes without building it, and ``md_compact`` is
    the tuple itself, for loops over many entries that look up positions once per layout.
    """

    __slots__ = ("changefreq", "lastmod", "line", "links", "loc", "md_compact")

    def __init__(
        self,
        loc: str | None,
        lastmod: str | None = None,
        changefreq: str | None = None,
        md: Mapping[str, str] | tuple[Any, ...] | None = None,
        links: Sequence[Link] = _NO_LINKS,
        line: int | None = None,
    ) -> None:
        """``md`` is a mapping, or (from the parser) already ``(md_layout(names), *values)``."""
        self.loc = loc
        self.lastmod = lastmod
        self.changefreq = changefreq
        self.md_compact: tuple[Any, ...] = (
            md if type(md) is tuple else _compact(md) if md else _NO_MD  # type: ignore[arg-type]
        )
        self.links: Sequence[Link] = links if links else _NO_LINKS
        self.line = line

    @property
    def md(self) -> dict[str, str]:
        """Every ``rs:md`` attribute, in document order (a new dict on each read)."""
        md = self.md_compact
        return dict(zip(md[0], md[1:], strict=True)) if len(md) > 1 else {}

    @md.setter
    def md(self, value: Mapping[str, str]) -> None:
        self.md_compact = _compact(value) if value else _NO_MD

    @property
    def md_size(self) -> int:
        """How many ``rs:md`` attributes the entry has."""
        return len(self.md_compact) - 1

    def md_get(self, name: str) -> str | None:
        """One ``rs:md`` attribute, or None."""
        md = self.md_compact
        index = md[0].get(name)
        if index is None:
            return None
        value: str = md[index]
        return value

    def md_values(self) -> tuple[str, ...]:
        """The attribute values in the order of ``md_names()``; replace them (same length)
        with ``replace_md_values``, as the crawl does to share repeated strings."""
        return self.md_compact[1:]

    def md_names(self) -> Iterable[str]:
        layout: MdLayout = self.md_compact[0]
        return layout.keys()

    def replace_md_values(self, values: Iterable[str]) -> None:
        md = self.md_compact
        replaced = (md[0], *values)
        if len(replaced) != len(md):
            raise ValueError("replace_md_values needs one value per attribute")
        self.md_compact = replaced

    @property
    def capability(self) -> str | None:
        return self.md_get("capability")

    @property
    def change(self) -> str | None:
        return self.md_get("change")

    @property
    def datetime(self) -> str | None:
        return self.md_get("datetime")

    @property
    def hash(self) -> str | None:
        return self.md_get("hash")

    @property
    def length(self) -> str | None:
        return self.md_get("length")

    @property
    def type(self) -> str | None:
        return self.md_get("type")

    @property
    def path(self) -> str | None:
        return self.md_get("path")

    def links_with(self, rel: str) -> list[Link]:
        return [link for link in self.links if link.rel == rel]

    def _fields(self) -> tuple[object, ...]:
        return (self.loc, self.lastmod, self.changefreq, self.md, list(self.links), self.line)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass it replaced

    def __repr__(self) -> str:
        names = ("loc", "lastmod", "changefreq", "md", "links", "line")
        shown = ", ".join(
            f"{name}={value!r}" for name, value in zip(names, self._fields(), strict=True)
        )
        return f"Entry({shown})"


def _compact(md: Mapping[str, str]) -> tuple[Any, ...]:
    return (md_layout(tuple(md)), *md.values())


@dataclass(slots=True)
class Document:
    """One parsed Sitemap-format document (core 1.1 §7, Table 2).

    ``capability`` is the document-level ``rs:md/@capability``; ``md`` holds every
    document-level ``rs:md`` attribute (at, completed, from, until, ...).
    ``legacy`` is true when pre-1.0 (2012 alpha) syntax was read; ``findings`` holds
    what the parser itself noticed (namespaces, legacy forms), before any rule runs.
    ``unread_entries`` counts entries past the parser's budget: counted, not read.
    """

    root: str
    md: dict[str, str] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    line: int | None = None
    md_line: int | None = None
    namespaces: dict[str | None, str] = field(default_factory=dict)
    legacy: bool = False
    size: int = 0
    findings: list[Finding] = field(default_factory=list)
    unread_entries: int = 0

    @property
    def capability(self) -> str | None:
        return self.md.get("capability")

    @property
    def is_index(self) -> bool:
        return self.root == SITEMAPINDEX

    def links_with(self, rel: str) -> list[Link]:
        return [link for link in self.links if link.rel == rel]

    def link_href(self, rel: str) -> str | None:
        """The href of the first link with this rel, or None."""
        for link in self.links:
            if link.rel == rel:
                return link.href
        return None
