"""Benchmark: structural diff and canonical line diff of two 50,000-entry Resource Lists.

1% of the entries (500) differ in hash and length. Targets: structural diff at
most 0.5 s, canonicalise + line diff at most 1 s. Each figure is also given as a ratio to
a bare ``lxml.etree.parse`` of one list measured in the same run, so runs on different
machines compare. Prints figures; asserts nothing.

    python tests/benchmarks/bench_diff.py [--entries N] [--repeat R]
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable

from lxml import etree

from explorer.core.changes import canonical_lines, diff_documents, diff_lines
from explorer.core.parser import parse_document

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
    '<rs:ln rel="up" href="http://example.com/dataset1/capabilitylist.xml"/>\n'
    '<rs:md capability="resourcelist" at="2024-01-03T09:00:00Z" '
    'completed="2024-01-03T09:05:00Z"/>\n'
)


def resource_list(entries: int, changed: frozenset[int] = frozenset()) -> bytes:
    parts = [HEAD]
    for n in range(entries):
        bump = 7 if n in changed else 0
        parts.append(
            f"<url><loc>http://example.com/dataset1/resource/{n}</loc>"
            f"<lastmod>2024-01-02T13:00:00Z</lastmod>"
            f'<rs:md hash="md5:{n + bump:032x}" length="{1000 + n + bump}" type="text/html"/>'
            "</url>\n"
        )
    parts.append("</urlset>\n")
    return "".join(parts).encode()


def timed(action: Callable[[], object], repeat: int) -> tuple[float, float, float]:
    """(best, median, best CPU) seconds over ``repeat`` runs.

    CPU time (``process_time``) is shown too: on a shared machine wall time also counts
    waiting for a core, CPU time does not."""
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(times), statistics.median(times), min(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    changed = frozenset(random.Random(6).sample(range(args.entries), args.entries // 100))
    old_bytes = resource_list(args.entries)
    new_bytes = resource_list(args.entries, changed)
    print(
        f"two Resource Lists of {args.entries:,} entries, {len(changed):,} changed; "
        f"{len(old_bytes) / 1e6:.1f} MB each; best/median of {args.repeat} runs"
    )

    base = timed(lambda: etree.parse(io.BytesIO(old_bytes)), args.repeat)
    baseline, baseline_cpu = base[0], base[2]
    old_doc, new_doc = parse_document(old_bytes), parse_document(new_doc_bytes := new_bytes)
    result = diff_documents(old_doc, new_doc)
    assert result.summary() == {"added": 0, "removed": 0, "changed": len(changed)}
    lines = diff_lines(canonical_lines(old_bytes), canonical_lines(new_doc_bytes))

    rows = [
        ("bare lxml.etree.parse of one list (baseline)", base, None),
        (
            "parse_document of both lists (for reference)",
            timed(lambda: (parse_document(old_bytes), parse_document(new_bytes)), args.repeat),
            None,
        ),
        (
            "structural diff (diff_documents)",
            timed(lambda: diff_documents(old_doc, new_doc), args.repeat),
            0.5,
        ),
        (
            "canonicalise both (canonical_lines)",
            timed(lambda: (canonical_lines(old_bytes), canonical_lines(new_bytes)), args.repeat),
            None,
        ),
        (
            "canonicalise both + line diff",
            timed(
                lambda: diff_lines(canonical_lines(old_bytes), canonical_lines(new_bytes)),
                args.repeat,
            ),
            1.0,
        ),
    ]
    width = max(len(name) for name, _, _ in rows)
    for name, (best, median, cpu), target in rows:
        verdict = "met" if target and best <= target else "MISSED"
        goal = f"  target <= {target:.1f} s: {verdict}" if target else ""
        print(
            f"{name:<{width}}  best {best:6.3f} s  median {median:6.3f} s  "
            f"x{best / baseline:5.2f} baseline  cpu {cpu:6.3f} s "
            f"x{cpu / baseline_cpu:5.2f}{goal}"
        )
    print(
        f"line diff: {len(lines.old_lines):,} lines per side, -{lines.removed_lines:,} "
        f"+{lines.added_lines:,} lines, {len(lines.hunks()):,} hunks"
    )


if __name__ == "__main__":
    main()
