"""Benchmark: ``plan`` of a 1,000,000-entry Source (a Resource List Index over 20 lists),
its peak resident memory and time against a bare lxml parse of the same lists.

Target (issue 42): within 500 MB peak RSS. Both figures come from ``/usr/bin/time -v``
around a process of its own: the bare parse (``lxml.etree.parse`` of every list, one
after the other) and the command (``python -m explorer plan CAPABILITYLIST --base-url …
--json``: discovery, the streamed crawl with its tallies, resync's route, the samples).
The Source is the folder ``bench_consumers`` writes, read as a Source on disk. No
assertions: the ratios to the bare parse of the same run are what counts. Bytecode is
compiled beforehand (``compiled.py``), and the load average is printed with the figures.

    python tests/benchmarks/bench_plan.py [--entries 1000000]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_consumers import BASE, compiled_now, write_source

BARE = """
import sys
from lxml import etree
for path in sys.argv[1:]:
    etree.parse(path)
"""


def measured(command: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """Wall seconds, peak RSS in MB, exit status and stdout of ``command``."""
    start = time.perf_counter()
    done = subprocess.run(
        ["/usr/bin/time", "-v", *command], capture_output=True, text=True, check=False, env=env
    )
    wall = time.perf_counter() - start
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    return wall, int(peak[1]) / 1024 if peak else float("nan"), done.returncode, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1_000_000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        lists = write_source(folder, options.entries)
        size = sum(p.stat().st_size for p in lists)
        print(f"{options.entries:,} entries in {len(lists)} lists, {size / 2**20:.0f} MiB")
        env = compiled_now(folder / "pycache")
        print("load average at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
        bare = [sys.executable, "-c", BARE, *map(str, lists)]
        bare_wall, bare_peak, _, _ = measured(bare, env)
        print(f"bare lxml parse of the lists: {bare_wall:7.2f} s, peak RSS {bare_peak:5.0f} MB")
        command = [sys.executable, "-m", "explorer", "plan"]
        command += [str(folder / "capabilitylist.xml"), "--base-url", BASE, "--json"]
        wall, peak, status, out = measured(command, env)
        resources = re.search(r'"resources": (\d+)', out)
        print(
            f"plan command:                 {wall:7.2f} s, peak RSS {peak:5.0f} MB "
            f"({wall / bare_wall:.2f}x the time, {peak / bare_peak:.2f}x the memory), "
            f"exit {status}, resources {resources[1] if resources else '?'}"
        )
        print("load average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
