"""The search-engine twin of a 120,000-entry Resource List Index: valid against the
sitemaps.org schemas by ``xmllint``, no file over 50,000 URLs, and exactly the source's URL
set and lastmods."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from helpers.spec_shaped import BASE, Entry, document
from lxml import etree

from explorer.net.reports.consumer_twin import TwinError, write_twin

SCHEMAS = Path(__file__).resolve().parents[2] / "explorer" / "core" / "consumers" / "schemas"
SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def _lists() -> list[bytes]:
    return [
        document(
            "resourcelist",
            [
                Entry(
                    f"{BASE}items/{part}/{n}?a=1&b=<{n}>",
                    f"2026-01-0{part + 1}T00:00:00Z",
                    {"length": str(n)},
                )
                for n in range(40_000)
            ],
            links=[{"rel": "up", "href": BASE + "capabilitylist.xml"}],
        )
        for part in range(3)
    ]


def _pairs(body: bytes) -> set[tuple[str | None, str | None]]:
    root = etree.fromstring(body, etree.XMLParser(huge_tree=True))
    return {(u.findtext(SM + "loc"), u.findtext(SM + "lastmod")) for u in root.iter(SM + "url")}


def test_the_twin_of_120000_entries_validates_and_holds_exactly_the_same_urls(
    tmp_path: Path,
) -> None:
    lists = _lists()
    lines = write_twin(
        tmp_path, [(f"{BASE}rl-{n}.xml", lambda b=b: b) for n, b in enumerate(lists)]
    )
    assert lines == [f"Sitemap: {BASE}twin-sitemap-index.xml"]
    parts = sorted(tmp_path.glob("twin-sitemap-0*.xml"))
    assert len(parts) == 3
    run = subprocess.run(
        ["xmllint", "--noout", "--schema", str(SCHEMAS / "sitemap.xsd"), *map(str, parts)],
        capture_output=True,
        text=True,
        check=False,
        timeout=100,
    )
    assert run.returncode == 0, run.stderr[:2000]
    index = tmp_path / "twin-sitemap-index.xml"
    run = subprocess.run(
        ["xmllint", "--noout", "--schema", str(SCHEMAS / "siteindex.xsd"), str(index)],
        capture_output=True,
        text=True,
        check=False,
        timeout=100,
    )
    assert run.returncode == 0, run.stderr
    assert re.findall(r"<loc>([^<]+)</loc>", index.read_text()) == [
        f"{BASE}{p.name}" for p in parts
    ]
    counts = [p.read_bytes().count(b"<url>") for p in parts]
    assert counts == [50_000, 50_000, 20_000]
    twin: set[tuple[str | None, str | None]] = set()
    for part in parts:
        twin |= _pairs(part.read_bytes())
    source: set[tuple[str | None, str | None]] = set()
    for body in lists:
        source |= _pairs(body)
    assert twin == source and len(twin) == 120_000


def test_a_twin_needs_an_address_and_a_list(tmp_path: Path) -> None:
    body = document("resourcelist", [Entry(BASE + "a")])
    with pytest.raises(TwinError, match="--base-url"):
        write_twin(tmp_path, [(None, lambda: body)])
    with pytest.raises(TwinError, match="no Resource List"):
        write_twin(tmp_path, [])
    with pytest.raises(TwinError, match="cannot be read"):
        write_twin(tmp_path, [(BASE + "x.xml", lambda: b"<urlset")])


def test_a_twin_file_exists_whole_or_not_at_all(tmp_path: Path) -> None:
    """A list found unreadable halfway through the first part leaves no half-written part
    under the twin's name, and no temporary file: what exists is complete."""
    good = document("resourcelist", [Entry(BASE + f"r{n}") for n in range(10)])
    lists = [(BASE + "a.xml", lambda: good), (BASE + "b.xml", lambda: b"<urlset")]
    with pytest.raises(TwinError, match="cannot be read"):
        write_twin(tmp_path, lists)
    assert list(tmp_path.iterdir()) == []
