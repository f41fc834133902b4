"""The robots.txt consumer: the explorer's own prediction of the ``Sitemap:`` lines Python's
``urllib.robotparser`` and Protego return, held against both libraries run as referees.

The stdlib referee is ``RobotFileParser.read()`` itself, reading the body from a
``file:`` URL (its own fetch and decode, no network); the Protego referee is
``Protego.parse`` over the body decoded as Scrapy's ``ProtegoRobotParser`` decodes it.
"""

from __future__ import annotations

from pathlib import Path
from urllib.robotparser import RobotFileParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from protego import Protego

from explorer.core.consumers.robots import (
    MAX_ROBOTS_BYTES,
    MAX_ROBOTS_LINES,
    list_not_named,
    read_robots_sitemaps,
    unlisted_lists,
)
from explorer.core.findings import MAX_FINDINGS_PER_CODE

ROBOTS_URL = "https://example.org/robots.txt"
LIST = "https://example.org/resourcelist.xml"
CHANGES = "https://example.org/changelist.xml"


def stdlib_referee(body: bytes, folder: Path) -> tuple[str, ...]:
    """What ``RobotFileParser.read()`` then ``site_maps()`` return: nothing where ``read``
    raises on a body that is not UTF-8."""
    path = folder / "robots.txt"
    path.write_bytes(body)
    parser = RobotFileParser(path.as_uri())
    try:
        parser.read()
    except UnicodeDecodeError:
        return ()
    return tuple(parser.site_maps() or ())


@pytest.fixture(scope="module")
def referee_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the stdlib referee's file is written, for the examples hypothesis draws (a
    function-scoped ``tmp_path`` is not renewed between them)."""
    return tmp_path_factory.mktemp("robots-referee")


def protego_referee(body: bytes) -> tuple[str, ...]:
    """What ``Protego.parse(...).sitemaps`` returns, fed as Scrapy feeds it."""
    return tuple(Protego.parse(body.decode("utf-8", errors="ignore")).sitemaps)


# (name, body, the findings expected as (code, line))
VARIANTS: list[tuple[str, bytes, set[tuple[str, int | None]]]] = [
    ("plain", b"User-agent: *\nDisallow: /private/\nSitemap: " + LIST.encode() + b"\n", set()),
    ("empty file", b"", set()),
    (
        "BOM before a Sitemap line",
        b"\xef\xbb\xbfSitemap: " + LIST.encode() + b"\n",
        {("robots.sitemap-line-lost", 1)},
    ),
    (
        "BOM before a user-agent line",
        b"\xef\xbb\xbfUser-agent: *\nSitemap: " + LIST.encode(),
        set(),
    ),
    ("CRLF", b"User-agent: *\r\nDisallow:\r\nSitemap: " + LIST.encode() + b"\r\n", set()),
    ("CR only", b"Sitemap: " + LIST.encode() + b"\rSitemap: " + CHANGES.encode() + b"\r", set()),
    (
        "form feed and vertical tab split lines",
        b"Sitemap: " + LIST.encode() + b"\x0cSitemap: " + CHANGES.encode() + b"\x0b",
        set(),
    ),
    (
        "comments",
        b"# Sitemap: https://example.org/old.xml\nSitemap: "
        + LIST.encode()
        + b"  # the Resource List\n",
        set(),
    ),
    ("a fragment read as a comment", b"Sitemap: " + LIST.encode() + b"#top\n", set()),
    (
        "relative URL with a slash",
        b"Sitemap: /resourcelist.xml\n",
        {("robots.relative-sitemap", 1)},
    ),
    (
        "relative URL without a slash",
        b"User-agent: *\nSitemap: resourcelist.xml\n",
        {("robots.relative-sitemap", 2)},
    ),
    (
        "case of the field",
        b"SITEMAP: "
        + LIST.encode()
        + b"\nsitemap: "
        + CHANGES.encode()
        + b"\nSiteMap: https://example.org/c.xml\n",
        set(),
    ),
    (
        "several lines",
        b"Sitemap: "
        + LIST.encode()
        + b"\nSitemap: "
        + CHANGES.encode()
        + b"\nSitemap: https://example.org/capabilitylist.xml\n",
        set(),
    ),
    ("duplicates", b"Sitemap: " + LIST.encode() + b"\nSitemap: " + LIST.encode() + b"\n", set()),
    (
        "blank values",
        b"Sitemap:\nSitemap:   \t\nSitemap: " + LIST.encode() + b"\n",
        {("robots.readers-differ", 1), ("robots.readers-differ", 2)},
    ),
    (
        "tabs",
        b"\tSitemap\t:\t" + LIST.encode() + b"\t\nSitemap:\t" + CHANGES.encode() + b"\n",
        set(),
    ),
    ("no colon", b"Sitemap " + LIST.encode() + b"\n", {("robots.readers-differ", 1)}),
    (
        "no colon, a port in the URL",
        b"Sitemap http://example.org:8080/resourcelist.xml\n",
        {("robots.readers-differ", 1)},
    ),
    ("no space after the colon", b"Sitemap:" + LIST.encode() + b"\n", set()),
    (
        "Protego's other spellings",
        b"Sitemaps: " + LIST.encode() + b"\nSite-map: " + CHANGES.encode() + b"\n",
        {("robots.readers-differ", 1), ("robots.readers-differ", 2)},
    ),
    (
        "a look-alike neither reads",
        b"Site map: " + LIST.encode() + b"\nSitemap\n",
        {("robots.sitemap-line-lost", 1), ("robots.sitemap-line-lost", 2)},
    ),
    (
        "percent escapes",
        b"Sitemap: https://example.org/%7Eme/list%20one.xml\n",
        {("robots.readers-differ", 1)},
    ),
    (
        "a space inside the URL",
        b"Sitemap: https://example.org/list  one.xml\nSitemap https://example.org/list  two.xml\n",
        {("robots.readers-differ", 2)},
    ),
    ("non-breaking spaces around the URL", f"Sitemap:\u00a0{LIST}\u00a0\n".encode(), set()),
    ("a Japanese URL", "Sitemap: https://例え.jp/リソースリスト.xml\n".encode(), set()),
    (
        "not UTF-8 in a URL",
        b"Sitemap: https://example.org/caf\xe9.xml\nSitemap: " + LIST.encode() + b"\n",
        {("robots.not-utf8", 1)},
    ),
    (
        "not UTF-8 in a comment",
        b"User-agent: *\n# \xff\xfe\nSitemap: " + LIST.encode() + b"\n",
        {("robots.not-utf8", 2)},
    ),
    (
        "Sitemap before, between and after groups",
        b"Sitemap: https://example.org/a.xml\nUser-agent: a\nDisallow: /x\n\nSitemap: "
        b"https://example.org/b.xml\nUser-agent: *\nAllow: /\nSitemap: https://example.org/c.xml\n",
        set(),
    ),
    (
        "Sitemap inside a group without blank lines",
        b"User-agent: *\nSitemap: " + LIST.encode() + b"\nDisallow: /private/\n",
        set(),
    ),
    (
        "a user-agent line carrying a Sitemap",
        b"User-agent: * Sitemap: " + LIST.encode() + b"\n",
        set(),
    ),
]


@pytest.mark.parametrize(
    ("body", "expected"), [v[1:] for v in VARIANTS], ids=[v[0] for v in VARIANTS]
)
def test_the_prediction_equals_what_both_readers_return(
    body: bytes, expected: set[tuple[str, int | None]], tmp_path: Path
) -> None:
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert reading.stdlib == stdlib_referee(body, tmp_path)
    assert reading.protego == protego_referee(body)
    assert {(f.code, f.line) for f in reading.problems} == expected


FIELDS = ["Sitemap", "sitemap", "SITEMAP", "Sitemaps", "Site-map", "site map", "Site map"]
FIELDS += ["User-agent", "user agent", "Disallow", "Allow", "Host", "Crawl-delay", "x", ""]
SEPARATORS = [":", ": ", " : ", ":\t", " ", "\t", "", "=", ":\u00a0", "\u3000"]
VALUE_PIECES: list[str | bytes] = ["https://example.org/a.xml", "http://example.org:8080/b"]
VALUE_PIECES += ["/rel.xml", "x", "*", " ", "\t", "%7E", "%", "%zz", "%E3%81%82", "%0A", "#"]
VALUE_PIECES += ["é", "リスト", "\u00a0", "\x00", b"\xff", b"\xe9", b"\xef\xbb\xbf"]
ENDS = ["", " # a comment", "#", "  ", "\u00a0"]
BREAKS = ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\n\n"]


def _bytes(part: str | bytes) -> bytes:
    return part if isinstance(part, bytes) else part.encode()


@st.composite
def robots_lines(draw: st.DrawFn) -> bytes:
    """One directive-shaped line, each part drawn from what either reader treats specially."""
    value = draw(st.lists(st.sampled_from(VALUE_PIECES), max_size=4))
    parts = [
        draw(st.sampled_from(["", " ", "\t", "\u00a0", "\ufeff"])),
        draw(st.sampled_from(FIELDS)),
        draw(st.sampled_from(SEPARATORS)),
        *value,
        draw(st.sampled_from(ENDS)),
        draw(st.sampled_from(BREAKS)),
    ]
    return b"".join(_bytes(part) for part in parts)


@st.composite
def robots_bodies(draw: st.DrawFn) -> bytes:
    """A robots.txt of such lines, perhaps behind a byte order mark."""
    bom = draw(st.sampled_from([b"", b"\xef\xbb\xbf"]))
    return bom + b"".join(draw(st.lists(robots_lines(), max_size=8)))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=robots_bodies())
def test_any_mix_of_the_tricky_pieces_is_predicted(body: bytes, referee_folder: Path) -> None:
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert reading.stdlib == stdlib_referee(body, referee_folder)
    assert reading.protego == protego_referee(body)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=st.binary(max_size=400) | st.text(max_size=400).map(str.encode))
def test_any_bytes_give_a_reading_not_a_traceback(body: bytes, referee_folder: Path) -> None:
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert reading.stdlib == stdlib_referee(body, referee_folder)
    assert reading.protego == protego_referee(body)


def test_the_variants_cover_disagreement_and_loss() -> None:
    """The table is worth its referees: in it the readers disagree, and lose lines."""
    readings = [read_robots_sitemaps(body, ROBOTS_URL) for _, body, _ in VARIANTS]
    assert len(VARIANTS) >= 20
    assert any(r.stdlib != r.protego for r in readings)
    assert any(
        not r.stdlib and not r.protego for r, v in zip(readings, VARIANTS, strict=True) if v[1]
    )


def test_a_bom_is_named_as_what_hides_the_first_line() -> None:
    reading = read_robots_sitemaps(b"\xef\xbb\xbfSitemap: " + LIST.encode(), ROBOTS_URL)
    (lost,) = reading.problems
    assert lost.variant == "bom"
    assert "byte order mark" in lost.message
    assert f'"Sitemap: {LIST}"' in lost.message  # the invisible mark itself is not quoted
    assert lost.url == ROBOTS_URL


def test_a_relative_url_is_shown_resolved_against_the_robots_url() -> None:
    reading = read_robots_sitemaps(b"Sitemap: lists/resourcelist.xml", ROBOTS_URL)
    (relative,) = reading.problems
    assert relative.params == {
        "value": "lists/resourcelist.xml",
        "resolved": "https://example.org/lists/resourcelist.xml",
    }


def test_a_url_no_parser_can_split_is_refused_without_a_traceback() -> None:
    reading = read_robots_sitemaps(b"Sitemap: http://[broken/list.xml", ROBOTS_URL)
    assert reading.stdlib == reading.protego == ("http://[broken/list.xml",)
    (bad,) = reading.problems
    assert (bad.code, bad.variant) == ("robots.relative-sitemap", "unresolvable")


def test_percent_escapes_name_both_readings() -> None:
    reading = read_robots_sitemaps(b"Sitemap: https://example.org/%7Eme.xml", ROBOTS_URL)
    (differ,) = reading.problems
    assert differ.variant == "different"
    assert "https://example.org/~me.xml" in differ.message
    assert "https://example.org/%7Eme.xml" in differ.message


def test_not_utf8_names_the_offset_of_the_first_bad_byte() -> None:
    body = b"User-agent: *\rSitemap: https://example.org/caf\xe9.xml\r"  # lines end in CR
    (bad,) = read_robots_sitemaps(body, ROBOTS_URL).problems
    assert (bad.code, bad.line, bad.params) == (
        "robots.not-utf8",
        2,
        {"offset": body.index(b"\xe9")},
    )


def test_lists_neither_reader_returns_are_unlisted() -> None:
    body = b"Sitemap: " + LIST.encode() + b"\nSitemaps: https://example.org/protego-only.xml\n"
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    asked = [LIST, CHANGES, "https://example.org/protego-only.xml", CHANGES]
    assert unlisted_lists(reading, asked) == (CHANGES,)


def test_a_list_named_by_a_percent_escape_is_listed_by_the_reader_that_keeps_it() -> None:
    reading = read_robots_sitemaps(b"Sitemap: https://example.org/%7Eme.xml", ROBOTS_URL)
    assert unlisted_lists(reading, ["https://example.org/%7Eme.xml"]) == ()
    assert unlisted_lists(reading, ["https://example.org/~me.xml"]) == ()
    assert unlisted_lists(reading, ["https://example.org/me.xml"]) == (
        "https://example.org/me.xml",
    )


def test_a_robots_txt_without_sitemap_lines_lists_nothing() -> None:
    reading = read_robots_sitemaps(b"User-agent: *\nDisallow:\n", ROBOTS_URL)
    assert unlisted_lists(reading, [LIST, CHANGES]) == (LIST, CHANGES)


def test_the_unlisted_finding_names_the_list_and_the_fix() -> None:
    found = list_not_named(CHANGES, ROBOTS_URL)
    assert found.code == "robots.list-not-named"
    assert found.url == ROBOTS_URL
    assert f'"Sitemap: {CHANGES}"' in found.message
    assert found.spec == "core 1.1 §6.3.4"


def _padding(size: int) -> bytes:
    return b"# padding\n" * (size // 10)


def test_a_file_over_the_byte_bound_is_read_up_to_it_with_a_finding(tmp_path: Path) -> None:
    head = b"Sitemap: " + LIST.encode() + b"\n"
    late = b"Sitemap: " + CHANGES.encode() + b"\n"
    body = head + _padding(MAX_ROBOTS_BYTES) + late
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert reading.stdlib == reading.protego == (LIST,)
    # the readers read past the bound: the finding says the rest was not predicted
    assert stdlib_referee(body, tmp_path) == protego_referee(body) == (LIST, CHANGES)
    (over,) = reading.problems
    assert (over.code, over.variant) == ("robots.too-large", "bytes")
    assert over.params == {"size": len(body), "limit": MAX_ROBOTS_BYTES}


def test_the_byte_bound_keeps_whole_lines_only() -> None:
    """A line cut by the bound is not read in half (its URL would be another URL)."""
    head = _padding(MAX_ROBOTS_BYTES - 20)
    cut = b"Sitemap: https://example.org/" + b"a" * 40 + b".xml\n"
    assert len(head) < MAX_ROBOTS_BYTES < len(head) + len(cut)
    reading = read_robots_sitemaps(head + cut, ROBOTS_URL)
    assert reading.stdlib == reading.protego == ()


def test_one_line_longer_than_the_bound_is_not_read() -> None:
    body = b"Sitemap: https://example.org/" + b"a" * MAX_ROBOTS_BYTES
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert reading.stdlib == reading.protego == ()
    assert [f.code for f in reading.problems] == ["robots.too-large"]


def test_a_multibyte_character_across_the_bound_is_not_taken_for_bad_bytes() -> None:
    head = _padding(MAX_ROBOTS_BYTES - 10)
    body = head + "リスト\n".encode() * 10
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert [f.code for f in reading.problems] == ["robots.too-large"]


def test_a_file_over_the_line_bound_is_read_up_to_it_with_a_finding(tmp_path: Path) -> None:
    body = b"\n" * MAX_ROBOTS_LINES + b"Sitemap: " + LIST.encode() + b"\n"
    assert len(body) < MAX_ROBOTS_BYTES
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert reading.stdlib == reading.protego == ()
    assert stdlib_referee(body, tmp_path) == protego_referee(body) == (LIST,)
    (over,) = reading.problems
    assert (over.code, over.variant, over.line) == (
        "robots.too-large",
        "lines",
        MAX_ROBOTS_LINES + 1,
    )


def test_a_huge_body_gives_a_finding_not_a_crash() -> None:
    body = b"Sitemap: /x\n" * (50 * 1024 * 1024 // 12)
    reading = read_robots_sitemaps(body, ROBOTS_URL)
    assert "robots.too-large" in {f.code for f in reading.problems}
    assert len(reading.stdlib) < MAX_ROBOTS_BYTES // 12 + 1


def test_findings_of_one_code_are_capped_with_a_summary() -> None:
    count = MAX_FINDINGS_PER_CODE + 500
    reading = read_robots_sitemaps(b"Sitemap: /x\n" * count, ROBOTS_URL)
    assert len(reading.stdlib) == len(reading.protego) == count
    codes = [f.code for f in reading.problems]
    assert codes.count("robots.relative-sitemap") == MAX_FINDINGS_PER_CODE
    (summary,) = [f for f in reading.problems if f.code == "document.findings-capped"]
    assert summary.params is not None and summary.params["count"] == 500
