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
    rows; with recursion each listed sitemap is a document of its own). Its rows are keyed by
    every loc-like text first; each child of the root then writes the text of its children
    named ``loc`` into the row of its first loc-like text, so a duplicate URL is one row and
    a second ``<loc>`` in an entry overwrites the first."""

    name = "advertools"

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._rows: dict[str | None, str | None] = {}

    def begin(self, root: etree._Element, size: int) -> None:
        return None

    def child(self, element: etree._Element) -> None:
        if not self.verdict.reads or not isinstance(element.tag, str):
            return
        texts = [part.text for part in element if isinstance(part.tag, str) and "loc" in part.tag]
        if not texts:
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
        if texts[0] in rows:
            self.verdict.drop(texts[0] or "", "duplicate")
        for text in texts:
            rows.setdefault(text)
        for part in element:
            if part.text and local_name(part.tag)[1] == "loc":
                rows[texts[0]] = part.text

    def end(self, root: etree._Element) -> None:
        if self.verdict.reads:
            for url in self._rows.values():
                if url is None:
                    self.verdict.drop("", "empty")  # a row without a URL
                else:
                    self.verdict.take(url)
        self._rows.clear()
