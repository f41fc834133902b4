"""Document-level rs:md rules (core 1.1 §7, §6.1, Appendix A Table 4)."""

from __future__ import annotations

import pytest
from rules_fixtures import UP, codes, document, line_of, only, url, validate

from explorer.core.parser import parse_document
from explorer.core.validator import ValidationContext

CL_MD = 'capability="changelist" from="2013-01-02T00:00:00Z"'


def test_valid_resource_list_has_no_findings() -> None:
    assert validate(document(entries=[url()])) == []


def test_plain_sitemap_is_one_warning() -> None:
    data = document(md=None, links=(), entries=[url()])
    assert codes(validate(data)) == ["document.plain-sitemap"]


def test_missing_md_is_an_error_when_a_parent_declared_a_capability() -> None:
    data = document(md=None, entries=[url()])
    findings = validate(data, ValidationContext(declared_capability="resourcelist"))
    assert codes(findings) == ["document.md-missing"]


def test_capability_missing() -> None:
    data = document(md='at="2013-01-03T09:00:00Z"', entries=[url()])
    findings = only(validate(data), "document.capability-missing")
    assert [f.line for f in findings] == [line_of(data, "<rs:md")]


def test_capability_unknown() -> None:
    data = document(md='capability="resourcelists"')
    assert "document.capability-unknown" in codes(validate(data))


def test_capability_mismatch_with_parent_declaration() -> None:
    data = document(entries=[url()])
    assert codes(validate(data, ValidationContext(declared_capability="changelist"))) == [
        "document.capability-mismatch"
    ]
    assert validate(data, ValidationContext(declared_capability="resourcelist")) == []


def test_component_of_an_index_must_share_its_capability() -> None:
    index = parse_document(
        document(
            root="sitemapindex", entries=[url("http://example.com/cl1.xml", element="sitemap")]
        )
    )
    data = document(md=CL_MD, entries=[url(md='change="created"')])
    found = codes(validate(data, ValidationContext(parent=index)))
    assert "document.capability-mismatch" in found


def test_nested_index() -> None:
    index = parse_document(document(root="sitemapindex"))
    found = codes(validate(document(root="sitemapindex"), ValidationContext(parent=index)))
    assert "document.nested-index" in found


@pytest.mark.parametrize(
    ("md", "code"),
    [
        (
            'capability="change-notification" from="2013-01-01T00:00:00Z" '
            'until="2013-01-02T00:00:00Z"',
            "document.notification-index",
        ),
        ('capability="capabilitylist"', "document.index-discouraged"),
        (
            'capability="resourcedump-manifest" at="2013-01-01T00:00:00Z"',
            "document.index-not-allowed",
        ),
    ],
)
def test_roots_that_cannot_be_indexes(md: str, code: str) -> None:
    assert code in codes(validate(document(md=md, root="sitemapindex")))


def test_resource_list_index_is_fine() -> None:
    data = document(
        root="sitemapindex",
        entries=[
            url("http://example.com/rl1.xml", md='at="2013-01-03T09:00:00Z"', element="sitemap")
        ],
    )
    assert validate(data) == []


@pytest.mark.parametrize(
    ("md", "root"),
    [
        ('capability="resourcelist"', "urlset"),
        ('capability="resourcelist"', "sitemapindex"),
        ('capability="resourcedump"', "urlset"),
        ('capability="resourcedump-manifest"', "urlset"),
        ('capability="changelist"', "urlset"),
        ('capability="changelist"', "sitemapindex"),
        ('capability="changedump"', "urlset"),
        ('capability="changedump-manifest"', "urlset"),
    ],
)
def test_table_4_mandatory_time_attribute(md: str, root: str) -> None:
    found = only(validate(document(md=md, root=root)), "document.time-missing")
    assert len(found) == 1
    assert ("at=" if "resource" in md else "from=") in found[0].message


@pytest.mark.parametrize(
    "md",
    [
        'capability="resourcelist" at="2013-01-03T09:00:00Z" from="2013-01-03T09:00:00Z"',
        'capability="changelist" from="2013-01-03T09:00:00Z" at="2013-01-03T09:00:00Z"',
        'capability="changedump" from="2013-01-03T09:00:00Z" completed="2013-01-03T09:00:00Z"',
    ],
)
def test_table_4_attributes_not_used(md: str) -> None:
    assert "document.time-not-used" in codes(validate(document(md=md)))


def test_datetime_syntax() -> None:
    data = document(md='capability="resourcelist" at="2013-01-03 09:00"')
    found = only(validate(data), "document.datetime-invalid")
    assert len(found) == 1 and "at=" in found[0].message


def test_completed_before_at() -> None:
    data = document(
        md='capability="resourcelist" at="2013-01-03T09:00:00Z" completed="2013-01-03T08:00:00Z"'
    )
    assert codes(validate(data)) == ["document.completed-before-at"]
    ok = document(
        md='capability="resourcelist" at="2013-01-03T09:00:00Z" '
        'completed="2013-01-03T10:00:00+01:00"'
    )
    assert validate(ok) == []


def test_until_before_from() -> None:
    data = document(
        md='capability="changelist" from="2013-01-03T00:00:00Z" until="2013-01-02T00:00:00Z"'
    )
    assert codes(validate(data)) == ["document.until-before-from"]


def test_change_notification_needs_from_and_until() -> None:
    data = document(md='capability="change-notification" from="2013-01-03T00:00:00Z"', links=())
    found = only(validate(data), "document.notification-interval-missing")
    assert len(found) == 1 and "until" in found[0].message
    ok = document(
        md='capability="change-notification" from="2013-01-03T00:00:00Z" '
        'until="2013-01-03T00:10:00Z"',
        links=(),
    )
    assert validate(ok) == []


def test_md_position_and_repetition_come_from_the_parser() -> None:
    data = document(
        md=None,
        links=(UP,),
        entries=[url(), '<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>'],
    )
    assert "parse.md-after-entries" in codes(validate(data))


def test_legacy_change_set_gets_warnings_naming_the_1_1_form() -> None:
    data = (
        b'<?xml version="1.0"?>\n'
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        b'xmlns:rs="http://www.openarchives.org/rs/terms/" '
        b'xmlns:xhtml="http://www.w3.org/1999/xhtml" rs:type="changeset">\n'
        b'<xhtml:link href="http://example.com/changesets/prev.xml" rel="prev"/>\n'
        b"<url><loc>http://example.com/res1</loc>"
        b'<lastmod rs:type="created">2012-08-08T08:15:00Z</lastmod></url>\n'
        b"</urlset>\n"
    )
    findings = validate(data)
    assert [f for f in findings if f.severity == "error"] == []
    legacy = only(findings, "document.legacy-md-missing")
    assert len(legacy) == 1 and '<rs:md capability="..."/>' in legacy[0].message


@pytest.mark.parametrize(
    ("entry_md", "capability"),
    [
        ('change="updated"', "changelist"),
        ('capability="resourcelist"', "capabilitylist"),
        ('capability="capabilitylist"', "description"),
        ('path="/resources/a.txt"', "resourcedump-manifest"),
    ],
)
def test_entries_with_resourcesync_attributes_make_a_document_missing_its_md(
    entry_md: str, capability: str
) -> None:
    """core 1.1 §7: rs:md is mandatory in every ResourceSync document. Entries that carry
    attributes only ResourceSync documents use make this one, not a plain Sitemap."""
    data = document(md=None, links=(), entries=[url(), url("http://example.com/b", md=entry_md)])
    found = validate(data)
    assert codes(found) == ["document.md-missing"]
    assert found[0].severity == "error"
    assert f'capability="{capability}"' in found[0].message


def test_entries_with_only_hash_length_type_still_make_a_plain_sitemap() -> None:
    md = 'hash="md5:1584abdf8ebdc9802ac0c6a7402c03b6" length="8876" type="text/html"'
    data = document(md=None, links=(), entries=[url(md=md)])
    assert codes(validate(data)) == ["document.plain-sitemap"]
