"""The parser's common case read in bulk: a batch of plain entries becomes ``Entry`` objects
built from value lists, without the per-child Python work of ``_Reader.read_entry``.

Reading an entry a child at a time (a tag string built by lxml for each child, its kind
looked up, its text stripped) was most of what the explorer adds to lxml's parse: 2.4 s of
a million-entry snapshot with the GIL held. The lists a Source publishes are nearly all
alike entry after entry, so a batch of the root's children that libxml2 proves plain and of
one shape (``plain_batch.ShapeQuery``: the same child tags in the same order, no text or
attributes but on ``rs:md``, one text node per sitemap child, no grandchildren) is taken
whole when its shape is one ``read_entry`` reads without a finding: a ``<loc>`` first, then
at most one ``<lastmod>`` and one ``rs:md`` whose attribute names are plain (a shared
layout) and the same, in the same order, on every entry. The values come as lists (texts
by XPath, ``rs:md`` values by ``map``) and the entries are made by ``map`` over them, so
each ``Entry`` equals the one ``read_entry`` makes of the same element. Any other batch,
or one that would cross the entry or attribute budget, is read entry by entry, so its
findings and their lines are that path's.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from operator import attrgetter
from typing import cast

from lxml import etree

from explorer.core.model import Entry, MdLayout
from explorer.core.plain_batch import MAX_QUERIES, ShapeQuery
from explorer.core.tags import Kind

MIN_BULK = 16
"""Entries in a batch below which it is read entry by entry: a few XPath evaluations per
batch are not worth it for a handful of entries (a small list, the end of a large one)."""
_SOURCELINE = attrgetter("sourceline")
_STRIP = str.strip
_READ_ALONE = frozenset({Kind.LASTMOD, Kind.RS_MD})
"""Kinds a bulk shape may hold after its ``<loc>``, each at most once."""


class _Shape:
    """A shape ``BulkEntries`` reads: its proof and where its loc, lastmod and rs:md are."""

    __slots__ = ("_names", "lastmod", "md", "query")

    def __init__(self, query: ShapeQuery, lastmod: int | None, md: int | None) -> None:
        self.query = query
        self.lastmod = lastmod
        self.md = md
        self._names: dict[tuple[str, ...], tuple[etree.XPath, ...]] = {}

    def same_names(self, root: etree._Element, count: int, names: list[str]) -> bool:
        """Whether the ``rs:md`` of each of the root's first ``count`` children has exactly
        the attributes ``names`` (plain names: ``layout_of`` took them), in that order. Two
        XPath counts: every attribute, and every attribute at its name's place; an entry
        adds at most one to each place, so both are ``count * len(names)`` only when every
        entry has those names in that order and no other. The entry still open after them
        is taken off, as ``ShapeQuery.plain`` does."""
        key = tuple(names)
        counts = self._names.get(key)
        if counts is None:
            if len(self._names) >= MAX_QUERIES:
                return False
            step = f"*[{cast(int, self.md) + 1}]/@*"
            placed = " + ".join(
                f"count({{at}}{step}[{place}][name() = '{name}'])"
                for place, name in enumerate(names, start=1)
            )
            counts = self._names[key] = tuple(
                etree.XPath(expression.format(at=at))
                for expression in (f"count({{at}}{step})", placed)
                for at in ("*/", "")
            )
        expected = count * len(names)
        open_entry = root[-1] if len(root) > count else None
        for in_all, in_one in (counts[:2], counts[2:]):
            total = float(in_all(root))  # an XPath number
            if open_entry is not None:
                total -= float(in_one(open_entry))
            if total != expected:
                return False
        return True


class BulkEntries:
    """One document's bulk reading: its shapes, each compiled once."""

    def __init__(
        self, kinds: dict[object, Kind], layout_of: Callable[[list[str]], MdLayout | None]
    ):
        """``kinds``: the reader's tag cache; ``layout_of``: its shared ``rs:md`` layouts."""
        self._kinds = kinds
        self._layout_of = layout_of
        self._shapes: dict[tuple[object, tuple[object, ...]], _Shape | None] = {}

    def read(
        self, root: etree._Element, batch: list[etree._Element], entry_kind: Kind
    ) -> tuple[list[Entry], int] | None:
        """The entries of ``batch`` (the root's first children; at most one more, the entry
        still open, follows them) and the ``rs:md`` attributes they hold, when every one is
        plain and of a bulk shape; else None, and nothing was read."""
        first = batch[0]
        parts = first[:]
        tags = tuple([part.tag for part in parts])
        shape = self._shape(first.tag, tags, entry_kind)
        if shape is None:
            return None
        count = len(batch)
        texts = shape.query.plain(root, count)
        if texts is None:
            return None
        locs = list(map(_STRIP, texts[(0, "text()")]))
        if shape.lastmod is None:
            lastmods: list[str] | repeat[None] = repeat(None)
        else:
            lastmods = list(map(_STRIP, texts[(shape.lastmod, "text()")]))
        lines = list(map(_SOURCELINE, batch))
        if shape.md is None:
            entries = list(
                map(Entry, locs, lastmods, repeat(None), repeat(None), repeat(()), lines)
            )
            return entries, 0
        names = parts[shape.md].keys()
        layout = self._layout_of(names) if names else None
        if layout is None or not shape.same_names(root, count, names):
            return None
        query = shape.query
        columns = [query.values(root, count, shape.md, "@" + name) for name in names]
        values = list(zip(*columns, strict=True))
        entries = list(
            map(
                Entry,
                locs,
                lastmods,
                repeat(None),
                repeat(None),
                repeat(()),
                lines,
                repeat(layout),
                values,
            )
        )
        return entries, count * len(names)

    def _shape(self, tag: object, tags: tuple[object, ...], entry_kind: Kind) -> _Shape | None:
        key = (tag, tags)
        if key in self._shapes:
            return self._shapes[key]
        shape = self._make_shape(tag, tags, entry_kind)
        if len(self._shapes) < MAX_QUERIES:
            self._shapes[key] = shape
        return shape

    def _make_shape(self, tag: object, tags: tuple[object, ...], entry_kind: Kind) -> _Shape | None:
        """The shape of entries whose tag is ``tag`` and children's tags ``tags``, when it
        is one to read in bulk (tags the reader has already classified, so no finding of
        a first sight is skipped)."""
        kinds = self._kinds
        if kinds.get(tag) is not entry_kind or not tags or kinds.get(tags[0]) is not Kind.LOC:
            return None
        at: dict[Kind, int] = {}
        for index, part in enumerate(tags[1:], start=1):
            kind = kinds.get(part)
            if kind not in _READ_ALONE or kind in at:
                return None
            at[kind] = index
        query = ShapeQuery(tag, tags)
        if not query.usable or not query.simple[0]:
            return None
        lastmod = at.get(Kind.LASTMOD)
        if lastmod is not None and not query.simple[lastmod]:
            return None
        return _Shape(query, lastmod, at.get(Kind.RS_MD))
