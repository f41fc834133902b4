"""Link header parsing for WebSub discovery and deliveries."""

from __future__ import annotations

from explorer.core.link_header import links_by_rel, parse_link_header


def test_several_links_in_one_header_with_spaces_and_quotes() -> None:
    value = (
        '<http://example.com/dataset1/change/> ; rel="self",\n'
        ' <http://hub.example.org/websub/> ; rel="hub", <http://x/c.xml>; rel=resourcesync'
    )
    assert parse_link_header(value) == [
        ("http://example.com/dataset1/change/", "self"),
        ("http://hub.example.org/websub/", "hub"),
        ("http://x/c.xml", "resourcesync"),
    ]


def test_commas_inside_targets_and_quotes_do_not_split() -> None:
    value = '<http://h/a,b>; rel="hub"; title="x, y", <http://t/>; rel="self"'
    assert links_by_rel(value) == {"hub": ["http://h/a,b"], "self": ["http://t/"]}


def test_several_header_values_relative_targets_and_multiple_rels() -> None:
    pairs = parse_link_header(
        ['</feed>; rel="self alternate"', "<hub>; REL=Hub"], base="http://example.com/dir/page"
    )
    assert pairs == [
        ("http://example.com/feed", "self"),
        ("http://example.com/feed", "alternate"),
        ("http://example.com/dir/hub", "hub"),
    ]


def test_garbage_is_skipped() -> None:
    assert parse_link_header("no angle brackets; rel=hub, <http://ok/>; title=x") == []
