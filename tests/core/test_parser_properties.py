"""Property: on any input the parser returns a Document or raises DocumentParseError, never
anything else."""

from __future__ import annotations

import gzip

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core.findings import Finding
from explorer.core.model import RS_NS, SITEMAP_NS, Document
from explorer.core.parser import DocumentParseError, parse_document

VALID = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    f'<urlset xmlns="{SITEMAP_NS}" xmlns:rs="{RS_NS}" '
    'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
    '  <rs:ln rel="up" href="http://e.org/caps.xml"/>\n'
    '  <rs:md capability="changelist" from="2026-01-01T00:00:00Z"/>\n'
    "  <url>\n"
    "    <loc>http://e.org/a</loc>\n"
    '    <lastmod rs:type="updated">2026-01-02T00:00:00Z</lastmod>\n'
    '    <rs:md change="updated" hash="md5:00112233445566778899aabbccddeeff" length="3"/>\n'
    '    <rs:fixity type="md5">AAECAwQFBgcICQoLDA0ODw==</rs:fixity><rs:size>3</rs:size>\n'
    '    <xhtml:link rel="alternate" href="http://e.org/a.html"/>\n'
    "  </url>\n"
    "  <url><loc>http://e.org/b</loc><expires>2026-01-03T00:00:00Z</expires></url>\n"
    "</urlset>\n"
).encode()

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outcome(data: bytes) -> Document | Finding:
    """Parse, accepting only the two documented outcomes."""
    try:
        doc = parse_document(data)
    except DocumentParseError as exc:
        assert exc.finding.code.startswith("parse.")
        return exc.finding
    assert isinstance(doc, Document)
    assert all(f.code.startswith("parse.") for f in doc.findings)
    for entry in doc.entries:
        assert entry.loc is None or isinstance(entry.loc, str)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in entry.md.items())
    return doc


@FAST
@given(st.binary(max_size=2000))
def test_any_bytes(data: bytes) -> None:
    outcome(data)


@FAST
@given(st.binary(max_size=500))
def test_any_bytes_behind_a_gzip_header(data: bytes) -> None:
    outcome(b"\x1f\x8b" + data)
    outcome(gzip.compress(data))


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(VALID)
    for _ in range(draw(st.integers(1, 8))):
        action = draw(st.sampled_from(["flip", "delete", "insert", "truncate"]))
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        if action == "flip" and data:
            data[at] = draw(st.integers(0, 255))
        elif action == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif action == "insert":
            data[at:at] = draw(
                st.sampled_from(
                    [
                        b"<",
                        b">",
                        b"&",
                        b"<!DOCTYPE x>",
                        b"<rs:md/>",
                        b"<url>",
                        b"</url>",
                        b'xmlns:rs="http://x/"',
                        b"<loc>",
                        b"\x00",
                        b"\xff\xfe",
                        b"]]>",
                        b"<![CDATA[",
                    ]
                )
            )
        else:
            del data[at:]
    return bytes(data)


@FAST
@given(mutated())
def test_mutations_of_a_valid_document(data: bytes) -> None:
    outcome(data)


NAMES = st.sampled_from(
    [
        ("", "url"),
        ("", "sitemap"),
        ("", "loc"),
        ("", "lastmod"),
        ("", "expires"),
        ("", "changefreq"),
        ("", "priority"),
        ("rs", "md"),
        ("rs", "ln"),
        ("rs", "fixity"),
        ("rs", "size"),
        ("rs", "mimetype"),
        ("rs", "path"),
        ("rs", "other"),
        ("xhtml", "link"),
        ("xhtml", "meta"),
        ("x", "ext"),
    ]
)
ATTRIBUTE = st.tuples(
    st.sampled_from(["rel", "href", "capability", "type", "name", "rs:type", "rs:at", "x:a"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


@st.composite
def element(draw: st.DrawFn, depth: int = 0) -> str:
    prefix, local = draw(NAMES)
    tag = f"{prefix}:{local}" if prefix else local
    attributes = dict(draw(st.lists(ATTRIBUTE, max_size=3)))
    attrs = "".join(f' {k}="{_escape(v)}"' for k, v in attributes.items())
    text = _escape(
        draw(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=10))
    )
    children = "" if depth >= 2 else "".join(draw(st.lists(element(depth + 1), max_size=3)))
    return f"<{tag}{attrs}>{text}{children}</{tag}>"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["urlset", "sitemapindex"]),
    st.sampled_from([RS_NS, "http://www.openarchives.org/rs/terms", "http://example.org/t"]),
    st.lists(element(), max_size=4),
)
def test_well_formed_documents_of_any_shape(root: str, rs_ns: str, children: list[str]) -> None:
    data = (
        f'<{root} xmlns="{SITEMAP_NS}" xmlns:rs="{rs_ns}" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:x="http://example.org/x">'
        + "".join(children)
        + f"</{root}>"
    ).encode()
    result = outcome(data)
    assert isinstance(result, Document), result
