"""``parse_document`` reads big documents while they are parsed, 64 KB at a time. The
answer must be exactly what a whole-tree read gives, whatever falls on a chunk boundary."""

from __future__ import annotations

import random
import threading

import pytest

from explorer.core import parser, safe_xml
from explorer.core.model import RS_NS, SITEMAP_NS

PIECES = (
    "<url><loc>http://e.org/{i}</loc><lastmod>2020-01-01</lastmod>"
    '<rs:md hash="md5:0cc175b9c0f1b6a831c399e269772661" length="3"/></url>',
    "<url><loc>http://e.org/{i}</loc><loc>http://dup.org/{i}</loc></url>",
    '<url><loc>http://e.org/{i}</loc><rs:md change="created"/><rs:md change="deleted"/>'
    '<rs:ln rel="alternate" href="http://a.org/{i}"/></url>',
    '<rs:md capability="changelist" from="2020-01-01T00:00:00Z"/>',
    '<rs:ln rel="up" href="http://up.org/{i}"/>',
    "<sitemap><loc>http://wrong.org/{i}</loc></sitemap>",
    "<url><loc>http://e.org/{i}</loc><rs:size>5</rs:size></url>",
    '<url><loc>http://e.org/{i}</loc><rs:md rs:capability="x"/></url>',
    "<url><!-- c --><loc> http://e.org/{i} </loc><changefreq>daily</changefreq></url>",
    "<url><loc><![CDATA[http://e.org/{i}]]></loc></url>",
)


def make_document(entries: int, seed: int, root: str = "urlset") -> bytes:
    rng = random.Random(seed)
    body = "".join(
        rng.choice(PIECES).format(i=i) + "\n" * rng.randint(0, 2) for i in range(entries)
    )
    return (
        f'<?xml version="1.0"?>\n<{root} xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}">{body}</{root}>'
    ).encode()


def read_whole_tree(data: bytes):
    data = safe_xml.prepare(data)
    root = safe_xml.parse_tree(data)
    return parser._Reader(root, len(data)).read((root,))


@pytest.mark.parametrize(
    ("entries", "seed", "root"),
    [
        (0, 1, "urlset"),
        (5, 2, "urlset"),
        (3_000, 3, "urlset"),
        (3_000, 4, "sitemapindex"),
    ],
)
def test_streamed_read_equals_whole_tree_read(entries: int, seed: int, root: str) -> None:
    data = make_document(entries, seed, root)
    streamed = parser.parse_document(data)
    assert streamed == read_whole_tree(data)
    if entries:
        assert len(data) > 3 * 64 * 1024 or entries < 100  # big ones cross chunk boundaries
        assert streamed.findings  # the pieces plant parser findings along the way


def test_a_syntax_error_anywhere_reports_the_whole_tree_error() -> None:
    data = make_document(3_000, 5)
    rng = random.Random(6)
    for cut in sorted(rng.sample(range(200, len(data) - 20), 12)):
        broken = data[:cut] + b"<" + data[cut:]
        with pytest.raises(safe_xml.DocumentParseError) as streamed:
            parser.parse_document(broken)
        with pytest.raises(safe_xml.DocumentParseError) as whole:
            read_whole_tree(broken)
        assert streamed.value.finding == whole.value.finding


def test_incremental_parses_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """lxml takes the GIL back at every start tag of an incremental parse: two in two
    threads would hand it to each other at nearly every element, so they run one at a
    time. The first parse waits inside until the second has tried; the second must not
    have entered by the time the first leaves."""
    data = make_document(3_000, 5)
    entered = threading.Semaphore(0)
    second_tried = threading.Event()
    inside_while_first_ran: list[int] = []
    read_stream = parser._read_stream
    calls = 0

    def watched(document: bytes, *sink: object, **options: bool):
        nonlocal calls
        calls += 1
        entered.release()
        if calls == 1:
            second_tried.wait(5)
            entered.acquire(timeout=0.5)  # given the time to enter, a second parse would
            inside_while_first_ran.append(calls)
        return read_stream(document, *sink, **options)

    monkeypatch.setattr(parser, "_read_stream", watched)
    results: list[object] = []
    first = threading.Thread(target=lambda: results.append(parser.parse_document(data)))
    first.start()
    assert entered.acquire(timeout=5)

    def second() -> None:
        second_tried.set()
        results.append(parser.parse_document(data))

    other = threading.Thread(target=second)
    other.start()
    first.join(10)
    other.join(10)
    assert inside_while_first_ran == [1]
    assert calls == 2 and len(results) == 2 and results[0] == results[1]


@pytest.mark.parametrize(("entries", "seed", "root"), [(5, 5, "urlset"), (3_000, 6, "urlset")])
def test_entries_handed_to_a_sink_are_those_of_a_whole_read(
    entries: int, seed: int, root: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watchdog reads Change Lists through a sink: the same entries, in order, the
    same findings (an rs:md after entries names the first entry's line though it was
    handed over), and the entry budget still counts what was handed over."""
    monkeypatch.setattr(parser, "MAX_ENTRIES", 2_000)
    data = make_document(entries, seed, root)
    whole = parser.parse_document(data)
    batches: list[int] = []
    handed: list[object] = []

    def sink(document: object, batch: list) -> None:
        batches.append(len(batch))
        handed.extend(batch)

    streamed = parser.parse_document_streamed(data, sink)
    assert streamed.entries == []
    streamed.entries = handed  # type: ignore[assignment]
    assert streamed == whole
    if entries > 2_000:
        assert len(batches) > 1 and sum(batches) == 2_000
        assert any(item.code == "parse.too-many-entries" for item in whole.findings)
        assert any(item.code == "parse.md-after-entries" for item in whole.findings)


def test_an_rs_md_after_handed_over_entries_names_the_first_entry_line() -> None:
    entries = "".join(f"<url><loc>http://e.org/{i}</loc></url>\n" for i in range(3_000))
    data = (
        f'<?xml version="1.0"?>\n<urlset xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}">\n'
        f'{entries}<rs:md capability="changelist"/><rs:ln rel="up" href="http://e.org/"/>'
        "</urlset>"
    ).encode()
    handed: list[object] = []
    streamed = parser.parse_document_streamed(data, lambda _doc, batch: handed.extend(batch))
    whole = parser.parse_document(data)
    assert len(handed) == 3_000 and streamed.capability == "changelist"
    assert streamed.findings == whole.findings
    [after] = [item for item in streamed.findings if item.code == "parse.md-after-entries"]
    assert after.params["first"] == 3
