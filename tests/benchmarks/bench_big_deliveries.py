"""Benchmark: 40 unsigned 51 MB deliveries at once to ``listen`` (a subscription with a
secret), then ``export`` of its store; both as separate processes.

Targets: ``listen`` under 500 MB peak resident memory, the store grown by at most 50 MB,
``export`` under 300 MB. Peaks are the kernel's VmHWM of ``listen`` and RUSAGE_CHILDREN
of ``export`` in a fresh parent.

    python tests/benchmarks/bench_big_deliveries.py [--count 40] [--size-mb 51]
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
sys.path[:0] = [str(TESTS), str(TESTS / "net")]

from fake_hub import FakeHub  # noqa: E402
from helpers.big_deliveries import MB, send_big_unsigned  # noqa: E402


async def main(count: int, size_mb: int) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        async with FakeHub() as hub:
            run = await send_big_unsigned(hub, Path(folder), count, size_mb * MB)
    print(
        f"{count} x {size_mb} MB unsigned at once: answers {sorted(set(map(str, run.answers)))}, "
        f"listen peak {run.listen_peak_mb:.0f} MB (target < 500), store +{run.store_growth_mb:.1f} "
        f"MB (target <= 50); export peak {run.export_peak_mb:.0f} MB (target < 300), exit "
        f"{run.export_code}; {time.monotonic() - started:.1f} s"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--size-mb", type=int, default=51)
    options = parser.parse_args()
    asyncio.run(main(options.count, options.size_mb))
