"""Hostile input: every payload becomes a DocumentParseError, without reading a file,
touching the network or using much memory. Payloads are built here, never read from disk."""

from __future__ import annotations

import gc
import gzip
import socket
import tracemalloc
import zlib

import pytest
from lxml import etree

from explorer.core import safe_xml
from explorer.core.model import SITEMAP_NS
from explorer.core.parser import MAX_DOCUMENT_BYTES, DocumentParseError, parse_document

URLSET_OPEN = f'<urlset xmlns="{SITEMAP_NS}">'

BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE urlset [\n<!ENTITY lol "lol">\n'
    + "".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
        for i in range(1, 10)
    )
    + f"]>\n{URLSET_OPEN}<url><loc>&lol9;</loc></url></urlset>"
).encode()

QUADRATIC_BLOWUP = (
    f'<!DOCTYPE urlset [<!ENTITY a "{"x" * 50_000}">]>'
    f"{URLSET_OPEN}<url><loc>{'&a;' * 50_000}</loc></url></urlset>"
).encode()

SECRET = "canary-secret-7f3a"


@pytest.fixture
def canary(tmp_path):
    """A local file and a listening 127.0.0.1 socket that the parser must never touch."""
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(SECRET)
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.setblocking(False)
    url = f"http://127.0.0.1:{server.getsockname()[1]}"
    try:
        yield secret_file.as_uri(), url
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody connected
    finally:
        server.close()


def hostile_payloads(file_uri: str, url: str) -> dict[str, bytes]:
    return {
        "billion-laughs": BILLION_LAUGHS,
        "quadratic": QUADRATIC_BLOWUP,
        "xxe-file": (
            f'<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY xxe SYSTEM "{file_uri}">]>'
            f"{URLSET_OPEN}<url><loc>&xxe;</loc></url></urlset>"
        ).encode(),
        "xxe-http": (
            f'<!DOCTYPE urlset [<!ENTITY xxe SYSTEM "{url}/secret">]>'
            f"{URLSET_OPEN}<url><loc>&xxe;</loc></url></urlset>"
        ).encode(),
        "parameter-entity": (
            f'<!DOCTYPE urlset [<!ENTITY % remote SYSTEM "{url}/evil.dtd"> %remote;]>'
            f"{URLSET_OPEN}</urlset>"
        ).encode(),
        "external-dtd-http": (
            f'<!DOCTYPE urlset SYSTEM "{url}/sitemap.dtd">{URLSET_OPEN}</urlset>'
        ).encode(),
        "external-dtd-file": (
            f'<!DOCTYPE urlset SYSTEM "{file_uri}">{URLSET_OPEN}</urlset>'
        ).encode(),
    }


PAYLOAD_NAMES = list(hostile_payloads("file:///x", "http://127.0.0.1:1"))


@pytest.mark.parametrize("name", PAYLOAD_NAMES)
def test_any_doctype_is_refused(name: str, canary: tuple[str, str]) -> None:
    payload = hostile_payloads(*canary)[name]
    with pytest.raises(DocumentParseError) as info:
        parse_document(payload)
    assert info.value.finding.code == "parse.dtd-refused"
    assert info.value.finding.line is not None
    assert SECRET not in str(info.value)


@pytest.mark.parametrize("name", PAYLOAD_NAMES)
def test_the_lxml_layer_alone_reads_no_file_and_no_url(name: str, canary: tuple[str, str]) -> None:
    """Defence in depth: even without the DOCTYPE refusal, the configured lxml parser
    neither expands entities nor fetches anything (the canary socket sees no connection)."""
    payload = hostile_payloads(*canary)[name]
    try:
        root = etree.fromstring(payload, safe_xml._make_parser())
    except etree.XMLSyntaxError:
        return  # libxml2's own amplification limit stopped it: also safe
    text = etree.tostring(root, encoding="unicode")
    assert SECRET not in text
    assert "lollollol" not in text


def test_doctype_inside_gzip_is_refused() -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(gzip.compress(BILLION_LAUGHS))
    assert info.value.finding.code == "parse.dtd-refused"


def test_doctype_in_utf16_is_refused() -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(BILLION_LAUGHS.decode().encode("utf-16"))
    assert info.value.finding.code == "parse.dtd-refused"


def test_doctype_text_after_the_root_starts_is_not_a_refusal() -> None:
    doc = parse_document(
        f"{URLSET_OPEN}<url><loc>http://e.org/?q=&lt;!DOCTYPE</loc></url>"
        "<!-- <!DOCTYPE x> --></urlset>".encode()
    )
    assert doc.entries[0].loc == "http://e.org/?q=<!DOCTYPE"


def test_the_tree_check_refuses_a_doctype_the_byte_scan_lets_through() -> None:
    """A DOCTYPE after a comment that looks like a start tag passes the byte scan; the check
    on the parsed tree still refuses it."""
    disguised = f"<!-- <a> --><!DOCTYPE urlset>{URLSET_OPEN}</urlset>".encode()
    with pytest.raises(DocumentParseError) as info:
        parse_document(disguised)
    assert info.value.finding.code == "parse.dtd-refused"


def test_oversized_input_is_refused_before_parsing() -> None:
    with pytest.raises(DocumentParseError) as info:
        parse_document(b" " * (MAX_DOCUMENT_BYTES + 1))
    assert info.value.finding.code == "parse.too-large"


def test_zip_bomb_stops_at_the_limit_in_bounded_memory() -> None:
    # A small gzip stream that inflates to well past the limit.
    compressor = zlib.compressobj(1, zlib.DEFLATED, 31)
    block = b" " * (1 << 20)
    blocks = MAX_DOCUMENT_BYTES // len(block) + 16
    bomb = b"".join(compressor.compress(block) for _ in range(blocks)) + compressor.flush()
    assert len(bomb) < MAX_DOCUMENT_BYTES // 100
    tracemalloc.start()
    try:
        with pytest.raises(DocumentParseError) as info:
            parse_document(bomb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert info.value.finding.code == "parse.too-large"
    assert peak < 2.5 * MAX_DOCUMENT_BYTES


def test_deep_nesting_is_refused() -> None:
    depth = 100_000
    payload = (URLSET_OPEN + "<a>" * depth + "</a>" * depth + "</urlset>").encode()
    with pytest.raises(DocumentParseError) as info:
        parse_document(payload)
    assert info.value.finding.code == "parse.too-deep"


def test_a_million_attributes_are_refused() -> None:
    attributes = " ".join(f'a{i}="1"' for i in range(1_000_000))
    payload = f'<urlset xmlns="{SITEMAP_NS}" {attributes}/>'.encode()
    with pytest.raises(DocumentParseError) as info:
        parse_document(payload)
    # Counted before lxml builds the tag (the attribute budget), not at libxml2's own limit.
    assert info.value.finding.code == "parse.too-many-attributes"


def test_a_fifty_megabyte_text_node_is_refused() -> None:
    payload = b"".join(
        [URLSET_OPEN.encode(), b"<url><loc>", b"x" * 50_000_000, b"</loc></url></urlset>"]
    )
    with pytest.raises(DocumentParseError) as info:
        parse_document(payload)
    assert info.value.finding.code == "parse.resource-limit"


def test_limits_do_not_bind_a_realistic_large_document() -> None:
    entry = "<url><loc>http://example.org/" + "p" * 200 + "</loc></url>"
    payload = (URLSET_OPEN + entry * 20_000 + "</urlset>").encode()
    assert len(payload) > 4_000_000
    assert len(parse_document(payload).entries) == 20_000


def test_garbage_collection_is_restored_after_parsing() -> None:
    assert gc.isenabled()
    parse_document(f"{URLSET_OPEN}<url><loc>http://e.org/</loc></url></urlset>".encode())
    assert gc.isenabled()
    with pytest.raises(DocumentParseError):
        parse_document(b"<not-closed>")
    assert gc.isenabled()


def test_concurrent_parses_leave_garbage_collection_enabled() -> None:
    from concurrent.futures import ThreadPoolExecutor

    entries = "".join(f"<url><loc>http://e.org/{i}</loc></url>" for i in range(2000))
    data = f"{URLSET_OPEN}{entries}</urlset>".encode()
    with ThreadPoolExecutor(max_workers=4) as pool:
        counts = list(pool.map(lambda _: len(parse_document(data).entries), range(16)))
    assert counts == [2000] * 16
    assert gc.isenabled()


def test_a_caller_that_disabled_garbage_collection_keeps_it_disabled() -> None:
    gc.disable()
    try:
        parse_document(f"{URLSET_OPEN}</urlset>".encode())
        assert not gc.isenabled()
    finally:
        gc.enable()
