"""Benchmark: signed framework notifications naming 63 MB documents, sent to ``listen``
(its own process), which refetches what they name: one notification, then four at once.

Target: ``listen`` within 500 MB peak resident memory (the kernel's VmHWM) in both cases;
each notification still gets its ``diff`` event (with a diff, or the reason there is none).

    python tests/benchmarks/bench_framework_refetch.py [--size-mb 63]
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
from helpers.big_documents import framework_attack  # noqa: E402


async def main(size_mb: int) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    for count in (1, 4):
        started = time.monotonic()
        with tempfile.TemporaryDirectory() as folder:
            async with FakeHub() as hub:
                run = await framework_attack(
                    hub, Path(folder) / "s.sqlite3", count, size_mb * 10**6
                )
        reasons = sorted(
            {str(item.get("reason")) for d in run.diffs for item in d.get("diff") or []}
        )
        print(
            f"{count} notification(s) naming {size_mb} MB documents: listen peak "
            f"{run.peak_mb:.0f} MB (target <= 500), {len(run.diffs)} of {count} diff events in "
            f"{time.monotonic() - started:.1f} s; reasons: {reasons}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=63)
    asyncio.run(main(parser.parse_args().size_mb))
