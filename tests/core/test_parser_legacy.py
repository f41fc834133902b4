"""Pre-1.0 (2012 alpha) syntax: read into the 1.1 model and flagged once per form."""

from __future__ import annotations

import base64
import hashlib

import pytest

from explorer.core.findings import Severity
from explorer.core.legacy import fixity_to_hash
from explorer.core.model import RS_NS, SITEMAP_NS
from explorer.core.parser import parse_document

XHTML = "http://www.w3.org/1999/xhtml"
NS = f'xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}" xmlns:xhtml="{XHTML}"'
MD5_B64 = base64.b64encode(hashlib.md5(b"hello").digest()).decode()
MD5_HEX = hashlib.md5(b"hello").hexdigest()


def legacy_doc(body: str, root_attributes: str = "") -> bytes:
    return f"<urlset {root_attributes} {NS}>\n{body}\n</urlset>".encode()


def by_code(doc) -> dict[str, object]:
    return {f.code: f for f in doc.findings}


def test_change_set_root_becomes_a_change_list() -> None:
    doc = parse_document(
        legacy_doc(
            '<url><loc>http://e.org/a</loc><lastmod rs:type="updated">2012-08-08T08:15:00Z'
            "</lastmod></url>",
            root_attributes='rs:type="changeset"',
        )
    )
    assert doc.capability == "changelist"
    assert doc.legacy is True
    found = by_code(doc)["parse.legacy-changeset"]
    assert found.severity is Severity.WARNING
    assert 'capability="changelist"' in found.message
    assert found.spec.startswith("core 0.1-alpha")


def test_root_rs_type_other_than_changeset_is_not_read_as_change_list() -> None:
    doc = parse_document(legacy_doc("", root_attributes='rs:type="sitemap"'))
    assert doc.capability is None
    assert doc.legacy is False


@pytest.mark.parametrize("change", ["created", "updated"])
def test_lastmod_type_maps_to_change_and_datetime(change: str) -> None:
    doc = parse_document(
        legacy_doc(
            f'<url><loc>http://e.org/a</loc><lastmod rs:type="{change}">2012-08-08T08:15:00Z'
            "</lastmod></url>"
        )
    )
    [entry] = doc.entries
    assert entry.lastmod == "2012-08-08T08:15:00Z"
    assert entry.change == change
    assert entry.datetime == "2012-08-08T08:15:00Z"
    found = by_code(doc)["parse.legacy-lastmod-type"]
    assert "rs:md change" in found.message
    assert found.line == 2


def test_lastmod_without_type_is_not_legacy() -> None:
    doc = parse_document(
        legacy_doc("<url><loc>http://e.org/a</loc><lastmod>2012-08-08T08:15:00Z</lastmod></url>")
    )
    assert doc.legacy is False
    assert doc.entries[0].md == {}
    assert doc.findings == []


def test_expires_maps_to_a_deletion() -> None:
    doc = parse_document(
        legacy_doc("<url><loc>http://e.org/b</loc><expires>2012-08-08T13:22:00Z</expires></url>")
    )
    [entry] = doc.entries
    assert entry.change == "deleted"
    assert entry.datetime == "2012-08-08T13:22:00Z"
    assert entry.lastmod is None
    assert 'change="deleted"' in by_code(doc)["parse.legacy-expires"].message


def test_resource_elements_map_to_rs_md_attributes() -> None:
    doc = parse_document(
        legacy_doc(
            "<url><loc>http://e.org/a</loc>"
            f'<rs:fixity type="md5">{MD5_B64}</rs:fixity>'
            "<rs:size>15672</rs:size>"
            "<rs:mimetype>text/html; charset=utf-8</rs:mimetype>"
            "<rs:contentencoding>gzip</rs:contentencoding>"
            "<rs:path>resources/a</rs:path></url>"
        )
    )
    [entry] = doc.entries
    assert entry.md == {
        "hash": f"md5:{MD5_HEX}",
        "length": "15672",
        "type": "text/html; charset=utf-8",
        "encoding": "gzip",
        "path": "resources/a",
    }
    found = by_code(doc)
    assert set(found) == {
        "parse.legacy-fixity",
        "parse.legacy-size",
        "parse.legacy-mimetype",
        "parse.legacy-contentencoding",
        "parse.legacy-path",
    }
    assert "rs:md length" in found["parse.legacy-size"].message
    assert "rs:md hash" in found["parse.legacy-fixity"].message
    assert "rs:md type" in found["parse.legacy-mimetype"].message
    assert "rs:md encoding" in found["parse.legacy-contentencoding"].message
    assert "rs:md path" in found["parse.legacy-path"].message


def test_a_1_1_rs_md_wins_over_legacy_elements() -> None:
    doc = parse_document(
        legacy_doc('<url><loc>http://e.org/a</loc><rs:size>5</rs:size><rs:md length="7"/></url>')
    )
    assert doc.entries[0].length == "7"
    assert "parse.legacy-size" in by_code(doc)


def test_multiple_fixity_elements_become_one_hash_list() -> None:
    sha = base64.b64encode(hashlib.sha256(b"hello").digest()).decode()
    doc = parse_document(
        legacy_doc(
            f'<url><loc>http://e.org/a</loc><rs:fixity type="md5">{MD5_B64}</rs:fixity>'
            f'<rs:fixity type="sha-256">{sha}</rs:fixity></url>'
        )
    )
    assert doc.entries[0].hash == f"md5:{MD5_HEX} sha-256:{hashlib.sha256(b'hello').hexdigest()}"


def test_fixity_that_is_not_base64_is_kept_as_written() -> None:
    assert fixity_to_hash("md5", " not*base64 ") == "md5:not*base64"
    assert fixity_to_hash("SHA-1", base64.b64encode(b"\x01\x02").decode()) == "sha-1:0102"
    assert fixity_to_hash(None, "AAAA") == ":000000"


def test_xhtml_links_are_read_as_links_and_flagged_once() -> None:
    doc = parse_document(
        legacy_doc(
            '<xhtml:link rel="current http://www.openarchives.org/rs/changeset" '
            'href="http://e.org/changes.xml"/>\n'
            '<url><loc>http://e.org/a</loc><xhtml:link rel="memento" href="http://e.org/a/1"/>'
            "</url>"
        )
    )
    assert doc.link_href("current http://www.openarchives.org/rs/changeset") == (
        "http://e.org/changes.xml"
    )
    assert doc.entries[0].links_with("memento")[0].href == "http://e.org/a/1"
    [found] = doc.findings
    assert found.code == "parse.legacy-xhtml-link"
    assert "used 2 times" in found.message
    assert "rs:ln" in found.message
    assert found.line == 2


def test_xhtml_meta_modified_is_flagged_other_meta_is_ignored() -> None:
    doc = parse_document(
        legacy_doc(
            '<xhtml:meta name="DCTERMS.modified" content="2012-08-08T16:30:00Z"/>'
            '<url><loc>http://e.org/a</loc><xhtml:meta name="DC.subject" content="x"/></url>'
        )
    )
    assert [f.code for f in doc.findings] == ["parse.legacy-xhtml-meta"]
    assert "rs:md at" in doc.findings[0].message


def test_one_finding_per_form_however_many_entries_use_it() -> None:
    entries = "".join(
        f"<url><loc>http://e.org/{i}</loc><rs:size>{i}</rs:size></url>\n" for i in range(50)
    )
    doc = parse_document(legacy_doc(entries))
    [found] = doc.findings
    assert found.code == "parse.legacy-size"
    assert "50 times" in found.message
    assert found.line == 2
    assert [e.length for e in doc.entries] == [str(i) for i in range(50)]


def test_full_2012_change_set_reads_as_a_usable_change_list() -> None:
    doc = parse_document(
        legacy_doc(
            '<xhtml:meta name="DCTERMS.modified" content="2012-08-08T16:30:00Z"/>\n'
            '<xhtml:link href="http://e.org/changesets/prev.xml" rel="prev"/>\n'
            '<url><loc>http://e.org/r1</loc><lastmod rs:type="updated">2012-08-08T08:15:00Z'
            "</lastmod><rs:size>10</rs:size></url>\n"
            "<url><loc>http://e.org/r2</loc><expires>2012-08-08T13:22:00Z</expires></url>\n"
            '<url><loc>http://e.org/r3</loc><lastmod rs:type="created">2012-08-08T14:57:00Z'
            "</lastmod></url>",
            root_attributes='rs:type="changeset"',
        )
    )
    assert doc.capability == "changelist"
    assert [(e.loc, e.change) for e in doc.entries] == [
        ("http://e.org/r1", "updated"),
        ("http://e.org/r2", "deleted"),
        ("http://e.org/r3", "created"),
    ]
    assert all(f.severity is Severity.WARNING for f in doc.findings)
    assert len(doc.findings) == 6


def test_prefixed_attributes_on_xhtml_links_are_kept_as_written() -> None:
    doc = parse_document(
        legacy_doc(
            '<xhtml:link href="http://e.org/subscribe" rs:protocol="http://e.org/callback"/>'
        )
    )
    [link] = doc.links
    assert link.attributes[f"{{{RS_NS}}}protocol"] == "http://e.org/callback"
    assert [f.code for f in doc.findings] == ["parse.legacy-xhtml-link"]


# --- 0.9 and 0.9.1 (2013): the forms 1.0 renamed -------------------------------------

V09_NS = f'xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}"'


def v09_doc(md: str, links: str = "", entries: str = "") -> bytes:
    return f"<urlset {V09_NS}>\n{links}\n<rs:md {md}/>\n{entries}\n</urlset>".encode()


def test_v09_source_description_is_read_as_description() -> None:
    doc = parse_document(v09_doc('capability="resourcesync"'))
    assert doc.capability == "description"
    [found] = [f for f in doc.findings if f.code == "parse.legacy-resourcesync-capability"]
    assert found.severity is Severity.WARNING and found.line == 3
    assert "0.9" in found.message
    assert 'capability="resourcesync"' in found.message
    assert 'capability="description"' in found.message


def test_v09_document_modified_is_read_as_at_on_a_resource_list() -> None:
    doc = parse_document(v09_doc('capability="resourcelist" modified="2013-06-01T00:00:00Z"'))
    assert doc.md["at"] == "2013-06-01T00:00:00Z"
    assert doc.md["modified"] == "2013-06-01T00:00:00Z"  # kept as published
    [found] = [f for f in doc.findings if f.code == "parse.legacy-modified"]
    assert "0.9" in found.message and "modified" in found.message and "at=" in found.message


def test_v09_modified_never_overrides_a_1_1_at() -> None:
    md = 'capability="resourcelist" at="2014-01-01T00:00:00Z" modified="2013-06-01T00:00:00Z"'
    assert parse_document(v09_doc(md)).md["at"] == "2014-01-01T00:00:00Z"


def test_v09_modified_on_a_change_list_is_not_taken_for_from() -> None:
    doc = parse_document(v09_doc('capability="changelist" modified="2013-06-01T00:00:00Z"'))
    assert "from" not in doc.md and "at" not in doc.md
    [found] = [f for f in doc.findings if f.code == "parse.legacy-modified"]
    assert "from=" in found.message and "not read" in found.message


def test_v09_resourcesync_link_is_read_as_up() -> None:
    link = '<rs:ln rel="resourcesync" href="http://e.org/capabilitylist.xml"/>'
    doc = parse_document(v09_doc('capability="resourcelist"', links=link))
    assert doc.link_href("up") == "http://e.org/capabilitylist.xml"
    [found] = [f for f in doc.findings if f.code == "parse.legacy-resourcesync-link"]
    assert found.line == 2 and 'rel="up"' in found.message and "0.9" in found.message


def test_a_whole_v09_resource_list_gives_one_warning_per_form_and_no_error() -> None:
    from explorer.core.validator import check_bytes

    entries = "\n".join(
        f"<url><loc>http://e.org/r{i}</loc><lastmod>2013-05-0{i}T00:00:00Z</lastmod></url>"
        for i in range(1, 4)
    )
    data = v09_doc(
        'capability="resourcelist" modified="2013-06-01T00:00:00Z"',
        links='<rs:ln rel="resourcesync" href="http://e.org/capabilitylist.xml"/>',
        entries=entries,
    )
    result = check_bytes(data)
    assert sorted(f.code for f in result.findings) == [
        "parse.legacy-modified",
        "parse.legacy-resourcesync-link",
    ]
    assert result.document is not None and result.document.legacy is True


def test_a_v09_source_description_validates_as_one() -> None:
    from explorer.core.validator import check_bytes

    data = v09_doc(
        'capability="resourcesync"',
        links='<rs:ln rel="describedby" href="http://e.org/about"/>',
        entries='<url><loc>http://e.org/caps.xml</loc><rs:md capability="capabilitylist"/></url>',
    )
    assert [f.code for f in check_bytes(data).findings] == ["parse.legacy-resourcesync-capability"]
