"""The ResourceSync document model shared by every layer.

Attribute values are kept as the raw strings found in the document: the validator
judges them, and views show exactly what the Source published.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(slots=True)
class Entry:
    """A ``<url>`` or ``<sitemap>`` child: loc, lastmod, its ``rs:md`` and ``rs:ln``."""

    loc: str | None
    lastmod: str | None = None
    changefreq: str | None = None
    md: dict[str, str] = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    line: int | None = None

    @property
    def capability(self) -> str | None:
        return self.md.get("capability")

    @property
    def change(self) -> str | None:
        return self.md.get("change")

    @property
    def datetime(self) -> str | None:
        return self.md.get("datetime")

    @property
    def hash(self) -> str | None:
        return self.md.get("hash")

    @property
    def length(self) -> str | None:
        return self.md.get("length")

    @property
    def type(self) -> str | None:
        return self.md.get("type")

    @property
    def path(self) -> str | None:
        return self.md.get("path")

    def links_with(self, rel: str) -> list[Link]:
        return [link for link in self.links if link.rel == rel]


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
