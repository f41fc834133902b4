"""``validate`` against well-formed but hostile documents, measured from outside: each runs
``python -m explorer validate FILE --json`` in its own process and reads that process's
peak resident memory. Every case must end cleanly (exit 0 or 1, no traceback), name the
budget that was passed, and stay within 300 MB."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from helpers.hostile_http import peak_bound, run_explorer

PEAK_MB = peak_bound(300.0)
HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    ' xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
    '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>\n'
)
TAIL = "</urlset>\n"


def write(path: Path, parts: Iterable[str]) -> Path:
    with path.open("wb") as out:
        for part in parts:
            out.write(part.encode())
    return path


def many_attributes(count: int, per_chunk: int = 10_000) -> Iterable[str]:
    """One entry whose rs:md has ``count`` attributes (a start tag of many megabytes)."""
    yield HEAD + "<url><loc>http://e.org/a</loc><rs:md"
    for start in range(0, count, per_chunk):
        yield "".join(f' a{i}="1"' for i in range(start, min(count, start + per_chunk)))
    yield "/></url>\n" + TAIL


def many_entries(count: int, per_chunk: int = 100_000) -> Iterable[str]:
    yield HEAD
    for _ in range(count // per_chunk):
        yield "<url/>" * per_chunk
    yield TAIL


def many_links_in_one_entry(count: int, per_chunk: int = 10_000) -> Iterable[str]:
    yield HEAD + "<url><loc>http://e.org/a</loc>"
    for _ in range(count // per_chunk):
        yield '<rs:ln rel="d" href="h"/>' * per_chunk
    yield "</url>\n" + TAIL


async def validate(path: Path) -> dict:
    run = await run_explorer("validate", str(path), "--json")
    assert run.code in (0, 1), run.err
    assert "Traceback" not in run.err
    assert run.peak_mb <= PEAK_MB, f"peak {run.peak_mb:.0f} MB"
    (report,) = json.loads(run.out)["targets"]
    return report


def codes(report: dict) -> set[str]:
    return {item["code"] for item in report["findings"]}


async def test_two_and_a_half_million_attributes_on_one_element(tmp_path: Path) -> None:
    path = write(tmp_path / "attributes.xml", many_attributes(2_500_000))
    assert path.stat().st_size > 29_000_000
    report = await validate(path)
    assert codes(report) == {"parse.too-many-attributes"}


async def test_ten_million_empty_entries(tmp_path: Path) -> None:
    path = write(tmp_path / "entries.xml", many_entries(10_000_000))
    report = await validate(path)
    found = codes(report)
    assert {"parse.too-many-entries", "document.too-many-entries"} <= found
    assert "document.findings-capped" in found  # 100,000 entries without loc, 1,000 listed
    assert report["entries"] == 100_000
    assert len(report["findings"]) < 1_100
    (total,) = [f for f in report["findings"] if f["code"] == "document.too-many-entries"]
    assert "10,000,000 entries" in total["message"]


async def test_two_million_links_in_one_entry(tmp_path: Path) -> None:
    path = write(tmp_path / "links.xml", many_links_in_one_entry(2_000_000))
    report = await validate(path)
    assert {"parse.entry-too-large", "parse.too-many-links"} <= codes(report)
    assert report["entries"] == 1


async def test_ten_million_entries_then_a_syntax_error(tmp_path: Path) -> None:
    """The stream stops at the error; the whole-document error is found without a tree."""
    parts = list(many_entries(10_000_000))
    path = write(tmp_path / "broken.xml", parts[:-1])
    report = await validate(path)
    assert codes(report) == {"parse.malformed"}


def attributes_spread_over_links(entries: int, links: int, attributes: int) -> Iterable[str]:
    """Every rs:ln under the per-element cap, the document far over the per-document one."""
    extra = " ".join(f'a{i}="v"' for i in range(attributes - 2))
    link = f'<rs:ln rel="alternate" href="http://e.org/x" {extra}/>' * links
    yield HEAD
    for index in range(entries):
        yield f"<url><loc>http://e.org/{index}</loc>{link}</url>\n"
    yield TAIL


async def test_seven_million_attributes_spread_over_links(tmp_path: Path) -> None:
    """12,000 entries × 10 rs:ln × 60 attributes: each element within its 64, the document
    at 7.2 million; read up to the per-document budget, the rest counted."""
    path = write(tmp_path / "spread.xml", attributes_spread_over_links(12_000, 10, 60))
    assert path.stat().st_size > 60_000_000
    report = await validate(path)
    (budget,) = [f for f in report["findings"] if f["code"] == "parse.too-many-attributes"]
    assert "500,000" in budget["message"]
    assert report["entries"] < 12_000


def shuffled_list(order: Iterable[int]) -> Iterable[str]:
    yield HEAD
    for index in order:
        yield (
            f"<url><loc>http://example.org/resource/{index:08d}</loc>"
            f'<lastmod>2026-01-01T00:00:00Z</lastmod><rs:md hash="md5:{index:032x}"/></url>\n'
        )
    yield TAIL


async def test_diff_of_two_sixty_megabyte_documents_reordered(tmp_path: Path) -> None:
    """Same 400,000 locs in another order: the entry diff is made, each kind listed up to
    its cap, and the line diff is refused with a finding instead of costing gigabytes."""
    order = list(range(400_000))
    old = write(tmp_path / "old.xml", shuffled_list(order))
    random.Random(1).shuffle(order)
    new = write(tmp_path / "new.xml", shuffled_list(order))
    assert old.stat().st_size > 59_000_000
    run = await run_explorer("diff", str(old), str(new), "--json")
    print(f"diff of two {old.stat().st_size:,}-byte lists: {run.peak_mb:.0f} MB, {run.wall:.1f} s")
    assert run.code == 0 and "Traceback" not in run.err, run.err
    assert run.peak_mb <= PEAK_MB, f"peak {run.peak_mb:.0f} MB"
    report = json.loads(run.out)
    assert report["lines"] is None
    assert [f["code"] for f in report["findings"]] == ["changes.line-diff-skipped"]
    structure = report["structure"]
    assert structure["added"] > len(structure["added_entries"]) == 10_000


def rewritten_list(tag: str, size: int) -> Iterable[str]:
    """A Resource List of about ``size`` bytes whose every loc names ``tag``'s tree."""
    yield HEAD
    written, index = len(HEAD), 0
    while written < size - 200:
        entry = (
            f"<url><loc>http://example.org/{tag}/res/{index:08d}</loc>"
            f"<lastmod>2026-01-01T00:00:00Z</lastmod>"
            f'<rs:md hash="md5:{index:032x}" length="{index}" type="text/plain"/></url>\n'
        )
        written += len(entry)
        index += 1
        yield entry
    yield TAIL


@pytest.mark.parametrize("json_output", [True, False], ids=["json", "text"])
async def test_diff_of_two_rewritten_eight_mebibyte_lists(
    tmp_path: Path, json_output: bool
) -> None:
    """Two 8 MiB lists sharing no loc (the issue's figures: 631 MB and 73 MB of JSON): the
    entry diff is made and the line diff refused with a finding, within 300 MB."""
    old = write(tmp_path / "old.xml", rewritten_list("a", 8 * 1024 * 1024))
    new = write(tmp_path / "new.xml", rewritten_list("b", 8 * 1024 * 1024))
    assert 8_000_000 < old.stat().st_size <= 8 * 1024 * 1024
    run = await run_explorer("diff", str(old), str(new), *(["--json"] if json_output else []))
    size = old.stat().st_size
    print(f"diff of two {size:,}-byte lists: {run.peak_mb:.0f} MB, {len(run.out):,} chars")
    assert run.code == 0 and "Traceback" not in run.err, run.err
    assert run.peak_mb <= PEAK_MB, f"peak {run.peak_mb:.0f} MB"
    if json_output:
        report = json.loads(run.out)
        assert report["lines"] is None
        assert [f["code"] for f in report["findings"]] == ["changes.line-diff-skipped"]
        assert report["structure"]["added"] > len(report["structure"]["added_entries"])
    else:
        assert "no line diff" in run.out
