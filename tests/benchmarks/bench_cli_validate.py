"""Benchmark: ``validate --json FILE`` as a whole process against a bare lxml parse.

Targets: a one-entry Resource List and a 50,000-entry one, both written by ``resync``,
each validated in at most 2x the wall time of ``python3 -c "from lxml import etree;
etree.parse(F)"`` on the same file. Both sides are fresh interpreters started the same
way (same ``sys.executable``, same environment, bytecode already cached), taking turns
so that load from other work on the machine falls on both; the medians and their ratio
are printed. Run as ``python tests/benchmarks/bench_cli_validate.py [--runs N]``. No
assertions: what counts is the ratio to the baseline of the same run.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from compiled import compiled_environment

ROOT = Path(__file__).resolve().parents[2]
BARE = "import sys; from lxml import etree; etree.parse(sys.argv[1])"


def write_resource_list(path: Path, count: int) -> None:
    """A Resource List as the reference library writes it: lastmod, md5, length, type."""
    from resync.resource import Resource
    from resync.resource_list import ResourceList

    listing = ResourceList()
    listing.up = "https://bench.example.org/capabilitylist.xml"
    for i in range(count):
        listing.add(
            Resource(
                uri=f"https://bench.example.org/items/{i:07d}.pdf",
                lastmod=f"2026-10-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00Z",
                md5=hashlib.md5(str(i).encode()).hexdigest(),
                length=1000 + i * 37,
                mime_type="application/pdf",
            )
        )
    path.write_text(listing.as_xml(), encoding="utf-8")


def _run(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def compare(path: Path, runs: int, env: dict[str, str]) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds of the bare parse and of ``validate --json``, taking
    turns. CPU time is what a busy shared machine disturbs least; wall is what CI waits."""
    commands = {
        "bare": [sys.executable, "-c", BARE, str(path)],
        "validate": [sys.executable, "-m", "explorer", "validate", "--json", str(path)],
    }
    for command in [*commands.values(), *commands.values()]:  # page cache, bytecode
        _run(command, env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(_run(command, env))
    return {
        name: (statistics.median(t[0] for t in runs_), statistics.median(t[1] for t in runs_))
        for name, runs_ in times.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per side (default 21)")
    parser.add_argument(
        "--entries", type=int, default=50_000, help="entries of the large list (default 50000)"
    )
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.runs} runs per side, medians")
    print(f"{'document':28s} {'':5s} {'bare ms':>8s} {'validate ms':>12s} {'ratio':>6s}")
    with tempfile.TemporaryDirectory() as tmp:
        env = compiled_environment(Path(tmp) / "pycache")
        for count, runs in ((1, args.runs), (args.entries, max(5, args.runs // 2))):
            path = Path(tmp) / f"resourcelist-{count}.xml"
            write_resource_list(path, count)
            medians = compare(path, runs, env)
            label = f"{count:,} entries ({path.stat().st_size / 1e6:.1f} MB)"
            for clock, index in (("wall", 0), ("CPU", 1)):
                bare, validate = medians["bare"][index], medians["validate"][index]
                print(
                    f"{label:28s} {clock:5s} {bare * 1000:8.1f} {validate * 1000:12.1f} "
                    f"{validate / bare:6.2f}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
