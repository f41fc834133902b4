"""Property: ``check_bytes`` on damaged ResourceSync documents gives a result, never raises.

test_rules_validator.py feeds random bytes (which almost never parse) and random attribute
values; this feeds byte-level mutations of real documents of every capability, so the
rules run on trees that parse but are wrong in every way a Source can get them wrong.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core.findings import Finding
from explorer.core.validator import ValidationContext, check_bytes

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<{root} '
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
    '<rs:ln rel="up" href="http://e.org/capabilitylist.xml"/>\n'
)
DOCUMENTS = [
    HEAD.format(root="urlset") + '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z" '
    'completed="2026-01-01T00:01:00Z"/>\n'
    "<url><loc>http://e.org/a</loc><lastmod>2025-12-31T00:00:00Z</lastmod>"
    '<rs:md hash="md5:1e0d5cb8ef6ba40c99b14c0237be735e sha-256:abc" length="8" type="text/plain"/>'
    '<rs:ln rel="duplicate" href="http://mirror.e.org/a" pri="1"/></url>\n</urlset>\n',
    HEAD.format(root="urlset")
    + '<rs:md capability="changelist" from="2026-01-01T00:00:00Z" until="2026-01-02T00:00:00Z"/>\n'
    "<url><loc>http://e.org/a</loc><lastmod>2026-01-01T10:00:00Z</lastmod>"
    '<rs:md change="updated" datetime="2026-01-01T10:00:00Z"/></url>\n'
    '<url><loc>http://e.org/b</loc><rs:md change="deleted" datetime="2026-01-01T11:00:00Z"/>'
    "</url>\n</urlset>\n",
    HEAD.format(root="sitemapindex")
    + '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>\n'
    '<sitemap><loc>http://e.org/rl1.xml</loc><rs:md at="2026-01-01T00:00:00Z"/></sitemap>\n'
    "</sitemapindex>\n",
    HEAD.format(root="urlset") + '<rs:md capability="capabilitylist"/>\n'
    '<url><loc>http://e.org/rl.xml</loc><rs:md capability="resourcelist"/></url>\n'
    '<url><loc>http://e.org/cl.xml</loc><rs:md capability="changelist"/></url>\n</urlset>\n',
    HEAD.format(root="urlset")
    + '<rs:md capability="change-notification" from="2026-01-01T00:00:00Z" '
    'until="2026-01-01T00:01:00Z"/>\n'
    '<url><loc>http://e.org/a</loc><rs:md change="created" datetime="2026-01-01T00:00:30Z"/>'
    "</url>\n</urlset>\n",
]
SNIPPETS = [
    b"<",
    b">",
    b"&",
    b'"',
    b"Z",
    b"-",
    b"T",
    b"99",
    b"\x00",
    b"\xff",
    b"rs:md",
    b'change="frozen"',
    b'capability="x"',
    b'at=""',
    b"</url>",
    b"<url>",
    b"<loc/>",
    b'hash="md5:"',
    b'length="-1"',
    b'from="2027-01-01T00:00:00Z"',
]


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(DOCUMENTS)).encode())
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["delete", "insert", "flip"]))
        if action == "delete":
            del data[at : at + draw(st.integers(1, 30))]
        elif action == "insert":
            data[at:at] = draw(st.sampled_from(SNIPPETS))
        elif at < len(data):
            data[at] = draw(st.integers(0, 255))
    return bytes(data)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=damaged(),
    declared=st.sampled_from([None, "resourcelist", "changelist", "change-notification"]),
)
def test_damaged_documents_give_a_document_or_an_error_finding(
    data: bytes, declared: str | None
) -> None:
    result = check_bytes(
        data, ValidationContext(declared_capability=declared, url="http://e.org/doc.xml")
    )
    assert all(isinstance(item, Finding) and item.code and item.message for item in result.findings)
    if result.document is None:
        assert any(item.code.startswith("parse.") for item in result.findings)
