"""Benchmark: 28 unsigned 45 MB posts at once to ``listen``'s 2012 HTTP callback (the form
has no signature, so anyone who learns the URL can post), ``listen`` a separate process
subscribed to a scripted 2012 Source on loopback.

Targets: the store grown by at most 50 MB, ``listen`` under 300 MB peak resident memory
(the kernel's VmHWM of the process, read from ``/proc`` before it stops). Each post is a
Change Set of one entry padded to its size with a comment, each a different entry.

    python tests/benchmarks/bench_legacy_callback_flood.py [--count 28] [--size-mb 45]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS), str(TESTS / "net")]

from helpers.big_deliveries import MB, store_bytes  # noqa: E402
from helpers.listen_session import listening  # noqa: E402
from helpers.source_2012 import change_set, source_2012  # noqa: E402

from explorer.net.store.database import Store  # noqa: E402


def _bodies(count: int, size: int) -> list[bytes]:
    """``count`` Change Sets of ``size`` bytes, each its own (so none is a replay)."""
    bodies = []
    for n in range(count):
        one = change_set((f"http://example.org/res{n}", "updated", "2012-08-08T09:00:00Z"))
        padding = b"<!--" + b"p" * (size - len(one) - 7) + b"-->"
        bodies.append(one.replace(b"</urlset>", padding + b"</urlset>"))
    return bodies


async def main(count: int, size_mb: int) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    bodies = _bodies(count, size_mb * MB)
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "store.db"
        async with source_2012(forms=("callback",)) as source:
            args = ("--topic", source.changeset_url, "--store", str(store))
            async with listening(*args) as run:
                await run.until(lambda events: run.count("subscribe-requested") == 1)
                while not source.callbacks:
                    await asyncio.sleep(0.05)
                before = store_bytes(store)
                started = time.monotonic()

                async def one(client: httpx.AsyncClient, body: bytes) -> str:
                    try:
                        answer = await client.post(source.callbacks[0], content=body)
                    except httpx.HTTPError as exc:
                        return type(exc).__name__
                    return str(answer.status_code)

                limits = httpx.Limits(max_connections=count)
                async with httpx.AsyncClient(timeout=600, limits=limits) as client:
                    answers = await asyncio.gather(*(one(client, body) for body in bodies))
                took = time.monotonic() - started  # each answered once stored (or refused)
                with contextlib.suppress(TimeoutError):  # the feed: one event each
                    await run.until(
                        lambda events: run.count("notification") + run.count("rejected") == count,
                        timeout=120,
                    )
                shown = {name: run.count(name) for name in ("notification", "rejected")}
                status = Path(f"/proc/{run.proc.pid}/status").read_text()
                peak = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
        growth = (store_bytes(store) - before) / MB  # listen has stopped: all committed
        kept = Store(store, read_only=True)
        try:
            statuses = Counter(record.status for record in kept.notifications())
        finally:
            kept.close()
    print(
        f"{count} x {size_mb} MB unsigned Change Sets at once: answers {sorted(set(answers))} "
        f"in {took:.1f} s, stored {dict(statuses)}, shown {shown}; store +{growth:.1f} MB "
        f"(target <= 50), listen peak {int(peak.split()[1]) / 1024:.0f} MB (target < 300)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=28)
    parser.add_argument("--size-mb", type=int, default=45)
    options = parser.parse_args()
    asyncio.run(main(options.count, options.size_mb))
