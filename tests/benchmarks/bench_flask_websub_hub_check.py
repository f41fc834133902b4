"""Benchmark: ``hub-check`` as a user runs it, ten times in a row, against Flask-WebSub
0.4.1's hub with four Celery worker threads racing a verification's storing.

The race: a hub that answers the verification first and stores the subscription
afterwards (Flask-WebSub's Celery task does) must not be FAILed by a check that publishes
before the store. The suite runs the command once on each of two hubs
(tests/net/test_flask_websub_hub.py); this runs it ``--runs`` times, on two hubs side
by side (half the runs each, so their waits overlap; each run has a hub to itself).

Printed: each run's hub, seconds and failing checks. Target: no FAIL and exit status 0
in every run.

    python tests/benchmarks/bench_flask_websub_hub_check.py [--runs 10]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS)]

from helpers.flask_websub_hub import hub_check_once, start_flask_websub  # noqa: E402


async def runs_on(hub: int, url: str, runs: int) -> int:
    failed = 0
    for number in range(1, runs + 1):
        failing, took, stderr = await asyncio.to_thread(hub_check_once, url)
        print(f"hub {hub} run {number:2}: {took:5.1f} s  {failing or 'no FAIL, exit 0'}")
        if failing:
            print(stderr)
            failed += 1
    return failed


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)  # a line per request hides the runs
        hubs = [start_flask_websub(Path(folder), f"hub-{n}", True, workers=4) for n in (1, 2)]
        try:
            shares = [args.runs - args.runs // 2, args.runs // 2]
            failed = await asyncio.gather(
                *(
                    runs_on(n, url, share)
                    for n, ((url, _), share) in enumerate(zip(hubs, shares, strict=True), 1)
                )
            )
        finally:
            for _url, stop in hubs:
                stop()
    print(f"{sum(failed)} run(s) of {args.runs} with a FAIL or a non-zero exit")


if __name__ == "__main__":
    asyncio.run(main())
