"""Documents shaped like ones published in the wild (written here, not copied), and the
messages they get: each names its cause and its fix.

- Stanford POD writes ``<rs:md>`` and ``<rs:ln>`` before ``<loc>`` in every entry;
- a tag holding nine U+00A0 NO-BREAK SPACE pasted from a word processor;
- a template that starts with a blank line before ``<?xml``;
- an entry whose change sits in a second ``<rs:md>``;
- ``capability="changelistindex"``;
- a Capability List published at ``/.well-known/resourcesync``.
"""

from __future__ import annotations

from explorer.core.findings import Finding, Severity
from explorer.core.validator import ValidationContext, check_bytes
from explorer.core.words.messages import JAPANESE, render_message

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<{root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
)


def _document(root: str, body: str) -> bytes:
    return (HEAD.format(root=root) + body + f"</{root}>\n").encode("utf-8")


def _findings(data: bytes, url: str | None = None) -> list[Finding]:
    return check_bytes(data, ValidationContext(url=url)).findings


def _codes(findings: list[Finding]) -> list[str]:
    return [item.code for item in findings]


def _japanese(item: Finding) -> str:
    """The Japanese message, which must come from a template (not the English fallback)."""
    said = render_message(item, JAPANESE)
    assert item.message not in said, said
    return said


POD_LIST = _document(
    "urlset",
    '  <rs:ln rel="up" href="https://pod.example.edu/capabilitylist.xml"/>\n'
    '  <rs:md capability="resourcelist" at="2024-03-01T12:00:00Z"/>\n'
    "  <url>\n"
    '    <rs:md hash="md5:6a3f1b2c4d5e6f708192a3b4c5d6e7f8" length="1024" '
    'type="application/marc"/>\n'
    '    <rs:ln rel="describedby" href="https://pod.example.edu/org/stream/1/info"/>\n'
    "    <loc>https://pod.example.edu/org/stream/1/file-1.mrc</loc>\n"
    "    <lastmod>2024-03-01T11:00:00Z</lastmod>\n"
    "  </url>\n"
    "  <url>\n"
    '    <rs:md hash="md5:00112233445566778899aabbccddeeff" length="2048"/>\n'
    "    <loc>https://pod.example.edu/org/stream/1/file-2.mrc</loc>\n"
    "  </url>\n"
    "  <url>\n"
    "    <loc>https://pod.example.edu/org/stream/1/file-3.mrc</loc>\n"
    '    <rs:md length="10"/>\n'
    "  </url>\n",
)

POD_INDEX = _document(
    "sitemapindex",
    '  <rs:md capability="resourcelist" at="2024-03-01T12:00:00Z"/>\n'
    "  <sitemap>\n"
    '    <rs:md at="2024-03-01T12:00:00Z"/>\n'
    "    <loc>https://pod.example.edu/org/stream/1/resourcelist-1.xml</loc>\n"
    "  </sitemap>\n",
)


def test_an_entry_child_before_loc_is_a_warning_that_names_the_order() -> None:
    found = [f for f in _findings(POD_LIST) if f.code == "parse.loc-not-first"]
    assert [f.line for f in found] == [5, 11]  # the entries; the third has <loc> first
    assert {f.severity for f in found} == {Severity.WARNING}
    first = found[0]
    assert first.spec == "core 1.1 §7 Table 2"
    assert "<rs:md> comes before <loc>" in first.message
    assert "Sitemap schema" in first.message and "move <loc> to the top" in first.message
    assert "表 2" in _japanese(first)
    index = [f for f in _findings(POD_INDEX) if f.code == "parse.loc-not-first"]
    assert len(index) == 1 and "<sitemap>" in index[0].message


def test_a_comment_before_loc_is_not_an_element_out_of_order() -> None:
    data = _document(
        "urlset",
        '  <rs:md capability="resourcelist" at="2024-03-01T12:00:00Z"/>\n'
        "  <url><!-- file 1 --><loc>https://example.org/a</loc></url>\n",
    )
    assert "parse.loc-not-first" not in _codes(_findings(data))


def test_invisible_no_break_spaces_are_named_by_code_point_and_column() -> None:
    tag = '  <rs:md capability="resourcelist" ' + "\u00a0" * 9 + 'at="2024-03-01T12:00:00Z"/>\n'
    data = _document("urlset", tag + "  <url><loc>https://example.org/a</loc></url>\n")
    (item,) = _findings(data)
    assert item.code == "parse.malformed" and item.line == 3
    assert "error parsing attribute name" in item.message  # what libxml2 said, kept
    assert "9 invisible characters" in item.message
    assert "U+00A0 NO-BREAK SPACE" in item.message
    assert "column 36" in item.message  # 2 spaces and 33 characters come before it
    assert "replace them with plain spaces" in item.message
    assert "U+00A0" in _japanese(item)


def test_a_blank_line_before_the_declaration_says_remove_it() -> None:
    data = b"\n" + _document("urlset", '  <rs:md capability="resourcelist"/>\n')
    (item,) = _findings(data)
    assert item.code == "parse.malformed"
    assert "remove the blank line before <?xml" in item.message
    assert "1 blank line" in item.message
    assert "空行" in _japanese(item)


def test_a_change_in_a_second_md_says_merge_not_add() -> None:
    data = _document(
        "urlset",
        '  <rs:md capability="changelist" from="2024-03-01T00:00:00Z"/>\n'
        "  <url>\n"
        "    <loc>https://example.org/record/7</loc>\n"
        '    <rs:md hash="md5:00112233445566778899aabbccddeeff" length="17"/>\n'
        '    <rs:md change="updated" datetime="2024-03-02T00:00:00Z"/>\n'
        "  </url>\n",
    )
    found = _findings(data)
    missing = next(f for f in found if f.code == "document.change-missing")
    repeated = next(f for f in found if f.code == "parse.entry-md-repeated")
    for item in (missing, repeated):
        assert "merge the two <rs:md> of this entry" in item.message
        assert "add the change" not in item.message
        assert "まとめて" in _japanese(item)
    assert 'change="updated"' in repeated.message and "line 7" in missing.message


def test_a_second_md_without_anything_new_keeps_the_plain_message() -> None:
    data = _document(
        "urlset",
        '  <rs:md capability="changelist" from="2024-03-01T00:00:00Z"/>\n'
        "  <url><loc>https://example.org/r</loc>\n"
        '    <rs:md change="updated" datetime="2024-03-02T00:00:00Z"/><rs:md change="created"/>'
        "\n  </url>\n",
    )
    (repeated,) = [f for f in _findings(data) if f.code == "parse.entry-md-repeated"]
    assert "merge" not in repeated.message and "only the first is used" in repeated.message
    assert "document.change-missing" not in _codes(_findings(data))


def test_changelistindex_says_which_capability_an_index_uses() -> None:
    index = _document(
        "sitemapindex",
        '  <rs:md capability="changelistindex" from="2024-03-01T00:00:00Z"/>\n'
        "  <sitemap><loc>https://example.org/changelist-1.xml</loc></sitemap>\n",
    )
    (item,) = [f for f in _findings(index) if f.code == "document.capability-unknown"]
    assert 'a Change List Index uses capability="changelist"' in item.message
    assert "§12.2" in item.message and "resourcedump-manifest" not in item.message
    assert 'capability="changelist"' in _japanese(item)
    listed = _document(
        "urlset",
        '  <rs:ln rel="up" href="https://example.org/.well-known/resourcesync"/>\n'
        '  <rs:md capability="capabilitylist"/>\n'
        "  <url><loc>https://example.org/rli.xml</loc>"
        '<rs:md capability="ResourceList-Index"/></url>\n',
    )
    (entry,) = [f for f in _findings(listed) if f.code == "document.entry-capability-not-allowed"]
    assert 'a Resource List Index uses capability="resourcelist"' in entry.message
    assert "§10.2" in entry.message


def test_a_capability_list_at_the_source_description_address_says_what_to_publish() -> None:
    data = _document(
        "urlset",
        '  <rs:md capability="capabilitylist"/>\n'
        "  <url><loc>https://example.org/resourcelist.xml</loc>"
        '<rs:md capability="resourcelist"/></url>\n',
    )
    at_well_known = _findings(data, "https://example.org/.well-known/resourcesync")
    codes = _codes(at_well_known)
    assert "document.capability-list-at-well-known" in codes
    assert "document.up-missing" not in codes  # the Capability List fix would mislead
    item = next(f for f in at_well_known if f.code == "document.capability-list-at-well-known")
    assert "shaped as a Capability List" in item.message
    assert "Publish a Source Description there" in item.message
    assert "ソースの記述" in _japanese(item)
    elsewhere = _codes(_findings(data, "https://example.org/capabilitylist.xml"))
    assert "document.capability-list-at-well-known" not in elsewhere
    assert "document.up-missing" in elsewhere
