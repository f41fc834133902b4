"""``serialize_document``: the model written back as core 1.1 XML, read back by the parser."""

from __future__ import annotations

import pytest
from lxml import etree

from explorer.core.model import RS_NS, SITEMAP_NS, SITEMAPINDEX, URLSET, Document, Entry, Link
from explorer.core.parser import parse_document
from explorer.core.serialize import serialize_document

NS = {"sm": SITEMAP_NS, "rs": RS_NS}


def change_list() -> Document:
    return Document(
        URLSET,
        md={"capability": "changelist", "from": "2025-01-01T00:00:00Z"},
        links=[
            Link("up", "http://example.org/caps.xml"),
            Link("index", "http://example.org/cl-index.xml", {"type": "application/xml"}),
        ],
        entries=[
            Entry(
                "http://example.org/a?x=1&y=<2>",
                lastmod="2025-01-01T01:00:00Z",
                md={
                    "change": "updated",
                    "datetime": "2025-01-01T01:00:00Z",
                    "hash": "md5:00 sha-256:11",
                    "length": "3",
                },
                links=[Link("duplicate", "http://mirror.example.org/a", {"pri": "1"})],
            ),
            Entry(
                "http://example.org/b", md={"change": "deleted", "datetime": "2025-01-01T02:00:00Z"}
            ),
        ],
    )


def test_round_trip_through_the_parser_keeps_every_field() -> None:
    original = change_list()
    parsed = parse_document(serialize_document(original))
    assert parsed.root == URLSET
    assert parsed.md == original.md
    pairs = [(ln.rel, ln.href) for ln in original.links]
    assert [(ln.rel, ln.href) for ln in parsed.links] == pairs
    assert parsed.links[1].attributes.get("type") == "application/xml"
    assert [e.loc for e in parsed.entries] == [e.loc for e in original.entries]
    assert parsed.entries[0].md == original.entries[0].md
    assert parsed.entries[0].lastmod == "2025-01-01T01:00:00Z"
    assert parsed.entries[0].links[0].attributes.get("pri") == "1"
    assert parsed.entries[1].lastmod is None


def test_layout_follows_the_core_examples() -> None:
    data = serialize_document(change_list())
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')
    root = etree.fromstring(data)
    assert root.nsmap == {None: SITEMAP_NS, "rs": RS_NS}
    assert [etree.QName(child).localname for child in root] == ["ln", "ln", "md", "url", "url"]
    first = root.find("sm:url", NS)
    assert [etree.QName(child).localname for child in first] == ["loc", "lastmod", "md", "ln"]
    assert list(first.find("rs:md", NS).attrib) == ["change", "datetime", "hash", "length"]
    assert b"x=1&amp;y=&lt;2&gt;" in data


def test_index_documents_use_sitemap_children_and_md_is_always_written() -> None:
    index = Document(
        SITEMAPINDEX,
        md={},
        entries=[Entry("http://example.org/l1.xml", md={"at": "2025-01-01T00:00:00Z"})],
    )
    root = etree.fromstring(serialize_document(index))
    assert etree.QName(root).localname == "sitemapindex"
    assert root.find("rs:md", NS) is not None
    assert root.find("sm:sitemap/sm:loc", NS).text == "http://example.org/l1.xml"


def test_unknown_root_is_refused() -> None:
    with pytest.raises(ValueError, match="feed"):
        serialize_document(Document("feed"))
