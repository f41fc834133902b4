"""The ``scrapy`` and ``advertools`` consumers: what each library's sitemap reader yields.

Read from their sources (Scrapy 2.x ``scrapy.utils.sitemap.Sitemap``, advertools
``sitemap_to_df``), predicted here without importing them:

- Scrapy yields one item per element named ``url`` or ``sitemap`` in any namespace that
  has a child named ``loc`` (any namespace), its URL the last such child's text, stripped;
  its ``SitemapSpider`` follows only a root named ``urlset`` or ``sitemapindex``.
- advertools makes one row per distinct text of any grandchild of the root whose tag (with
  its namespace URI) contains "loc", and fails with an ``IndexError`` when a child of the
  root has no such grandchild: a ResourceSync ``<rs:md>`` or ``<rs:ln>`` at the top is one.
"""

from __future__ import annotations

from lxml import etree

from explorer.core.consumers.verdict import Verdict, local_name
from explorer.core.findings import finding


class Scrapy:
    """Scrapy's ``Sitemap``: its type (the root's local name) and the items it yields."""

    name = "scrapy"

    def __init__(self) -> None:
        self.verdict = Verdict()

    def begin(self, root: etree._Element, size: int) -> None:
        kind = local_name(root.tag)[1]
        if kind not in ("urlset", "sitemapindex"):
            self.verdict.refuse(finding("consumers.scrapy-ignores", params={"root": kind}))

    def child(self, element: etree._Element) -> None:
        if not self.verdict.reads or local_name(element.tag)[1] not in ("url", "sitemap"):
            return
        loc: str | None = None
        for part in element:
            if local_name(part.tag)[1] == "loc":
                loc = part.text.strip() if part.text else ""
        if loc is not None:
            self.verdict.take(loc)

    def end(self, root: etree._Element) -> None:
        return None


class Advertools:
    """advertools' ``sitemap_to_df`` (on an index: with ``recursive=False``, the index's own
    rows; with recursion each listed sitemap is a document of its own)."""

    name = "advertools"

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._seen: set[str | None] = set()
        self._failed = False

    def begin(self, root: etree._Element, size: int) -> None:
        return None

    def child(self, element: etree._Element) -> None:
        if self._failed or not isinstance(element.tag, str):
            return
        locs = [part.text for part in element if isinstance(part.tag, str) and "loc" in part.tag]
        if not locs:
            self._failed = True
            self._seen.clear()
            self.verdict.refuse(
                finding(
                    "consumers.advertools-fails",
                    line=element.sourceline,
                    params={"tag": local_name(element.tag)[1]},
                )
            )
            return
        for loc in locs:
            if loc in self._seen:
                self.verdict.drop(loc or "", "duplicate")
            else:
                self._seen.add(loc)
                self.verdict.take(loc or "")

    def end(self, root: etree._Element) -> None:
        self._seen.clear()
