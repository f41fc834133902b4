"""Canonical line diff: stable lines, diff -u text, aligned side-by-side rows, safe parsing."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.changes import canonical_lines, diff_lines
from explorer.core.changes.line_diff import (
    DELETE,
    EQUAL,
    INSERT,
    MAX_SHOWN_CHANGED_LINES,
    REPLACE,
    LineDiffTooLarge,
    check_showable,
)
from explorer.core.safe_xml import DocumentParseError

HEAD = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">'
)


def urlset(*lengths: int, sep: str = "\n") -> bytes:
    body = sep.join(
        f'<url><loc>http://example.com/{n}</loc><rs:md length="{n}"/></url>' for n in lengths
    )
    head = f'<?xml version="1.0"?>\n{HEAD}<rs:md capability="resourcelist"/>'
    return f"{head}{body}</urlset>".encode()


def test_canonical_form_puts_each_element_on_an_indented_line() -> None:
    assert canonical_lines(urlset(1)) == [
        HEAD,
        '  <rs:md capability="resourcelist"/>',
        "  <url>",
        "    <loc>http://example.com/1</loc>",
        '    <rs:md length="1"/>',
        "  </url>",
        "</urlset>",
    ]


def test_layout_and_comments_do_not_make_a_difference() -> None:
    tight = urlset(1, 2, sep="")
    loose = urlset(1, 2, sep="\n\n   <!-- generated -->\n")
    assert diff_lines(canonical_lines(tight), canonical_lines(loose)).identical


def test_canonicalising_refuses_a_doctype() -> None:
    hostile = (
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]>' + urlset(1).split(b"?>", 1)[1]
    )
    with pytest.raises(DocumentParseError):
        canonical_lines(hostile)


def test_identical_and_empty_inputs() -> None:
    same = diff_lines(["a", "b"], ["a", "b"])
    assert same.identical and same.hunks() == [] and same.unified() == ""
    assert diff_lines([], []).identical and diff_lines([], []).side_by_side() == []
    grown = diff_lines([], ["a", "b"])
    assert grown.added_lines == 2 and grown.removed_lines == 0
    assert grown.unified() == "--- old\n+++ new\n@@ -0,0 +1,2 @@\n+a\n+b\n"


def test_unified_text_matches_diff_u() -> None:
    old = [f"line {n}" for n in range(20)]
    new = list(old)
    new[3] = "changed 3"
    new.insert(15, "inserted")
    del new[18]
    ours = diff_lines(old, new).unified("a", "b", context=2)
    theirs = "".join(
        line if line.endswith("\n") else line + "\n"
        for line in difflib.unified_diff(old, new, "a", "b", n=2, lineterm="")
    )
    assert ours == theirs


def test_side_by_side_pairs_replacements_and_fills_gaps() -> None:
    rows = diff_lines(["a", "b", "c", "d"], ["a", "B", "B2", "d", "e"]).side_by_side()
    assert [(r.kind, r.old_number, r.old_text, r.new_number, r.new_text) for r in rows] == [
        (EQUAL, 1, "a", 1, "a"),
        (REPLACE, 2, "b", 2, "B"),
        (REPLACE, 3, "c", 3, "B2"),
        (EQUAL, 4, "d", 4, "d"),
        (INSERT, None, None, 5, "e"),
    ]
    removed = diff_lines(["a", "b"], ["a"]).side_by_side()
    assert removed[-1].kind == DELETE and removed[-1].new_text is None


def test_a_changed_attribute_is_one_changed_line_between_anchors() -> None:
    old = canonical_lines(urlset(*range(200)))
    new_doc = urlset(*range(200)).replace(b'length="77"', b'length="770"')
    result = diff_lines(old, canonical_lines(new_doc))
    assert result.added_lines == 1 and result.removed_lines == 1
    [hunk] = result.hunks()
    assert [line.text for line in hunk.lines if line.tag != " "] == [
        '    <rs:md length="77"/>',
        '    <rs:md length="770"/>',
    ]
    assert result.to_json()["hunks"][0]["old_start"] == hunk.old_start


def test_a_grown_list_is_one_insertion_at_its_end() -> None:
    old = canonical_lines(urlset(*range(300)))
    new = canonical_lines(urlset(*range(303)))
    result = diff_lines(old, new)
    assert (result.removed_lines, result.added_lines) == (0, 12)
    [hunk] = result.hunks(context=1)
    assert hunk.old_start == len(old) - 1 and hunk.new_count == 14


def test_reordered_entries_show_as_moves() -> None:
    old = canonical_lines(urlset(1, 2, 3))
    new = canonical_lines(urlset(3, 1, 2))
    result = diff_lines(old, new)
    assert not result.identical
    assert result.added_lines == result.removed_lines == 4


def rebuild(old: list[str], new: list[str]) -> tuple[list[str], list[str]]:
    result = diff_lines(old, new)
    left: list[str] = []
    right: list[str] = []
    for block in result.blocks:
        if block.op == EQUAL:
            assert old[block.old_start : block.old_end] == new[block.new_start : block.new_end]
        if block.op != INSERT:
            left += old[block.old_start : block.old_end]
        if block.op != DELETE:
            right += new[block.new_start : block.new_end]
    return left, right


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from("abcdefg"), max_size=40),
    st.lists(st.sampled_from("abcdefgh"), max_size=40),
)
def test_blocks_always_rebuild_both_sides(old: list[str], new: list[str]) -> None:
    assert rebuild(old, new) == (old, new)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 60), max_size=60, unique=True),
    st.lists(st.integers(0, 60), max_size=60, unique=True),
)
def test_unique_lines_take_the_anchored_path_and_still_rebuild(
    old: list[int], new: list[int]
) -> None:
    a = [f"x{n}" for n in old] + ["tail"] * 2
    b = [f"x{n}" for n in new] + ["tail"]
    assert rebuild(a, b) == (a, b)


def test_a_diff_changing_more_lines_than_are_shown_is_refused_with_its_counts() -> None:
    half = MAX_SHOWN_CHANGED_LINES // 2
    check_showable(diff_lines([f"a{i}" for i in range(half)], [f"b{i}" for i in range(half)]))
    over = diff_lines([f"a{i}" for i in range(half + 1)], [f"b{i}" for i in range(half)])
    with pytest.raises(LineDiffTooLarge) as refused:
        check_showable(over)
    assert f"{MAX_SHOWN_CHANGED_LINES + 1:,} lines changed" in str(refused.value)
