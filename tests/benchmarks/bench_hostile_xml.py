"""Benchmark: hostile XML, each case refused within 1 s and 200 MB.

Each case runs in its own subprocess, so one case's memory cannot hide another's: the
child builds the payload, resets its peak-RSS mark (``/proc/self/clear_refs``), parses
with ``parse_document`` and reports the wall time, the outcome (a finding code) and the
peak resident memory growth over what it held before parsing. Payloads are built here;
the external-entity cases point at a file and at a 127.0.0.1 port that are never read.

    python tests/benchmarks/bench_hostile_xml.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

LIMIT_SECONDS = 1.0
LIMIT_MB = 200.0
URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'


def payload(case: str) -> bytes:
    if case == "billion-laughs":
        entities = "".join(
            f'<!ENTITY l{i} "{("&l" + str(i - 1) + ";") * 10}">' for i in range(1, 10)
        )
        return (
            f'<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY l0 "lol">{entities}]>'
            f"{URLSET}<url><loc>&l9;</loc></url></urlset>"
        ).encode()
    if case == "quadratic-blowup":
        return (
            f'<!DOCTYPE urlset [<!ENTITY a "{"x" * 100_000}">]>'
            f"{URLSET}<url><loc>{'&a;' * 100_000}</loc></url></urlset>"
        ).encode()
    if case == "external-entity-file":
        return (
            '<!DOCTYPE urlset [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            f"{URLSET}<url><loc>&x;</loc></url></urlset>"
        ).encode()
    if case == "external-entity-http":
        return (
            '<!DOCTYPE urlset [<!ENTITY x SYSTEM "http://127.0.0.1:9/secret">]>'
            f"{URLSET}<url><loc>&x;</loc></url></urlset>"
        ).encode()
    if case == "external-dtd":
        return f'<!DOCTYPE urlset SYSTEM "http://127.0.0.1:9/s.dtd">{URLSET}</urlset>'.encode()
    if case == "nesting-100000-deep":
        return (URLSET + "<a>" * 100_000 + "</a>" * 100_000 + "</urlset>").encode()
    if case == "a-million-attributes":
        attributes = " ".join(f'a{i}="1"' for i in range(1_000_000))
        return f"<urlset {attributes}/>".encode()
    if case == "50-MB-text-node":
        return b"".join(
            [URLSET.encode(), b"<url><loc>", b"x" * 50_000_000, b"</loc></url></urlset>"]
        )
    raise ValueError(case)


CASES = [
    "billion-laughs",
    "quadratic-blowup",
    "external-entity-file",
    "external-entity-http",
    "external-dtd",
    "nesting-100000-deep",
    "a-million-attributes",
    "50-MB-text-node",
]


def _status_kb(field: str) -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise LookupError(field)


def child(case: str) -> None:
    """Parse one case and print a JSON line: seconds, outcome, peak growth in MB."""
    import gc

    from explorer.core.parser import DocumentParseError, parse_document

    data = payload(case)
    gc.collect()
    with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
        refs.write("5")  # reset the peak (VmHWM) to the current RSS
    before = _status_kb("VmRSS")
    started = time.perf_counter()
    try:
        doc = parse_document(data)
        outcome = f"ACCEPTED ({len(doc.entries)} entries)"
    except DocumentParseError as exc:
        outcome = exc.finding.code
    seconds = time.perf_counter() - started
    peak = _status_kb("VmHWM")
    print(
        json.dumps(
            {
                "seconds": seconds,
                "outcome": outcome,
                "growth_mb": (peak - before) / 1024,
                "input_mb": len(data) / 1e6,
            }
        )
    )


def main() -> int:
    print(f"{'case':24} {'input':>9} {'time':>9} {'peak RSS growth':>16}  outcome")
    failures = 0
    for case in CASES:
        out = subprocess.run(
            [sys.executable, __file__, "--case", case], capture_output=True, text=True, check=True
        ).stdout
        result = json.loads(out)
        ok = (
            result["seconds"] <= LIMIT_SECONDS
            and result["growth_mb"] <= LIMIT_MB
            and not result["outcome"].startswith("ACCEPTED")
        )
        failures += not ok
        print(
            f"{case:24} {result['input_mb']:7.2f}MB {result['seconds'] * 1000:7.1f}ms "
            f"{result['growth_mb']:13.1f} MB  {result['outcome']}"
            f"{'' if ok else '   <-- over the 1 s / 200 MB budget or accepted'}"
        )
    print(
        f"{len(CASES) - failures}/{len(CASES)} refused within {LIMIT_SECONDS:.0f} s and "
        f"{LIMIT_MB:.0f} MB"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--case":
        child(sys.argv[2])
    else:
        sys.exit(main())
