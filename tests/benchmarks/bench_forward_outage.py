"""Benchmark: ``listen --forward`` over a long run with the application down in the middle,
and with ``listen`` SIGKILLed and restarted in the middle (both processes of their own).

A hub sends numbered, signed notifications in order, each until acknowledged; the
application (a plain HTTP server checking X-Hub-Signature with its own HMAC code) goes
down a third of the way in. Outage run: it comes back after ``--outage`` seconds. Kill
run: ``listen`` is SIGKILLed once two thirds are acknowledged, the application comes back
and ``listen`` is started again on the same store. Printed per run: deliveries that
arrived verified, whether their first arrivals follow the hub's order with none missing,
and how many came twice (the same X-ResourceSync-Explorer-Delivery both times).

Target: every delivery arrives, verified, in order, in both runs.

    python tests/benchmarks/bench_forward_outage.py [--deliveries 1000] [--outage 30]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS), str(TESTS / "net")]

from fake_hub import FakeHub, notification  # noqa: E402
from helpers.forward_receiver import Receiver, run_into_outage  # noqa: E402
from helpers.listen_process import start_listen, stop_listen, until  # noqa: E402

SECRET = "bench-app-secret"


def report(name: str, receiver: Receiver, count: int, started: float) -> None:
    ids = {item.delivery for item in receiver.received}
    verified = sum(item.verified for item in receiver.received)
    in_order = receiver.first_seen() == list(range(count))
    print(
        f"{name}: {len(ids)} of {count} deliveries arrived, {verified} of "
        f"{len(receiver.received)} requests verified, hub's order and none missing: "
        f"{in_order}, duplicates {len(receiver.received) - len(ids)}; "
        f"{time.monotonic() - started:.1f} s"
    )


async def all_arrived(receiver: Receiver, count: int) -> None:
    await until(lambda: len({r.delivery for r in receiver.received}) >= count, 600)


async def main(count: int, outage: float) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    bodies = [notification(n) for n in range(count)]
    for kill in (False, True):
        receiver = Receiver(SECRET.encode())
        await receiver.up()
        args = ("--forward", receiver.url, "--forward-secret", SECRET)
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            store = Path(folder) / "s.sqlite3"
            async with FakeHub() as hub:
                run = await run_into_outage(hub, store, receiver, bodies, *args)
                listener, drain = run.listener, run.drain
                if kill:
                    listener.proc.send_signal(signal.SIGKILL)
                    await stop_listen(listener, drain)
                    await receiver.up()
                    listener, drain = await start_listen(hub, store, *args, resumed=True)
                else:
                    await asyncio.sleep(outage)
                    await receiver.up()
                try:
                    await run.sending
                    await all_arrived(receiver, count)
                finally:
                    await stop_listen(listener, drain)
                    await receiver.down()
        report("SIGKILL and restart" if kill else f"{outage:g} s outage", receiver, count, started)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deliveries", type=int, default=1000)
    parser.add_argument("--outage", type=float, default=30.0)
    options = parser.parse_args()
    asyncio.run(main(options.deliveries, options.outage))
