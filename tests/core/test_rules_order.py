"""Forward chronological order (core 1.1 §12.1, §12.2, §13.1, §13.2; change-notification §3)."""

from __future__ import annotations

import pytest
from rules_fixtures import codes, document, line_of, only, url, validate

from explorer.core.findings import Severity


def change(loc: str, when: str | None, extra: str = "") -> str:
    stamp = f' datetime="{when}"' if when else ""
    return url(f"http://example.com/{loc}", md=f'change="updated"{stamp}{extra}')


@pytest.mark.parametrize(
    ("md", "code", "extra"),
    [
        ('capability="changelist" from="2013-01-01T00:00:00Z"', "document.out-of-order", ""),
        (
            'capability="changedump-manifest" from="2013-01-01T00:00:00Z"',
            "document.manifest-out-of-order",
            ' path="/p"',
        ),
        (
            'capability="change-notification" from="2013-01-01T00:00:00Z" '
            'until="2013-01-09T00:00:00Z"',
            "document.notification-out-of-order",
            "",
        ),
    ],
)
def test_first_out_of_order_entry_is_reported_once(md: str, code: str, extra: str) -> None:
    data = document(
        md=md,
        entries=[
            change("a", "2013-01-02T00:00:00Z", extra),
            change("b", "2013-01-04T00:00:00Z", extra),
            change("c", None, extra),
            change("d", "2013-01-03T00:00:00Z", extra),
            change("e", "2013-01-01T00:00:00Z", extra),
        ],
    )
    found = only(validate(data), code)
    assert [f.line for f in found] == [line_of(data, "/d<")]
    assert found[0].severity is Severity.ERROR
    assert str(line_of(data, "/b<")) in found[0].message


def test_in_order_change_list_and_time_zones() -> None:
    data = document(
        md='capability="changelist" from="2013-01-01T00:00:00Z"',
        entries=[
            change("a", "2013-01-02T10:00:00+02:00"),
            change("b", "2013-01-02T09:00:00Z"),
            change("a", "2013-01-02T09:00:00Z"),
        ],
    )
    assert validate(data) == []


def test_change_list_index_is_ordered_by_from() -> None:
    data = document(
        md='capability="changelist" from="2013-01-01T00:00:00Z"',
        root="sitemapindex",
        entries=[
            url("http://example.com/2.xml", element="sitemap", md='from="2013-01-02T00:00:00Z"'),
            url(
                "http://example.com/1.xml",
                element="sitemap",
                md='from="2013-01-01T00:00:00Z" until="2013-01-02T00:00:00Z"',
            ),
        ],
    )
    found = only(validate(data), "document.index-out-of-order")
    assert [f.line for f in found] == [line_of(data, "/1.xml")]


def test_change_dump_order_is_a_warning() -> None:
    data = document(
        md='capability="changedump" from="2013-01-01T00:00:00Z"',
        entries=[
            url("http://example.com/2.zip", md='from="2013-01-02T00:00:00Z"'),
            url("http://example.com/1.zip", md='from="2013-01-01T00:00:00Z"'),
        ],
    )
    found = only(validate(data), "document.change-dump-out-of-order")
    assert len(found) == 1 and found[0].severity is Severity.WARNING


def test_resource_lists_have_no_order() -> None:
    data = document(
        entries=[
            url("http://example.com/b", extra="<lastmod>2013-01-02T00:00:00Z</lastmod>"),
            url("http://example.com/a", extra="<lastmod>2013-01-01T00:00:00Z</lastmod>"),
        ]
    )
    assert codes(validate(data)) == []


def test_only_the_last_change_list_of_an_index_may_be_open() -> None:
    md = 'capability="changelist" from="2013-01-01T00:00:00Z"'
    data = document(
        md=md,
        root="sitemapindex",
        entries=[
            url("http://example.com/1.xml", element="sitemap", md='from="2013-01-01T00:00:00Z"'),
            url("http://example.com/2.xml", element="sitemap", md='from="2013-01-02T00:00:00Z"'),
        ],
    )
    found = only(validate(data), "document.open-list-not-last")
    assert [f.line for f in found] == [line_of(data, "/1.xml")]
    closed = data.replace(
        b'from="2013-01-01T00:00:00Z"/>',
        b'from="2013-01-01T00:00:00Z" until="2013-01-02T00:00:00Z"/>',
    )
    assert only(validate(closed), "document.open-list-not-last") == []
