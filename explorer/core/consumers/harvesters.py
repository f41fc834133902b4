"""The ``scrapy`` and ``advertools`` consumers: what each library's sitemap reader yields.

Read from their sources (Scrapy 2.x ``scrapy.utils.sitemap.Sitemap``, advertools
``sitemap_to_df``), predicted here without importing them:

- Scrapy yields one item per element named ``url`` or ``sitemap`` in any namespace that
  has a child named ``loc`` (any namespace), its URL the last such child's text, stripped;
  its ``SitemapSpider`` follows only a root named ``urlset`` or ``sitemapindex``.
- advertools makes one row per distinct text (a URL when not empty) of any grandchild of
  the root whose tag (with its namespace URI) contains "loc", and fails with an
  ``IndexError`` when a child of the root has no such grandchild: a ResourceSync
  ``<rs:md>`` or ``<rs:ln>`` at the top is one.

Where the prediction stops (the explorer reads only what its safe parser reads): a document
that is not well-formed, carries a DOCTYPE or is over 64 MiB is refused for every consumer,
though Scrapy's recovering parser may still yield its first entries; a root that is not
``urlset`` or ``sitemapindex`` is read no further (Scrapy's ``Sitemap`` would still yield
its ``url`` children, which its spider ignores); a ``url`` element nested below an entry
is not looked at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from explorer.core.consumers.verdict import Plans, Verdict, local_name
from explorer.core.findings import finding

if TYPE_CHECKING:
    from explorer.core.plain_batch import Batch


def _scrapy_plan(tag: object, tags: tuple[object, ...]) -> int:
    """For an entry of this shape, the index of the child whose text Scrapy yields (its last
    ``loc``), or -1 when Scrapy yields nothing for it."""
    if local_name(tag)[1] not in ("url", "sitemap"):
        return -1
    locs = [n for n, part in enumerate(tags) if local_name(part)[1] == "loc"]
    return locs[-1] if locs else -1


class Scrapy:
    """Scrapy's ``Sitemap``: its type (the root's local name) and the items it yields."""

    name = "scrapy"

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._plans: Plans[tuple[object, tuple[object, ...]], int] = Plans()

    def begin(self, root: etree._Element, size: int) -> None:
        kind = local_name(root.tag)[1]
        if kind not in ("urlset", "sitemapindex"):
            self.verdict.refuse(finding("consumers.scrapy-ignores", params={"root": kind}))

    def child(
        self, element: etree._Element, parts: list[etree._Element], tags: tuple[object, ...]
    ) -> None:
        if not self.verdict.reads:
            return
        key = (element.tag, tags)
        loc = self._plans.get(key)
        if loc is None:
            loc = self._plans.keep(key, _scrapy_plan(element.tag, tags))
        if loc >= 0:
            text = parts[loc].text
            self.verdict.take(text.strip() if text else "")

    def bulk(self, batch: Batch) -> bool:
        """Scrapy yields one item per entry with a ``loc``, whatever its text: a count."""
        if not self.verdict.reads:
            return True
        if self.verdict.url_list is not None:
            return False
        key = (batch.tag, batch.tags)
        loc = self._plans.get(key)
        if loc is None:
            loc = self._plans.keep(key, _scrapy_plan(batch.tag, batch.tags))
        if loc >= 0:
            self.verdict.urls += len(batch)
        return True

    def end(self, root: etree._Element) -> None:
        return None


def _advertools_plan(tags: tuple[object, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For an entry of this shape, the indexes of its loc-like children (tag with namespace
    containing "loc": the row keys) and of those named ``loc`` (the values written)."""
    loc_like = tuple(n for n, tag in enumerate(tags) if isinstance(tag, str) and "loc" in tag)
    locs = tuple(n for n, tag in enumerate(tags) if local_name(tag)[1] == "loc")
    return loc_like, locs


class Advertools:
    """advertools' ``sitemap_to_df`` (on an index: with ``recursive=False``, the index's own
    rows; with recursion each listed sitemap is a document of its own). Its rows are keyed by
    every loc-like text first; each child of the root then writes the text of its children
    named ``loc`` into the row of its first loc-like text, so a duplicate URL is one row and
    a second ``<loc>`` in an entry overwrites the first."""

    name = "advertools"

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._rows: dict[str | None, str | None] = {}
        self._plans: Plans[tuple[object, ...], tuple[tuple[int, ...], tuple[int, ...]]] = Plans()

    def begin(self, root: etree._Element, size: int) -> None:
        return None

    def child(
        self, element: etree._Element, parts: list[etree._Element], tags: tuple[object, ...]
    ) -> None:
        if not self.verdict.reads or not isinstance(element.tag, str):
            return
        plan = self._plans.get(tags)
        if plan is None:
            plan = self._plans.keep(tags, _advertools_plan(tags))
        loc_like, locs = plan
        if not loc_like:
            self._rows.clear()
            self.verdict.refuse(
                finding(
                    "consumers.advertools-fails",
                    line=element.sourceline,
                    params={"tag": local_name(element.tag)[1]},
                )
            )
            return
        rows = self._rows
        first = parts[loc_like[0]].text
        if first in rows:
            self.verdict.drop(first or "", "duplicate")
        for n in loc_like:
            rows.setdefault(parts[n].text)
        for n in locs:
            text = parts[n].text
            if text:
                rows[first] = text

    def bulk(self, batch: Batch) -> bool:
        """Taken whole for entries whose one loc-like child is their ``loc`` when no URL
        of the batch repeats one before it (a repeat is dropped, with its example: per
        entry): each URL is then a row of its own, its value itself."""
        if not self.verdict.reads:
            return True
        if self.verdict.url_list is not None:
            return False
        plan = self._plans.get(batch.tags)
        if plan is None:
            plan = self._plans.keep(batch.tags, _advertools_plan(batch.tags))
        loc_like, locs = plan
        if len(locs) != 1 or loc_like != locs or not batch.simple[locs[0]]:
            return False
        texts = batch.texts(locs[0])
        rows = self._rows
        if len(set(texts)) != len(texts) or not rows.keys().isdisjoint(texts):
            return False
        rows.update(zip(texts, texts, strict=True))
        return True

    def end(self, root: etree._Element) -> None:
        if self.verdict.reads:
            for url in self._rows.values():
                if url is None:
                    self.verdict.drop("", "empty")  # a row without a URL
                else:
                    self.verdict.take(url)
        self._rows.clear()
