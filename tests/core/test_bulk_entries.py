"""The parser's bulk reading (``explorer.core.bulk_entries``): a stream batch of plain
entries of one shape becomes the very ``Entry`` objects, findings and lines that reading it
entry by entry gives, whatever the batch holds and wherever the budgets end; and a plain
list is read with ``read_entry`` for its first batch only."""

from __future__ import annotations

import random

import pytest

from explorer.core import parser
from explorer.core.model import RS_NS, SITEMAP_NS

PLAIN = (
    "<url><loc>http://e.org/{i}</loc><lastmod>2020-01-0{d}</lastmod>"
    '<rs:md length="{i}" type="text/plain"/></url>'
)
VARIANTS = (
    PLAIN,
    "<url><loc> http://e.org/{i} </loc><lastmod> 2020-01-0{d}</lastmod></url>",
    "<url><loc>http://e.org/{i}</loc></url>",
    '<url><loc>http://e.org/{i}</loc><rs:md type="text/plain" length="{i}"/></url>',
    '<url><loc>http://e.org/{i}</loc><rs:md length="{i}" type="text/plain" hash="md5:x"'
    ' change="created"/></url>',
    '<url><loc>http://e.org/{i}</loc><rs:md length="{i}"/><lastmod>2020</lastmod></url>',
    "<url><lastmod>2020-01-01</lastmod><loc>http://e.org/{i}</loc></url>",
    "<url><loc>http://e.org/{i}</loc><loc>http://dup.org/{i}</loc></url>",
    '<url><loc>http://e.org/{i}</loc><lastmod kind="x">2020-01-01</lastmod></url>',
    '<url><loc>http://e.org/{i}</loc><rs:md length="{i}" rs:type="x"/></url>',
    '<url><loc>http://e.org/{i}</loc><rs:md length="{i}" size="3"/></url>',
    "<url><loc>http://e.org/{i}</loc><changefreq>daily</changefreq></url>",
    "<url><loc></loc><lastmod>2020-01-01</lastmod></url>",
    "<url><loc>http://e.org/<![CDATA[{i}]]></loc></url>",
    '<url x="1"><loc>http://e.org/{i}</loc></url>',
    "<url><loc>http://e.org/{i}<b/></loc></url>",
    "<url>text<loc>http://e.org/{i}</loc></url>",
    '<url><loc>http://e.org/{i}</loc><rs:ln rel="alternate" href="http://a.org/{i}"/></url>',
    "<sitemap><loc>http://e.org/{i}</loc></sitemap>",
)


def _document(pieces: list[str]) -> bytes:
    body = "\n".join(pieces)
    return (
        f'<?xml version="1.0"?>\n<urlset xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}">'
        f'<rs:md capability="resourcelist" at="2020-01-01T00:00:00Z"/>\n{body}\n</urlset>'
    ).encode()


def _mixed(count: int, seed: int, odd: float) -> bytes:
    """``count`` entries, most plain, each another variant with probability ``odd``, in
    runs, so that some batches are all plain and others hold one odd entry somewhere."""
    rng = random.Random(seed)
    pieces = []
    variant = PLAIN
    for i in range(count):
        if rng.random() < odd:
            variant = rng.choice(VARIANTS)
        elif rng.random() < 0.05:
            variant = PLAIN
        pieces.append(variant.format(i=i, d=1 + i % 9))
    return _document(pieces)


def _both(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """The document read with bulk batches, then entry by entry."""
    bulk = parser.parse_document(data)
    with monkeypatch.context() as patched:
        patched.setattr(parser, "MIN_BULK", 10**9)
        alone = parser.parse_document(data)
    return bulk, alone


def _same(bulk: object, alone: object) -> None:
    assert bulk == alone
    for mine, theirs in zip(bulk.entries, alone.entries, strict=True):  # type: ignore[attr-defined]
        # what equality leaves out: the order of rs:md's names, and the shared layout
        assert list(mine.md.items()) == list(theirs.md.items())
        assert mine.md_layout is theirs.md_layout


@pytest.mark.parametrize(("seed", "odd"), [(1, 0.0), (2, 0.001), (3, 0.01), (4, 0.05), (5, 0.3)])
def test_a_bulk_reading_is_the_reading_entry_by_entry(
    seed: int, odd: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    bulk, alone = _both(_mixed(4_000, seed, odd), monkeypatch)
    _same(bulk, alone)
    if odd >= 0.01:
        assert bulk.findings  # type: ignore[attr-defined]  # the variants plant findings


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_shape_alone_reads_as_entry_by_entry(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list of one variant only: its batches are all of one shape, read in bulk where it
    is a bulk shape (blanks around a loc or lastmod stripped, names in their order)."""
    pieces = [variant.format(i=i, d=1 + i % 9) for i in range(2_000)]
    _same(*_both(_document(pieces), monkeypatch))


@pytest.mark.parametrize(
    "other",
    [
        "<url><loc>http://e.org/{i}</loc><lastmod>2020-01-01</lastmod>"
        '<rs:md type="text/plain" length="{i}"/></url>',
        "<url><loc>http://e.org/{i}</loc><lastmod>2020-01-01</lastmod>"
        '<rs:md length="{i}" hash="md5:x"/></url>',
        "<url><loc>http://e.org/{i}</loc><lastmod>2020-01-01</lastmod>"
        '<rs:md length="{i}" type="text/plain" hash="md5:x"/></url>',
        '<url><loc>http://e.org/{i}</loc><lastmod>2020-01-01</lastmod><rs:md length="{i}"/></url>',
    ],
)
def test_an_rs_md_of_other_names_in_a_batch_of_one_shape_is_read_alone(
    other: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entries' child tags are one shape, but one entry in 97 has other rs:md names
    (another order, another name, one more, one less): the names' proof sends the batch
    entry by entry."""
    pieces = [(other if i % 97 == 50 else PLAIN).format(i=i, d=1) for i in range(3_000)]
    _same(*_both(_document(pieces), monkeypatch))


@pytest.mark.parametrize(
    ("budget", "limit"),
    [
        ("MAX_ENTRIES", 1),
        ("MAX_ENTRIES", 700),
        ("MAX_ENTRIES", 1_999),
        ("MAX_ENTRIES", 3_000),
        ("MAX_DOCUMENT_ATTRIBUTES", 10),
        ("MAX_DOCUMENT_ATTRIBUTES", 1_501),
        ("MAX_DOCUMENT_ATTRIBUTES", 4_001),
        ("MAX_DOCUMENT_ATTRIBUTES", 7_999),
    ],
)
def test_a_budget_ends_where_it_ends_entry_by_entry(
    budget: str, limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entry budget and the attribute budget, each cut inside a batch and at its edge."""
    monkeypatch.setattr(parser, budget, limit)
    bulk, alone = _both(_mixed(4_000, 6, 0.0), monkeypatch)
    _same(bulk, alone)
    if budget == "MAX_ENTRIES":
        assert bulk.unread_entries  # type: ignore[attr-defined]


def test_an_index_of_plain_sitemaps_reads_as_entry_by_entry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = "\n".join(
        f"<sitemap><loc>http://e.org/list-{i}.xml</loc><lastmod>2020-01-01</lastmod>"
        f'<rs:md at="2020-01-0{1 + i % 9}T00:00:00Z"/></sitemap>'
        for i in range(3_000)
    )
    data = (
        f'<?xml version="1.0"?>\n<sitemapindex xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}">'
        f'<rs:md capability="resourcelist"/>\n{rows}\n</sitemapindex>'
    ).encode()
    bulk, alone = _both(data, monkeypatch)
    _same(bulk, alone)
    assert len(bulk.entries) == 3_000  # type: ignore[attr-defined]


def test_a_plain_list_is_read_entry_by_entry_in_its_first_batch_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Counted work, not time: the first batch holds the list's own rs:md, so it is read
    entry by entry; every later batch in bulk."""
    calls = 0
    read_entry = parser._Reader.read_entry

    def counted(self: parser._Reader, element: object) -> object:
        nonlocal calls
        calls += 1
        return read_entry(self, element)  # type: ignore[arg-type]

    monkeypatch.setattr(parser._Reader, "read_entry", counted)
    document = parser.parse_document(_mixed(20_000, 8, 0.0))
    assert len(document.entries) == 20_000
    assert 0 < calls < 1_000
