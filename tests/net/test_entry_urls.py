"""An entry's URL is ``urljoin(document URL, loc)``; ``resolve_loc`` skips the join for the
locs it would give back unchanged, and must agree with it on every loc, those included."""

from __future__ import annotations

from unittest import mock
from urllib.parse import urljoin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.net.source import streamed_crawl
from explorer.net.source.streamed_crawl import entry_urls, resolve_loc

BASES = (
    "http://e.org/rs/list.xml",
    "https://e.org/rs/list.xml",
    "https://E.org:8443/a;p/b/list.xml?x=1#f",
    "file:///srv/rs/list.xml",
)
PIECES = st.sampled_from(
    [
        "http://",
        "https://",
        "HTTP://",
        "ftp://",
        "e.org",
        "/",
        "//",
        "a",
        "..",
        ".",
        "?",
        "#",
        ";",
        "[::1]",
        "[",
        ":80",
        "@",
        "%20",
        " ",
        "\t",
        "\n",
        "\x01",
        "é",
        "\u3000",
        "\uff0f",
    ]
)
LOCS = st.lists(PIECES, max_size=8).map("".join)
FAST = settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def joined(base: str, loc: str) -> str | type[ValueError] | None:
    """What the crawl gave before the shortcut: None for a blank loc, else the join."""
    try:
        return urljoin(base, loc.strip()) if loc.strip() else None
    except ValueError:
        return ValueError


def resolved(base: str, loc: str) -> str | type[ValueError] | None:
    try:
        return resolve_loc(base, loc)
    except ValueError:
        return ValueError


@FAST
@given(base=st.sampled_from(BASES), loc=LOCS)
def test_agrees_with_urljoin_on_any_loc(base: str, loc: str) -> None:
    assert resolved(base, loc) == joined(base, loc)


@pytest.mark.parametrize(
    "loc",
    [
        "http://e.org/res/1",
        "https://e.org/res/1?",
        "https://e.org/res/1#",
        "https://e.org/res;",
        "http:///res/1",
        "HTTPS://e.org/res",
        "https://[::1/x",
        "../res/1",
        "  https://e.org/a b  ",
    ],
)
@pytest.mark.parametrize("base", BASES)
def test_agrees_with_urljoin_where_it_reshapes(base: str, loc: str) -> None:
    assert resolved(base, loc) == joined(base, loc)


def test_a_plain_absolute_loc_is_not_joined() -> None:
    """The shortcut is taken: a list of plain absolute locs joins none of them."""
    with mock.patch.object(streamed_crawl, "urljoin", wraps=urljoin) as join:
        for i in range(100):
            assert resolve_loc(BASES[1], f"https://e.org/res/{i}") == f"https://e.org/res/{i}"
        assert resolve_loc(BASES[1], "res/x") == "https://e.org/rs/res/x"
    assert join.call_count == 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(BASES), locs=st.lists(st.none() | LOCS, max_size=6))
def test_a_documents_locs_resolve_as_each_alone(base: str, locs: list[str | None]) -> None:
    """``entry_urls`` over a document's locs: each URL as ``resolve_loc`` gives it."""
    try:
        expected: list[object] = [None if loc is None else resolve_loc(base, loc) for loc in locs]
    except ValueError:
        expected = [ValueError]
    try:
        found: list[object] = list(entry_urls(base, list(locs)))
    except ValueError:
        found = [ValueError]
    assert found == expected


def test_a_list_of_plain_locs_is_resolved_without_a_call_per_entry() -> None:
    """A whole list of plain absolute locs is checked at once: no ``resolve_loc`` each;
    one loc that needs it sends the list through ``resolve_loc``, loc by loc."""
    plain: list[str | None] = [f"https://e.org/res/{i}" for i in range(100)]
    with mock.patch.object(streamed_crawl, "resolve_loc", wraps=resolve_loc) as each:
        assert entry_urls(BASES[1], plain) == plain
        assert each.call_count == 0
        mixed = [*plain, "res/x", None]
        assert entry_urls(BASES[1], mixed) == [*plain, "https://e.org/rs/res/x", None]
        assert each.call_count == 101


def test_a_loc_holding_a_line_break_is_resolved_alone() -> None:
    """Checked as lines, a loc with a line break inside would pass as two plain locs; it
    is resolved as ``resolve_loc`` does it (urljoin drops the break)."""
    locs: list[str | None] = ["https://e.org/a\nhttps://e.org/b", "https://e.org/c"]
    expected = [resolve_loc(BASES[1], loc) for loc in locs if loc is not None]
    assert expected[0] != locs[0]
    assert entry_urls(BASES[1], locs) == expected
