"""The search-engine twin of a Resource List: a plain sitemap with exactly the same URLs and
``lastmod`` values, every ``rs:`` element left out, split at 50,000 URLs per file, and a
sitemap index over the parts.

A search engine warns about every ``rs:md`` and ``rs:ln`` and takes at most 50,000 URLs
from one file; a Destination needs the ResourceSync elements. Serving both, each to its
reader, settles it. Everything here streams: entries are read one batch of the root's
children at a time and written as they come, so the twin of a list of any size costs the
memory of one batch.
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.sax.saxutils import escape

from explorer.core.consumers.search_engine import MAX_URLS
from explorer.core.consumers.verdict import SM
from explorer.core.safe_xml import StreamUnavailable, parse_unstreamable, prepare, stream_children

_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<{root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
)


def list_entries(data: bytes) -> Iterator[tuple[str, str | None]]:
    """``(loc, lastmod)`` of every ``<url>`` (or ``<sitemap>``) of a document, in order, as
    the explorer reads them (text trimmed); raises ``DocumentParseError`` for bytes that are
    not a readable document."""
    data = prepare(data)
    try:
        for _root, batch in stream_children(data):
            yield from _entries(batch)
    except StreamUnavailable:
        yield from _entries(list(parse_unstreamable(data)))


def _entries(batch: list) -> Iterator[tuple[str, str | None]]:  # type: ignore[type-arg]
    for element in batch:
        if element.tag not in (SM + "url", SM + "sitemap"):
            continue
        loc = element.findtext(SM + "loc")
        if loc is None:
            continue
        lastmod = element.findtext(SM + "lastmod")
        yield loc.strip(), lastmod.strip() if lastmod is not None else None


def _entry(tag: str, loc: str, lastmod: str | None) -> str:
    stamp = f"<lastmod>{escape(lastmod)}</lastmod>" if lastmod else ""
    return f"  <{tag}><loc>{escape(loc)}</loc>{stamp}</{tag}>\n"


def sitemap_parts(
    entries: Iterator[tuple[str, str | None]], per_file: int = MAX_URLS
) -> Iterator[Iterator[str]]:
    """The twin's sitemaps: each part an iterator of text pieces of one ``<urlset>`` of at
    most ``per_file`` URLs. Consume each part before asking for the next."""
    pending = next(entries, None)
    while pending is not None:
        first = pending

        def part(first: tuple[str, str | None] = first) -> Iterator[str]:
            nonlocal pending
            yield _HEAD.format(root="urlset")
            yield _entry("url", *first)
            pending = None
            for written, entry in enumerate(entries, start=2):
                if written > per_file:
                    pending = entry
                    break
                yield _entry("url", *entry)
            yield "</urlset>\n"

        yield part()


def sitemap_index(locs: list[str]) -> Iterator[str]:
    """A ``<sitemapindex>`` listing the twin's parts."""
    yield _HEAD.format(root="sitemapindex")
    for loc in locs:
        yield _entry("sitemap", loc, None)
    yield "</sitemapindex>\n"
