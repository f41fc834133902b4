"""Event-loop lag of the GUI while a 50,000-entry Resource List is opened.

Run: ``QT_QPA_PLATFORM=offscreen python tests/benchmarks/bench_ui_lag.py`` (add
``--default-gc`` to keep Python's GC thresholds instead of the GUI's). A 10 ms
ticker on the qasync loop records how late it wakes: first with the window idle (the
baseline, same run), then while the list is fetched from a local server, parsed and
validated (worker threads), and shown (entries table and XML view). Target: under
100 ms. Prints max, p99 and median, and the p99 as a ratio to the idle p99.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import qasync
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from explorer.ui.app import tune_gc

# The same list, served the same way, as the UI test that reports this lag on every run.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from test_responsiveness import ENTRIES, TICK, resource_list, serve


async def ticking(work) -> list[float]:
    lags: list[float] = []
    done = asyncio.Event()

    async def tick() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append((time.perf_counter() - start - TICK) * 1000)

    ticker = asyncio.ensure_future(tick())
    await work()
    done.set()
    await ticker
    return sorted(lags)


def describe(name: str, lags: list[float]) -> str:
    p99 = lags[int(len(lags) * 0.99)]
    return (
        f"{name}: max {lags[-1]:.0f} ms, p99 {p99:.0f} ms, "
        f"median {statistics.median(lags):.1f} ms ({len(lags)} ticks)"
    )


async def main(scratch: Path) -> None:
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shell.main_window import MainWindow
    from explorer.ui.shell.panels import install_panels

    body = resource_list(ENTRIES)
    runner, url = await serve(body)
    services = ExplorerServices(store_path=scratch / "store.sqlite3")
    await services.start()
    window = MainWindow(services, QSettings(str(scratch / "s.ini"), QSettings.Format.IniFormat))
    install_panels(window)
    window.restore_state()
    window.show()
    try:
        idle = await ticking(lambda: asyncio.sleep(2.0))

        async def load() -> None:
            await window.open_source(url)
            view = window.document_view
            while (
                view.entries.total < ENTRIES
                or view._source_task is None
                or not view._source_task.done()
            ):
                await asyncio.sleep(0.05)

        started = time.perf_counter()
        busy = await ticking(load)
        elapsed = time.perf_counter() - started
    finally:
        window.shutdown()
        await services.aclose()
        await runner.cleanup()
    print(describe("idle window (baseline)", idle))
    print(
        describe(
            f"opening a {ENTRIES:,}-entry list ({len(body) / 1e6:.1f} MB, {elapsed:.1f} s)", busy
        )
    )
    ratio = busy[int(len(busy) * 0.99)] / max(idle[int(len(idle) * 0.99)], 0.1)
    print(f"p99 ratio to baseline: {ratio:.1f}; target: max under 100 ms")


if __name__ == "__main__":
    if "--default-gc" not in sys.argv:
        tune_gc()  # as run_gui does
    qt_app = QApplication(sys.argv[:1])
    with (
        tempfile.TemporaryDirectory() as tmp,
        asyncio.Runner(loop_factory=qasync.QEventLoop) as runner,
    ):
        runner.run(main(Path(tmp)))
