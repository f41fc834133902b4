"""How the fleet scales with workers: 200 Sources checked once by 2, then by 4 ``fleet
worker`` processes (``--concurrency 1`` each), on Debian's PostgreSQL and redis-server.

Each round gets a fresh database with the 200 Sources all due at once; ``fleet beat``
hands them out, the workers check them, and the round ends when every Source has a
finished run. Throughput is Sources checked per minute, from the first run's start to the
last run's finish (the runs' own times in the database); peak memory per worker is the
sum of the kernel's ``VmHWM`` over the worker's processes (its main process and its pool
process), sampled every half second from ``/proc``. The ratio 4 workers / 2 workers is
printed: on a two-core machine it stays near the number of cores, not the number of
workers, since the checks are mostly CPU (parsing, COPY, compare).

    python3 tests/benchmarks/bench_fleet.py [--sources 200] [--entries 300]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS)]

from helpers.fleet_db import fresh_database  # noqa: E402
from helpers.fleet_processes import Fleet, explorer, served_sources  # noqa: E402
from helpers.fleet_services import postgres_server, redis_server  # noqa: E402

ROUND_BOUND = 1800.0


def _finished(dsn: str) -> tuple[int, float, float]:
    """How many Sources have a finished run, and the first start and last finish."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as connection:
        row = connection.execute(
            "SELECT count(DISTINCT source_id), extract(epoch FROM min(started_at)),"
            " extract(epoch FROM max(finished_at)) FROM fleet_runs"
            " WHERE state IN ('ok', 'findings', 'unreachable')"
        ).fetchone()
    assert row is not None
    return int(row[0]), float(row[1] or 0), float(row[2] or 0)


def _round(cluster: str, folder: Path, fleet_file: Path, workers: int, count: int) -> float:
    dsn = fresh_database(cluster)
    for command in (
        ("fleet", "init", "--db", dsn),
        ("fleet", "load", str(fleet_file), "--db", dsn),
    ):
        done = explorer(*command)
        if done.returncode:
            raise SystemExit(done.stderr)
    with redis_server(folder / f"redis-{workers}") as broker:
        logs = folder / f"workers-{workers}"
        logs.mkdir()
        fleet = Fleet(dsn, broker, logs, ("--concurrency", "1"))
        try:
            for index in range(workers):
                fleet.start_worker(index)
            fleet.start_beat()
            deadline = time.monotonic() + ROUND_BOUND
            while (checked := _finished(dsn))[0] < count:
                if time.monotonic() > deadline or fleet.alive():
                    raise SystemExit(f"round of {workers} workers stalled\n{fleet.logs()}")
                fleet.sample_memory()
                time.sleep(0.5)
            fleet.sample_memory()
        finally:
            fleet.stop()
    _, first, last = checked
    per_minute = count / ((last - first) / 60)
    peaks = ", ".join(f"{kb / 1024:.0f}" for kb in fleet.peaks_kb.values())
    print(
        f"{workers} workers: {count} Sources in {last - first:.1f} s,"
        f" {per_minute:.0f} Sources/min; peak RSS per worker (MB): {peaks}",
        flush=True,
    )
    return per_minute


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", type=int, default=200)
    parser.add_argument("--entries", type=int, default=300, help="the smallest Source's size")
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    folder = Path(tempfile.mkdtemp(prefix="bench-fleet-"))
    try:
        with (
            postgres_server() as cluster,
            served_sources(
                folder / "sources",
                *("--sources", str(args.sources), "--hosts", "8"),
                *("--entries", str(args.entries), "--steady"),
            ) as served,
        ):
            fleet_file = folder / "fleet.toml"
            fleet_file.write_text(
                "".join(
                    f'[[source]]\nurl = "{one.url}"\nsnapshot_every = "1h"\nmax_rate = 100\n\n'
                    for one in served.sources
                )
            )
            two = _round(cluster, folder, fleet_file, 2, args.sources)
            four = _round(cluster, folder, fleet_file, 4, args.sources)
        print(f"ratio 4 workers / 2 workers: {four / two:.2f} (cores: {os.cpu_count()})")
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
