"""Classifying element tags for the parser: which vocabulary, which element, which namespace.

Publishers often get a namespace URI slightly wrong (a missing trailing slash on the
ResourceSync URI, https instead of http, no Sitemap namespace at all). A strict reader
would see no ResourceSync elements and report nonsense, so near-misses are read as the
intended vocabulary and reported once per wrong URI (core 1.1 §4).
"""

from __future__ import annotations

from enum import IntEnum

from explorer.core.model import RS_NS, SITEMAP_NS

XHTML_NS = "http://www.w3.org/1999/xhtml"


class Kind(IntEnum):
    """What an element is, whatever namespace URI it was written with."""

    IGNORED = 0  # extension elements in other namespaces, entity references
    URLSET = 1
    SITEMAPINDEX = 2
    URL = 3
    SITEMAP = 4
    LOC = 5
    LASTMOD = 6
    CHANGEFREQ = 7
    PRIORITY = 8
    EXPIRES = 9
    SITEMAP_OTHER = 10
    RS_MD = 11
    RS_LN = 12
    RS_FIXITY = 13
    RS_SIZE = 14
    RS_MIMETYPE = 15
    RS_CONTENTENCODING = 16
    RS_PATH = 17
    RS_OTHER = 18
    XHTML_LINK = 19
    XHTML_META = 20


SITEMAP_NAMES = {
    "urlset": Kind.URLSET,
    "sitemapindex": Kind.SITEMAPINDEX,
    "url": Kind.URL,
    "sitemap": Kind.SITEMAP,
    "loc": Kind.LOC,
    "lastmod": Kind.LASTMOD,
    "changefreq": Kind.CHANGEFREQ,
    "priority": Kind.PRIORITY,
    "expires": Kind.EXPIRES,
}
RS_NAMES = {
    "md": Kind.RS_MD,
    "ln": Kind.RS_LN,
    "fixity": Kind.RS_FIXITY,
    "size": Kind.RS_SIZE,
    "mimetype": Kind.RS_MIMETYPE,
    "contentencoding": Kind.RS_CONTENTENCODING,
    "path": Kind.RS_PATH,
}
XHTML_NAMES = {"link": Kind.XHTML_LINK, "meta": Kind.XHTML_META}


class Vocabulary(IntEnum):
    OTHER = 0
    SITEMAP = 1
    RS = 2
    XHTML = 3


def split_tag(tag: str) -> tuple[str | None, str]:
    """``{uri}local`` -> (uri, local); a tag without a namespace -> (None, local)."""
    if tag[:1] == "{":
        uri, _, local = tag[1:].partition("}")
        return uri, local
    return None, tag


def _normalised(uri: str) -> str:
    text = uri.strip().lower()
    for scheme in ("https://", "http://"):
        if text.startswith(scheme):
            text = text[len(scheme) :]
            break
    text = text.removeprefix("www.")
    return text.rstrip("/")


def vocabulary_of(uri: str | None, local: str, prefix: str | None) -> tuple[Vocabulary, bool]:
    """Which vocabulary a namespace URI means, and whether it was written exactly right."""
    if uri == SITEMAP_NS:
        return Vocabulary.SITEMAP, True
    if uri == RS_NS:
        return Vocabulary.RS, True
    if uri == XHTML_NS:
        return Vocabulary.XHTML, True
    if uri is None:
        if local in SITEMAP_NAMES:
            return Vocabulary.SITEMAP, False
        return Vocabulary.OTHER, True
    norm = _normalised(uri)
    if norm.endswith("/rs/terms") or "openarchives.org/rs" in norm:
        return Vocabulary.RS, False
    if "sitemaps.org/schemas/sitemap" in norm or "google.com/schemas/sitemap" in norm:
        return Vocabulary.SITEMAP, False
    if prefix == "rs" and local in RS_NAMES:
        return Vocabulary.RS, False
    return Vocabulary.OTHER, True


def kind_in(vocabulary: Vocabulary, local: str) -> Kind:
    if vocabulary is Vocabulary.SITEMAP:
        return SITEMAP_NAMES.get(local, Kind.SITEMAP_OTHER)
    if vocabulary is Vocabulary.RS:
        return RS_NAMES.get(local, Kind.RS_OTHER)
    if vocabulary is Vocabulary.XHTML:
        return XHTML_NAMES.get(local, Kind.IGNORED)
    return Kind.IGNORED
