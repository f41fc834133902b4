"""Bundle figures: unpacked size, and start-up to the first shown window as a ratio.

    python3 tests/benchmarks/bench_bundle.py [--runs 7] [--bundle dist/resourcesync-explorer]
        [--other OTHER_BUNDLE]

The baseline is a bare PySide6 "hello window" bundle, built in the same run with the
same venv's PyInstaller (plain ``pyinstaller --onedir``, no trimming), so both numbers
share the machine, the disk cache and the Qt build. Without ``--bundle`` the script first
runs ``packaging/build.sh --reuse-venv``.

"First shown window" is the first time Qt flushes painted pixels to a top-level
window: both programs run with QT_QPA_PLATFORM=offscreen and the ``qt.widgets.painting``
log category on, and the clock stops at the first "Flushing ... to QWidgetWindow" line
on stderr. No X server and no hook in the app are needed; the logging costs both sides
alike. Runs alternate app/baseline (and the app from source, for comparison) after
one unmeasured warm-up each. Besides the wall clock, the CPU time the process had used
when it flushed (``/proc/PID/task/*/schedstat``) is read: on a machine shared with other work it
moves far less than the wall clock. Ratios are given as the ratio of the medians and as
the median of the ratios paired within each round.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
TARGET_MB = 200
TARGET_RATIO = 1.5

HELLO = """\
import sys
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("hello")
window.setCentralWidget(QLabel("hello"))
window.resize(800, 600)
window.show()
sys.exit(app.exec())
"""


def tree_bytes(folder: Path) -> int:
    """Bytes of the files under ``folder``; symlinks count as links (as ``du`` does)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def build_app() -> Path:
    done = subprocess.run(
        ["bash", str(ROOT / "packaging" / "build.sh"), "--reuse-venv"],
        check=True,
        capture_output=True,
        text=True,
    )
    return Path(done.stdout.strip().splitlines()[-1])


def build_hello(venv: Path, work: Path) -> Path:
    script = work / "hello.py"
    script.write_text(HELLO, encoding="utf-8")
    subprocess.run(
        [
            str(venv / "bin" / "python"),
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--onedir",
            "--log-level",
            "ERROR",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / "build"),
            "--specpath",
            str(work),
            str(script),
        ],
        check=True,
        cwd=work,
    )
    return work / "dist" / "hello" / "hello"


class Startup(NamedTuple):
    """One start to the first flushed window: wall-clock and CPU seconds."""

    wall: float
    cpu: float


def cpu_seconds(pid: int) -> float:
    """CPU time a live process has used so far: the sum over its threads of the
    scheduler's nanosecond count (``/proc/PID/task/*/schedstat``); the clock-tick count
    of ``/proc/PID/stat`` is too coarse (10 ms) for a start-up of 100-200 ms."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):  # a thread that just ended
            continue
    return total / 1e9


def time_to_first_window(command: list[str], env: dict[str, str], timeout: float = 60.0) -> Startup:
    """Wall and CPU seconds from process start to Qt's first flush to a top-level window."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        command,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
    )
    try:
        assert proc.stderr is not None
        for line in proc.stderr:
            if "Flushing" in line and "to QWidgetWindow" in line:
                return Startup(time.perf_counter() - start, cpu_seconds(proc.pid))
            if time.perf_counter() - start > timeout:
                break
        raise RuntimeError(f"{command} showed no window (exit {proc.poll()})")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def offscreen_env(home: Path, **extra: str) -> dict[str, str]:
    """A fresh user (empty home and XDG folders) on the offscreen platform, with Qt logging
    each flush to a window, which ``time_to_first_window`` waits for."""
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "QT_LOGGING_RULES": "qt.widgets.painting.debug=true",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        **extra,
    }


def startup_times(
    commands: dict[str, list[str]], env: dict[str, str], runs: int
) -> dict[str, list[Startup]]:
    """Starts to the first window per command: one warm-up each (disk cache), then
    ``runs`` rounds with the commands taking turns, so drifting load hits all alike."""
    times: dict[str, list[Startup]] = {name: [] for name in commands}
    for command in commands.values():
        time_to_first_window(command, env)
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(time_to_first_window(command, env))
    return times


def compare(times: dict[str, list[Startup]], name: str, baseline: str) -> list[str]:
    """Lines with the medians of ``name`` and ``baseline`` and their ratios, wall and CPU:
    the ratio of the medians and the median of the ratios of each round."""
    lines = []
    for clock in ("wall", "cpu"):
        app = [getattr(run, clock) for run in times[name]]
        base = [getattr(run, clock) for run in times[baseline]]
        paired = statistics.median(a / b for a, b in zip(app, base, strict=True))
        lines.append(
            f"{clock}: {name} median {statistics.median(app):.3f} s (mean "
            f"{statistics.mean(app):.3f}), {baseline} median {statistics.median(base):.3f} s "
            f"(mean {statistics.mean(base):.3f}); ratio of medians "
            f"{statistics.median(app) / statistics.median(base):.2f}, median paired ratio "
            f"{paired:.2f} ({len(app)} runs)"
        )
    return lines


def print_other(times: dict[str, list[Startup]], name: str, other: Path) -> None:
    """The runs of ``other`` (an earlier tree or bundle) against the bare baseline, and
    those of ``name`` against ``other``'s."""
    print(f"{other} against the bare PySide6 baseline:")
    for line in compare(times, "other", "bare"):
        print(f"  {line}")
    print(f"{name} against {other}:")
    for line in compare(times, name, "other"):
        print(f"  {line}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--bundle", type=Path, help="an already built bundle folder")
    parser.add_argument(
        "--other",
        type=Path,
        metavar="BUNDLE",
        help="also time another built bundle folder (e.g. of an earlier commit), taking "
        "turns with the rest: a before/after in one run",
    )
    parser.add_argument(
        "--venv",
        type=Path,
        default=ROOT / "build" / "venv",
        help="the build venv (its PyInstaller builds the baseline)",
    )
    args = parser.parse_args()

    began = time.perf_counter()
    bundle = args.bundle or build_app()
    app_build_s = time.perf_counter() - began
    program = bundle / "resourcesync-explorer"

    with tempfile.TemporaryDirectory(prefix="bench-bundle-") as tmp:
        work = Path(tmp)
        began = time.perf_counter()
        hello = build_hello(args.venv.resolve(), work)
        hello_build_s = time.perf_counter() - began
        home = work / "home"
        home.mkdir()
        commands = {
            "app": [str(program)],
            "bare": [str(hello)],
            "source": [sys.executable, "-m", "explorer"],
        }
        if args.other:
            commands["other"] = [str(args.other / "resourcesync-explorer")]
        times = startup_times(commands, offscreen_env(home), args.runs)
        app_mb = tree_bytes(bundle) / 1e6
        hello_mb = tree_bytes(hello.parent) / 1e6
        shutil.rmtree(home, ignore_errors=True)

    print(f"bundle: {bundle}")
    if not args.bundle:
        print(f"build (packaging/build.sh --reuse-venv): {app_build_s:.1f} s")
    print(f"baseline build (pyinstaller --onedir hello.py): {hello_build_s:.1f} s")
    print(
        f"size unpacked: {app_mb:.1f} MB (target <= {TARGET_MB}); "
        f"bare PySide6 bundle {hello_mb:.1f} MB"
    )
    print(f"first shown window, bundle against the bare PySide6 bundle (target <= {TARGET_RATIO}):")
    for line in compare(times, "app", "bare"):
        print(f"  {line}")
    print("for comparison, the bundle against the app from source (python3 -m explorer):")
    for line in compare(times, "app", "source"):
        print(f"  {line}")
    if args.other:
        print_other(times, "app", args.other)
    return 0


if __name__ == "__main__":
    sys.exit(main())
