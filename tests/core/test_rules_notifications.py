"""Notification payload rules (framework-notification 1.0.1 §2.1 Table 2, §3;
change-notification 1.0.1 §3)."""

from __future__ import annotations

import pytest
from rules_fixtures import codes, document, line_of, only, url, validate

FN = 'capability="framework-notification"'
CN = 'capability="change-notification" from="2013-01-03T00:00:00Z" until="2013-01-03T00:10:00Z"'
INDEX = '<rs:ln rel="index" href="http://example.com/rl-index.xml"/>'


def fn_entry(loc: str, md: str, extra: str = "") -> str:
    return url(f"http://example.com/{loc}", md=md, extra=extra)


def test_valid_framework_notification() -> None:
    data = document(
        md=FN,
        links=(),
        entries=[
            fn_entry("rl.xml", 'change="created" capability="resourcelist"', INDEX),
            fn_entry("rd.xml", 'change="created" capability="resourcedump"'),
            fn_entry(
                "cl.xml", 'change="updated" capability="changelist" datetime="2013-01-03T00:07:22Z"'
            ),
            fn_entry("caps.xml", 'change="deleted" capability="capabilitylist"'),
        ],
    )
    assert validate(data) == []


@pytest.mark.parametrize("md", ['change="created"', 'capability="resourcelist"', ""])
def test_entry_needs_change_and_capability(md: str) -> None:
    data = document(md=FN, links=(), entries=[fn_entry("x.xml", md)])
    found = only(validate(data), "document.framework-entry-incomplete")
    assert [f.line for f in found] == [line_of(data, "/x.xml")]


@pytest.mark.parametrize(
    ("change", "capability"),
    [
        ("updated", "resourcedump"),
        ("deleted", "resourcedump"),
        ("deleted", "resourcelist"),
        ("deleted", "changelist"),
        ("deleted", "changedump"),
    ],
)
def test_table_2_forbidden_pairs(change: str, capability: str) -> None:
    data = document(
        md=FN, links=(), entries=[fn_entry("x.xml", f'change="{change}" capability="{capability}"')]
    )
    assert codes(validate(data)) == ["document.framework-change-not-allowed"]


def test_unknown_capability_is_a_warning() -> None:
    data = document(
        md=FN,
        links=(),
        entries=[fn_entry("x.xml", 'change="created" capability="resourcelist-index"')],
    )
    assert "document.framework-capability-unknown" in codes(validate(data))


def test_valid_change_notification() -> None:
    data = document(
        md=CN,
        links=(),
        entries=[
            url("http://example.com/res1", md='change="created" datetime="2013-01-03T00:07:22Z"'),
            url("http://example.com/res2", md='change="deleted" datetime="2013-01-03T00:08:52Z"'),
        ],
    )
    assert validate(data) == []


def test_change_notification_entry_rules() -> None:
    data = document(
        md=CN,
        links=(),
        entries=[
            url("http://example.com/nochange", md='datetime="2013-01-03T00:01:00Z"'),
            url("http://example.com/late", md='change="updated" datetime="2013-01-03T00:11:00Z"'),
        ],
    )
    found = validate(data)
    assert [f.line for f in only(found, "document.change-missing")] == [line_of(data, "/nochange")]
    assert "change-notification 1.0.1 §3" in only(found, "document.change-missing")[0].message
    assert [f.line for f in only(found, "document.datetime-outside-interval")] == [
        line_of(data, "/late")
    ]
