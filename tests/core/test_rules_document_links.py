"""Document-level rs:ln rules (core 1.1 §6.2, §7) and rs:ln attributes everywhere."""

from __future__ import annotations

import pytest
from rules_fixtures import UP, codes, document, line_of, only, url, validate

from explorer.core.findings import Severity
from explorer.core.parser import parse_document
from explorer.core.validator import ValidationContext

CAPLIST_MD = 'capability="capabilitylist"'
DESCRIBEDBY = '<rs:ln rel="describedby" href="http://example.com/about.xml"/>'
SD_UP = '<rs:ln rel="up" href="http://example.com/.well-known/resourcesync"/>'


def test_missing_up_is_reported_with_the_section() -> None:
    found = only(validate(document(links=())), "document.up-missing")
    assert len(found) == 1
    assert found[0].severity is Severity.WARNING
    assert "§10.1" in found[0].message and "Capability List" in found[0].message


def test_notifications_and_source_descriptions_need_no_up() -> None:
    framework = document(md='capability="framework-notification"', links=())
    assert "document.up-missing" not in codes(validate(framework))
    description = document(md='capability="description"', links=(DESCRIBEDBY,))
    assert validate(description) == []


def test_source_description_with_up() -> None:
    data = document(md='capability="description"', links=(DESCRIBEDBY, UP))
    found = only(validate(data), "document.up-unexpected")
    assert [f.line for f in found] == [line_of(data, 'rel="up"')]


def test_repeated_up() -> None:
    second = '<rs:ln rel="up" href="http://example.com/other.xml"/>'
    data = document(links=(UP, second))
    found = only(validate(data), "document.up-repeated")
    assert [f.line for f in found] == [line_of(data, "other.xml")]


def test_up_must_point_at_the_parent_capability_list() -> None:
    parent = parse_document(document(md=CAPLIST_MD, links=(SD_UP, DESCRIBEDBY)))
    data = document()
    wrong = ValidationContext(parent=parent, parent_url="http://example.com/elsewhere.xml")
    assert codes(validate(data, wrong)) == ["document.up-not-parent"]
    right = ValidationContext(parent=parent, parent_url="http://example.com/capabilitylist.xml")
    assert validate(data, right) == []


def test_component_up_matches_the_index_up() -> None:
    index_link = '<rs:ln rel="index" href="http://example.com/index.xml"/>'
    index = parse_document(document(root="sitemapindex"))
    context = ValidationContext(parent=index, parent_url="http://example.com/index.xml")
    assert validate(document(links=(UP, index_link)), context) == []
    other_up = '<rs:ln rel="up" href="http://example.com/other-capabilitylist.xml"/>'
    assert codes(validate(document(links=(other_up, index_link)), context)) == [
        "document.up-not-parent"
    ]


def test_index_link_recommended_under_an_index() -> None:
    index = parse_document(document(root="sitemapindex"))
    context = ValidationContext(parent=index, parent_url="http://example.com/index.xml")
    found = only(validate(document(), context), "document.index-link-missing")
    assert len(found) == 1 and found[0].severity is Severity.INFO
    wrong = '<rs:ln rel="index" href="http://example.com/old-index.xml"/>'
    assert "document.index-link-not-parent" in codes(validate(document(links=(UP, wrong)), context))


def test_index_link_on_a_document_that_is_never_indexed() -> None:
    index_link = '<rs:ln rel="index" href="http://example.com/index.xml"/>'
    data = document(
        md='capability="resourcedump-manifest" at="2013-01-03T09:00:00Z"', links=(UP, index_link)
    )
    assert "document.index-link-unexpected" in codes(validate(data))
    on_index = document(root="sitemapindex", links=(UP, index_link))
    assert "document.index-link-unexpected" in codes(validate(on_index))


def test_describedby_recommended_on_capability_list() -> None:
    data = document(md=CAPLIST_MD, links=(SD_UP,))
    assert codes(validate(data)) == ["document.describedby-missing"]
    assert validate(document(md=CAPLIST_MD, links=(SD_UP, DESCRIBEDBY))) == []


@pytest.mark.parametrize(
    ("link", "code"),
    [
        ('<rs:ln rel="describedby"/>', "document.link-href-missing"),
        ('<rs:ln href="http://example.com/x"/>', "document.link-rel-missing"),
        (
            '<rs:ln rel="duplicate" href="http://m.example.com/x" pri="0"/>',
            "document.link-pri-invalid",
        ),
        (
            '<rs:ln rel="duplicate" href="http://m.example.com/x" pri="1000000"/>',
            "document.link-pri-invalid",
        ),
        (
            '<rs:ln rel="duplicate" href="http://m.example.com/x" pri="high"/>',
            "document.link-pri-invalid",
        ),
    ],
)
def test_link_attributes_on_document_and_entry(link: str, code: str) -> None:
    on_document = document(links=(UP, link))
    assert code in codes(validate(on_document))
    on_entry = document(entries=[url(extra=link)])
    found = only(validate(on_entry), code)
    assert [f.line for f in found] == [line_of(on_entry, "<url>")]


def test_valid_pri() -> None:
    link = '<rs:ln rel="duplicate" href="http://m.example.com/x" pri="999999"/>'
    assert validate(document(entries=[url(extra=link)])) == []


@pytest.mark.parametrize(
    ("attributes", "code"),
    [
        ('length="a"', "document.length-invalid"),
        ('length="-1"', "document.length-invalid"),
        ('modified="yesterday"', "document.datetime-invalid"),
        ('hash="md5:zz"', "document.hash-malformed"),
        ('hash="md5:abc"', "document.hash-digest-length"),
        ('type="html"', "document.type-invalid"),
        ('path="a.txt"', "document.path-not-absolute"),
        ('other="x"', "document.attribute-unnamespaced"),
    ],
)
def test_link_attribute_values_are_judged_as_on_md(attributes: str, code: str) -> None:
    """core 1.1 §7 Table 3: rs:ln's length, modified, hash, type and path mean what they
    mean on rs:md; attributes ResourceSync does not define need a namespace prefix."""
    link = f'<rs:ln rel="duplicate" href="http://m.example.com/x" {attributes}/>'
    on_entry = document(entries=[url(extra=link)])
    found = validate(on_entry)
    assert codes(found) == [code]
    assert found[0].line == line_of(on_entry, "<url>")
    assert "rs:ln" in found[0].message
    on_document = document(links=(UP, link))
    assert code in codes(validate(on_document))


@pytest.mark.parametrize("href", ["not a uri", "http://example.com/a b", "http://e.org/%zz", ""])
def test_link_href_must_be_a_uri(href: str) -> None:
    link = f'<rs:ln rel="duplicate" href="{href}"/>'
    expected = "document.link-href-missing" if not href else "document.link-href-invalid"
    assert codes(validate(document(entries=[url(extra=link)]))) == [expected]


def test_valid_link_attributes_and_namespaced_extensions_pass() -> None:
    link = (
        '<rs:ln xmlns:ex="http://example.org/ns/" rel="duplicate" '
        'href="http://m.example.com/r%C3%A9s?x=1#f" length="12" modified="2013-01-03T09:00:00Z" '
        'hash="md5:1584abdf8ebdc9802ac0c6a7402c03b6" type="text/html" path="/a.txt" pri="2" '
        'encoding="gzip" profile="http://example.org/profile" ex:weight="3"/>'
    )
    assert validate(document(entries=[url(extra=link)])) == []


def test_missing_up_message_agrees_with_its_warning_severity() -> None:
    """The spec calls up mandatory (§9-§13) but its walkthrough omits it: a warning whose
    message says "should" and names the section, never "must"."""
    [found] = only(validate(document(links=())), "document.up-missing")
    assert found.severity is Severity.WARNING
    assert " should have " in found.message and " must " not in found.message
    assert "§10.1" in found.message
