"""Benchmark: ``consumers`` on a 1,000,000-entry Resource List Index against a bare lxml
parse of the same lists.

Targets (issue 40): within 3x the time of a bare parse and 500 MB peak resident memory.
Prints three figures from one run: the bare parse (``lxml.etree.parse`` of every list), the
consumers engine alone on the same bytes (``read_consumers``, in this process), and the
whole command (``python -m explorer consumers INDEX --base-url … --json``, which also
discovers, crawls, parses and validates the Source) with its peak RSS from
``/usr/bin/time -v``. Times are wall clock, best of ``--rounds`` for the in-process ones,
each with its CPU time beside it (user and system; the command's from ``/usr/bin/time``):
on a shared machine the CPU ratio moves less with the load than the wall-clock one.
No assertions: what counts is the ratio to the baseline measured in the same run. The
command runs with its bytecode compiled beforehand (into the temporary folder, as an
installed package has it, even where the shell turns bytecode caching off), and the load
average is printed with the figures.

    python tests/benchmarks/bench_consumers.py [--entries 1000000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from compiled import compiled_environment
from lxml import etree

from explorer.core.consumers.engine import read_consumers

ROOT = Path(__file__).resolve().parents[2]
BASE = "https://bench.example.org/rs/"
PER_LIST = 50_000


def _list(number: int, count: int) -> bytes:
    """A Resource List with lastmod and rs:md on every entry, as Hyrax writes them."""
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\n'
        '        xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
        f'  <rs:ln rel="up" href="{BASE}capabilitylist.xml"/>\n'
        f'  <rs:ln rel="index" href="{BASE}resourcelist-index.xml"/>\n'
        '  <rs:md capability="resourcelist" at="2026-11-01T00:00:00Z"/>\n'
    ]
    for i in range(count):
        digest = hashlib.md5(f"{number}:{i}".encode()).hexdigest()
        parts.append(
            f"  <url><loc>{BASE}items/{number:03d}/{i:07d}.pdf</loc>"
            f"<lastmod>2026-10-{1 + i % 28:02d}T00:00:00Z</lastmod>"
            f'<rs:md hash="md5:{digest}" length="{1000 + i}" type="application/pdf"/></url>\n'
        )
    parts.append("</urlset>\n")
    return "".join(parts).encode()


def write_source(folder: Path, entries: int) -> list[Path]:
    """The Source: a Capability List, a Resource List Index and its lists; returns the lists."""
    lists = []
    for number in range((entries + PER_LIST - 1) // PER_LIST):
        path = folder / f"resourcelist-{number:03d}.xml"
        path.write_bytes(_list(number, min(PER_LIST, entries - number * PER_LIST)))
        lists.append(path)
    rows = "".join(f"  <sitemap><loc>{BASE}{p.name}</loc></sitemap>\n" for p in lists)
    (folder / "resourcelist-index.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
        f'  <rs:ln rel="up" href="{BASE}capabilitylist.xml"/>\n'
        '  <rs:md capability="resourcelist" at="2026-11-01T00:00:00Z"/>\n'
        f"{rows}</sitemapindex>\n"
    )
    (folder / "capabilitylist.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
        '  <rs:md capability="capabilitylist"/>\n'
        f'  <url><loc>{BASE}resourcelist-index.xml</loc><rs:md capability="resourcelist"/></url>\n'
        "</urlset>\n"
    )
    return lists


def compiled_now(pycache: Path) -> dict[str, str]:
    """The compiled environment, with the package compiled into ``pycache`` before any
    run: the command's figure is then its work, not the compiling of 55,000 lines."""
    env = compiled_environment(pycache)
    compile_all = [sys.executable, "-m", "compileall", "-q", str(ROOT / "explorer")]
    subprocess.run(compile_all, env=env, stdout=subprocess.DEVNULL, check=False)
    return env


def best(rounds: int, work: object) -> tuple[float, float]:
    """The best wall-clock time of ``rounds`` runs, and the least CPU time."""
    times, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(times), min(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        lists = write_source(folder, options.entries)
        size = sum(p.stat().st_size for p in lists)
        print(f"{options.entries:,} entries in {len(lists)} lists, {size / 2**20:.0f} MiB")
        env = compiled_now(folder / "pycache")
        print("load average at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))

        def bare() -> None:
            for path in lists:
                etree.parse(str(path))

        def engine() -> None:
            for path in lists:
                read_consumers(path.read_bytes(), BASE + path.name)

        baseline, base_cpu = best(options.rounds, bare)
        print(f"bare lxml parse of the lists:       {baseline:7.2f} s, CPU {base_cpu:6.2f} s")
        alone, alone_cpu = best(options.rounds, engine)
        print(
            f"consumers engine on the lists:      {alone:7.2f} s  ({alone / baseline:.2f}x), "
            f"CPU {alone_cpu:6.2f} s ({alone_cpu / base_cpu:.2f}x)"
        )
        command = [
            "/usr/bin/time",
            "-v",
            sys.executable,
            "-m",
            "explorer",
            "consumers",
            str(folder / "capabilitylist.xml"),
            "--base-url",
            BASE,
            "--json",
        ]
        start = time.perf_counter()
        run = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
        wall = time.perf_counter() - start
        peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", run.stderr)
        peak_mb = int(peak[1]) / 1024 if peak else float("nan")
        cpu = sum(
            float(found[1])
            for found in re.finditer(r"(?:User|System) time \(seconds\): ([\d.]+)", run.stderr)
        )
        print(
            f"consumers command (crawl included): {wall:7.2f} s  ({wall / baseline:.2f}x), "
            f"CPU {cpu:6.2f} s ({cpu / base_cpu:.2f}x), peak RSS {peak_mb:.0f} MB, "
            f"exit {run.returncode}"
        )
        print("load average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
