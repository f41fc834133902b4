"""The validator entry point: check_bytes, validate_document, ValidationContext."""

from __future__ import annotations

import gzip

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fixtures import NS, UP, codes, document, url

from explorer.core.findings import Severity, finding
from explorer.core.model import Document, Entry, Link
from explorer.core.validator import (
    ValidationContext,
    ValidationResult,
    check_bytes,
    validate_document,
)


def test_unparseable_bytes_give_one_error_with_a_line() -> None:
    result = check_bytes(b'<?xml version="1.0"?>\n<urlset>\n<url>\n</urlset>\n')
    assert result.document is None
    assert len(result.findings) == 1
    assert result.findings[0].severity is Severity.ERROR
    assert result.findings[0].line == 4
    assert result.has_errors


def test_gzip_input_is_validated() -> None:
    result = check_bytes(gzip.compress(document(entries=[url()])))
    assert isinstance(result, ValidationResult)
    assert result.document is not None and result.findings == []
    assert not result.has_errors


def test_parser_findings_are_included() -> None:
    wrong_ns = document(entries=[url()]).replace(b"rs/terms/", b"rs/terms")
    assert "parse.rs-namespace" in codes(check_bytes(wrong_ns).findings)


def test_findings_are_sorted_by_line_and_carry_the_url() -> None:
    data = document(md='capability="changelist"', links=(), entries=[url("relative")])
    result = check_bytes(data, ValidationContext(url="http://example.com/cl.xml"))
    lines = [f.line or 0 for f in result.findings]
    assert lines == sorted(lines) and len(lines) >= 3
    assert {f.url for f in result.findings} == {"http://example.com/cl.xml"}


def test_parse_error_carries_the_url() -> None:
    result = check_bytes(b"<urlset", ValidationContext(url="http://example.com/x.xml"))
    assert result.findings[0].url == "http://example.com/x.xml"


def test_documents_built_directly_are_validated() -> None:
    doc = Document(
        "urlset",
        md={"capability": "resourcelist", "at": "2013-01-03T09:00:00Z"},
        links=[Link("up", "http://example.com/caps.xml", line=3)],
        entries=[Entry("http://example.com/a", md={"length": "x"}, line=5)],
        line=2,
        md_line=4,
        findings=[finding("parse.unknown-element", "<foo> ignored", line=6)],
    )
    found = validate_document(doc)
    assert codes(found) == ["document.length-invalid", "parse.unknown-element"]
    assert found[0].line == 5


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)
_ATTRS = st.dictionaries(
    st.sampled_from(
        [
            "capability",
            "at",
            "completed",
            "from",
            "until",
            "change",
            "datetime",
            "hash",
            "length",
            "type",
            "path",
            "pri",
        ]
    ),
    _TEXT,
    max_size=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    doc_md=_ATTRS,
    entry_mds=st.lists(_ATTRS, max_size=5),
    locs=st.lists(st.one_of(st.none(), _TEXT), max_size=5),
    root=st.sampled_from(["urlset", "sitemapindex"]),
    rels=st.lists(st.one_of(st.none(), _TEXT), max_size=3),
)
def test_any_attribute_values_never_crash(doc_md, entry_mds, locs, root, rels) -> None:
    entries = [
        Entry(
            loc,
            md=md,
            lastmod=md.get("datetime"),
            line=i + 5,
            links=[Link(rel, None, {"pri": md.get("pri", "1")}, line=i + 5) for rel in rels],
        )
        for i, (loc, md) in enumerate(zip(locs, entry_mds, strict=False))
    ]
    doc = Document(
        root,
        md=doc_md,
        entries=entries,
        line=2,
        md_line=3,
        links=[Link(rel, "http://example.com/", line=3) for rel in rels],
    )
    parent = Document("sitemapindex", md={"capability": doc_md.get("capability", "x")})
    for context in (
        None,
        ValidationContext(
            declared_capability="changelist",
            parent=parent,
            url="http://example.com/d.xml",
            parent_url="http://example.com/p.xml",
        ),
    ):
        for item in validate_document(doc, context):
            assert item.code and item.message


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_give_a_result(data: bytes) -> None:
    result = check_bytes(data)
    assert result.document is not None or result.has_errors


def test_one_line_document_with_namespace_prefix() -> None:
    data = (
        f'<urlset {NS}>{UP}<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>'
        "<url><loc>http://example.com/a</loc></url></urlset>"
    ).encode()
    assert check_bytes(data).findings == []
