"""Severities and citations decided once, in the code registry, and kept by the messages."""

from __future__ import annotations

from explorer.core.codes import CODES
from explorer.core.findings import Severity
from explorer.core.parser import DocumentParseError, parse_document

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)


def test_md_and_ln_after_entries_break_one_rule_with_one_severity() -> None:
    md, ln = CODES["parse.md-after-entries"], CODES["parse.ln-after-entries"]
    assert md.severity is ln.severity is Severity.WARNING
    assert md.spec == ln.spec
    data = (
        f"<urlset {NS}><url><loc>http://e.org/a</loc></url>\n"
        '<rs:md capability="resourcelist" at="2013-01-01T00:00:00Z"/>\n'
        '<rs:ln rel="up" href="http://e.org/caps.xml"/></urlset>'
    ).encode()
    doc = parse_document(data)
    assert {f.code: f.severity for f in doc.findings} == {
        "parse.md-after-entries": Severity.WARNING,
        "parse.ln-after-entries": Severity.WARNING,
    }
    assert doc.capability == "resourcelist" and doc.link_href("up") == "http://e.org/caps.xml"


def test_loc_rules_cite_the_sitemaps_protocol() -> None:
    for code in ("document.loc-not-absolute", "document.loc-too-long"):
        assert CODES[code].spec is not None and "Sitemaps protocol" in CODES[code].spec


def test_malformed_xml_cites_xml_well_formedness() -> None:
    try:
        parse_document(b"<urlset><url></urlset>")
    except DocumentParseError as exc:
        assert exc.finding.code == "parse.malformed"
        assert exc.finding.spec == "XML 1.0 §2.1"
    else:
        raise AssertionError("not well-formed XML was parsed")


def test_up_missing_records_why_it_is_a_warning() -> None:
    info = CODES["document.up-missing"]
    assert info.severity is Severity.WARNING
    assert "mandatory" in info.title and "examples omit" in info.title
