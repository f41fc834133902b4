"""``compare`` of stored snapshots against the bare parse of the same lists, in CPU seconds.

The Source of ``bench_time_scale.py`` (its ``write_source``, served on loopback) is
snapshotted once, labelled ``before``, ``after`` (every list changed) and ``again``
(nothing changed); then ``compare before after --json`` and ``compare after again
--json`` run as whole processes, taking turns with a bare ``lxml.etree.parse`` of the
lists in a process of its own (interpreter start included), bytecode compiled. CPU is the
child's user + system time (``getrusage``): on a shared machine it swings less than wall
seconds. With ``--other PATH`` (another checkout, e.g. a ``git archive`` of ``main``)
both trees run in turn on the same store, and their outputs must be byte for byte equal.
Issue 44's target for ``compare``: at most 1.0x the bare parse.

    python tests/benchmarks/bench_compare_cpu.py [--lists 4] [--entries 50000]
        [--runs 5] [--other PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_time_scale import BASE, serve, write_source
from compiled import ROOT, compiled_environment

PAIRS = (("before", "after"), ("after", "again"))


def environment(tree: Path, pycache: Path) -> dict[str, str]:
    """``compiled_environment`` with ``tree`` first on the path instead of this checkout."""
    env = compiled_environment(pycache)
    env["PYTHONPATH"] = os.pathsep.join([str(tree), env["PYTHONPATH"]])
    return env


def measured(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """CPU seconds of the child, its peak RSS in MB (``/usr/bin/time``), what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *command],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=tempfile.gettempdir(),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    peak = re.search(r"(\d+)\s*$", done.stderr)
    assert peak is not None, done.stderr[-2000:]
    return cpu, int(peak.group(1)) / 1024, done.stdout


def snapshots(site: Path, store: Path, size: tuple[int, int], env: dict[str, str]) -> None:
    """The three labelled snapshots of the Source, taken by this checkout."""
    server, port = serve(site)
    base = BASE.format(port=port)
    url = f"{base}/.well-known/resourcesync"
    try:
        for label, modified in (("before", False), ("after", True), ("again", True)):
            write_source(site, base, *size, modified=modified)
            command = [sys.executable, "-m", "explorer", "inspect", url, "--save"]
            command += ["--store", str(store), "--label", label, "--json"]
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=False)
    finally:
        server.terminate()
        server.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=4)
    parser.add_argument("--entries", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--other", type=Path, help="another checkout to run in turn")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-compare-"))
    try:
        site, store = work / "site", work / "store.sqlite3"
        site.mkdir()
        trees = {"this": environment(ROOT, work / "pycache-this")}
        if options.other:
            trees["other"] = environment(options.other.resolve(), work / "pycache-other")
        for name, env in trees.items():  # the tree each one runs, checked
            where = [sys.executable, "-c", "import explorer; print(explorer.__file__)"]
            print(name, measured(where, env)[2].strip())
        snapshots(site, store, (options.lists, options.entries), trees["this"])
        lists = [str(site / f"list-{n}.xml") for n in range(options.lists)]
        bare = [sys.executable, "-c", f"from lxml import etree\nfor f in {lists!r}: etree.parse(f)"]
        program = [sys.executable, "-m", "explorer", "compare", "--store", str(store)]
        compares = {pair: [*program, *pair, "--json"] for pair in PAIRS}
        for env in trees.values():  # warm-up: bytecode compiled, the store's pages cached
            for command in compares.values():
                measured(command, env)
        results: dict[str, list[tuple[float, float]]] = {}
        outputs: dict[tuple[str, str], set[str]] = {}
        loads = [os.getloadavg()[0]]
        for run in range(options.runs):
            results.setdefault("bare parse", []).append(measured(bare, trees["this"])[:2])
            names = list(trees) if run % 2 == 0 else list(reversed(trees))
            for name in names:
                for pair, command in compares.items():
                    cpu, peak, out = measured(command, trees[name])
                    assert '"unannounced": {"count"' in out, out[-2000:]
                    results.setdefault(f"{name}: compare {' '.join(pair)}", []).append((cpu, peak))
                    outputs.setdefault(pair, set()).add(out)
        loads.append(os.getloadavg()[0])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    size = options.lists * options.entries
    print(f"{options.lists} lists x {options.entries} entries = {size} resources")
    print(f"load average {loads[0]:.2f} at the start, {loads[1]:.2f} at the end")
    floor = statistics.median(cpu for cpu, _ in results["bare parse"])
    for name, values in results.items():
        cpu = statistics.median(value for value, _ in values)
        peak = max(value for _, value in values)
        runs = ", ".join(f"{value:.2f}" for value, _ in values)
        print(f"{name:32} CPU {cpu:6.2f} s  {cpu / floor:5.2f}x  peak {peak:4.0f} MB  ({runs})")
    same = all(len(texts) == 1 for texts in outputs.values())
    print("outputs byte for byte equal:", same)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
