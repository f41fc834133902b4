"""``parse_document`` parses a document that fits in one stream chunk as a whole tree, with a
per-thread lxml parser, and streams anything bigger. Both paths must give the same answer:
the same Document, the same findings, the same errors at the same places, the same refusals.
"""

from __future__ import annotations

import dataclasses
import gzip
import socket
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from lxml import etree

from explorer.core import parser, safe_xml
from explorer.core.model import RS_NS, SITEMAP_NS
from explorer.core.parser import DocumentParseError, parse_document

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
NS = f'xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}"'
PAD = "<!--" + "p" * safe_xml.STREAM_CHUNK + "-->"  # no newline: lines stay where they were

NOTIFICATION = (
    f"{HEAD}<urlset {NS}>\n"
    '<rs:md capability="change-notification" from="2026-01-01T00:00:00Z" '
    'until="2026-01-01T00:00:00Z"/>\n'
    "<url><loc>http://load.example.org/r1</loc>"
    '<rs:md change="updated" datetime="2026-01-01T00:00:00Z"/></url>\n'
    "</urlset>\n"
)

# Small documents whose reading plants parser findings (repeats, misplaced and unknown
# elements, wrong namespaces, prefixed attributes, legacy syntax); {pad} marks where a
# comment can push the document past one stream chunk without moving any line.
SMALL = {
    "notification": NOTIFICATION.replace("</urlset>", "{pad}</urlset>"),
    "findings": (
        f"{HEAD}<urlset {NS}>\n"
        '<rs:ln rel="up" href="http://e.org/caps.xml"/>\n'
        '<rs:md capability="changelist" from="2020-01-01T00:00:00Z"/>\n'
        "<url><loc>http://e.org/1</loc><loc>http://dup.org/1</loc></url>{pad}\n"
        '<url><loc> http://e.org/2 </loc><rs:md change="created"/><rs:md change="deleted"/>'
        '<rs:ln rel="alternate" href="http://a.org/2"/></url>\n'
        '<rs:md capability="resourcelist"/>\n'
        '<rs:ln rel="describedby" href="http://e.org/about"/>\n'
        "<sitemap><loc>http://wrong.org/3</loc></sitemap>\n"
        "<url><loc>http://e.org/4</loc><rs:size>5</rs:size></url>{pad}\n"
        '<url><loc>http://e.org/5</loc><rs:md rs:capability="x"/></url>\n'
        "<url><!-- c --><loc><![CDATA[http://e.org/6]]></loc>"
        "<changefreq>daily</changefreq></url>\n"
        "<rs:bogus/>\n"
        "</urlset>\n"
    ),
    "wrong-namespaces": (
        f'{HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9/" '
        'xmlns:rs="http://www.openarchives.org/rs/terms">\n'
        '<rs:md capability="resourcelist" at="2020-01-01T00:00:00Z"/>{pad}\n'
        "<url><loc>http://e.org/1</loc></url>\n"
        "</urlset>\n"
    ),
    "legacy": (
        f'{HEAD}<urlset {NS} xmlns:xhtml="http://www.w3.org/1999/xhtml" rs:type="changeset">\n'
        '<xhtml:link rel="alternate" href="http://e.org/feed"/>\n'
        "<url><loc>http://e.org/1</loc>"
        '<lastmod rs:type="updated">2012-01-01T00:00:00Z</lastmod></url>{pad}\n'
        "<url><loc>http://e.org/2</loc><expires>2012-02-01T00:00:00Z</expires></url>\n"
        "</urlset>\n"
    ),
    "sitemapindex": (
        f"{HEAD}<sitemapindex {NS}>\n"
        '<rs:md capability="resourcelist" at="2020-01-01T00:00:00Z"/>\n'
        "<sitemap><loc>http://e.org/a.xml</loc></sitemap>{pad}\n"
        "<url><loc>http://e.org/misplaced</loc></url>\n"
        "</sitemapindex>\n"
    ),
    "empty": f"{HEAD}<urlset {NS}>{{pad}}</urlset>\n",
}


def small_and_padded(template: str) -> tuple[bytes, bytes]:
    small = template.replace("{pad}", "").encode()
    padded = template.replace("{pad}", PAD).encode()
    assert len(small) <= safe_xml.STREAM_CHUNK < len(padded)
    return small, padded


@pytest.fixture
def streamed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the documents that went through ``stream_children``."""
    calls: list[int] = []

    def counting(data: bytes, *args):
        calls.append(len(data))
        return safe_xml.stream_children(data, *args)

    monkeypatch.setattr(parser, "stream_children", counting)
    return calls


@pytest.mark.parametrize("name", list(SMALL))
def test_a_small_document_reads_as_it_does_when_streamed(name: str, streamed: list[int]) -> None:
    small, padded = small_and_padded(SMALL[name])
    whole = parse_document(small)
    assert streamed == []  # read as a whole tree
    by_stream = parse_document(padded)
    assert streamed == [len(padded)]
    assert by_stream.size == len(padded)
    assert whole == dataclasses.replace(by_stream, size=len(small))
    if name not in ("notification", "empty"):
        assert whole.findings


def test_the_notification_payload_is_read_in_full() -> None:
    doc = parse_document(NOTIFICATION.encode())
    assert doc.capability == "change-notification"
    assert doc.md["until"] == "2026-01-01T00:00:00Z"
    assert [(e.loc, e.md, e.line) for e in doc.entries] == [
        ("http://load.example.org/r1", {"change": "updated", "datetime": "2026-01-01T00:00:00Z"}, 4)
    ]
    assert doc.findings == []
    assert doc.size == len(NOTIFICATION.encode())


def test_the_size_limit_between_the_paths_is_one_stream_chunk(streamed: list[int]) -> None:
    body = f"<urlset {NS}></urlset>"
    at_limit = (body + " " * (safe_xml.STREAM_CHUNK - len(body))).encode()
    over = at_limit + b" "
    assert parse_document(at_limit) == dataclasses.replace(parse_document(over), size=len(at_limit))
    assert streamed == [len(over)]


def test_gzip_is_judged_by_its_inflated_size(streamed: list[int]) -> None:
    small, padded = small_and_padded(SMALL["findings"])
    assert parse_document(gzip.compress(small)) == parse_document(small)
    assert streamed == []
    assert len(gzip.compress(padded)) < safe_xml.STREAM_CHUNK
    assert parse_document(gzip.compress(padded)) == parse_document(padded)
    assert streamed == [len(padded)] * 2


def test_a_small_utf16_document_reads_as_its_utf8_twin() -> None:
    text = NOTIFICATION.replace('encoding="UTF-8"', 'encoding="UTF-16"')
    utf16 = parse_document(text.encode("utf-16"))
    assert utf16 == dataclasses.replace(parse_document(NOTIFICATION.encode()), size=utf16.size)


# Errors: the padding goes after the fault (a comment before it would move the column).
MALFORMED = {
    "mismatched-tag": (
        f"{HEAD}<urlset {NS}>\n<url><loc>http://e.org/1</url>\n{{pad}}</urlset>\n",
        "parse.malformed",
        3,
    ),
    "bare-ampersand": (
        f"{HEAD}<urlset {NS}>\n<url><loc>http://e.org/?a=1&b=2</loc></url>\n{{pad}}</urlset>\n",
        "parse.malformed",
        3,
    ),
    "unquoted-attribute": (
        f"{HEAD}<urlset {NS}>\n<rs:md capability=resourcelist/>\n{{pad}}</urlset>\n",
        "parse.malformed",
        3,
    ),
    "undeclared-prefix": (
        f"{HEAD}<urlset {NS}>\n\n<url><x:loc>http://e.org/1</x:loc></url>{{pad}}</urlset>\n",
        "parse.malformed",
        4,
    ),
    "not-a-sitemap": (
        f"{HEAD}\n<rss {NS}><url><loc>http://e.org/1</loc></url>{{pad}}</rss>\n",
        "parse.not-sitemap",
        3,
    ),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_a_small_broken_document_fails_as_it_does_when_big(name: str) -> None:
    template, code, line = MALFORMED[name]
    small, padded = small_and_padded(template)
    with pytest.raises(DocumentParseError) as whole:
        parse_document(small)
    with pytest.raises(DocumentParseError) as big:
        parse_document(padded)
    assert whole.value.finding == big.value.finding
    assert (whole.value.finding.code, whole.value.finding.line) == (code, line)
    assert str(whole.value) == str(big.value)


def test_truncated_small_document_reports_the_fresh_parser_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Errors that depend on where the bytes end cannot be padded: compare them with what a
    parser built for the one parse reports, after other failures left the thread's parser
    with an error log of its own."""
    cases = [NOTIFICATION[:cut].encode() for cut in (60, 140, 250, len(NOTIFICATION) - 3)]
    cases += [b"", b"<", b"\xff\xfe<\x00u\x00", b"<urlset>\x00</urlset>"]
    reused = []
    for data in cases:
        with pytest.raises(DocumentParseError) as info:
            parse_document(data)
        reused.append(info.value.finding)
    monkeypatch.setattr(safe_xml, "_thread_parser", safe_xml._make_parser)
    fresh = []
    for data in reversed(cases):
        with pytest.raises(DocumentParseError) as info:
            parse_document(data)
        fresh.append(info.value.finding)
    assert reused == fresh[::-1]
    assert all(f.code == "parse.malformed" for f in reused)
    assert all(f.line is not None for f in reused[:4])


def test_a_good_document_after_a_broken_one_reads_cleanly() -> None:
    with pytest.raises(DocumentParseError):
        parse_document(NOTIFICATION[:200].encode())
    doc = parse_document(NOTIFICATION.encode())
    assert doc.findings == []
    assert len(doc.entries) == 1


@pytest.mark.parametrize(
    "data",
    [
        f'{HEAD}<!DOCTYPE urlset [<!ENTITY e "x">]>\n<urlset {NS}>&e;</urlset>'.encode(),
        f"<!DOCTYPE urlset><urlset {NS}></urlset>".encode(),
        # A comment that looks like a start tag hides this DOCTYPE from the byte scan.
        f"<!-- <a> --><!DOCTYPE urlset><urlset {NS}></urlset>".encode(),
        f'<!DOCTYPE urlset [<!ENTITY e "x">]><urlset {NS}>&e;</urlset>'.encode("utf-16"),
    ],
    ids=["internal-subset", "bare", "behind-comment", "utf-16"],
)
def test_a_small_document_with_a_doctype_is_refused(data: bytes, streamed: list[int]) -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(data)
    assert info.value.finding.code == "parse.dtd-refused"
    assert streamed == []


def test_the_thread_parser_keeps_every_safety_setting(tmp_path) -> None:
    """Defence in depth, on the parser object that is reused: no entity is substituted, no
    file is read and nothing connects, on its first use and after it."""
    secret = tmp_path / "secret.txt"
    secret.write_text("canary-secret-small")
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.setblocking(False)
    url = f"http://127.0.0.1:{server.getsockname()[1]}"
    payloads = [
        f'<!DOCTYPE urlset [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
        f"<urlset {NS}><url><loc>&x;</loc></url></urlset>",
        f'<!DOCTYPE urlset [<!ENTITY x SYSTEM "{url}/s">]><urlset {NS}><loc>&x;</loc></urlset>',
        f'<!DOCTYPE urlset [<!ENTITY % r SYSTEM "{url}/e.dtd"> %r;]><urlset {NS}/>',
        f'<!DOCTYPE urlset SYSTEM "{url}/sitemap.dtd"><urlset {NS}/>',
        f'<!DOCTYPE urlset [<!ENTITY i "inner">]><urlset {NS}><loc>&i;</loc></urlset>',
    ]
    try:
        thread_parser = safe_xml._thread_parser()
        for _round in range(2):
            for payload in payloads:
                try:
                    root = etree.fromstring(payload.encode(), thread_parser)
                except etree.XMLSyntaxError:
                    continue
                text = etree.tostring(root, encoding="unicode")
                assert "canary-secret-small" not in text
                assert "inner" not in text
        assert safe_xml._thread_parser() is thread_parser
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody connected
    finally:
        server.close()


def test_each_thread_has_its_own_parser() -> None:
    parsers = []
    thread = threading.Thread(target=lambda: parsers.append(safe_xml._thread_parser()))
    thread.start()
    thread.join()
    assert parsers[0] is not safe_xml._thread_parser()


def test_concurrent_small_parses_agree() -> None:
    small, _padded = small_and_padded(SMALL["findings"])
    broken = NOTIFICATION[:200].encode()
    expected = parse_document(small)
    with pytest.raises(DocumentParseError) as info:
        parse_document(broken)
    expected_error = info.value.finding

    def work(i: int):
        if i % 2:
            return parse_document(small)
        try:
            parse_document(broken)
        except DocumentParseError as exc:
            return exc.finding
        return None

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(work, range(400)))
    assert results == [expected_error if i % 2 == 0 else expected for i in range(400)]
