"""inspect's text report: one line per code, and a manifest's findings named as such."""

from __future__ import annotations

import io
import zipfile

from explorer.cli.tree_report import print_tree
from explorer.core.findings import finding
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode, NodeState
from explorer.net.source.discovery import Discovery
from explorer.net.source.dump_check import check_package

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
DUMP = "http://e.org/dump.xml"
PACKAGE = "http://e.org/package1.zip"


def _package_with_a_bad_manifest() -> bytes:
    """A manifest whose entry has a relative loc (line 5) and no up link."""
    manifest = (
        f"<urlset {NS}>\n"
        '<rs:md capability="resourcedump-manifest" at="2013-01-01T00:00:00Z"/>\n'
        "<!-- one entry -->\n"
        "\n"
        '<url><loc>a.txt</loc><rs:md path="/a.txt"/></url>\n'
        "</urlset>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("manifest.xml", manifest)
        archive.writestr("a.txt", b"a")
    return buffer.getvalue()


def _report(node: DocumentNode) -> str:
    out = io.StringIO()
    print_tree(CrawlResult(DUMP, Discovery(DUMP, DUMP), node), out)
    return out.getvalue()


def test_manifest_findings_name_the_file_inside_the_package() -> None:
    report = check_package(_package_with_a_bad_manifest(), PACKAGE, "resourcedump-manifest")
    node = DocumentNode(DUMP, "resourcedump", state=NodeState.LOADED)
    node.findings.extend(report.findings)
    node.findings.append(finding("document.up-missing", "the dump's own finding", line=2, url=DUMP))
    lines = _report(node).splitlines()
    [loc] = [line for line in lines if "document.loc-not-absolute" in line]
    assert f"document.loc-not-absolute in manifest.xml of the package {PACKAGE} line 5:" in loc
    [own] = [line for line in lines if "the dump's own finding" in line]
    assert "document.up-missing line 2:" in own and "manifest.xml" not in own


def test_a_repeated_code_is_one_line_with_its_count() -> None:
    node = DocumentNode(DUMP, "resourcelist", state=NodeState.LOADED)
    node.findings.extend(
        finding("document.hash-malformed", "bad digest", line=n, url=DUMP) for n in range(3, 53)
    )
    lines = [line for line in _report(node).splitlines() if "hash-malformed" in line]
    assert len(lines) == 1
    assert lines[0].endswith("[50 times, lines 3, 4, 5, 6, 7, 8, 9, 10, …]")
