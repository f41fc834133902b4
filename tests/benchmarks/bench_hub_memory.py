"""Benchmark: hub-check's memory checks against Flask-WebSub 0.4.1 as it runs in
production (a web process, a Celery worker process, Debian's redis-server), ten runs,
each on a fresh hub, restarted by ``kill -9`` through ``--hub-restart``.

Printed per run: each check's verdict, the hub's attempts and retry intervals, the
lease granted, the seconds the run took, and every wrong verdict (a verdict other than
PASS, or a figure other than what the hub's configuration sets; see
``helpers.flask_websub_redis.wrong_verdicts``).

Target: 0 wrong verdicts in 10 runs.

    python tests/benchmarks/bench_hub_memory.py [--runs 10]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS)]

from helpers.flask_websub_redis import RedisHub, memory_run, wrong_verdicts  # noqa: E402

from explorer.net.live.callback.callback_server import CallbackServer  # noqa: E402
from explorer.net.store.exchange_log import ExchangeLog  # noqa: E402


async def one_run(number: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        hub = RedisHub(Path(folder))
        hub.start()
        server = CallbackServer("127.0.0.1", 0, exchange_log=ExchangeLog())
        await server.start()
        started = time.monotonic()
        try:
            results = await memory_run(hub, server)
        finally:
            await server.stop()
            hub.stop()
    seconds = time.monotonic() - started
    verdicts = " ".join(f"{check}={result.outcome}" for check, result in results.items())
    retries = results["retries"].facts
    survived = results["survives-failures"].facts
    print(f"run {number:2}: {verdicts}  ({seconds:.1f} s)")
    print(
        f"        retries: answers {retries['answers']}, intervals {retries['intervals']};"
        f" survives-failures: {survived['attempts']} attempts, intervals"
        f" {survived['intervals']}; lease granted {results['lease-expiry'].facts['granted']} s"
    )
    wrong = wrong_verdicts(results)
    for line in wrong:
        print(f"        WRONG {line}")
    return len(wrong)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    wrong = 0
    for number in range(1, args.runs + 1):
        wrong += await one_run(number)
    print(f"{wrong} wrong verdict(s) in {args.runs} runs")


if __name__ == "__main__":
    asyncio.run(main())
