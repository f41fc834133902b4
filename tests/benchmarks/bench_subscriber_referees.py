"""Benchmark: ``subscriber-check`` against its referees, ten consecutive runs each.

The referees are subscribers the explorer did not write, run as ResourceSync
Destinations (Flask-WebSub 0.4.1's, npm pubsubhubbub 1.0.2's; tests/helpers/referees/),
and the explorer's own ``listen``, each started by ``--run`` once per test as the
command does. Each run uses the command's own settings (a 10 MB notification, a 10 s
lease for the renewal, 30 s to subscribe), four tests side by side. Baseline, from the
same run: the planted-defect subscriber without defects (in-process, no process per
test), which shows what the bench's own waits cost.

Printed: per referee, each test's verdict and whether the ten runs agreed, the
verdicts held against the pinned ones (tests/helpers/referees/expected.py), and each
run's wall time. Target: identical verdicts in every run, equal to the pinned ones,
each run under 90 s; Flask-WebSub's with no FAIL on a test websub.rocks also has.

    python tests/benchmarks/bench_subscriber_referees.py [--runs 10] [--only flask-websub,...]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS)]

from helpers.planted_subscriber import PlantedSubscriber  # noqa: E402
from helpers.referees.commands import install_pubsubhubbub  # noqa: E402
from helpers.referees.expected import BENCH, EXPECTED, REFEREES, command, verdict_table  # noqa: E402

from explorer.net.subscribers import (  # noqa: E402
    CommandLauncher,
    SubscriberResult,
    SubscriberUnderTest,
    run_subscriber_check,
)

BOUND = 90.0


async def timed(launcher: SubscriberUnderTest) -> tuple[list[SubscriberResult], float]:
    started = time.monotonic()
    results = await run_subscriber_check(launcher, settings=BENCH)
    return results, time.monotonic() - started


def show(name: str, runs: list[tuple[list[SubscriberResult], float]], baseline: float) -> bool:
    tables = [verdict_table(results) for results, _ in runs]
    first = tables[0]
    agreed = all(table == first for table in tables)
    pinned = all(table == EXPECTED[name] for table in tables)
    times = [seconds for _, seconds in runs]
    print(f"\n{name}: {len(runs)} runs; identical verdicts: {agreed}; as pinned: {pinned}")
    for test_id in first:
        seen = sorted({table[test_id][0] for table in tables})
        print(f"  {test_id:22} {'/'.join(seen):10} {'' if len(seen) == 1 else 'DIFFERS'}")
    if name == "flask-websub":
        rocks = {r.test.id for r in runs[0][0] if r.test.rocks}
        failed = sorted(
            t for table in tables for t, v in table.items() if t in rocks and v[0] == "fail"
        )
        print(f"  FAIL on websub.rocks' tests ({len(rocks)}): {failed or 'none'}")
    print("  run times (s): " + ", ".join(f"{s:.1f}" for s in times))
    print(
        f"  slowest {max(times):.1f} s (bound {BOUND:.0f} s), "
        f"mean {sum(times) / len(times):.1f} s = {sum(times) / len(times) / baseline:.1f}x baseline"
    )
    return agreed and pinned and max(times) < BOUND


async def main(runs: int, only: list[str]) -> int:
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    async with PlantedSubscriber() as planted:
        _, baseline = await timed(planted)
    print(f"baseline: the planted subscriber without defects, one run: {baseline:.1f} s")
    ok = True
    with tempfile.TemporaryDirectory(prefix="bench-referees-") as folder:
        modules = install_pubsubhubbub(Path(folder) / "npm")
        for name in only:
            launcher = CommandLauncher(command(name, modules, Path(folder)))
            done = [await timed(launcher) for _ in range(runs)]
            ok = show(name, done, baseline) and ok
    print(f"\ntarget met: {ok}")
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--only", default=",".join(REFEREES), help="referees, comma-separated")
    args = parser.parse_args()
    sys.exit(asyncio.run(main(args.runs, args.only.split(","))))
