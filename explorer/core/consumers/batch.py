"""A batch of entries of one shape, read in bulk: what lets the consumers do per batch, in
libxml2 and in C-level builtins, the work they would otherwise do in Python per entry.

The engine hands the consumers a ``Batch`` only when one XPath count, evaluated by libxml2,
proves that every entry of the batch is *plain* and of the shape of its first entry: the
same tag and the same child tags in the same order, no attributes on the entry, no text
in it or in the root but whitespace, no grandchildren, and each child in the sitemap
namespace (``loc``, ``lastmod`` …) without attributes and with exactly one text node (so
its lxml ``.text`` is that node). Those are the facts the consumers' per-entry steps test;
what is left per entry are values (a ``loc``'s length, a ``lastmod``'s form, an ``rs:md``
attribute), which the batch gives as lists built by libxml2 (``texts``, ``attributes``).
Each consumer then either takes the whole batch (``bulk``) or declines and gets it entry by
entry as before; so the verdicts, findings and their lines are those of the per-entry path.
"""

from __future__ import annotations

from typing import cast

from lxml import etree

from explorer.core.model import SITEMAP_NS

_SM = "{" + SITEMAP_NS + "}"
MAX_SHAPE_CHILDREN = 16
"""Children of a shape read in bulk: entries hold a handful; a longer shape goes per entry."""
MAX_QUERIES = 64
"""Shapes compiled per document: a list has one or two; a hostile one is read per entry."""


def _name_test(tag: object, prefixes: dict[str, str]) -> str | None:
    """``p0:loc`` (the prefix bound in ``prefixes``) for a Clark tag; None for a comment or PI."""
    if not isinstance(tag, str):
        return None
    if not tag.startswith("{"):
        return tag
    namespace, _brace, local = tag[1:].partition("}")
    prefix = prefixes.setdefault(namespace, f"p{len(prefixes)}")
    return f"{prefix}:{local}"


class ShapeQuery:
    """The XPath expressions of one shape, compiled once per document: the count of the
    batch's entries (the first ``$n`` children of the root) that are plain and of this
    shape, and, per child, its text and attribute values across the batch."""

    def __init__(self, tag: object, tags: tuple[object, ...]) -> None:
        prefixes: dict[str, str] = {}
        entry = _name_test(tag, prefixes)
        children = [_name_test(part, prefixes) for part in tags]
        self.usable = entry is not None and None not in children
        self.tag = tag
        self.tags = tags
        self.simple = tuple(isinstance(part, str) and part.startswith(_SM) for part in tags)
        """Per child: in the sitemap namespace, so proven to hold exactly one text node."""
        self._namespaces = {prefix: uri for uri, prefix in prefixes.items()}
        if not self.usable:
            return
        # Counts over the batch, each a plain path libxml2 walks once (a predicate per
        # entry costs several times more): every entry of the tag, with a k-th child and
        # no (k+1)-th, the j-th child of the j-th tag and without children; no attributes
        # on the entry and no text in it but blanks; each simple child without attributes
        # and with a text node (one at most: the hardened parser strips CDATA and drops
        # comments and PIs, so a text run is one node). ``full`` are the counts each entry
        # adds one to, ``none`` those none may; each in two forms, from the root over its
        # children and from one child, for the entry still open at the end of the root.
        k = len(tags)
        full = [f"self::{entry}", f"*[{k}]"]
        none = [f"*[{k + 1}]", "@*", "text()[normalize-space()]"]
        for n, (simple, test) in enumerate(zip(self.simple, children, strict=True), start=1):
            full.append(f"*[{n}]/self::{test}")
            none.append(f"*[{n}]/*")
            if simple:
                full.append(f"*[{n}]/text()[1]")
                none.append(f"*[{n}]/@*")
        self._terms = len(full)

        def total(paths: list[str], under: str) -> etree.XPath:
            counts = " + ".join(f"count({under}{path})" for path in paths)
            return etree.XPath(counts, namespaces=self._namespaces)

        self._full, self._full_one = total(full, "*/"), total(full, "")
        self._none, self._none_one = total(none, "*/"), total(none, "")
        # the entries' tails are the root's text nodes, but for the one before its first child
        self._root_text = etree.XPath("count(text()[normalize-space()])")
        self._values: dict[tuple[int, str], etree.XPath] = {}

    def matches(self, root: etree._Element, count: int) -> bool:
        """Whether all of the root's first ``count`` children are plain entries of this shape
        (a child after them is the entry still open: its counts are taken off)."""
        full, none = float(self._full(root)), float(self._none(root))  # XPath counts
        if len(root) > count:
            still_open = root[-1]
            full -= float(self._full_one(still_open))
            none -= float(self._none_one(still_open))
        return full == count * self._terms and none == 0 and self._root_text(root) == 0

    def values(self, root: etree._Element, count: int, index: int, what: str) -> list[str]:
        """The text (``what`` = "text()") or an attribute (``@name``) of child ``index`` of
        each of the first ``count`` entries, in document order: missing attributes are left
        out. Call only after ``matches``."""
        query = self._values.get((index, what))
        if query is None:
            query = self._values[(index, what)] = etree.XPath(
                f"*/*[{index + 1}]/{what}", smart_strings=False
            )
        values = cast("list[str]", query(root))  # smart_strings=False: plain strings
        if len(root) > count and _holds(root[-1], index, what):
            values.pop()  # the open entry's, the last in document order
        return values


def _holds(entry: etree._Element, index: int, what: str) -> bool:
    """Whether child ``index`` of ``entry`` (the entry still open) has a text node
    (``text()``) or the attribute (``@name``): what ``values`` took of it."""
    if len(entry) <= index:
        return False
    child = entry[index]
    if what == "text()":
        return child.text is not None
    return child.get(what[1:]) is not None


class Batch:
    """Entries proven plain and of one shape (``ShapeQuery.matches``), with their values
    read in bulk and kept for the consumers that ask for the same ones."""

    __slots__ = ("_cache", "_count", "_query", "_root", "simple", "tag", "tags")

    def __init__(self, root: etree._Element, count: int, query: ShapeQuery) -> None:
        self._root = root
        self._count = count
        self._query = query
        self._cache: dict[tuple[int, str], list[str]] = {}
        self.tag = query.tag
        self.tags = query.tags
        self.simple = query.simple

    def __len__(self) -> int:
        return self._count

    def _values(self, index: int, what: str) -> list[str]:
        key = (index, what)
        values = self._cache.get(key)
        if values is None:
            values = self._query.values(self._root, self._count, index, what)
            self._cache[key] = values
        return values

    def texts(self, index: int) -> list[str]:
        """The ``.text`` of child ``index`` of every entry, for a child in the sitemap
        namespace (``simple``: one text node each, so one text per entry, never None)."""
        if not self.simple[index]:
            raise ValueError("only a child in the sitemap namespace has one text per entry")
        return self._values(index, "text()")

    def attributes(self, index: int, name: str) -> list[str]:
        """The values of attribute ``name`` (no namespace) of child ``index``, where present."""
        return self._values(index, "@" + name)
