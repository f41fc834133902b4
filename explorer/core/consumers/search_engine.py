"""The ``search-engine`` consumer: what a search engine's documented sitemap rules take.

sitemaps.org and Google's sitemap documentation agree on the limits: at most 50,000 URLs
and 50 MB (uncompressed) per file, every URL absolute, no longer than 2,048 characters, on
the same scheme and host as the sitemap, and an index lists sitemaps, not other indexes.
Tags outside the sitemap namespace and the extensions Google reads (image, video, news,
hreflang links) are warned about as "Parent tag: urlset Tag: md", one line per pair.
"""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from lxml import etree

from explorer.core.consumers.verdict import Plans, Verdict, local_name
from explorer.core.findings import finding
from explorer.core.model import SITEMAP_NS

if TYPE_CHECKING:
    from explorer.core.plain_batch import Batch

MAX_URLS = 50_000
MAX_BYTES = 50 * 1024 * 1024
MAX_LOC = 2_048
# Extension namespaces Google documents reading inside <url>, by namespace: local names.
_EXTENSIONS = {
    "http://www.google.com/schemas/sitemap-image/1.1": "image",
    "http://www.google.com/schemas/sitemap-video/1.1": "video",
    "http://www.google.com/schemas/sitemap-news/0.9": "news",
    "http://www.w3.org/1999/xhtml": "link",
}
_Plan = tuple[int, tuple[tuple[int, tuple[str, str]], ...]]
_CHILDREN = {"url": ("loc", "lastmod", "changefreq", "priority"), "sitemap": ("loc", "lastmod")}


class SearchEngine:
    """URLs a search engine takes from the document at ``url`` (None for a file read without
    a base URL: then the host rule cannot be judged and is not)."""

    name = "search-engine"

    def __init__(self, url: str | None, nested_indexes: frozenset[str] = frozenset()) -> None:
        self.verdict = Verdict()
        self._where = urlsplit(url) if url else None
        # A URL starting with the document's own scheme://host/ is absolute and on its host;
        # only the others need splitting (most of a list's URLs are of the first kind).
        self._own = f"{self._where.scheme}://{self._where.netloc}/" if self._where else None
        self._nested = nested_indexes
        self._root = ""
        self._item = ""
        self._too_large = False
        # parent/tag pairs warned about: the line of the first, and how many
        self._lines: dict[tuple[str, str], int | None] = {}
        self._counts: dict[tuple[str, str], int] = {}
        self._plans: Plans[tuple[object, tuple[object, ...]], _Plan | None] = Plans()

    def begin(self, root: etree._Element, size: int) -> None:
        namespace, self._root = local_name(root.tag)
        self._item = {"urlset": "url", "sitemapindex": "sitemap"}.get(self._root, "")
        if namespace != SITEMAP_NS or not self._item:
            self.verdict.refuse(finding("consumers.not-a-sitemap", params={"root": self._root}))
            return
        if size > MAX_BYTES:
            self._too_large = True
            self.verdict.refuse(
                finding("consumers.too-large", params={"size": size, "limit": MAX_BYTES})
            )

    def _unknown(self, key: tuple[str, str], element: etree._Element) -> None:
        count = self._counts.get(key)
        if count is None:
            self._lines[key] = element.sourceline
        self._counts[key] = (count or 0) + 1

    def _plan(self, tag: object, tags: tuple[object, ...]) -> _Plan | None:
        """For an entry of this shape: None when it is not an item (the whole entry is an
        unknown tag, or nothing), else the index of its first ``loc`` (-1: none) and the
        (index, parent/tag pair) of each child a search engine warns about."""
        namespace, local = local_name(tag)
        if namespace != SITEMAP_NS or local != self._item:
            return None
        loc = -1
        unknown = []
        for n, part in enumerate(tags):
            part_ns, part_local = local_name(part)
            if part_ns == SITEMAP_NS and part_local in _CHILDREN[self._item]:
                if part_local == "loc" and loc < 0:
                    loc = n
            elif part_local and _EXTENSIONS.get(part_ns) != part_local:
                unknown.append((n, (local, part_local)))
        return loc, tuple(unknown)

    def child(
        self, element: etree._Element, parts: list[etree._Element], tags: tuple[object, ...]
    ) -> None:
        if not self._item:
            return
        key = (element.tag, tags)
        if key in self._plans:
            plan = self._plans[key]
        else:
            plan = self._plans.keep(key, self._plan(element.tag, tags))
        if plan is None:
            local = local_name(element.tag)[1]
            if local:
                self._unknown((self._root, local), element)
            return
        loc, unknown = plan
        for n, pair in unknown:
            self._unknown(pair, parts[n])
        if loc >= 0:
            self._judge((parts[loc].text or "").strip())

    def bulk(self, batch: Batch) -> bool:
        """Taken whole when every URL starts with the document's own ``scheme://host/``
        and fits 2,048 characters, the 50,000 are not reached, no index lists an index,
        and every parent/tag pair warned about was seen before (its first line is kept)."""
        if not self._item:
            return True
        key = (batch.tag, batch.tags)
        if key in self._plans:
            plan = self._plans[key]
        else:
            plan = self._plans.keep(key, self._plan(batch.tag, batch.tags))
        if plan is None or self.verdict.url_list is not None:
            return False
        loc, unknown = plan
        if any(pair not in self._counts for _n, pair in unknown):
            return False
        count = len(batch)
        if loc >= 0:
            if self._too_large or self._own is None or self.verdict.urls + count > MAX_URLS:
                return False
            locs = list(map(str.strip, batch.texts(loc)))
            if not all(map(str.startswith, locs, repeat(self._own))):
                return False
            if max(map(len, locs)) > MAX_LOC:
                return False
            if self._item == "sitemap" and not self._nested.isdisjoint(locs):
                return False
            self.verdict.urls += count
        for _n, pair in unknown:
            self._counts[pair] += count
        return True

    def _judge(self, loc: str) -> None:
        verdict = self.verdict
        if self._too_large:
            verdict.drop(loc, "over-50mb")
            return
        if self._own is not None and loc.startswith(self._own) and len(loc) <= MAX_LOC:
            self._take(loc)
            return
        parts = urlsplit(loc)
        if not parts.scheme or not parts.netloc:
            verdict.drop(loc, "not-absolute")
        elif len(loc) > MAX_LOC:
            verdict.drop(loc, "too-long")
        elif self._where is not None and (
            parts.scheme.lower() != self._where.scheme.lower()
            or (parts.hostname or "") != (self._where.hostname or "")
            or parts.port != self._where.port
        ):
            verdict.drop(loc, "other-host")
        else:
            self._take(loc)

    def _take(self, loc: str) -> None:
        verdict = self.verdict
        if self._item == "sitemap" and loc in self._nested:
            verdict.drop(loc, "index-in-index")
        elif verdict.urls >= MAX_URLS:
            verdict.drop(loc, "over-50000")
        else:
            verdict.take(loc)

    def end(self, root: etree._Element) -> None:
        for (parent, tag), line in self._lines.items():
            count = self._counts[(parent, tag)]
            self.verdict.complain(
                finding(
                    "consumers.unknown-tag",
                    line=line,
                    params={"parent": parent, "tag": tag, "count": count},
                )
            )
