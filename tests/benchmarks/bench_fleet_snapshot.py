"""The fleet's snapshot task against the bare parse of the same lists, whole processes.

Issue 44 asks the fleet's snapshot task to reuse ``inspect --save``'s streaming path and
meet its ratio (at most 3.0x the bare parse). The Source of ``bench_time_scale.py`` (its
``write_source``: a Resource List Index of ``--lists`` lists of ``--entries``, served on
loopback) is checked by ``run_source`` in a process of its own, on Debian's PostgreSQL
(a cluster of its own, ``fsync`` off): the first state, then the modified one, whose run
also compares it with the first. Each tree (this checkout, and ``--other PATH`` if given,
e.g. a ``git archive`` of ``main``) gets a fresh database per round, and the trees take
turns. The baseline, in the same run: a bare ``lxml.etree.parse`` of the same lists in
this process. Bytecode is compiled (``compiled.py``), after a warm-up run of each tree.

    python tests/benchmarks/bench_fleet_snapshot.py [--lists 4] [--entries 50000]
        [--rounds 3] [--other PATH]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_time_scale import BASE, bare_parse, serve, write_source
from compiled import ROOT, compiled_environment

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS)]

from helpers.fleet_db import fresh_database  # noqa: E402
from helpers.fleet_services import postgres_server  # noqa: E402

RUN = (
    "import sys\n"
    "from explorer.core.fleet.fleet_file import SourcePlan\n"
    "from explorer.net.fleet.database import FleetDatabase\n"
    "from explorer.net.fleet.runner import run_source\n"
    "dsn, url, first = sys.argv[1:]\n"
    "if first == '1':\n"
    "    with FleetDatabase.connect(dsn) as database:\n"
    "        database.migrate()\n"
    "        database.put_source(SourcePlan(url, max_rate=10000.0))\n"
    "outcome = run_source(dsn, url)\n"
    "print(outcome.state, outcome.changes)\n"
)
"""One fleet run in a process: the database made ready first when ``first`` is 1 (not
timed apart: a migration is a few milliseconds)."""


def environment(tree: Path, pycache: Path) -> dict[str, str]:
    """``compiled_environment`` with ``tree`` first on the path."""
    env = compiled_environment(pycache)
    env["PYTHONPATH"] = os.pathsep.join([str(tree), env["PYTHONPATH"]])
    return env


def fleet_run(dsn: str, url: str, first: bool, env: dict[str, str]) -> tuple[float, str]:
    """Seconds of one ``run_source`` process, and what it printed (state, changes)."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUN, dsn, url, "1" if first else "0"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    assert done.returncode == 0, done.stderr[-2000:]
    return elapsed, done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=4)
    parser.add_argument("--entries", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--other", type=Path, help="another checkout to run in turn")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-fleet-snapshot-"))
    site = work / "site"
    site.mkdir()
    trees = {"this": environment(ROOT, work / "pycache-this")}
    if options.other:
        trees["other"] = environment(options.other.resolve(), work / "pycache-other")
    server, port = serve(site)
    base = BASE.format(port=port)
    url = f"{base}/.well-known/resourcesync"
    size = (options.lists, options.entries)
    seconds: dict[str, list[float]] = {}
    said: dict[str, set[str]] = {}
    loads = [os.getloadavg()[0]]
    try:
        with postgres_server() as cluster:
            for env in trees.values():  # warm-up: bytecode compiled
                write_source(site, base, 1, 10, modified=False)
                fleet_run(fresh_database(cluster), url, True, env)
            for turn in range(options.rounds):
                names = list(trees) if turn % 2 == 0 else list(reversed(trees))
                for name in names:
                    dsn = fresh_database(cluster)
                    for step, modified in (("first", False), ("modified", True)):
                        write_source(site, base, *size, modified=modified)
                        parse = bare_parse(site, options.lists)
                        elapsed, out = fleet_run(dsn, url, step == "first", trees[name])
                        seconds.setdefault(f"{name}: {step}", []).append(elapsed / parse)
                        said.setdefault(step, set()).add(out)
        loads.append(os.getloadavg()[0])
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"{options.lists} lists x {options.entries} entries = {options.lists * options.entries}")
    print(f"load average {loads[0]:.2f} at the start, {loads[-1]:.2f} at the end")
    print("each run's seconds / the bare parse's of the same lists just before it:")
    for name, ratios in seconds.items():
        each = ", ".join(f"{ratio:.2f}" for ratio in ratios)
        print(f"{name:20} median {statistics.median(ratios):5.2f}x  ({each})")
    for step, outs in said.items():
        print(f"{step}: every run said {' | '.join(sorted(outs))}")
    return 0 if all(len(outs) == 1 for outs in said.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
