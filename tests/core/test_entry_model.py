"""The compact entry: what callers read and write is what the dataclass it replaced gave.

An entry keeps its first rs:md values in itself and the rest, with changefreq and links,
in one tuple; these tests hold every attribute and method to the plain-dict behaviour.
"""

from __future__ import annotations

import sys
from unittest import mock

import pytest

from explorer.core.model import MAX_SHARED_NAME_CHARS, Entry, Link, md_column, md_layout
from explorer.core.parser import parse_document

FIVE = {"change": "updated", "datetime": "2026-01-01T00:00:00Z", "hash": "md5:ab"}
FIVE |= {"length": "12", "type": "text/plain"}


@pytest.mark.parametrize("count", [0, 1, 3, 4, 5])
def test_md_reads_back_in_order_whatever_its_size(count: int) -> None:
    md = dict(list(FIVE.items())[:count])
    entry = Entry("http://s/a", md=md)
    assert entry.md == md and list(entry.md) == list(md)
    assert entry.md_size == count
    for name in FIVE:
        assert entry.md_get(name) == md.get(name)
    assert (entry.change, entry.datetime, entry.hash, entry.length, entry.type) == tuple(
        md.get(name) for name in ("change", "datetime", "hash", "length", "type")
    )
    assert entry.path is None and entry.capability is None


def test_md_given_is_a_copy_and_assigning_md_replaces_it() -> None:
    md = {"hash": "md5:ab"}
    entry = Entry("http://s/a", md=md)
    md["length"] = "3"
    assert entry.md == {"hash": "md5:ab"}
    entry.md["type"] = "text/plain"  # a new dict each read: nothing changes
    assert entry.type is None
    entry.md = FIVE
    assert entry.md == FIVE
    entry.md = {}
    assert entry.md == {} and entry.md_size == 0


def test_changefreq_and_links_survive_md_changes_and_each_other() -> None:
    link = Link("alternate", "http://s/b")
    entry = Entry("http://s/a", changefreq="daily", md=FIVE, links=[link], line=7)
    assert entry.changefreq == "daily" and list(entry.links) == [link]
    entry.md = {"hash": "md5:cd"}
    assert entry.changefreq == "daily" and list(entry.links) == [link]
    entry.changefreq = None
    assert list(entry.links) == [link] and entry.md == {"hash": "md5:cd"}
    entry.links = []
    assert entry.links == () and entry.changefreq is None and entry.line == 7
    assert entry.links_with("alternate") == []


def test_equality_and_repr_are_the_dataclass_ones() -> None:
    first = Entry("http://s/a", "2026-01-01", md=FIVE, links=[], line=3)
    assert first == Entry("http://s/a", "2026-01-01", None, dict(FIVE), (), 3)
    assert first != Entry("http://s/a", "2026-01-01", md={**FIVE, "path": "/a"}, line=3)
    assert repr(Entry("http://s/a", md={"hash": "x"})) == (
        "Entry(loc='http://s/a', lastmod=None, changefreq=None, md={'hash': 'x'}, "
        "links=[], line=None)"
    )


def test_set_md_value_changes_one_value_inline_or_past_them() -> None:
    entry = Entry("http://s/a", changefreq="daily", md=FIVE)
    entry.set_md_value(entry.md_layout["change"], "created")
    entry.set_md_value(entry.md_layout["type"], "text/html")
    assert entry.md == {**FIVE, "change": "created", "type": "text/html"}
    assert entry.changefreq == "daily"


def test_entries_with_the_same_names_share_one_layout_with_interned_names() -> None:
    data = (
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        b'xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="resourcelist"/>'
        + b"".join(
            b'<url><loc>http://s/%d</loc><rs:md hash="md5:%d" length="%d" type="t"/></url>'
            % (n, n, n)
            for n in range(3)
        )
        + b"</urlset>"
    )
    entries = parse_document(data).entries
    assert entries[0].md_layout is entries[2].md_layout
    assert next(iter(entries[1].md)) is sys.intern("hash")
    assert [e.length for e in entries] == ["0", "1", "2"]
    assert md_layout(("hash", "length", "type")) is entries[0].md_layout


def test_only_short_name_sequences_are_kept_for_the_process() -> None:
    """Layouts outlive documents: a hostile document's long names must not stay behind."""
    long_names = ("{urn:x}" + "n" * MAX_SHARED_NAME_CHARS,)
    assert md_layout(long_names) is not md_layout(long_names)
    short = ("{urn:x}extension",)
    assert md_layout(short) is md_layout(short)
    entry = Entry("http://s/a", md={long_names[0]: "v"})
    assert entry.md == {long_names[0]: "v"}


def test_a_column_of_md_values_reads_each_entry_as_md_get() -> None:
    """``md_column`` gives ``md_get`` of each entry, for one shared layout (read in C, no
    ``md_get`` call) and for entries of mixed layouts alike."""
    names = ("hash", "length", "type", "change", "datetime", "path")
    layout = md_layout(names)
    shared = [Entry(f"u{i}", layout=layout, values=[f"{n}{i}" for n in names]) for i in range(5)]
    shared.append(Entry("v", layout=dict(layout), values=[f"{n}x" for n in names]))  # equal
    mixed = [*shared, Entry("w", md={"type": "text/plain"}), Entry("x")]
    for entries in (shared, mixed, []):
        for name in (*names, "capability"):
            assert md_column(entries, name) == [entry.md_get(name) for entry in entries]
    with mock.patch.object(Entry, "md_get") as each:
        assert md_column(shared, "path") == [f"path{i}" for i in range(5)] + ["pathx"]
        assert md_column(shared, "at") == [None] * 6
    assert each.call_count == 0
