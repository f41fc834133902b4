"""The consumers' bulk reading (``explorer.core.plain_batch``): a batch of plain entries of
one shape costs no Python per entry, and every document reads to the very same verdicts,
findings and lines in bulk as entry by entry, whatever it holds and wherever in it."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest
from helpers.spec_shaped import Entry, document
from lxml import etree

from explorer.core import plain_batch as batch
from explorer.core.consumers import engine
from explorer.core.consumers.engine import read_consumers
from explorer.core.consumers.verdict import MAX_PROBLEMS
from explorer.core.safe_xml import parse_tree

WHERE = "https://example.org/rs/list.xml"
COUNT = 3_000  # about ten stream batches of pretty-printed entries


def _hyrax(n: int) -> Entry:
    """An entry as Hyrax writes them: loc, lastmod and an rs:md."""
    return Entry(
        f"https://example.org/items/{n:06d}",
        f"2026-10-{1 + n % 28:02d}T00:00:00Z",
        {"hash": f"md5:{n:032x}", "length": str(1000 + n), "type": "application/pdf"},
    )


def _readings(body: bytes, url: str | None = WHERE, **options: object) -> tuple[dict, dict]:
    """Every consumer's verdict as the command reports it, and its totals: bulk, then per entry."""

    def reading(bulk: bool) -> dict:
        verdicts = read_consumers(body, url, bulk=bulk, **options)  # type: ignore[arg-type]
        return {
            name: (v.to_json(), v.problems_total, v.dropped_total) for name, v in verdicts.items()
        }

    return reading(True), reading(False)


def test_plain_entries_of_one_shape_cost_no_python_step_per_entry(monkeypatch) -> None:
    """Counted work, not time: the entries' children are listed for the first entry of each
    batch only, and no consumer is fed one entry of a batch proven plain."""
    counts: Counter[str] = Counter()
    listing = engine.children_of

    def counted(element: object) -> object:
        counts["listed"] += 1
        return listing(element)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "children_of", counted)
    consumers = ("SitemapsSchema", "SearchEngine", "Resync", "Scrapy")
    fed = {name: getattr(engine, name).child for name in consumers}
    for name, child in fed.items():

        def feed(self: object, *args: object, name: str = name, child=child) -> None:
            counts[name] += 1
            child(self, *args)

        monkeypatch.setattr(getattr(engine, name), "child", feed)
    plain = [Entry(f"https://example.org/items/{n:06d}", "2026-10-01") for n in range(COUNT)]
    verdicts = read_consumers(document("resourcelist", plain), WHERE)
    assert verdicts["search-engine"].urls == verdicts["resync"].urls == COUNT
    # the first batch holds the top rs:md, so it goes entry by entry; every later one in bulk
    first_batch = counts["Scrapy"]
    assert 0 < first_batch < COUNT / 3
    assert counts["SearchEngine"] == counts["Resync"] == counts["SitemapsSchema"] == first_batch
    assert counts["listed"] < first_batch + COUNT / 50  # the first entry of each batch
    # Hyrax's rs:md is a schema error per entry: the first MAX_PROBLEMS are made with their
    # lines from the rs:md children alone, the rest counted; no consumer is fed an entry
    counts.clear()
    verdicts = read_consumers(document("resourcelist", [_hyrax(n) for n in range(COUNT)]), WHERE)
    schema = verdicts["sitemaps-schema"]
    assert schema.problems_total == COUNT + 1
    assert len(schema.problems) == MAX_PROBLEMS + 1  # and one that says how many more
    assert schema.problems[MAX_PROBLEMS - 1].line is not None
    first_batch = counts["Scrapy"]
    assert counts["SearchEngine"] == counts["Resync"] == counts["SitemapsSchema"] == first_batch
    assert counts["listed"] < first_batch + COUNT / 50


class _CountedXPath:
    """An ``etree.XPath`` that counts its evaluations over a whole batch (the root): proofs
    (sums of ``count()`` terms, each a location path walked) and value lists."""

    counts: ClassVar[Counter[str]] = Counter()

    def __init__(self, path: str, **options: object) -> None:
        self._query = etree.XPath(path, **options)  # type: ignore[arg-type]
        self._paths = path.count("count(")

    def __call__(self, element: etree._Element) -> object:
        if element.getparent() is not None:
            self.counts["open entry"] += 1
        elif self._paths:
            self.counts["proofs"] += 1
            self.counts["proof paths"] += self._paths
        else:
            self.counts["value lists"] += 1
        return self._query(element)


def test_a_plain_batch_costs_one_proof_and_one_walk_per_value_list(monkeypatch) -> None:
    """Counted work, not time: a batch of Hyrax entries (loc, lastmod, rs:md) is proven
    plain in one XPath evaluation over it (eleven paths: the entry's tag, each child's tag,
    no extra child, grandchild, attribute or stray text), then read in five value lists
    shared by every consumer (the texts of loc and lastmod, the rs:md's change, length
    and datetime); the entry still open at its end costs one evaluation more. The schema's
    first errors (one per rs:md, with its line) take the rs:md children of 3 batches."""
    monkeypatch.setattr(batch, "etree", SimpleNamespace(XPath=_CountedXPath))
    _CountedXPath.counts.clear()
    batches: list[int] = []
    made = batch.Batch.__init__

    def counted(self: batch.Batch, *args: Any) -> None:
        made(self, *args)
        batches.append(len(self))

    monkeypatch.setattr(batch.Batch, "__init__", counted)
    body = document("resourcelist", [_hyrax(n) for n in range(COUNT)])
    verdicts = read_consumers(body, WHERE)
    assert verdicts["resync"].urls == COUNT
    assert len(batches) >= 5 and sum(batches) > COUNT * 0.8
    counts = _CountedXPath.counts
    # every batch but the first (with the top rs:md and rs:ln, not of one shape) in bulk
    proofs = len(batches) + 1
    assert counts["proofs"] == proofs
    assert counts["proof paths"] <= 11 * proofs
    assert counts["value lists"] == 5 * len(batches) + 3
    assert counts["open entry"] <= proofs


def _variant(name: str) -> bytes:
    """A long list with one thing a consumer drops, refuses or complains about, placed in a
    late batch (entry 2,500), or a list whose every entry differs from the plain shape."""
    entries = [_hyrax(n) for n in range(COUNT)]
    late = entries[2_500]
    body = None
    if name == "other-host":
        late.loc = "https://cdn.example.org/items/x"
    elif name == "other-scheme":
        late.loc = "http://example.org/items/x"
    elif name == "relative":
        late.loc = "/items/x"
    elif name == "too-long":
        late.loc = "https://example.org/" + "x" * 2_100
    elif name == "short-loc":
        late.loc = "https://x"
    elif name == "spaces-in-loc":
        late.loc = "  https://example.org/items/spaced  "
    elif name == "duplicate":
        late.loc = entries[10].loc
    elif name == "bad-lastmod":
        late.lastmod = "2026-02-30T00:00:00Z"
    elif name == "date-only-lastmod":
        late.lastmod = "2026-02-03"
    elif name == "bad-length":
        late.md = {"length": "+5"}
    elif name == "bad-change":
        late.md = {"change": "moved"}
    elif name == "bad-md-datetime":
        late.md = {"datetime": "yesterday"}
    elif name == "link-in-entry":
        late.links = [{"rel": "alternate", "href": "https://example.org/alt"}]
    elif name == "links-everywhere":  # two schema errors per entry: the last kept mid-entry
        for entry in entries:
            entry.links = [{"rel": "alternate", "href": f"{entry.loc}.html"}]
    elif name == "empty-loc":
        late.loc = ""
    elif name == "no-md-from-here":
        for entry in entries[2_000:]:
            entry.md = None
    elif name == "mixed-shapes":
        for entry in entries[::3]:
            entry.lastmod = None
    body = document("resourcelist", entries)
    edits = {
        "attribute-on-entry": (b"<url>", b'<url priority="1">'),
        "text-in-entry": (b"</loc>", b"</loc> stray "),
        "text-after-entry": (b"</url>", b"</url>stray"),
        "changefreq": (b"</lastmod>", b"</lastmod>\n    <changefreq>weekly</changefreq>"),
        "bad-changefreq": (b"</lastmod>", b"</lastmod>\n    <changefreq>often</changefreq>"),
        "priority": (b"</lastmod>", b"</lastmod>\n    <priority>0.5</priority>"),
        "bad-priority": (b"</lastmod>", b"</lastmod>\n    <priority>2</priority>"),
        "attribute-on-loc": (b"<loc>", b'<loc xml:lang="en">'),
        "cdata-loc": (
            b"<loc>https://example.org/items/002500",
            b"<loc><![CDATA[https://example.org/items/002500]]>",
        ),
        "split-loc": (
            b"<loc>https://example.org/items/002500",
            b"<loc>https://example.org/<!-- c -->items/002500",
        ),
        "grandchild": (b"</lastmod>", b"</lastmod><rs:ln rel='x' href='y'><b/></rs:ln>"),
        "other-namespace-loc": (b"<loc>", b'<loc xmlns="https://example.org/locations">'),
    }
    if name in edits:
        old, new = edits[name]
        at = body.find(old, body.find(b"items/002500"))
        if name in ("cdata-loc", "split-loc"):
            at = body.find(old)
        if name in (
            "attribute-on-entry",
            "text-after-entry",
            "attribute-on-loc",
            "other-namespace-loc",
        ):
            at = body.rfind(old, 0, body.find(b"items/002500") + 20)
        body = body[:at] + new + body[at + len(old) :]
    return body


VARIANTS = [
    "plain", "other-host", "other-scheme", "relative", "too-long", "short-loc",
    "spaces-in-loc", "duplicate", "bad-lastmod", "date-only-lastmod", "bad-length",
    "bad-change", "bad-md-datetime", "link-in-entry", "links-everywhere", "empty-loc",
    "no-md-from-here", "mixed-shapes",
    "attribute-on-entry", "text-in-entry", "text-after-entry", "changefreq",
    "bad-changefreq", "priority", "bad-priority", "attribute-on-loc", "cdata-loc",
    "split-loc", "grandchild", "other-namespace-loc",
]  # fmt: skip


@pytest.mark.parametrize("name", VARIANTS)
def test_bulk_and_entry_by_entry_readings_agree(name: str) -> None:
    body = _variant(name)
    assert name == "plain" or body != _variant("plain")  # the edit took
    bulk, each = _readings(body)
    assert bulk == each


def test_a_text_run_is_one_node_whatever_it_is_written_with() -> None:
    """What the bulk reading relies on for one text per entry: the hardened parser stores a
    run of text, CDATA, comments and PIs as one text node."""
    root = parse_tree(b"<a><l>https://<![CDATA[x]]>/<!-- c -->y<?pi x?>&amp;z</l></a>")
    assert root.xpath("count(l/text())") == 1
    assert root[0].text == "https://x/y&z"


def test_readings_agree_without_an_address_and_for_an_index_listing_an_index() -> None:
    body = document("resourcelist", [_hyrax(n) for n in range(COUNT)])
    bulk, each = _readings(body, None)
    assert bulk == each
    nested = "https://example.org/items/002500"
    index = document("resourcelist", [_hyrax(n) for n in range(COUNT)], index=True)
    bulk, each = _readings(index, nested_indexes={nested})
    assert bulk == each
    assert bulk["search-engine"][0]["dropped"] == [{"loc": nested, "why": "index-in-index"}]


def test_readings_agree_past_the_problems_kept_and_past_50000_urls() -> None:
    body = document("resourcelist", [_hyrax(n) for n in range(50_400)])
    bulk, each = _readings(body)
    assert bulk == each
    assert bulk["search-engine"][2] == 400
    assert bulk["sitemaps-schema"][1] == 50_400 + 1
