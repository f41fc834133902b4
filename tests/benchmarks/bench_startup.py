"""Start-up from source: time to the main window's first paint, as a ratio to bare PySide6.

    python3 tests/benchmarks/bench_startup.py [--runs 7]

Runs ``python3 -m explorer`` and a bare PySide6 ``QMainWindow`` script, each in a fresh
process, and stops the clock at Qt's first flush of painted pixels to a top-level window
(``qt.widgets.painting`` log, offscreen platform), the same probe as ``bench_bundle.py``
but without building bundles. Runs alternate after one unmeasured warm-up each, which
also writes the bytecode of both into a scratch cache (``PYTHONPYCACHEPREFIX``), as a
bundle ships it: compiling on every run would measure the compiler, not the start-up.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_bundle import HELLO, offscreen_env, startup_times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        work = Path(tmp)
        hello = work / "hello.py"
        hello.write_text(HELLO, encoding="utf-8")
        home = work / "home"
        env = offscreen_env(
            home, PYTHONDONTWRITEBYTECODE="", PYTHONPYCACHEPREFIX=str(work / "pycache")
        )
        commands = {
            "explorer": [sys.executable, "-m", "explorer"],
            "bare": [sys.executable, str(hello)],
        }
        times = startup_times(commands, env, args.runs)
    for name, values in times.items():
        print(
            f"{name}: mean {statistics.mean(values):.3f} s, median "
            f"{statistics.median(values):.3f} s, min {min(values):.3f} s ({args.runs} runs)"
        )
    ratio = statistics.mean(times["explorer"]) / statistics.mean(times["bare"])
    print(f"first painted window from source, explorer / bare PySide6: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
