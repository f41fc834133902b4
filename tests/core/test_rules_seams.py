"""Misses and misleading advice found on other projects' documents (issue 38): each rule
is tried on the shape the publisher wrote and on the correct shape beside it."""

from __future__ import annotations

from rules_fixtures import codes, document, line_of, only, url, validate

from explorer.core.findings import Severity
from explorer.core.validator import ValidationContext

CHANGELIST = 'capability="changelist" from="2013-01-01T00:00:00Z"'


def lastmod_change(loc: str, when: str) -> str:
    return url(
        f"http://example.com/{loc}", md='change="updated"', extra=f"<lastmod>{when}</lastmod>"
    )


def test_a_change_list_with_only_lastmod_written_newest_first_is_reported() -> None:
    data = document(
        md=CHANGELIST,
        entries=[
            lastmod_change("new", "2013-01-05T00:00:00Z"),
            lastmod_change("mid", "2013-01-04T00:00:00Z"),
            lastmod_change("old", "2013-01-03T00:00:00Z"),
        ],
    )
    [found] = only(validate(data), "document.out-of-order-by-lastmod")
    assert found.severity is Severity.WARNING
    assert found.spec == "core 1.1 §12.1"
    assert found.line == line_of(data, "/mid<")
    assert "lastmod 2013-01-04T00:00:00Z" in found.message
    assert "document.out-of-order" not in codes(validate(data))


def test_a_change_list_with_only_lastmod_in_order_is_quiet() -> None:
    data = document(
        md=CHANGELIST,
        entries=[
            lastmod_change("a", "2013-01-03T00:00:00Z"),
            lastmod_change("b", "2013-01-04T00:00:00Z"),
        ],
    )
    assert not only(validate(data), "document.out-of-order-by-lastmod")


def test_a_change_list_with_datetime_is_ordered_by_datetime_not_lastmod() -> None:
    # Example 19's shape: a lastmod earlier than the change's datetime is no disorder.
    data = document(
        md=CHANGELIST,
        entries=[
            url(
                "http://example.com/a",
                md='change="updated" datetime="2013-01-03T00:00:00Z"',
                extra="<lastmod>2013-01-03T00:00:00Z</lastmod>",
            ),
            url(
                "http://example.com/b",
                md='change="created" datetime="2013-01-04T00:00:00Z"',
                extra="<lastmod>2013-01-02T00:00:00Z</lastmod>",
            ),
        ],
    )
    found = codes(validate(data))
    assert "document.out-of-order-by-lastmod" not in found
    assert "document.out-of-order" not in found


def test_datetime_on_a_resource_list_entry_is_a_warning_like_change() -> None:
    data = document(
        entries=[
            url("http://example.com/a", md='datetime="2013-01-02T00:00:00Z"'),
            url("http://example.com/b", md='change="updated"'),
        ]
    )
    findings = validate(data)
    [dated] = only(findings, "document.datetime-not-used")
    assert dated.severity is Severity.WARNING
    assert dated.line == line_of(data, "/a<")
    assert "<lastmod>" in dated.message
    assert only(findings, "document.change-not-used")


def test_datetime_on_a_change_list_entry_is_not_reported() -> None:
    data = document(
        md=CHANGELIST,
        entries=[url(md='change="updated" datetime="2013-01-02T00:00:00Z"')],
    )
    assert not only(validate(data), "document.datetime-not-used")


def test_capability_resource_on_a_resource_list_entry_is_reported() -> None:
    data = document(entries=[url(md='capability="resource"')])
    [found] = only(validate(data), "document.entry-capability-not-used")
    assert found.severity is Severity.WARNING
    assert found.spec == "core 1.1 §7, §10.1"
    assert 'capability="resource"' in found.message


def test_capability_on_capability_list_entries_is_not_reported_as_unused() -> None:
    data = document(
        md='capability="capabilitylist"',
        entries=[url("http://example.com/rl.xml", md='capability="resourcelist"')],
        links=('<rs:ln rel="up" href="http://example.com/.well-known/resourcesync"/>',),
    )
    assert not only(validate(data), "document.entry-capability-not-used")


def test_md_missing_does_not_call_capability_resource_entries_a_capability_list() -> None:
    data = document(md=None, links=(), entries=[url(md='capability="resource"')])
    findings = validate(data)
    assert "Capability List" not in " ".join(item.message for item in findings)
    assert "document.plain-sitemap" in codes(findings)


def test_md_missing_still_guesses_a_capability_list_from_document_capabilities() -> None:
    data = document(md=None, entries=[url(md='capability="resourcelist"')])
    [found] = only(validate(data), "document.md-missing")
    assert 'capability="capabilitylist"' in found.message


def test_a_plain_sitemap_at_the_well_known_address_is_told_to_be_a_source_description() -> None:
    data = document(md=None, links=(), entries=[url()])
    context = ValidationContext(url="https://example.com/.well-known/resourcesync")
    [found] = only(validate(data, context), "document.plain-sitemap")
    assert 'capability="description"' in found.message
    assert 'capability="resourcelist"' not in found.message.split("move the resources")[0]
    elsewhere = only(
        validate(data, ValidationContext(url="https://example.com/sitemap.xml")),
        "document.plain-sitemap",
    )
    assert 'capability="resourcelist"' in elsewhere[0].message


def test_no_message_shape_cites_its_own_codes_section_again() -> None:
    """validate and inspect put the code's spec after its message: a shape that says the
    same citation would print it twice ("(core 1.1 §12.1). (core 1.1 §12.1)")."""
    from explorer.core import catalog
    from explorer.core.codes import CODES

    twice = [
        key
        for name in catalog.areas()
        for key, line in catalog.area(name).items()
        if (code := key.split(".message")[0]) in CODES
        and ".message" in key
        and CODES[code].spec
        and f"({CODES[code].spec})" in line.get("en", "")
    ]
    assert not twice


def test_a_change_list_entry_without_change_cites_its_section_once() -> None:
    data = document(md=CHANGELIST, entries=[url(md='datetime="2013-01-02T00:00:00Z"')])
    [found] = only(validate(data), "document.change-missing")
    assert found.spec == "core 1.1 §12.1"
    assert "§12.1" not in found.message
    manifest = document(
        md='capability="changedump-manifest" from="2013-01-01T00:00:00Z"',
        entries=[url(md='path="/p"')],
    )
    [elsewhere] = only(validate(manifest), "document.change-missing")
    assert "(core 1.1 §13.2)" in elsewhere.message
