"""A fleet snapshot's stored rows read back as a crawl tree (no database: the rows as
``latest_snapshot`` selects them)."""

from __future__ import annotations

import json

from explorer.core.findings import Finding, Severity
from explorer.net.fleet.stored_tree import build_result
from explorer.net.source.crawl_tree import NodeState

BASE = "http://example.org"


def _row(url: str, parent: str | None, capability: str, state: str = "loaded") -> tuple:
    md = json.dumps({"capability": capability})
    return (f"{BASE}{url}", parent and f"{BASE}{parent}", capability, "urlset", state, 200, 3, md)


def _finding(code: str, severity: Severity) -> dict:
    return Finding(code=code, severity=severity, message="m").to_stored()


def test_documents_hang_under_their_parents_with_their_findings() -> None:
    rows = [
        _row("/cap.xml", "/desc.xml", "capabilitylist"),
        _row("/desc.xml", None, "description"),
        _row("/rl.xml", "/cap.xml", "resourcelist"),
        _row("/gone.xml", "/cap.xml", "changelist", state="failed"),
    ]
    findings = [
        (f"{BASE}/rl.xml", _finding("entry.lastmod-invalid", Severity.ERROR)),
        ("", _finding("discovery.note", Severity.INFO)),
        ("channel t", _finding("push.note", Severity.WARNING)),
    ]
    entries = [
        (f"{BASE}/rl.xml", 1, f"{BASE}/r/2", None, None, "9", None, None, None),
        (f"{BASE}/rl.xml", 0, f"{BASE}/r/1", "2026-01-01", "md5:aa", "3", None, None, None),
    ]
    result = build_result(f"{BASE}/desc.xml", f"{BASE}/desc.xml", rows, findings, entries)
    root = result.root
    assert root is not None and root.url == f"{BASE}/desc.xml"
    (cap,) = root.children
    assert [child.url for child in cap.children] == [f"{BASE}/rl.xml", f"{BASE}/gone.xml"]
    listed = cap.children[0]
    assert (listed.capability, listed.depth, listed.entries) == ("resourcelist", 2, 3)
    assert [f.code for f in listed.findings] == ["entry.lastmod-invalid"]
    assert listed.document is not None
    first, second = listed.document.entries  # in their stored order
    assert (first.loc, first.lastmod, first.hash, first.length) == (
        f"{BASE}/r/1",
        "2026-01-01",
        "md5:aa",
        "3",
    )
    assert (second.loc, second.length, second.hash) == (f"{BASE}/r/2", "9", None)
    assert cap.children[1].state is NodeState.FAILED
    assert sorted(f.code for f in result.findings) == ["discovery.note", "push.note"]
    assert result.source_url == f"{BASE}/desc.xml"


def test_damaged_parent_rows_cannot_loop_the_tree() -> None:
    rows = [_row("/desc.xml", "/cap.xml", "description"), _row("/cap.xml", "/desc.xml", "x")]
    result = build_result(f"{BASE}/desc.xml", f"{BASE}/desc.xml", rows, [])
    assert result.root is not None and result.root.parent is None
    assert [node.url for node in result.root.walk()] == [f"{BASE}/desc.xml", f"{BASE}/cap.xml"]
