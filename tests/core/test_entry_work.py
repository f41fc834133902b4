"""Work per entry of the parse and the entries rule, counted (never timed).

A 50,000-entry list is read and checked in a loop per entry, so every call there costs
50,000 times (issue 44, ``validate`` within twice the bare lxml parse). The guard counts
the calls the profiler sees (Python functions and C functions called from Python) while
reading and validating a list of ``n`` and of ``2n`` entries: the difference is what one
more entry costs, whatever the document's fixed cost is.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

from explorer.core.model import Document
from explorer.core.parser import parse_document
from explorer.core.validator import validate_document

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
    '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>\n'
)


def resource_list(count: int) -> bytes:
    """A Resource List as the reference library writes one: lastmod, hash, length, type
    (large enough past a few hundred entries to be read as a stream)."""
    entries = "".join(
        f"<url><loc>https://example.org/items/{i}.pdf</loc>"
        f"<lastmod>2026-10-{1 + i % 28:02d}T00:00:00Z</lastmod>"
        f'<rs:md hash="md5:{i:032x}" length="{1000 + i}" type="application/pdf"/></url>\n'
        for i in range(count)
    )
    return (HEAD + entries + "</urlset>\n").encode()


def counted(work: Callable[[], Any]) -> tuple[Counter[str], Any]:
    """The calls ``work`` makes, by kind ("python" or "c"), and its result."""
    calls: Counter[str] = Counter()

    def profile(_frame: FrameType, event: str, _arg: object) -> None:
        if event == "call":
            calls["python"] += 1
        elif event == "c_call":
            calls["c"] += 1

    sys.setprofile(profile)
    try:
        result = work()
    finally:
        sys.setprofile(None)
    return calls, result


def per_entry(work: Callable[[bytes], Any], count: int = 2_000) -> dict[str, float]:
    """Calls one more entry costs ``work`` (a list of ``2 * count`` against ``count``)."""
    small, _ = counted(lambda: work(resource_list(count)))
    large, _ = counted(lambda: work(resource_list(2 * count)))
    return {kind: (large[kind] - small[kind]) / count for kind in ("python", "c")}


def parsed(data: bytes) -> Document:
    return parse_document(data)


def test_the_parse_reads_an_entry_in_three_python_calls() -> None:
    # The rs:md layout is the last entry's, found without a lookup (before: a tuple of
    # the names hashed into the document's layouts each time, 13 C calls an entry).
    costs = per_entry(parsed)
    assert costs["python"] <= 3.05, costs
    assert costs["c"] <= 12.05, costs


def test_the_entries_rule_makes_no_python_call_per_entry() -> None:
    # Warm: the catalog and the rule modules load on the first validation, not per entry.
    validate_document(parse_document(resource_list(10)))
    documents = {count: parse_document(resource_list(count)) for count in (2_000, 4_000)}
    calls = {
        count: counted(lambda d=doc: validate_document(d))[0] for count, doc in documents.items()
    }
    python = (calls[4_000]["python"] - calls[2_000]["python"]) / 2_000
    c = (calls[4_000]["c"] - calls[2_000]["c"]) / 2_000
    # Reading links through a property, or finding the layout's plan by id() in a dict,
    # was a call per entry (before: 1 Python and 7 C calls).
    assert python <= 0.01, python
    assert c <= 6.01, c


def test_the_counted_lists_are_valid_resource_lists() -> None:
    """What the counts walk is the fast path of a clean list: no finding per entry."""
    doc = parse_document(resource_list(2_000))
    findings = validate_document(doc)
    assert len(doc.entries) == 2_000
    md = {"hash": f"md5:{5:032x}", "length": "1005", "type": "application/pdf"}
    assert doc.entries[5].md == md
    assert all(f.line is None or f.line <= 3 for f in findings), findings
