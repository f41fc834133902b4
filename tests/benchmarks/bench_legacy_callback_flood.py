"""Benchmark: 28 unsigned 45 MB posts at once to ``listen``'s 2012 HTTP callback (the form
has no signature, so anyone who learns the URL can post), ``listen`` a separate process
subscribed to a scripted 2012 Source on loopback.

Targets: the store grown by at most 50 MB, ``listen`` under 300 MB peak resident memory
(the kernel's VmHWM of the process, read from ``/proc`` before it stops). ``--change-set``
posts Change Sets of that size (parsed up to the parser's entry limit) instead of one
large element.

    python tests/benchmarks/bench_legacy_callback_flood.py [--count 28] [--size-mb 45]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS), str(TESTS / "net")]

from helpers.big_deliveries import MB, store_bytes  # noqa: E402
from helpers.listen_session import listening  # noqa: E402
from helpers.source_2012 import change_set, source_2012  # noqa: E402

ENTRY_BYTES = 100  # about what one entry of ``change_set`` takes


def _bodies(count: int, size: int, changes: bool) -> list[bytes]:
    """``count`` distinct bodies of about ``size`` bytes (distinct: none is a replay)."""
    if not changes:
        return [b"<x>" + bytes([97 + n % 26]) * (size - 7) + b"</x>" for n in range(count)]
    return [
        change_set(
            *(
                (f"http://example.org/p{n}/r{i:07d}", "updated", "2012-08-08T09:00:00Z")
                for i in range(size // ENTRY_BYTES)
            )
        )
        for n in range(count)
    ]


async def main(count: int, size_mb: int, changes: bool) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    bodies = _bodies(count, size_mb * MB, changes)
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
                async with httpx.AsyncClient(timeout=300, limits=limits) as client:
                    answers = await asyncio.gather(*(one(client, body) for body in bodies))
                await run.until(
                    lambda events: run.count("notification") + run.count("rejected") == count,
                    timeout=600,
                )
                took = time.monotonic() - started
                status = Path(f"/proc/{run.proc.pid}/status").read_text()
                peak = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
                notes, rejected = run.count("notification"), run.count("rejected")
        growth = (store_bytes(store) - before) / MB  # listen has stopped: all committed
    print(
        f"{count} x {size_mb} MB unsigned {'Change Sets' if changes else 'bodies'} at once: "
        f"answers {sorted(set(answers))}, {notes} notification(s), {rejected} rejected, "
        f"{took:.1f} s; store +{growth:.1f} MB (target <= 50), listen peak "
        f"{int(peak.split()[1]) / 1024:.0f} MB (target < 300)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=28)
    parser.add_argument("--size-mb", type=int, default=45)
    parser.add_argument("--change-set", action="store_true")
    options = parser.parse_args()
    asyncio.run(main(options.count, options.size_mb, options.change_set))
