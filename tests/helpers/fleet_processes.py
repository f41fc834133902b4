"""The fleet's moving parts as processes for the chaos test and the benchmark: the Sources
server (``fleet_chaos_sources.py``), ``fleet worker`` processes that can be killed outright and
started again, and ``fleet beat``.

Each process runs in a session of its own, so ``kill -9`` reaches a worker's pool
processes too (a worker killed is all of it, as when its machine dies), and each writes
its output into a log file of its own in the test's folder (read when a test fails).
Peak memory is the kernel's ``VmHWM`` of each process of a worker, read from ``/proc``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from helpers.fleet_chaos_sources import Served

SOURCES_SCRIPT = Path(__file__).with_name("fleet_chaos_sources.py")
COVERAGE_VARIABLES = ("COVERAGE_PROCESS_CONFIG", "COVERAGE_PROCESS_START")
START_BOUND = 60.0
STOP_BOUND = 20.0


def untraced() -> dict[str, str]:
    """The environment without coverage's start-up variables, for the fleet's long-lived
    processes: the chaos test and the benchmark watch the fleet as it runs in production,
    not slowed by a tracer in each of a dozen workers crawling for minutes (CPU the rest of
    the suite, on two cores, would wait for). The code those processes run is measured in
    the fleet's other tests, traced."""
    return {name: value for name, value in os.environ.items() if name not in COVERAGE_VARIABLES}


def explorer(*args: str, timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
    """One command of the explorer, run to its end; its output kept."""
    return subprocess.run(
        [sys.executable, "-m", "explorer", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@contextmanager
def served_sources(folder: Path, *options: str) -> Iterator[Served]:
    """The Sources server running until the block ends, with what it serves."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "server.log").open("w") as log:
        process = subprocess.Popen(
            [sys.executable, str(SOURCES_SCRIPT), str(folder), *options],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=untraced(),
        )
    try:
        deadline = time.monotonic() + START_BOUND
        while not (folder / "sources.json").exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"the Sources server did not start: {(folder / 'server.log').read_text()}"
                )
            time.sleep(0.05)
        yield Served.read(folder)
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(STOP_BOUND)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(STOP_BOUND)


def _session_members(leader: int) -> list[int]:
    """The live processes of the session ``leader`` started (a worker and its pool)."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == leader and fields[0] != "Z":  # session id, state
            members.append(int(entry.name))
    return members


def _peak_rss_kb(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    line = next((line for line in status.splitlines() if line.startswith("VmHWM:")), "0 0")
    return int(line.split()[1])


@dataclass
class Fleet:
    """Workers and beat of one fleet, started with the same ``--db`` and ``--broker``."""

    dsn: str
    broker: str
    folder: Path
    worker_options: tuple[str, ...] = ()
    workers: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    beat: subprocess.Popen[bytes] | None = None
    kills: list[tuple[float, int]] = field(default_factory=list)
    peaks_kb: dict[int, int] = field(default_factory=dict)
    starts: int = 0

    @property
    def connection(self) -> list[str]:
        return ["--db", self.dsn, "--broker", self.broker]

    def _start(self, name: str, *args: str) -> subprocess.Popen[bytes]:
        self.starts += 1
        with (self.folder / f"{name}-{self.starts}.log").open("w") as log:
            return subprocess.Popen(
                [sys.executable, "-m", "explorer", "fleet", *args, *self.connection],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env=untraced(),
            )

    def start_worker(self, index: int) -> None:
        self.workers[index] = self._start(f"worker{index}", "worker", *self.worker_options)

    def start_beat(self) -> None:
        self.beat = self._start("beat", "beat")

    def sample_memory(self) -> None:
        """Note each worker's peak memory so far (its main process and its pool's)."""
        for index, process in self.workers.items():
            peak = sum(_peak_rss_kb(pid) for pid in _session_members(process.pid))
            self.peaks_kb[index] = max(self.peaks_kb.get(index, 0), peak)

    def kill_worker(self, index: int) -> None:
        """``kill -9`` the worker and every process of its pool, at once."""
        process = self.workers[index]
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(STOP_BOUND)
        self.kills.append((time.time(), index))

    def alive(self) -> list[str]:
        """A line for each process that ended on its own (none should)."""
        ended = [
            f"worker {index} exited {process.returncode}"
            for index, process in self.workers.items()
            if process.poll() is not None
        ]
        if self.beat is not None and self.beat.poll() is not None:
            ended.append(f"beat exited {self.beat.returncode}")
        return ended

    def stop(self) -> None:
        """SIGTERM to each main process (a warm shutdown: a worker lets its pool finish),
        SIGKILL to the process group of any that lingers."""
        processes = [*self.workers.values(), *([self.beat] if self.beat else [])]
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(STOP_BOUND)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(STOP_BOUND)

    def logs(self) -> str:
        """Every process's output, for a failing test's message."""
        return "\n".join(
            f"--- {log.name}\n{log.read_text()[-3000:]}"
            for log in sorted(self.folder.glob("*.log"))
        )
