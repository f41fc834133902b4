"""One pass over a document's bytes that feeds every consumer.

The bytes go through the project's safe XML reading (``explorer.core.safe_xml``: size cap,
gzip inflation, no DOCTYPE, no entities, no network) and are streamed: each complete child
of the root is handed to every consumer, then freed, so a 50,000-entry list never stands
whole in memory and the cost is one parse plus a constant per entry and consumer. The
entry's children are listed once here (with their tags, the entry's *shape*) and shared:
each consumer plans its work once per shape, and a list's entries have one or two shapes.

Most batches need no Python per entry at all: when libxml2 proves every entry of a batch
plain and of one shape (``batch.ShapeQuery``), each consumer takes the batch whole from
values read in bulk (``Consumer.bulk``); a consumer that would drop a URL or make a finding
there declines, and gets that batch entry by entry, so what it reports is unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lxml import etree

from explorer.core.consumers.harvesters import Advertools, Scrapy
from explorer.core.consumers.resync_reader import Resync
from explorer.core.consumers.search_engine import SearchEngine
from explorer.core.consumers.sitemaps_schema import SitemapsSchema
from explorer.core.consumers.verdict import Consumer, Verdict, children_of
from explorer.core.plain_batch import MAX_QUERIES, MAX_SHAPE_CHILDREN, Batch, ShapeQuery
from explorer.core.safe_xml import (
    DocumentParseError,
    StreamUnavailable,
    parse_unstreamable,
    prepare,
    stream_children,
)

CONSUMER_NAMES = ("sitemaps-schema", "search-engine", "resync", "scrapy", "advertools")
"""Every document consumer, in the order the report shows them."""


class _Pass:
    """The consumers of one reading, begun on the first batch of root children."""

    def __init__(self, consumers: list[Consumer], size: int, bulk: bool = True) -> None:
        self.consumers = consumers
        self.size = size
        self.root: etree._Element | None = None
        self._bulk = bulk
        self._queries: dict[tuple[object, tuple[object, ...]], ShapeQuery] = {}

    def batch(self, root: etree._Element, elements: list[etree._Element]) -> None:
        if self.root is None:
            self.root = root
            for consumer in self.consumers:
                consumer.begin(root, self.size)
        batch = self._plain(root, elements) if self._bulk and elements else None
        if batch is None:
            feeds = [consumer.child for consumer in self.consumers]
        else:
            feeds = [consumer.child for consumer in self.consumers if not consumer.bulk(batch)]
        if not feeds:
            return
        for element in elements:
            # the entry's children, listed once for every consumer: each walks them by index
            parts, tags = children_of(element)
            for feed in feeds:
                feed(element, parts, tags)

    def _plain(self, root: etree._Element, elements: list[etree._Element]) -> Batch | None:
        """The batch as one ``Batch`` when libxml2 finds every entry plain and of the first
        entry's shape (the root's children are the batch, then at most one open entry)."""
        first = elements[0]
        _parts, tags = children_of(first)
        if len(tags) > MAX_SHAPE_CHILDREN:
            return None
        key = (first.tag, tags)
        query = self._queries.get(key)
        if query is None:
            query = ShapeQuery(first.tag, tags)
            if len(self._queries) < MAX_QUERIES:
                self._queries[key] = query
        texts = query.plain(root, len(elements)) if query.usable else None
        if texts is None:
            return None
        return Batch(root, len(elements), query, texts)

    def end(self) -> None:
        if self.root is not None:
            for consumer in self.consumers:
                consumer.end(self.root)


def _feed(make: Callable[[], list[Consumer]], data: bytes, bulk: bool) -> list[Consumer]:
    """Stream ``data`` (through ``prepare``) to consumers from ``make``; a document the
    stream cannot read exactly is parsed whole, within the same budgets, by fresh ones."""
    reading = _Pass(make(), len(data), bulk)
    try:
        for root, elements in stream_children(data):
            reading.batch(root, elements)
    except StreamUnavailable:
        reading = _Pass(make(), len(data), bulk)
        root = parse_unstreamable(data)
        reading.batch(root, list(root))
    reading.end()
    return reading.consumers


def read_consumers(
    data: bytes,
    url: str | None = None,
    *,
    nested_indexes: Iterable[str] = (),
    keep_urls: bool = False,
    bulk: bool = True,
) -> dict[str, Verdict]:
    """Every consumer's verdict on one document (``url`` is where it was read from, for the
    search engine's host rule; ``nested_indexes`` the listed URLs known to be indexes).
    ``keep_urls`` keeps each consumer's URLs in ``url_list``: for small documents only.
    ``bulk=False`` feeds every entry one by one (the tests compare the two readings)."""
    nested = frozenset(nested_indexes)

    def make() -> list[Consumer]:
        consumers: list[Consumer] = [
            SitemapsSchema(),
            SearchEngine(url, nested),
            Resync(),
            Scrapy(),
            Advertools(),
        ]
        if keep_urls:
            for consumer in consumers:
                consumer.verdict.url_list = []
        return consumers

    try:
        consumers = _feed(make, prepare(data), bulk and not keep_urls)
    except DocumentParseError as exc:
        consumers = make()
        for consumer in consumers:
            consumer.verdict.refuse(exc.finding)
    verdicts = {}
    for consumer in consumers:
        consumer.verdict.finish()
        verdicts[consumer.name] = consumer.verdict
    return verdicts


def urls_read(data: bytes, consumer: str, url: str | None = None) -> list[str]:
    """The URLs one consumer takes from a small document, in order (the tests compare them
    with what the consumer's own library yields)."""
    verdict = read_consumers(data, url, keep_urls=True)[consumer]
    return list(verdict.url_list or [])
