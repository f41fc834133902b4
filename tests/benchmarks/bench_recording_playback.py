"""Benchmark: a recorded demo session played back keeps the deliveries' spacing.

Records ``listen --record`` against the demo for ``--minutes`` (default 2) while changes
are published at random gaps (0.5–8 s, seeded), then plays the file back with
``demo-source --replay FILE --speed X`` to a fresh ``listen``, and prints, for each pair
of consecutive deliveries, how far the played gap (arrival times in the second store)
is from the recorded one (arrival times in the recording), relative to the recorded gap:
median, 90th percentile and maximum. The target at speed 1 is every gap within 20 %.
It also checks the payloads and their order (the host rewritten to the playback's).

    PYTHONPATH=$PWD python3 tests/benchmarks/bench_recording_playback.py [--minutes M] [--speed X]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from helpers.recording_session import play_back, record_session, spacing_errors

from explorer.core.recording import rebase


async def main(minutes: float, speed: float, seed: int) -> int:
    rng = random.Random(seed)
    gaps: list[float] = []
    while sum(gaps) < minutes * 60:
        gaps.append(round(rng.uniform(0.5, 8.0), 3))
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        path = tmp / "session.jsonl"
        recording, origin = await record_session(path, tmp / "a.sqlite3", gaps)
        base, received = await play_back(path, tmp / "b.sqlite3", speed)
    expected = [rebase(d.body, [origin], base) for d in recording.deliveries]
    same = [note.body for note in received] == expected
    recorded = [d.time / speed for d in recording.deliveries]
    errors = sorted(spacing_errors(recorded, [note.received for note in received]))
    p90 = errors[int(0.9 * (len(errors) - 1))]
    print(f"session {sum(gaps):.0f} s, {len(gaps)} deliveries, speed {speed:g}")
    print(f"same payloads in the same order: {same}")
    print(
        f"spacing error (|played gap - recorded gap| / recorded gap): median "
        f"{statistics.median(errors):.1%}, p90 {p90:.1%}, max {errors[-1]:.1%} (target: <= 20 %)"
    )
    return 0 if same and errors[-1] <= 0.2 else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=27)
    options = parser.parse_args()
    sys.exit(asyncio.run(main(options.minutes, options.speed, options.seed)))
