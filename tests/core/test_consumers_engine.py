"""The consumers engine on its own: the search engine's documented rules (host and scheme,
length, absolute URLs, 50,000 URLs, 50 MB, an index in an index, unknown tags as
parent/tag pairs), the bounds on what a verdict keeps, and unreadable input."""

from __future__ import annotations

from collections import Counter

from helpers.spec_shaped import Entry, document
from lxml import etree

from explorer.core.consumers import engine, harvesters, resync_reader, sitemaps_schema
from explorer.core.consumers.engine import read_consumers, urls_read
from explorer.core.consumers.search_engine import MAX_BYTES, SearchEngine
from explorer.core.consumers.verdict import (
    MAX_DROPPED,
    MAX_PLANS,
    MAX_PROBLEMS,
    Plans,
    children_of,
)

WHERE = "https://example.org/rs/list.xml"


def test_urls_on_another_host_or_scheme_too_long_or_relative_are_dropped_with_their_why() -> None:
    body = document(
        "resourcelist",
        [
            Entry("https://example.org/ok"),
            Entry("http://example.org/other-scheme"),
            Entry("https://cdn.example.org/other-host"),
            Entry("https://example.org:8443/other-port"),
            Entry("/relative"),
            Entry("https://example.org/" + "x" * 2100),
        ],
    )
    verdict = read_consumers(body, WHERE)["search-engine"]
    assert verdict.urls == 1
    assert [why for _loc, why in verdict.dropped] == [
        "other-host",
        "other-host",
        "other-host",
        "not-absolute",
        "too-long",
    ]
    # without the document's address, the host rule cannot be judged and is not
    assert read_consumers(body, None)["search-engine"].urls == 4


def test_urls_past_the_50000th_are_dropped_and_only_the_first_examples_are_kept() -> None:
    body = document("resourcelist", [Entry(f"https://example.org/{n}") for n in range(51_500)])
    verdict = read_consumers(body, WHERE)["search-engine"]
    assert verdict.urls == 50_000
    assert verdict.dropped_total == 1_500 and len(verdict.dropped) == MAX_DROPPED
    assert verdict.dropped[0] == ("https://example.org/50000", "over-50000")
    assert [p.code for p in verdict.problems][-1] == "consumers.dropped-more"


def test_schema_errors_past_the_bound_are_counted_not_kept() -> None:
    body = document(
        "resourcelist",
        [
            Entry(f"https://example.org/{n}", None, {"length": "1"})
            for n in range(MAX_PROBLEMS + 10)
        ],
    )
    verdict = read_consumers(body, WHERE)["sitemaps-schema"]
    assert verdict.problems_total == MAX_PROBLEMS + 11  # the top rs:md too
    assert len(verdict.problems) == MAX_PROBLEMS + 1
    assert verdict.problems[-1].code == "consumers.problems-more"


def test_an_index_listing_an_index_loses_that_entry() -> None:
    body = document(
        "resourcelist",
        [Entry("https://example.org/rs/a.xml"), Entry("https://example.org/rs/nested.xml")],
        index=True,
    )
    verdict = read_consumers(body, WHERE, nested_indexes={"https://example.org/rs/nested.xml"})
    assert verdict["search-engine"].dropped == [
        ("https://example.org/rs/nested.xml", "index-in-index")
    ]


def test_unknown_tags_are_the_parent_tag_pairs_google_prints_once_each() -> None:
    body = document(
        "resourcelist", [Entry(f"https://example.org/{n}", None, {"length": "1"}) for n in range(3)]
    )
    problems = read_consumers(body, WHERE)["search-engine"].problems
    assert [(p.params or {}).get("parent") for p in problems] == ["urlset", "url"]
    assert problems[1].message == "Parent tag: url Tag: md (elements: 3)"


def test_a_document_over_50_mb_uncompressed_is_refused_by_the_search_engine() -> None:
    """The rule on its own (the engine hands every consumer the inflated size): building a
    real 50 MB document would cost seconds of the suite for one comparison."""
    root = etree.fromstring(document("resourcelist", [Entry("https://example.org/rs/a")]))
    engine = SearchEngine(WHERE)
    engine.begin(root, MAX_BYTES + 1)
    for element in root:
        engine.child(element, *children_of(element))
    engine.end(root)
    assert not engine.verdict.reads and engine.verdict.urls == 0
    assert engine.verdict.problems[0].code == "consumers.too-large"
    assert engine.verdict.dropped == [("https://example.org/rs/a", "over-50mb")]
    within = SearchEngine(WHERE)
    within.begin(root, MAX_BYTES)
    assert within.verdict.reads


def test_unreadable_bytes_are_refused_by_every_consumer_with_the_parse_finding() -> None:
    verdicts = read_consumers(b"<urlset><url>")
    assert {name: (v.reads, v.problems[0].code) for name, v in verdicts.items()} == {
        name: (False, "parse.malformed") for name in verdicts
    }


def test_url_lists_are_kept_only_when_asked() -> None:
    body = document(
        "resourcelist", [Entry("https://example.org/a"), Entry("https://example.org/b")]
    )
    assert read_consumers(body, WHERE)["scrapy"].url_list is None
    assert urls_read(body, "resync") == ["https://example.org/a", "https://example.org/b"]


def test_entries_are_listed_once_and_each_consumer_plans_each_shape_once(monkeypatch) -> None:
    """The per-entry work is shared and planned: one listing of an entry's children for all
    five consumers, and one plan per consumer and entry shape (two shapes here: with and
    without rs:md), however many entries there are."""
    counts: Counter[str] = Counter()

    def counting(owner: object, name: str) -> None:
        original = getattr(owner, name)

        def counted(*args: object) -> object:
            counts[name] += 1
            return original(*args)

        monkeypatch.setattr(owner, name, counted)

    counting(engine, "children_of")
    counting(sitemaps_schema, "_item_plan")
    counting(resync_reader, "_resource_plan")
    counting(harvesters, "_scrapy_plan")
    counting(harvesters, "_advertools_plan")
    counting(SearchEngine, "_plan")
    entries = [
        Entry(f"https://example.org/{n}", "2026-01-01", {"length": "1"} if n % 2 else None)
        for n in range(400)
    ]
    # entry by entry (two shapes alternating: no batch of one shape for the bulk reading)
    verdicts = read_consumers(document("resourcelist", entries), WHERE, bulk=False)
    assert verdicts["resync"].urls == verdicts["scrapy"].urls == 400
    assert counts.pop("children_of") == 400 + 1  # the entries and the top rs:md
    assert counts == {
        "_item_plan": 2,
        "_resource_plan": 2,
        "_scrapy_plan": 2 + 1,  # the top rs:md is a shape of its own for Scrapy
        "_advertools_plan": 1,  # the top rs:md has no loc: advertools fails there
        "_plan": 2 + 1,
    }


def test_plans_kept_are_bounded_when_every_entry_has_a_shape_of_its_own() -> None:
    plans: Plans[int, int] = Plans()
    for n in range(MAX_PLANS + 10):
        assert plans.keep(n, n * 2) == n * 2
    assert len(plans) == MAX_PLANS
