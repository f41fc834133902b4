"""Start-up from source: time to the main window's first paint, as a ratio to bare PySide6.

    python3 tests/benchmarks/bench_startup.py [--runs 7]

Runs ``python3 -m explorer`` and a bare PySide6 ``QMainWindow`` script, each in a fresh
process, and stops the clock at Qt's first flush of painted pixels to a top-level window
(``qt.widgets.painting`` log, offscreen platform), the same probe as ``bench_bundle.py``
but without building bundles. Runs alternate after one unmeasured warm-up each, which
also writes the bytecode of both into a scratch cache (``PYTHONPYCACHEPREFIX``), as a
bundle ships it: compiling on every run would measure the compiler, not the start-up.
Prints wall and CPU medians and their ratios (see ``bench_bundle.compare``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_bundle import (
    HELLO,
    TARGET_RATIO,
    compare,
    offscreen_env,
    print_other,
    startup_times,
)

OTHER = """\
import runpy, sys
sys.path.insert(0, {tree!r})
runpy.run_module("explorer", run_name="__main__", alter_sys=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--other",
        type=Path,
        metavar="TREE",
        help="also time the explorer of another source tree (e.g. a `git archive` export "
        "of an earlier commit), taking turns with the rest: a before/after in one run",
    )
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
        if args.other:
            commands["other"] = [sys.executable, "-c", OTHER.format(tree=str(args.other.resolve()))]
        times = startup_times(commands, env, args.runs)
    print(f"first painted window from source, explorer / bare PySide6 (target <= {TARGET_RATIO}):")
    for line in compare(times, "explorer", "bare"):
        print(f"  {line}")
    if args.other:
        print_other(times, "explorer", args.other)
    return 0


if __name__ == "__main__":
    sys.exit(main())
