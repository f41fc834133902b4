"""parse_document: every document type, the model it fills, and structure findings."""

from __future__ import annotations

import gzip

import pytest

from explorer.core.findings import Severity
from explorer.core.model import RS_NS, SITEMAP_NS
from explorer.core.parser import MAX_DOCUMENT_BYTES, DocumentParseError, parse_document

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
NS = f'xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}"'


def urlset(body: str, ns: str = NS) -> bytes:
    return f"{HEAD}<urlset {ns}>\n{body}\n</urlset>\n".encode()


def sitemapindex(body: str, ns: str = NS) -> bytes:
    return f"{HEAD}<sitemapindex {ns}>\n{body}\n</sitemapindex>\n".encode()


def codes(doc) -> list[str]:
    return [f.code for f in doc.findings]


def test_max_document_bytes_is_at_least_the_spec_limit() -> None:
    assert MAX_DOCUMENT_BYTES >= 50 * 1000 * 1000


def test_resource_list_fills_document_entries_and_lines() -> None:
    doc = parse_document(
        urlset(
            '<rs:ln rel="up" href="http://example.org/caps.xml"/>\n'
            '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>\n'
            "<url>\n"
            "  <loc> http://example.org/a </loc>\n"
            "  <lastmod>2026-01-01T00:00:00Z</lastmod>\n"
            "  <changefreq>daily</changefreq>\n"
            '  <rs:md hash="md5:0123456789abcdef0123456789abcdef" length="12" type="text/plain"/>\n'
            '  <rs:ln rel="describedby" href="http://example.org/a.meta" pri="2"/>\n'
            "</url>"
        )
    )
    assert doc.root == "urlset"
    assert not doc.is_index
    assert doc.capability == "resourcelist"
    assert doc.md == {"capability": "resourcelist", "at": "2026-01-01T00:00:00Z"}
    assert doc.line == 2
    assert doc.md_line == 4
    assert doc.namespaces == {None: SITEMAP_NS, "rs": RS_NS}
    assert doc.size > 0
    assert doc.legacy is False
    assert doc.findings == []
    [up] = doc.links
    assert (up.rel, up.href, up.line) == ("up", "http://example.org/caps.xml", 3)
    [entry] = doc.entries
    assert entry.loc == "http://example.org/a"
    assert entry.lastmod == "2026-01-01T00:00:00Z"
    assert entry.changefreq == "daily"
    assert entry.line == 5
    assert entry.hash == "md5:0123456789abcdef0123456789abcdef"
    assert entry.length == "12"
    assert entry.type == "text/plain"
    [link] = entry.links
    assert link.rel == "describedby"
    assert link.attributes["pri"] == "2"
    assert link.line == 10


@pytest.mark.parametrize(
    ("capability", "root"),
    [
        ("description", "urlset"),
        ("capabilitylist", "urlset"),
        ("resourcelist", "sitemapindex"),
        ("resourcedump", "urlset"),
        ("resourcedump", "sitemapindex"),
        ("resourcedump-manifest", "urlset"),
        ("changelist", "urlset"),
        ("changelist", "sitemapindex"),
        ("changedump", "urlset"),
        ("changedump", "sitemapindex"),
        ("changedump-manifest", "urlset"),
        ("change-notification", "urlset"),
        ("framework-notification", "urlset"),
        ("resourcelist-archive", "urlset"),
        ("changelist-archive", "sitemapindex"),
    ],
)
def test_every_document_type_is_read_with_its_capability(capability: str, root: str) -> None:
    entry = "sitemap" if root == "sitemapindex" else "url"
    body = (
        f'<rs:md capability="{capability}" from="2026-01-01T00:00:00Z"/>\n'
        f"<{entry}><loc>http://example.org/1</loc>"
        '<rs:md change="created" capability="resourcelist" path="/1" '
        'from="2026-01-01T00:00:00Z" until="2026-01-02T00:00:00Z"/></' + entry + ">"
    )
    data = sitemapindex(body) if root == "sitemapindex" else urlset(body)
    doc = parse_document(data)
    assert doc.root == root
    assert doc.capability == capability
    assert doc.md["from"] == "2026-01-01T00:00:00Z"
    [item] = doc.entries
    assert item.md == {
        "change": "created",
        "capability": "resourcelist",
        "path": "/1",
        "from": "2026-01-01T00:00:00Z",
        "until": "2026-01-02T00:00:00Z",
    }
    assert doc.findings == []


def test_plain_sitemap_without_rs_terms_is_read() -> None:
    doc = parse_document(
        f'{HEAD}<urlset xmlns="{SITEMAP_NS}"><url><loc>http://example.org/</loc>'
        "<priority>0.5</priority></url></urlset>".encode()
    )
    assert doc.capability is None
    assert doc.md == {}
    assert doc.md_line is None
    assert [e.loc for e in doc.entries] == ["http://example.org/"]
    assert doc.entries[0].md == {}
    assert doc.findings == []


def test_gzip_input_is_accepted_and_size_is_the_inflated_size() -> None:
    data = urlset('<rs:md capability="resourcelist"/><url><loc>http://example.org/</loc></url>')
    doc = parse_document(gzip.compress(data))
    assert doc.capability == "resourcelist"
    assert doc.size == len(data)


def test_multi_member_gzip_is_read_whole() -> None:
    data = urlset('<rs:md capability="resourcelist"/><url><loc>http://example.org/</loc></url>')
    half = len(data) // 2
    doc = parse_document(gzip.compress(data[:half]) + gzip.compress(data[half:]))
    assert len(doc.entries) == 1


def test_corrupt_gzip_is_a_parse_error() -> None:
    broken = bytearray(gzip.compress(urlset("")))
    broken[12] ^= 0xFF
    with pytest.raises(DocumentParseError) as info:
        parse_document(bytes(broken))
    assert info.value.finding.code == "parse.gzip"


def test_truncated_gzip_is_a_parse_error() -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(gzip.compress(urlset("<url><loc>http://e.org/</loc></url>"))[:-12])
    assert info.value.finding.code == "parse.gzip"


def test_malformed_xml_reports_line_and_column() -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(urlset("<url><loc>http://example.org/</url>"))
    found = info.value.finding
    assert found.code == "parse.malformed"
    assert found.severity is Severity.ERROR
    assert found.line == 3
    assert found.column is not None and found.column > 0
    assert "mismatch" in found.message
    assert "column" not in found.message  # the position is in the fields, not repeated


def test_empty_input_is_a_parse_error() -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(b"")
    assert info.value.finding.code == "parse.malformed"


@pytest.mark.parametrize(
    "data",
    [
        b"<feed xmlns='http://www.w3.org/2005/Atom'/>",
        b"<html><body/></html>",
        f"<url xmlns='{SITEMAP_NS}'><loc>http://e.org/</loc></url>".encode(),
    ],
)
def test_root_that_is_not_a_sitemap_is_refused(data: bytes) -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(data)
    assert info.value.finding.code == "parse.not-sitemap"
    assert info.value.finding.line == 1


# -- namespaces --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rs_uri",
    [
        "http://www.openarchives.org/rs/terms",
        "https://www.openarchives.org/rs/terms/",
        "http://openarchives.org/rs/terms/",
        "http://example.org/rs/terms/",
    ],
)
def test_near_miss_rs_namespace_is_read_and_flagged(rs_uri: str) -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/><url><loc>http://e.org/</loc>'
            '<rs:md length="3"/></url>',
            ns=f'xmlns="{SITEMAP_NS}" xmlns:rs="{rs_uri}"',
        )
    )
    assert doc.capability == "resourcelist"
    assert doc.entries[0].length == "3"
    [found] = doc.findings
    assert found.code == "parse.rs-namespace"
    # The fix is made in the declaration: the finding names it, sits on its line (the
    # root's, line 2) and says what to write; the element first using it is named beside.
    assert f'xmlns:rs="{rs_uri}"' in found.message
    assert f'change the declaration to xmlns:rs="{RS_NS}"' in found.message
    assert "<rs:md> on line 3" in found.message
    assert found.line == 2


def test_rs_prefix_bound_to_an_unrelated_uri_is_still_recognised() -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/>',
            ns=f'xmlns="{SITEMAP_NS}" xmlns:rs="http://example.org/terms"',
        )
    )
    assert doc.capability == "resourcelist"
    assert codes(doc) == ["parse.rs-namespace"]


def test_unrelated_namespace_with_other_prefix_is_an_ignored_extension() -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/><url><loc>http://e.org/</loc>'
            '<x:md xmlns:x="http://example.org/ext" a="1"/></url>'
        )
    )
    assert doc.entries[0].md == {}
    assert doc.findings == []


@pytest.mark.parametrize(
    "sitemap_ns",
    [
        "",
        'xmlns="https://www.sitemaps.org/schemas/sitemap/0.9"',
        'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9/"',
        'xmlns="http://www.google.com/schemas/sitemap/0.84"',
    ],
)
def test_wrong_sitemap_namespace_is_read_and_flagged(sitemap_ns: str) -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/><url><loc>http://e.org/</loc></url>',
            ns=f'{sitemap_ns} xmlns:rs="{RS_NS}"',
        )
    )
    assert [e.loc for e in doc.entries] == ["http://e.org/"]
    assert codes(doc) == ["parse.sitemap-namespace"]


def test_root_named_urlset_in_a_foreign_namespace_is_read_leniently() -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/><url><loc>http://e.org/</loc></url>',
            ns=f'xmlns="http://example.org/not-sitemaps" xmlns:rs="{RS_NS}"',
        )
    )
    assert len(doc.entries) == 1
    assert codes(doc) == ["parse.sitemap-namespace"]


def test_each_wrong_namespace_is_reported_once() -> None:
    entries = "".join(
        f"<url><loc>http://e.org/{i}</loc><rs:md length='1'/></url>" for i in range(5)
    )
    doc = parse_document(
        urlset(
            f'<rs:md capability="resourcelist"/>{entries}',
            ns=f'xmlns="{SITEMAP_NS}" xmlns:rs="http://www.openarchives.org/rs/terms"',
        )
    )
    assert codes(doc) == ["parse.rs-namespace"]


def test_prefixed_rs_attributes_are_read_and_flagged() -> None:
    doc = parse_document(urlset('<rs:md rs:capability="resourcelist" at="2026-01-01T00:00:00Z"/>'))
    assert doc.md == {"capability": "resourcelist", "at": "2026-01-01T00:00:00Z"}
    assert codes(doc) == ["parse.attribute-prefixed"]


def test_extension_attributes_in_other_namespaces_are_kept_without_finding() -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/><url><loc>http://e.org/</loc>'
            '<rs:md xmlns:x="http://example.org/x" x:note="n" length="2"/></url>'
        )
    )
    assert doc.entries[0].md == {"{http://example.org/x}note": "n", "length": "2"}
    assert doc.findings == []


# -- element structure -------------------------------------------------------------------------


def test_second_document_md_is_flagged_and_ignored() -> None:
    doc = parse_document(
        urlset('<rs:md capability="resourcelist"/>\n<rs:md capability="changelist"/>')
    )
    assert doc.capability == "resourcelist"
    assert doc.md_line == 3
    [found] = doc.findings
    assert found.code == "parse.md-repeated"
    assert found.line == 4


def test_document_md_after_an_entry_is_flagged_but_read() -> None:
    doc = parse_document(
        urlset('<url><loc>http://e.org/</loc></url>\n<rs:md capability="resourcelist"/>')
    )
    assert doc.capability == "resourcelist"
    [found] = doc.findings
    assert found.code == "parse.md-after-entries"
    assert found.line == 4


def test_document_md_before_entries_is_not_flagged() -> None:
    doc = parse_document(
        urlset('<rs:md capability="resourcelist"/>\n<url><loc>http://e.org/</loc></url>')
    )
    assert doc.findings == []


def test_document_link_after_an_entry_is_flagged_but_read() -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/><url><loc>http://e.org/</loc></url>\n'
            '<rs:ln rel="up" href="http://e.org/caps"/>'
        )
    )
    assert doc.link_href("up") == "http://e.org/caps"
    assert codes(doc) == ["parse.ln-after-entries"]


@pytest.mark.parametrize(
    ("child", "code"),
    [
        ("<loc>http://e.org/b</loc>", "parse.loc-repeated"),
        ("<lastmod>2026-01-01</lastmod>", "parse.lastmod-repeated"),
        ('<rs:md length="9"/>', "parse.entry-md-repeated"),
    ],
)
def test_repeated_entry_children_are_flagged_and_first_wins(child: str, code: str) -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/>\n<url>\n<loc>http://e.org/a</loc>\n'
            f'<lastmod>2025-01-01</lastmod>\n<rs:md length="1"/>\n{child}\n</url>'
        )
    )
    [entry] = doc.entries
    assert (entry.loc, entry.lastmod, entry.length) == ("http://e.org/a", "2025-01-01", "1")
    [found] = doc.findings
    assert found.code == code
    assert found.line == 8


def test_entry_without_loc_has_none_for_the_validator() -> None:
    doc = parse_document(urlset('<rs:md capability="resourcelist"/><url><lastmod/></url>'))
    assert doc.entries[0].loc is None
    assert doc.entries[0].lastmod == ""


def test_wrong_entry_element_for_the_root_is_flagged_once_and_read() -> None:
    doc = parse_document(
        sitemapindex(
            '<rs:md capability="resourcelist"/>\n'
            "<url><loc>http://e.org/1</loc></url>\n<url><loc>http://e.org/2</loc></url>"
        )
    )
    assert [e.loc for e in doc.entries] == ["http://e.org/1", "http://e.org/2"]
    [found] = doc.findings
    assert found.code == "parse.entry-element"
    assert found.line == 4
    assert "2 <url>" in found.message


def test_unknown_sitemap_and_rs_elements_are_flagged_once_per_name() -> None:
    doc = parse_document(
        urlset(
            '<rs:md capability="resourcelist"/>\n<rs:meta/>\n'
            "<url><loc>http://e.org/1</loc><link>x</link></url>\n"
            "<url><loc>http://e.org/2</loc><link>y</link></url>"
        )
    )
    found = {f.message.split(" has ")[0]: f for f in doc.findings}
    assert set(found) == {"<rs:meta> in the root element", "<link> in an entry (2 times)"}
    assert all(f.code == "parse.unknown-element" for f in doc.findings)
    assert found["<rs:meta> in the root element"].line == 4


def test_comments_and_processing_instructions_are_skipped() -> None:
    doc = parse_document(
        urlset(
            '<!-- generated --><?pi x?><rs:md capability="resourcelist"/>'
            "<url><!-- c --><loc>http://e.org/</loc></url>"
        )
    )
    assert [e.loc for e in doc.entries] == ["http://e.org/"]
    assert doc.findings == []


def test_non_utf8_encodings_are_read() -> None:
    text = (
        '<?xml version="1.0" encoding="ISO-8859-1"?>'
        f'<urlset xmlns="{SITEMAP_NS}"><url><loc>http://e.org/caf\u00e9</loc></url></urlset>'
    )
    assert parse_document(text.encode("latin-1")).entries[0].loc == "http://e.org/caf\u00e9"
    utf16 = text.replace("ISO-8859-1", "UTF-16").encode("utf-16")
    assert parse_document(utf16).entries[0].loc == "http://e.org/caf\u00e9"


def test_a_declared_xmlns_prefix_names_the_attribute_to_delete_under_xml_names() -> None:
    with pytest.raises(DocumentParseError) as raised:
        parse_document(
            urlset(
                "<url><loc>http://e.org/</loc></url>",
                ns=f'xmlns="{SITEMAP_NS}" xmlns:xmlns="{RS_NS}"',
            )
        )
    found = raised.value.finding
    assert found.code == "parse.xmlns-prefix-declared"
    assert found.spec == "XML-Names 1.0 §3"
    assert f'Delete the attribute xmlns:xmlns="{RS_NS}"' in found.message
    assert "redefinition" not in found.message
    assert found.line == 2


@pytest.mark.parametrize("typed", ["rs.md", "rs_md", "RS.MD"])
def test_rs_md_with_a_dot_is_said_as_a_typo_for_rs_md(typed: str) -> None:
    doc = parse_document(
        urlset(f'<{typed} capability="resourcelist"/><url><loc>http://e.org/</loc></url>')
    )
    [found] = [f for f in doc.findings if f.code == "parse.unknown-element"]
    assert f"<{typed}>" in found.message
    assert "typo for <rs:md>" in found.message


def test_an_unrelated_unknown_element_is_not_called_a_typo() -> None:
    doc = parse_document(urlset('<rs:md capability="resourcelist"/><rsx/>'))
    [found] = [f for f in doc.findings if f.code == "parse.unknown-element"]
    assert "typo" not in found.message
