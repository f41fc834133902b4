"""One consumer's verdict on one document, and the interface every consumer offers the engine.

A verdict counts URLs instead of keeping them: a Resource List Index of a million entries is
read in one pass, and only the first ``MAX_DROPPED`` dropped URLs are kept as examples (the
rest are counted), so memory does not grow with the document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from lxml import etree

from explorer.core.findings import Finding, finding
from explorer.core.model import SITEMAP_NS

if TYPE_CHECKING:
    from explorer.core.plain_batch import Batch

# Dropped URLs and problems kept per verdict as examples; past it they are counted and one
# finding says so (a list of 50,000 entries each with rs:md has 50,000 schema errors).
MAX_DROPPED = 1_000
MAX_PROBLEMS = 1_000

SM = "{" + SITEMAP_NS + "}"


@dataclass(slots=True)
class Verdict:
    """What one consumer takes from one document: whether it reads it at all, how many URLs
    it takes, which it drops and why (a why-code), and its complaints as findings."""

    reads: bool = True
    urls: int = 0
    dropped: list[tuple[str, str]] = field(default_factory=list)
    dropped_total: int = 0
    problems: list[Finding] = field(default_factory=list)
    problems_total: int = 0
    url_list: list[str] | None = None
    """The URLs taken, in order, only when the caller asked for them (small documents)."""

    def take(self, url: str) -> None:
        self.urls += 1
        if self.url_list is not None:
            self.url_list.append(url)

    def drop(self, loc: str, why: str) -> None:
        self.dropped_total += 1
        if len(self.dropped) < MAX_DROPPED:
            self.dropped.append((loc, why))

    @property
    def full(self) -> bool:
        """No more problems are kept: a caller may count one instead of making it."""
        return len(self.problems) >= MAX_PROBLEMS

    def complain(self, problem: Finding) -> None:
        self.problems_total += 1
        if not self.full:
            self.problems.append(problem)

    def refuse(self, problem: Finding) -> None:
        """The consumer stops on this document: it takes nothing from it."""
        self.reads = False
        self.urls = 0
        if self.url_list is not None:
            self.url_list.clear()
        self.complain(problem)

    def finish(self) -> None:
        """Say what was counted but not kept."""
        if self.problems_total > len(self.problems):
            self.problems.append(
                finding(
                    "consumers.problems-more",
                    params={"shown": len(self.problems), "total": self.problems_total},
                )
            )
        if self.dropped_total > len(self.dropped):
            self.problems.append(
                finding(
                    "consumers.dropped-more",
                    params={"shown": len(self.dropped), "total": self.dropped_total},
                )
            )

    def to_json(self) -> dict[str, Any]:
        """The per-consumer object of ``consumers --json``."""
        return {
            "reads": self.reads,
            "urls": self.urls,
            "dropped": [{"loc": loc, "why": why} for loc, why in self.dropped],
            "problems": [
                {"code": p.code, "message": p.message, "line": p.line} for p in self.problems
            ],
        }


class Consumer(Protocol):
    """A reader the engine feeds in one pass: the root once its start tag is read, then every
    complete child of the root (with its own children; deeper elements may be freed), then
    the end. ``verdict`` is read after ``end``. ``child`` gets the element's children listed
    (``parts``) and their tags (``tags``, the element's shape: a key for work planned once).
    ``bulk`` is offered a batch of plain entries of one shape first: it takes them all and
    returns True only where its verdict is then exactly what ``child`` on each would make
    of them; else it changes nothing and returns False, and ``child`` gets each entry."""

    name: str
    verdict: Verdict

    def begin(self, root: etree._Element, size: int) -> None: ...

    def child(
        self, element: etree._Element, parts: list[etree._Element], tags: tuple[object, ...]
    ) -> None: ...

    def bulk(self, batch: Batch) -> bool: ...

    def end(self, root: etree._Element) -> None: ...


MAX_PLANS = 1_000
"""Entry shapes planned per consumer and document: a list has a handful; past this many (a
hostile document can make every entry a shape of its own) plans are made and not kept."""

_Key = TypeVar("_Key")
_Plan = TypeVar("_Plan")


class Plans(dict[_Key, _Plan]):
    """A consumer's plans by entry shape, at most ``MAX_PLANS`` of them."""

    def keep(self, key: _Key, plan: _Plan) -> _Plan:
        if len(self) < MAX_PLANS:
            self[key] = plan
        return plan


SPLIT_TAGS: dict[object, tuple[str, str]] = {}
"""Split tags, by tag: a document has few distinct tags and millions of elements."""


def children_of(element: etree._Element) -> tuple[list[etree._Element], tuple[object, ...]]:
    """What the engine hands ``Consumer.child`` besides the element: its children and tags."""
    parts = list(element)
    return parts, tuple([part.tag for part in parts])


def local_name(tag: object) -> tuple[str, str]:
    """``(namespace, local name)`` of a Clark-notation tag; ``("", "")`` for a comment or PI."""
    known = SPLIT_TAGS.get(tag)
    if known is not None:
        return known
    if not isinstance(tag, str):
        split = ("", "")
    elif tag.startswith("{"):
        uri, _brace, local = tag[1:].partition("}")
        split = (uri, local)
    else:
        split = ("", tag)
    if len(SPLIT_TAGS) < 10_000:  # outside tags are many only in a hostile document
        SPLIT_TAGS[tag] = split
    return split
