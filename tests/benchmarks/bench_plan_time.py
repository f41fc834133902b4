"""Benchmark: ``plan``'s predicted wall time against resync 2.0.1's ``resync-sync`` run.

A third-party-shaped Source (``tests/helpers/harvest_source.py``: one Resource List of
``--resources`` resources and a Change List) is served on loopback; for each ``--delay``,
``plan --delay D --from F --json`` predicts a baseline and an incremental, then
``resync-sync -b --delay D`` and ``resync-sync -i --from F --delay D`` run as processes
of their own through the counting proxy, which times the harvest as the Source sees it:
from the first request's arrival to the last answer's end (the client's own start-up,
importing Python and resync, is no part of what the Source serves). Prints predicted,
measured and their ratio, and the process's whole wall time beside them; the target
(issue 42) is within 15 %. With ``--sixty-thousand``, also the baseline of the
60,000-resource Source behind a Resource List Index at no delay, its requests counted
through the proxy against plan's. No assertions.

    python tests/benchmarks/bench_plan_time.py [--resources 1000] [--delays 0.1,0.5]
        [--sixty-thousand]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers.harvest_source import CHANGES_FROM, build
from helpers.resync_referee import run_referee
from helpers.third_party_source import SourceFiles, serving


def plan(base: str, *args: str) -> dict[str, object]:
    command = [sys.executable, "-m", "explorer", "plan", base + "/", "--json", *args]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout))


def timed(args: list[str], workdir: Path) -> tuple[float, float, int]:
    """The harvest's span on the serving side, the process's wall time, its requests."""
    start = time.perf_counter()
    tally, _ = run_referee(args, workdir, 7200)
    return tally.span, time.perf_counter() - start, len(tally.requests)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--resources", type=int, default=1000)
    parser.add_argument("--delays", default="0.1,0.5")
    parser.add_argument("--sixty-thousand", action="store_true")
    options = parser.parse_args()
    print("load average at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    files = SourceFiles()
    with serving(files) as base, tempfile.TemporaryDirectory() as where:
        files.documents.update(build(base, options.resources).documents)
        for delay in (float(d) for d in options.delays.split(",") if d):
            predicted = plan(base, "--delay", str(delay), "--from", CHANGES_FROM)
            runs = predicted["runs"]
            assert isinstance(runs, dict)
            copy = Path(where) / f"copy-{delay}"
            for name, args in (
                ("baseline", ["-b", "--delay", str(delay), f"{base}={copy}"]),
                ("incremental", ["-i", "--from", CHANGES_FROM, "--delay", str(delay)]),
            ):
                if name == "incremental":
                    args.append(f"{base}={copy}")
                measured, whole, requests = timed(args, Path(where))
                guess = runs[name]["seconds"]
                print(
                    f"delay {delay:4.2f} {name:11} {runs[name]['requests']:5} requests "
                    f"(measured {requests}): predicted {guess:7.2f} s, measured {measured:7.2f} s,"
                    f" ratio {guess / measured:.3f} (process {whole:.2f} s)"
                )
    if options.sixty_thousand:
        files = SourceFiles()
        with serving(files) as base, tempfile.TemporaryDirectory() as where:
            files.documents.update(build(base, 60_000, per_list=20_000).documents)
            predicted = plan(base)
            runs = predicted["runs"]
            assert isinstance(runs, dict)
            tally, _ = run_referee(["-b", f"{base}={Path(where) / 'copy'}"], Path(where), 7200)
            print(
                f"60,000 behind an index: predicted {runs['baseline']['requests']} requests, "
                f"{runs['baseline']['bytes']} bytes; measured {len(tally.requests)} requests, "
                f"{tally.body_bytes} bytes"
            )
    print("load average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
