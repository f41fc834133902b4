"""Benchmark: parse (and validate) a 50,000-entry Resource List against a bare lxml parse.

Target: parse+validate <= 3x ``lxml.etree.parse`` of the same bytes. Prints the
figures; run as ``python tests/benchmarks/bench_parse_validate.py``. No assertions: timings
depend on the machine, so what counts is the ratio to a baseline measured in the same run.
Times are CPU time of this process (``time.process_time``), best of several rounds, so other
work on a shared machine disturbs them less. Peak memory is measured in a fresh child
process per mode (growth of the peak resident set while that mode runs once).
"""

from __future__ import annotations

import gc
import hashlib
import io
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from lxml import etree

from explorer.core.parser import parse_document

ENTRIES = 50_000
ROUNDS = 9


def make_resource_list(count: int = ENTRIES) -> bytes:
    """A Resource List with hash, length, type and lastmod on every entry (~10 MB)."""
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\n'
        '        xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
        '  <rs:ln rel="up" href="https://bench.example.org/capabilitylist.xml"/>\n'
        '  <rs:md capability="resourcelist" at="2026-11-01T00:00:00Z"/>\n'
    ]
    for i in range(count):
        digest = hashlib.md5(str(i).encode()).hexdigest()
        parts.append(
            "  <url>\n"
            f"    <loc>https://bench.example.org/items/{i:07d}.pdf</loc>\n"
            f"    <lastmod>2026-10-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z</lastmod>\n"
            f'    <rs:md hash="md5:{digest}" length="{1000 + i * 37}" type="application/pdf"/>\n'
            "  </url>\n"
        )
    parts.append("</urlset>\n")
    return "".join(parts).encode("utf-8")


def _validator() -> Callable[..., object] | None:
    try:
        from explorer.core.validator import validate_document
    except ImportError:
        return None
    return validate_document


def modes(data: bytes) -> dict[str, Callable[[], object]]:
    result: dict[str, Callable[[], object]] = {
        "bare": lambda: etree.parse(io.BytesIO(data)),
        "parse": lambda: parse_document(data),
    }
    validate_document = _validator()
    if validate_document is not None:
        result["parse+validate"] = lambda: validate_document(parse_document(data))
    return result


def _resync_once(data: bytes) -> float | None:
    """For context: the ``resync`` library's Resource List parse of the same bytes, once."""
    try:
        from resync.resource_list import ResourceList
    except ImportError:
        return None
    start = time.process_time()
    ResourceList().parse(fh=io.BytesIO(data))
    return time.process_time() - start


def best_times(timed: dict[str, Callable[[], object]], rounds: int = ROUNDS) -> dict[str, float]:
    """Best CPU time of each mode over several rounds. Modes take turns within a round, so
    load from other processes drifting over the run affects them alike.

    The clock includes a young-generation garbage collection after each call: the parser
    pauses the cyclic GC while it builds entries, and without this the scan of those new
    objects (which the next allocations in a real program would trigger) would go unbilled.
    Each result is kept alive until the clock stops, so freeing it (the lxml tree, or the
    previous Document) is not counted in any mode."""
    best = dict.fromkeys(timed, float("inf"))
    for _ in range(rounds):
        for name, fn in timed.items():
            start = time.process_time()
            result = fn()
            gc.collect(1)
            best[name] = min(best[name], time.process_time() - start)
            del result
    return best


def peak_growth_mb(mode: str, path: Path) -> float:
    """Run one mode once in a fresh interpreter; report how much the peak RSS grew."""
    out = subprocess.run(
        [sys.executable, __file__, "--memory", mode, str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.strip())


def _memory_child(mode: str, path: str) -> None:
    data = Path(path).read_bytes()
    run = modes(data)[mode]
    before = _peak_rss_kib()
    run()
    print((_peak_rss_kib() - before) / 1024)


def _peak_rss_kib() -> int:
    """This process's peak resident set. VmHWM, unlike ru_maxrss, is not inherited from the
    parent across fork/exec, so the child's figure is its own."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> int:
    data = make_resource_list()
    print(f"document: {ENTRIES:,} entries, {len(data) / 1e6:.1f} MB")
    timed = modes(data)
    best = best_times(timed)
    baseline = best["bare"]
    print(f"{'mode':16s} {'CPU ms':>8s} {'ratio':>6s} {'peak RSS +MB':>13s}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "resourcelist.xml"
        path.write_bytes(data)
        for name, elapsed in best.items():
            growth = peak_growth_mb(name, path)
            print(f"{name:16s} {elapsed * 1000:8.1f} {elapsed / baseline:6.2f} {growth:13.1f}")
    resync_time = _resync_once(data)
    if resync_time is not None:
        print(f"{'resync (1 run)':16s} {resync_time * 1000:8.1f} {resync_time / baseline:6.2f}")
    if "parse+validate" not in timed:
        print("parse+validate: explorer.core.validator is not available")
    else:
        print(f"findings on the generated list: {len(_validator()(parse_document(data)))}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--memory":
        _memory_child(sys.argv[2], sys.argv[3])
        sys.exit(0)
    sys.exit(main())
