"""Budgets the parser enforces while it builds the model: past one, that part is counted,
not read, and a finding says so. Small limits are patched in so the documents stay small;
every budget is checked on the streamed path and, where it can differ, the whole-tree one."""

from __future__ import annotations

import pytest

from explorer.core import parser, safe_xml
from explorer.core.findings import CappedFindings, finding
from explorer.core.model import RS_NS, SITEMAP_NS, Document
from explorer.core.parser import parse_document
from explorer.core.rules import size
from explorer.core.rules.context import ValidationContext
from explorer.core.safe_xml import DocumentParseError, StreamUnavailable
from explorer.core.validator import validate_document

OPEN = f'<urlset xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}">'
MD = '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>'


def urlset(body: str) -> bytes:
    return f"{OPEN}{MD}{body}</urlset>".encode()


def entry(i: int, inner: str = "") -> str:
    return f"<url><loc>http://e.org/{i}</loc>{inner}</url>"


def codes(doc: Document) -> list[str]:
    return [item.code for item in doc.findings]


def whole_tree(data: bytes) -> Document:
    root = safe_xml.parse_tree(safe_xml.prepare(data))
    return parser._Reader(root, len(data)).read((root,))


# -- attributes per element -------------------------------------------------------------


def test_a_start_tag_spanning_a_stream_chunk_is_counted_before_lxml_builds_it() -> None:
    attributes = "".join(f' a{i}="1"' for i in range(20_000))  # ~190 KB
    data = urlset(entry(1, f"<rs:md{attributes}/>"))
    with pytest.raises(DocumentParseError) as info:
        parse_document(data)
    assert info.value.finding.code == "parse.too-many-attributes"
    assert info.value.finding.line == 1


def test_a_long_start_tag_within_the_budget_is_read() -> None:
    long_value = "x" * (3 * safe_xml.STREAM_CHUNK)
    data = urlset(entry(1, f'<rs:md type="{long_value}" length="1"/>'))
    assert parse_document(data).entries[0].md["type"] == long_value


def test_an_element_keeps_the_first_attributes_within_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parser, "MAX_ATTRIBUTES", 4)
    attributes = "".join(f' a{i}="{i}"' for i in range(10))
    doc = parse_document(urlset(entry(1, f"<rs:md{attributes}/><rs:ln{attributes}/>")))
    assert list(doc.entries[0].md) == ["a0", "a1", "a2", "a3"]
    assert len(doc.entries[0].links[0].attributes) == 4
    assert codes(doc).count("parse.too-many-attributes") == 2


def test_past_the_document_attribute_budget_no_further_entry_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parser, "MAX_DOCUMENT_ATTRIBUTES", 10)
    md = '<rs:md hash="md5:0cc175b9c0f1b6a831c399e269772661" length="3" type="text/plain"/>'
    doc = parse_document(urlset("".join(entry(i, md) for i in range(6))))
    assert len(doc.entries) == 4  # 12 attributes by the fourth entry
    assert doc.unread_entries == 2
    assert {"parse.too-many-attributes", "parse.too-many-entries"} <= set(codes(doc))


# -- namespaces ---------------------------------------------------------------------------


def test_elements_in_namespaces_past_the_budget_are_ignored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parser, "MAX_NAMESPACES", 4)  # sitemap, rs and two more
    body = "".join(entry(i, f'<x:e{i} xmlns:x="urn:n:{i}"/>') for i in range(6))
    doc = parse_document(urlset(body))
    assert len(doc.entries) == 6
    (item,) = [f for f in doc.findings if f.code == "parse.too-many-namespaces"]
    assert "4 elements" in item.message
    assert item.line == 1


def test_a_root_with_too_many_namespace_declarations_keeps_the_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parser, "MAX_NAMESPACES", 3)
    declarations = "".join(f' xmlns:n{i}="urn:n:{i}"' for i in range(5))
    data = f'<urlset xmlns="{SITEMAP_NS}"{declarations}>{entry(1)}</urlset>'.encode()
    doc = parse_document(data)
    assert len(doc.namespaces) == 3
    assert "parse.too-many-namespaces" in codes(doc)


def test_distinct_unknown_element_names_past_the_budget_are_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parser, "MAX_UNKNOWN_NAMES", 3)
    monkeypatch.setattr(parser, "MAX_CACHED_TAGS", 5)
    doc = parse_document(urlset(entry(1, "".join(f"<u{i}/>" for i in range(10)))))
    unknown = [f for f in doc.findings if f.code == "parse.unknown-element"]
    assert len(unknown) == 4
    (rest,) = [f for f in unknown if f.message.startswith("7 more elements")]
    assert rest.line == 1


# -- entries ------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [50, 5_000])  # whole tree, and streamed past one chunk
def test_entries_past_the_budget_are_counted_not_read(
    monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    monkeypatch.setattr(parser, "MAX_ENTRIES", 10)
    data = urlset("\n".join(entry(i) for i in range(count)))
    assert (len(data) > safe_xml.STREAM_CHUNK) == (count > 50)
    doc = parse_document(data)
    assert len(doc.entries) == 10
    assert doc.unread_entries == count - 10
    (item,) = [f for f in doc.findings if f.code == "parse.too-many-entries"]
    assert item.line == 11
    assert f"{count:,} entries" in item.message


def test_the_size_rule_counts_unread_entries() -> None:
    doc = Document(root="urlset", entries=[], unread_entries=60_000, line=1)
    out: list = []
    size.check(doc, ValidationContext(), out)
    assert [f.code for f in out] == ["document.too-many-entries"]
    assert "60,000 entries" in out[0].message


# -- links --------------------------------------------------------------------------------


def test_links_past_the_budget_of_one_entry_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parser, "MAX_LINKS_PER_ENTRY", 5)
    links = '<rs:ln rel="alternate" href="http://e.org/x"/>' * 8
    doc = parse_document(urlset(entry(1, links) + entry(2)))
    assert len(doc.entries[0].links) == 5
    (item,) = [f for f in doc.findings if f.code == "parse.too-many-links"]
    assert "8 rs:ln" in item.message


def test_links_past_the_document_budget_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parser, "MAX_LINKS", 7)
    link = '<rs:ln rel="alternate" href="http://e.org/x"/>'
    doc = parse_document(urlset(link * 3 + "".join(entry(i, link * 2) for i in range(4))))
    assert len(doc.links) + sum(len(e.links) for e in doc.entries) == 7
    assert "parse.too-many-links" in codes(doc)


# -- children of one entry ----------------------------------------------------------------


def test_an_open_entry_keeps_its_first_children_wherever_the_chunks_fall() -> None:
    links = '<rs:ln rel="d" href="h"/>' * 5_000  # ~120 KB: trimmed while it streams
    data = urlset(entry(1) + entry(2, links) + entry(3))
    streamed = parse_document(data)
    assert streamed == whole_tree(data)
    assert len(streamed.entries) == 3
    (item,) = [f for f in streamed.findings if f.code == "parse.entry-too-large"]
    assert "5,001 child elements" in item.message  # loc and 5,000 links
    assert "parse.too-many-links" in codes(streamed)


def test_the_stream_keeps_a_bounded_part_of_an_open_entry() -> None:
    grandchildren = "<x>" + "<y/>" * 100_000 + "</x>"
    links = '<rs:ln rel="d" href="h"/>' * 3_000
    data = safe_xml.prepare(urlset(entry(1, grandchildren + links) + entry(2)))
    dropped: dict = {}
    sizes = []
    for _root, batch in safe_xml.stream_children(data, dropped):
        for child in batch:
            sizes.append((len(child), sum(1 for _ in child.iter())))
    children, descendants = sizes[1]  # after the document rs:md
    # The budget, plus what arrived in the chunk where the entry closed; the reader cuts
    # that too (see the test above), so only memory depends on where the chunks fell.
    assert children < safe_xml.MAX_ENTRY_CHILDREN + safe_xml.STREAM_CHUNK // 24
    assert descendants < children + 100  # the 100,000 <y/> were freed as they came
    assert list(dropped.values()) == [3_002 - children]  # loc, x and 3,000 links


# -- documents the stream cannot read -----------------------------------------------------


def test_an_unstreamable_sitemap_is_read_whole_only_within_the_element_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unavailable(*args):
        raise StreamUnavailable
        yield

    monkeypatch.setattr(parser, "stream_children", unavailable)
    data = urlset("".join(entry(i) for i in range(3_000)))
    assert len(parse_document(data).entries) == 3_000
    monkeypatch.setattr(safe_xml, "MAX_TREE_ELEMENTS", 1_000)
    with pytest.raises(DocumentParseError) as info:
        parse_document(data)
    assert info.value.finding.code == "parse.resource-limit"


def test_a_large_document_with_another_root_is_reported_at_its_root(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(safe_xml, "MAX_TREE_ELEMENTS", 100)  # its root, not its tree
    body = "<item>x</item>" * 10_000
    data = f'<?xml version="1.0"?>\n<!-- a feed -->\n<feed>{body}</feed>'.encode()
    with pytest.raises(DocumentParseError) as info:
        parse_document(data)
    assert info.value.finding.code == "parse.not-sitemap"
    assert info.value.finding.line == 3
    assert "<feed>" in info.value.finding.message


def test_a_late_syntax_error_in_a_large_document_matches_the_whole_tree_answer() -> None:
    data = urlset("".join(entry(i) for i in range(3_000)))
    broken = data[:-20] + b"</url>" + data[-20:]
    with pytest.raises(DocumentParseError) as streamed:
        parse_document(broken)
    with pytest.raises(DocumentParseError) as whole:
        whole_tree(broken)
    assert streamed.value.finding == whole.value.finding


# -- findings per code --------------------------------------------------------------------


def test_findings_of_one_code_are_capped_with_a_summary() -> None:
    kept = CappedFindings(cap=3)
    kept.extend(finding("document.loc-missing", "m", line=i) for i in range(10))
    kept.append(finding("document.type-invalid", "t", line=99))
    assert [f.line for f in kept] == [0, 1, 2, 99]
    (summary,) = kept.summaries("document.findings-capped")
    assert summary.line == 3
    assert summary.message.startswith("7 more document.loc-missing findings")


def test_the_validator_lists_at_most_a_thousand_findings_of_one_code() -> None:
    doc = parse_document(urlset("<url/>" * 1_500))
    findings = validate_document(doc)
    assert [f.code for f in findings].count("document.loc-missing") == 1_000
    (summary,) = [f for f in findings if f.code == "document.findings-capped"]
    assert summary.message.startswith("500 more document.loc-missing")


def test_a_normal_document_has_no_capped_findings() -> None:
    doc = parse_document(urlset("<url/>" * 999))
    findings = validate_document(doc)
    assert [f.code for f in findings].count("document.loc-missing") == 999
    assert "document.findings-capped" not in [f.code for f in findings]
