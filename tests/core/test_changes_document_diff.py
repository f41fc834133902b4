"""Structural diff of two document versions: by loc, field by field, plus document metadata."""

from __future__ import annotations

from explorer.core.changes import diff_documents
from explorer.core.model import Document
from explorer.core.parser import parse_document

HEAD = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">'
)


def doc(
    *entries: str, md: str = 'capability="resourcelist" at="2024-01-01T00:00:00Z"', links: str = ""
) -> Document:
    return parse_document((f"{HEAD}{links}<rs:md {md}/>" + "".join(entries) + "</urlset>").encode())


def url(name: str, md: str = 'length="1"', extra: str = "") -> str:
    return f"<url><loc>http://example.com/{name}</loc>{extra}<rs:md {md}/></url>"


def test_identical_documents_have_an_empty_diff() -> None:
    old = doc(url("a"), url("b"))
    result = diff_documents(old, doc(url("a"), url("b")))
    assert result.is_empty and not result.reordered
    assert result.summary() == {"added": 0, "removed": 0, "changed": 0}


def test_empty_documents() -> None:
    empty = Document(root="urlset")
    assert diff_documents(empty, Document(root="urlset")).is_empty
    grown = diff_documents(empty, doc(url("a")))
    assert grown.summary() == {"added": 1, "removed": 0, "changed": 0}
    emptied = diff_documents(doc(url("a")), doc())
    assert emptied.summary() == {"added": 0, "removed": 1, "changed": 0}


def test_reordered_entries_are_not_changes() -> None:
    result = diff_documents(doc(url("a"), url("b"), url("c")), doc(url("c"), url("a"), url("b")))
    assert result.is_empty
    assert result.reordered


def test_added_removed_and_changed_field_by_field() -> None:
    old = doc(url("a", 'hash="md5:aa" length="1"'), url("b"), url("gone"))
    new = doc(
        url(
            "a",
            'hash="md5:bb" length="1" type="text/plain"',
            "<lastmod>2024-01-02T00:00:00Z</lastmod>",
        ),
        url("b"),
        url("fresh"),
    )
    result = diff_documents(old, new)
    assert [entry.loc for _, entry in result.added] == ["http://example.com/fresh"]
    assert [entry.loc for _, entry in result.removed] == ["http://example.com/gone"]
    [changed] = result.changed
    assert changed.loc == "http://example.com/a"
    assert [(f.name, f.old, f.new) for f in changed.fields] == [
        ("lastmod", None, "2024-01-02T00:00:00Z"),
        ("hash", "md5:aa", "md5:bb"),
        ("type", None, "text/plain"),
    ]
    assert changed.old_line is not None and changed.new_line is not None


def test_entry_links_are_compared_as_a_set() -> None:
    mirror = '<rs:ln rel="duplicate" href="http://mirror.example.com/a"/>'
    other = '<rs:ln rel="duplicate" href="http://other.example.com/a"/>'
    same = diff_documents(
        doc(url("a").replace("</url>", mirror + other + "</url>")),
        doc(url("a").replace("</url>", other + mirror + "</url>")),
    )
    assert same.is_empty
    moved = diff_documents(
        doc(url("a").replace("</url>", mirror + "</url>")),
        doc(url("a").replace("</url>", other + "</url>")),
    )
    [change] = moved.changed
    assert [(f.name, f.old, f.new) for f in change.fields] == [
        ("links", "duplicate=http://mirror.example.com/a", "duplicate=http://other.example.com/a")
    ]


def test_document_level_metadata_and_links() -> None:
    up = '<rs:ln rel="up" href="http://example.com/capabilitylist.xml"/>'
    index = '<rs:ln rel="index" href="http://example.com/index.xml"/>'
    old = doc(url("a"), md='capability="changelist" from="2024-01-01T00:00:00Z"', links=up)
    new = doc(
        url("a"),
        md='capability="changelist" from="2024-01-01T00:00:00Z" until="2024-01-02T00:00:00Z"',
        links=index,
    )
    result = diff_documents(old, new)
    assert [(f.name, f.old, f.new) for f in result.metadata] == [
        ("until", None, "2024-01-02T00:00:00Z")
    ]
    assert [link.rel for link in result.links_removed] == ["up"]
    assert [link.rel for link in result.links_added] == ["index"]
    assert not result.is_empty and result.summary()["changed"] == 0


def test_repeated_locs_in_a_change_list_match_by_occurrence() -> None:
    md = 'capability="changelist" from="2024-01-01T00:00:00Z"'
    first = url("a", 'change="created" datetime="2024-01-01T00:00:00Z"')
    second = url("a", 'change="updated" datetime="2024-01-02T00:00:00Z"')
    third = url("a", 'change="deleted" datetime="2024-01-03T00:00:00Z"')
    result = diff_documents(doc(first, second, md=md), doc(first, second, third, md=md))
    assert [(n, entry.md["change"]) for n, entry in result.added] == [(2, "deleted")]
    assert result.summary() == {"added": 1, "removed": 0, "changed": 0}


def test_root_change_and_json_shape() -> None:
    index = parse_document(
        b'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        b'xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="resourcelist"/>'
        b"<sitemap><loc>http://example.com/a</loc></sitemap></sitemapindex>"
    )
    result = diff_documents(doc(url("a")), index)
    data = result.to_json()
    assert data["root"] == {"field": "root", "old": "urlset", "new": "sitemapindex"}
    assert data["changed"] == 1 and data["changed_entries"][0]["loc"] == "http://example.com/a"
    assert {f["field"] for f in data["changed_entries"][0]["fields"]} == {"length"}
    assert [f["field"] for f in data["metadata"]] == ["at"]
    assert set(data) == {
        "added",
        "removed",
        "changed",
        "reordered",
        "root",
        "metadata",
        "links_added",
        "links_removed",
        "added_entries",
        "removed_entries",
        "changed_entries",
    }
