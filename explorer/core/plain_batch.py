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
    """The XPath expressions of one shape, compiled once per document: one count that proves
    the batch's entries (the first ``$n`` children of the root) plain and of this shape,
    and, per child, its text and attribute values across the batch."""

    def __init__(self, tag: object, tags: tuple[object, ...]) -> None:
        prefixes: dict[str, str] = {SITEMAP_NS: "sm"}
        entry = _name_test(tag, prefixes)
        children = [_name_test(part, prefixes) for part in tags]
        self.usable = entry is not None and None not in children
        self.tag = tag
        self.tags = tags
        self.simple = tuple(isinstance(part, str) and part.startswith(_SM) for part in tags)
        """Per child: in the sitemap namespace, so proven to hold exactly one text node."""
        self._namespaces = {prefix: uri for uri, prefix in prefixes.items()}
        self._values: dict[tuple[int, str], etree.XPath] = {}
        if entry is None or not self.usable:
            return
        # Plain paths libxml2 walks once each (a predicate per entry costs several times
        # more), as few as prove the shape: ``full`` are the paths each entry adds one to
        # (its tag, the n-th child of the n-th tag), ``none`` those none may (a (k+1)-th
        # child, a grandchild, attributes on the entry or on a simple child, text in the
        # entry but blanks). Every entry has at most one of each ``full`` path, so the sum
        # of those less the sum of the others is ``count * len(full)`` only when each
        # entry has all of the first and none of the others: one evaluation per batch.
        # Each path in two forms: over the root's children and from one child (the entry
        # still open at the end of the root, whose counts are taken off). A simple child's
        # text node is proven with its values (``Batch``: one text per entry).
        k = len(tags)
        full = [(entry, f"self::{entry}")]
        none = [
            (f"*/*[{k + 1}]", f"*[{k + 1}]"),
            ("*/*/*", "*/*"),
            ("*/@*", "@*"),
            ("*/text()[normalize-space()]", "text()[normalize-space()]"),
        ]
        for n, (simple, test) in enumerate(zip(self.simple, children, strict=True), start=1):
            full.append((f"*/*[{n}]/self::{test}", f"*[{n}]/self::{test}"))
            if simple:
                none.append((f"*/*[{n}]/@*", f"*[{n}]/@*"))
        self._terms = len(full)

        def total(form: int, extra: tuple[str, ...] = ()) -> etree.XPath:
            counts = " + ".join(f"count({paths[form]})" for paths in full)
            counts += "".join(f" - count({path})" for path in (*(p[form] for p in none), *extra))
            return etree.XPath(counts, namespaces=self._namespaces)

        # the entries' tails are the root's text nodes, but for the one before its first child
        self._count = total(0, ("text()[normalize-space()]",))
        self._count_one = total(1)

    def plain(self, root: etree._Element, count: int) -> dict[tuple[int, str], list[str]] | None:
        """The text of each simple child of the root's first ``count`` children, by
        ``(index, "text()")``, when all of them are plain entries of this shape (a child
        after them is the entry still open: its counts are taken off); else None."""
        total = float(self._count(root))  # an XPath count
        if len(root) > count:
            total -= float(self._count_one(root[-1]))
        if total != count * self._terms:
            return None
        texts = {}
        for index, simple in enumerate(self.simple):
            if simple:
                values = self.values(root, count, index, "text()")
                if len(values) != count:  # a simple child without text: read per entry
                    return None
                texts[(index, "text()")] = values
        return texts

    def values(self, root: etree._Element, count: int, index: int, what: str) -> list[str]:
        """The text (``what`` = "text()") or an attribute (``@name``) of child ``index`` of
        each of the first ``count`` entries, in document order: missing ones are left
        out. Call only after ``plain``."""
        query = self._values.get((index, what))
        if query is None:
            query = self._values[(index, what)] = etree.XPath(
                f"*/*[{index + 1}]/{what}", smart_strings=False
            )
        values = cast("list[str]", query(root))  # smart_strings=False: plain strings
        if len(root) > count and _holds(root[-1], index, what):
            values.pop()  # the open entry's, the last in document order
        return values

    def children(self, root: etree._Element, count: int, index: int) -> list[etree._Element]:
        """Child ``index`` of each of the first ``count`` entries, in document order (one
        each: call only after ``plain``)."""
        query = self._values.get((index, ""))
        if query is None:
            query = self._values[(index, "")] = etree.XPath(f"*/*[{index + 1}]")
        children = cast("list[etree._Element]", query(root))
        if len(root) > count and len(root[-1]) > index:
            children.pop()  # the open entry's, the last in document order
        return children


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
    """Entries proven plain and of one shape (``ShapeQuery.plain``), with their values
    read in bulk and kept for the consumers that ask for the same ones (the simple
    children's texts come with the proof)."""

    __slots__ = ("_cache", "_count", "_query", "_root", "simple", "tag", "tags")

    def __init__(
        self,
        root: etree._Element,
        count: int,
        query: ShapeQuery,
        texts: dict[tuple[int, str], list[str]],
    ) -> None:
        self._root = root
        self._count = count
        self._query = query
        self._cache = texts
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

    def children(self, index: int) -> list[etree._Element]:
        """Child ``index`` of every entry, for what only an element has (its line)."""
        return self._query.children(self._root, self._count, index)
