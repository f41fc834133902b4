"""One row per code per document, every occurrence kept (count and lines)."""

from __future__ import annotations

from explorer.core.finding_groups import group_findings
from explorer.core.findings import finding
from explorer.core.validator import check_bytes

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)


def resource_list_with_base64_digests(count: int) -> bytes:
    """Every entry's hash is written in base64, as some publishers do (core 1.1 §7 wants hex)."""
    entries = "\n".join(
        f'<url><loc>http://e.org/r{i}</loc><rs:md hash="md5:1B2M2Y8AsgTpgAmY7PhCfg=="/></url>'
        for i in range(count)
    )
    return (
        f"<urlset {NS}>\n"
        '<rs:ln rel="up" href="http://e.org/caps.xml"/>\n'
        '<rs:md capability="resourcelist" at="2013-01-01T00:00:00Z"/>\n'
        f"{entries}\n</urlset>"
    ).encode()


def test_a_repeated_defect_is_one_group_with_every_line() -> None:
    findings = check_bytes(resource_list_with_base64_digests(996)).findings
    assert len(findings) == 996
    [group] = group_findings(findings)
    assert group.code == "document.hash-malformed"
    assert group.count == 996
    assert group.lines == list(range(4, 4 + 996))
    data = group.to_json()
    assert data["count"] == 996 and data["lines"] == group.lines
    assert data["line"] == 4 and data["message"] == findings[0].message


def test_groups_keep_severity_order_then_first_line_and_split_by_document() -> None:
    items = [
        finding("document.hash-malformed", "h", line=9),
        finding("document.loc-not-absolute", "l", line=12),
        finding("document.hash-malformed", "h", line=3),
        finding("document.hash-malformed", "h", line=5, url="http://e.org/other.xml"),
        finding("document.loc-not-absolute", "l", line=2),
    ]
    groups = group_findings(items)
    assert [(g.code, g.count, g.lines) for g in groups] == [
        ("document.loc-not-absolute", 2, [2, 12]),
        ("document.hash-malformed", 2, [3, 9]),
        ("document.hash-malformed", 1, [5]),
    ]
    assert groups[2].first.url == "http://e.org/other.xml"


def test_lines_text_lists_a_few_lines_then_an_ellipsis() -> None:
    items = [finding("document.hash-malformed", "h", line=n) for n in range(10, 30)]
    [group] = group_findings(items)
    assert group.lines_text() == "20 times, lines 10, 11, 12, 13, 14, 15, 16, 17, …"
    [single] = group_findings(items[:1])
    assert single.lines_text() == ""
