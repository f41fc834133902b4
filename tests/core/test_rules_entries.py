"""Per-entry rules (core 1.1 §7-§13; change-notification 1.0.1 §3, §5)."""

from __future__ import annotations

import pytest
from rules_fixtures import codes, document, line_of, only, url, validate

from explorer.core.findings import Severity

CL = 'capability="changelist" from="2013-01-02T00:00:00Z" until="2013-01-03T00:00:00Z"'
CDM = 'capability="changedump-manifest" from="2013-01-02T00:00:00Z"'
RDM = 'capability="resourcedump-manifest" at="2013-01-02T00:00:00Z"'
CN = 'capability="change-notification" from="2013-01-02T00:00:00Z" until="2013-01-03T00:00:00Z"'
CAPLIST = 'capability="capabilitylist"'
DESCRIBEDBY = '<rs:ln rel="describedby" href="http://example.com/about.xml"/>'
SD_UP = '<rs:ln rel="up" href="http://example.com/.well-known/resourcesync"/>'
HUB = '<rs:ln rel="hub" href="http://hub.example.org/"/>'
MD5 = "md5:1584abdf8ebdc9802ac0c6a7402c03b6"
SHA256 = "sha-256:854f61290e2e197a11bc91063afce22e43f8ccc655237050ace766adc68dc784"


def lines(data: bytes, code: str) -> list[int | None]:
    return [f.line for f in only(validate(data), code)]


@pytest.mark.parametrize(
    ("loc", "code"),
    [
        ("", "document.loc-missing"),
        ("/res1", "document.loc-not-absolute"),
        ("res1.html", "document.loc-not-absolute"),
        ("http://example.com/" + "a" * 2048, "document.loc-too-long"),
    ],
)
def test_loc_rules(loc: str, code: str) -> None:
    data = document(entries=[url(), url(loc)])
    assert lines(data, code) == [4 + 2]


def test_other_absolute_schemes_are_accepted() -> None:
    assert (
        validate(
            document(
                entries=[
                    url("ftp://example.com/res1"),
                    url("urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66"),
                ]
            )
        )
        == []
    )


def test_lastmod_syntax() -> None:
    data = document(
        entries=[
            url(extra="<lastmod>2013-01-02T13:00:00Z</lastmod>"),
            url("http://example.com/res2", extra="<lastmod>2013-01-02</lastmod>"),
            url("http://example.com/bad", extra="<lastmod>Jan 2 2013</lastmod>"),
        ]
    )
    assert lines(data, "document.lastmod-invalid") == [line_of(data, "/bad")]


@pytest.mark.parametrize("md", [CL, CDM, CN])
def test_change_is_mandatory(md: str) -> None:
    path = ' path="/p"' if "manifest" in md else ""
    data = document(
        md=md,
        entries=[
            url(md=f'change="created" datetime="2013-01-02T10:00:00Z"{path}'),
            url("http://example.com/nochange", md=f'datetime="2013-01-02T11:00:00Z"{path}'),
            url("http://example.com/nomd"),
        ],
    )
    assert lines(data, "document.change-missing") == [
        line_of(data, "/nochange"),
        line_of(data, "/nomd"),
    ]


def test_change_values() -> None:
    data = document(md=CL, entries=[url(md='change="modified"')])
    found = only(validate(data), "document.change-invalid")
    assert len(found) == 1 and "created, updated or deleted" in found[0].message


def test_change_in_a_resource_list_is_a_warning() -> None:
    data = document(entries=[url(md='change="updated"')])
    assert codes(validate(data)) == ["document.change-not-used"]


def test_datetime_within_from_until() -> None:
    data = document(
        md=CL,
        entries=[
            url("http://example.com/early", md='change="created" datetime="2013-01-01T23:59:59Z"'),
            url("http://example.com/ok", md='change="created" datetime="2013-01-02T00:00:00Z"'),
            url("http://example.com/edge", md='change="updated" datetime="2013-01-03T00:00:00Z"'),
            url("http://example.com/late", md='change="updated" datetime="2013-01-03T00:00:01Z"'),
        ],
    )
    assert lines(data, "document.datetime-outside-interval") == [
        line_of(data, "/early"),
        line_of(data, "/late"),
    ]


def test_open_change_list_has_no_upper_bound() -> None:
    md = 'capability="changelist" from="2013-01-02T00:00:00Z"'
    data = document(md=md, entries=[url(md='change="created" datetime="2030-01-01T00:00:00Z"')])
    assert validate(data) == []


def test_entry_datetime_syntax() -> None:
    data = document(md=CL, entries=[url(md='change="created" datetime="2013-01-02T10:00:00"')])
    found = only(validate(data), "document.datetime-invalid")
    assert len(found) == 1 and "time zone" in found[0].message


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("md5:1584abdf8ebdc9802ac0c6a7402c03", "document.hash-digest-length"),
        ("sha-256:1584abdf8ebdc9802ac0c6a7402c03b6", "document.hash-digest-length"),
        ("1584abdf8ebdc9802ac0c6a7402c03b6", "document.hash-malformed"),
        ("md5:zz84abdf8ebdc9802ac0c6a7402c03b6", "document.hash-malformed"),
        (f"{MD5},{SHA256}", "document.hash-malformed"),
        ("", "document.hash-malformed"),
    ],
)
def test_hash_rules(value: str, code: str) -> None:
    data = document(
        entries=[url(md=f'hash="{MD5}"'), url("http://example.com/h", md=f'hash="{value}"')]
    )
    found = only(validate(data), code)
    assert [f.line for f in found] == [line_of(data, "/h")]
    assert found[0].severity is Severity.WARNING


@pytest.mark.parametrize(
    "value",
    [
        MD5,
        f"{MD5} {SHA256}",
        f"  {SHA256}   {MD5} ",
        "sha-1:" + "a" * 40,
        "sha-512:" + "0" * 128,
        "crc32:1a2b3c4d",
        "MD5:1584ABDF8EBDC9802AC0C6A7402C03B6",
    ],
)
def test_valid_hashes(value: str) -> None:
    assert validate(document(entries=[url(md=f'hash="{value}"')])) == []


@pytest.mark.parametrize("value", ["-1", "12.5", "", "1e3", "٣"])
def test_length_must_be_a_non_negative_integer(value: str) -> None:
    data = document(
        entries=[url(md='length="0"'), url("http://example.com/target", md=f'length="{value}"')]
    )
    assert lines(data, "document.length-invalid") == [line_of(data, "/target")]


def test_large_lengths_are_fine() -> None:
    assert validate(document(entries=[url(md='length="9788456778"')])) == []


@pytest.mark.parametrize("value", ["html", "text/", "text/html;", "text html", "/pdf"])
def test_type_syntax(value: str) -> None:
    data = document(
        entries=[url(md='type="text/html"'), url("http://example.com/target", md=f'type="{value}"')]
    )
    assert lines(data, "document.type-invalid") == [line_of(data, "/target")]


@pytest.mark.parametrize(
    "value",
    [
        "text/html",
        "application/json-patch",
        "text/html; charset=UTF-8",
        "image/svg+xml",
        'text/plain;format="flowed"',
    ],
)
def test_valid_types(value: str) -> None:
    assert validate(document(entries=[url(md=f"type='{value}'")])) == []


def test_path_is_mandatory_in_manifests_except_deleted() -> None:
    data = document(
        md=CDM,
        entries=[
            url(
                "http://example.com/a",
                md='change="created" datetime="2013-01-02T01:00:00Z" path="/a"',
            ),
            url("http://example.com/b", md='change="deleted" datetime="2013-01-02T02:00:00Z"'),
            url("http://example.com/target", md='change="updated" datetime="2013-01-02T03:00:00Z"'),
        ],
    )
    assert lines(data, "document.path-missing") == [line_of(data, "/target")]
    rdm = document(md=RDM, entries=[url(md='hash="' + MD5 + '"')])
    assert len(only(validate(rdm), "document.path-missing")) == 1


def test_path_must_start_with_a_slash() -> None:
    data = document(md=RDM, entries=[url(md='path="resources/res1"')])
    found = only(validate(data), "document.path-not-absolute")
    assert len(found) == 1 and 'path="/resources/res1"' in found[0].message


def test_path_outside_manifests() -> None:
    assert codes(validate(document(entries=[url(md='path="/a"')]))) == ["document.path-not-used"]


def test_capability_list_entries() -> None:
    data = document(
        md=CAPLIST,
        links=(SD_UP, DESCRIBEDBY),
        entries=[
            url("http://example.com/rl.xml", md='capability="resourcelist"'),
            url("http://example.com/none.xml"),
            url("http://example.com/sd.xml", md='capability="description"'),
            url("http://example.com/rl2.xml", md='capability="resourcelist"'),
            url("http://example.com/cn/", md='capability="change-notification"'),
            url("http://example.com/fn/", md='capability="framework-notification"', extra=HUB),
        ],
    )
    assert lines(data, "document.entry-capability-missing") == [line_of(data, "/none.xml")]
    assert lines(data, "document.entry-capability-not-allowed") == [line_of(data, "/sd.xml")]
    assert lines(data, "document.capability-repeated") == [line_of(data, "/rl2.xml")]
    assert lines(data, "document.channel-hub-missing") == [line_of(data, "/cn/")]


def test_valid_capability_list() -> None:
    data = document(
        md=CAPLIST,
        links=(SD_UP, DESCRIBEDBY),
        entries=[
            url("http://example.com/rl.xml", md='capability="resourcelist"'),
            url("http://example.com/cl.xml", md='capability="changelist"'),
            url("http://example.com/cn/", md='capability="change-notification"', extra=HUB),
        ],
    )
    assert validate(data) == []


def test_source_description_entries() -> None:
    data = document(
        md='capability="description"',
        links=(DESCRIBEDBY,),
        entries=[
            url("http://example.com/cl1.xml", md='capability="capabilitylist"'),
            url("http://example.com/cl2.xml"),
            url("http://example.com/cl3.xml", md='type="application/xml"'),
            url("http://example.com/rl.xml", md='capability="resourcelist"'),
        ],
    )
    # core 1.1 §8: the entry's rs:md is optional (cl2 has none); one that is there must
    # say capabilitylist (cl3's does not).
    found = only(validate(data), "document.description-entry-capability-missing")
    assert [f.line for f in found] == [line_of(data, "/cl3.xml")]
    assert found[0].severity is Severity.WARNING
    assert lines(data, "document.entry-capability-not-allowed") == [line_of(data, "/rl.xml")]


def test_entry_time_attributes_per_table_4() -> None:
    data = document(entries=[url(md='at="2013-01-03T09:00:00Z"')])
    assert codes(validate(data)) == ["document.entry-time-not-used"]
    index = document(
        root="sitemapindex",
        entries=[
            url(
                "http://example.com/rl1.xml",
                element="sitemap",
                md='at="2013-01-03T09:00:00Z" completed="2013-01-03T08:00:00Z"',
            )
        ],
    )
    assert codes(validate(index)) == ["document.completed-before-at"]


def test_change_list_index_entries_should_carry_from() -> None:
    md = 'capability="changelist" from="2013-01-01T00:00:00Z"'
    data = document(
        md=md,
        root="sitemapindex",
        entries=[
            url(
                "http://example.com/cl1.xml",
                element="sitemap",
                md='from="2013-01-01T00:00:00Z" until="2013-01-02T00:00:00Z"',
            ),
            url("http://example.com/cl2.xml", element="sitemap"),
            url("http://example.com/cl3.xml", element="sitemap"),
        ],
    )
    found = only(validate(data), "document.entry-from-missing")
    assert len(found) == 1
    assert found[0].line == line_of(data, "/cl2.xml") and "2 of 3" in found[0].message
