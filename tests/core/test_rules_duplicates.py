"""A loc appears once in a Resource List (core 1.1 §10.1)."""

from __future__ import annotations

from rules_fixtures import NS, codes, document, line_of, only, url, validate


def test_repeated_loc_reported_at_each_repeat() -> None:
    data = document(
        entries=[
            url("http://example.com/a"),
            url("http://example.com/b"),
            url("http://example.com/a"),
            url("http://example.com/a"),
        ]
    )
    found = only(validate(data), "document.duplicate-loc")
    first = line_of(data, "/a<")
    assert [f.line for f in found] == [first + 2, first + 3]
    assert f"line {first}" in found[0].message


def test_minified_document_still_finds_duplicates() -> None:
    data = (
        f'<urlset {NS}><rs:ln rel="up" href="http://example.com/c.xml"/>'
        '<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>'
        "<url><loc>http://example.com/a</loc></url><url><loc>http://example.com/a</loc></url>"
        "</urlset>"
    ).encode()
    assert codes(validate(data)) == ["document.duplicate-loc"]


def test_change_lists_may_repeat_a_loc() -> None:
    md = 'capability="changelist" from="2013-01-01T00:00:00Z"'
    data = document(md=md, entries=[url(md='change="created"'), url(md='change="updated"')])
    assert validate(data) == []


def test_distinct_locs_are_fine() -> None:
    assert (
        validate(document(entries=[url("http://example.com/a"), url("http://example.com/A")])) == []
    )
