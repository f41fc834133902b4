"""The ResourceSync document model shared by every layer.

Attribute values are kept as the raw strings found in the document: the validator
judges them, and views show exactly what the Source published.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
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
"""Where each ``rs:md`` attribute of an entry sits among its values: name -> position, in
document order. Entries with the same attribute names share one layout."""

_LAYOUTS: dict[tuple[str, ...], MdLayout] = {}
MAX_SHARED_LAYOUTS = 4_096
MAX_SHARED_NAME_CHARS = 256
"""Layouts are kept for the life of the process, so only this many, each of names this
long in all: a document that invents more (only a hostile one would) gives the rest a
layout each, as big as the dict it replaces and freed with its entries."""


def md_layout(names: tuple[str, ...]) -> MdLayout:
    """The shared layout for an ``rs:md`` with these attribute names, in this order."""
    layout = _LAYOUTS.get(names)
    if layout is None:
        layout = {sys.intern(name): index for index, name in enumerate(names)}
        if len(_LAYOUTS) < MAX_SHARED_LAYOUTS and sum(map(len, names)) <= MAX_SHARED_NAME_CHARS:
            _LAYOUTS[names] = layout
    return layout


_NO_LAYOUT: MdLayout = {}
_NO_LINKS: tuple[Link, ...] = ()
_INLINE = 3
"""rs:md values held in the entry itself (a Resource List's hash, length and type); the
rest, with changefreq and links, sit in one tuple that most entries do without."""


class Entry:
    """A ``<url>`` or ``<sitemap>`` child: loc, lastmod, its ``rs:md`` and ``rs:ln``.

    A list of a million entries stays in memory when a whole index is shown, so an entry
    is one 96-byte object for the common case: its first three ``rs:md`` values sit in the
    entry beside ``md_layout`` (name -> position, shared by every entry with the same
    attribute names), where a dict per ``rs:md`` and a list per entry took 240 bytes.
    ``md`` gives a new dict of the attributes on each read (assign to ``md`` to change
    them); ``md_get`` and the properties below read one attribute without building it,
    and ``md_reader`` reads one position, for loops that look a layout up once.
    """

    __slots__ = ("_md0", "_md1", "_md2", "_rest", "lastmod", "line", "loc", "md_layout")
    loc: str | None
    lastmod: str | None
    line: int | None
    md_layout: MdLayout
    _md0: str | None
    _md1: str | None
    _md2: str | None
    _rest: tuple[Any, ...] | None  # (changefreq, links, values past the inline ones...)

    def __init__(
        self,
        loc: str | None,
        lastmod: str | None = None,
        changefreq: str | None = None,
        md: Mapping[str, str] | None = None,
        links: Sequence[Link] = _NO_LINKS,
        line: int | None = None,
        layout: MdLayout | None = None,
        values: Sequence[str] = (),
    ) -> None:
        """``md`` as a mapping, or (from the parser) ``layout`` and its ``values``."""
        self.loc = loc
        self.lastmod = lastmod
        self.line = line
        if layout is None:
            layout, values = (md_layout(tuple(md)), tuple(md.values())) if md else (_NO_LAYOUT, ())
        elif not changefreq and not links and len(values) <= _INLINE:
            # The parser's common case, a Resource List entry: no call.
            self.md_layout = layout
            count = len(values)
            if count == _INLINE:
                self._md0, self._md1, self._md2 = values
            elif count == 2:
                (self._md0, self._md1), self._md2 = values, None
            else:
                self._md0, self._md1, self._md2 = values[0] if count else None, None, None
            self._rest = None
            return
        self._store(layout, values, changefreq, links)

    def _store(
        self, layout: MdLayout, values: Sequence[str], changefreq: str | None, links: Sequence[Link]
    ) -> None:
        count = len(values)
        self.md_layout = layout
        self._md0 = values[0] if count > 0 else None
        self._md1 = values[1] if count > 1 else None
        self._md2 = values[2] if count > 2 else None
        more = tuple(values[_INLINE:]) if count > _INLINE else ()
        self._rest = (changefreq, tuple(links), *more) if changefreq or links or more else None

    @property
    def changefreq(self) -> str | None:
        rest = self._rest
        if rest is None:
            return None
        changefreq: str | None = rest[0]
        return changefreq

    @changefreq.setter
    def changefreq(self, value: str | None) -> None:
        self._store(self.md_layout, self.md_values(), value, self.links)

    @property
    def links(self) -> Sequence[Link]:
        rest = self._rest
        if rest is None:
            return _NO_LINKS
        links: Sequence[Link] = rest[1]
        return links

    @links.setter
    def links(self, value: Sequence[Link]) -> None:
        self._store(self.md_layout, self.md_values(), self.changefreq, value)

    @property
    def md(self) -> dict[str, str]:
        """Every ``rs:md`` attribute, in document order (a new dict on each read)."""
        return dict(zip(self.md_layout, self.md_values(), strict=True))

    @md.setter
    def md(self, value: Mapping[str, str]) -> None:
        layout, values = (
            (md_layout(tuple(value)), tuple(value.values())) if value else (_NO_LAYOUT, ())
        )
        self._store(layout, values, self.changefreq, self.links)

    @property
    def md_size(self) -> int:
        """How many ``rs:md`` attributes the entry has."""
        return len(self.md_layout)

    def md_values(self) -> tuple[str, ...]:
        """The attribute values in the order of ``md_layout``."""
        count = len(self.md_layout)
        inline = (self._md0, self._md1, self._md2)[:count]
        rest = self._rest
        more = rest[2:] if rest is not None and count > _INLINE else ()
        values: tuple[str, ...] = inline + more  # type: ignore[assignment]
        return values

    def set_md_value(self, index: int, value: str) -> None:
        """Give the attribute at ``index`` of ``md_layout`` a new value."""
        if index == 0:
            self._md0 = value
        elif index == 1:
            self._md1 = value
        elif index == 2:
            self._md2 = value
        else:
            values = list(self.md_values())
            values[index] = value
            self._store(self.md_layout, values, self.changefreq, self.links)

    def md_get(self, name: str) -> str | None:
        """One ``rs:md`` attribute, or None."""
        index = self.md_layout.get(name)
        if index is None:
            return None
        if index == 0:  # the inline ones without a call: views sort a million rows by them
            return self._md0
        if index == 1:
            return self._md1
        if index == 2:
            return self._md2
        return md_reader(index)(self)

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


def _rest_reader(index: int) -> Callable[[Entry], str]:
    def read(entry: Entry) -> str:
        rest = entry._rest
        assert rest is not None
        value: str = rest[2 + index - _INLINE]
        return value

    return read


_READERS: tuple[Callable[[Entry], str], ...] = tuple(
    attrgetter(name) for name in ("_md0", "_md1", "_md2")
)

_LAYOUT_OF = attrgetter("md_layout")

has_extras: Callable[[Entry], object] = attrgetter("_rest")
"""Falsy for an entry with no changefreq, no links and at most three ``rs:md`` values (a
Resource List's usual entry): a C-level read, where ``entry.links`` is a Python call per
entry in a loop over 50,000 of them."""


def md_column(entries: Sequence[Entry], name: str) -> list[str | None]:
    """``[entry.md_get(name) for entry in entries]``; where every entry has the first's
    layout (a list's entries nearly always do), read by one ``map`` of its reader in C, not
    a Python call per entry: a million entries' rows are written this way."""
    return md_columns(entries, (name,))[0]


def md_columns(entries: Sequence[Entry], names: Sequence[str]) -> list[list[str | None]]:
    """``md_column`` of each of ``names``, the entries' layouts compared once for all."""
    if not entries:
        return [[] for _name in names]
    layout = entries[0].md_layout
    if list(map(_LAYOUT_OF, entries)).count(layout) != len(entries):
        return [[entry.md_get(name) for entry in entries] for name in names]
    nothing: list[str | None] = [None] * len(entries)
    return [
        nothing.copy()
        if (index := layout.get(name)) is None
        else list(map(md_reader(index), entries))
        for name in names
    ]


def md_reader(index: int) -> Callable[[Entry], str]:
    """A function reading the value at ``index`` of an entry's layout (``layout[name]``);
    the inline ones are C-level attribute getters."""
    return _READERS[index] if index < _INLINE else _rest_reader(index)


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
