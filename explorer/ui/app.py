"""Start-up of the desktop explorer on a qasync event loop (GUIDE §4).

Order matters: ``QT_API`` is set before qasync is imported (it would otherwise probe
PyQt first), the QApplication exists before the loop, and the window never quits the
Qt loop itself: ``main()`` awaits a quit event, closes servers and clients in
``finally``, and only then returns, which stops the loop with nothing pending.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from explorer import APP_NAME, __version__

log = logging.getLogger(__name__)
GC_THRESHOLDS = (100_000, 50, 1_000)
"""Cyclic GC thresholds for the GUI process. With the default (700, 10, 10) the collector
re-walks the hundreds of thousands of objects a 50,000-entry document is made of, again
and again while it loads, each pass holding the GIL for 100-300 ms: measured event-loop
lag while such a list opened, max 218-276 ms with the default, 53-57 ms with these
(``tests/benchmarks/bench_ui_lag.py``). Cyclic garbage is still collected, less often."""
ORGANIZATION = "ResourceSync Explorer"
SETTINGS_APP = "resourcesync-explorer"


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="resourcesync-explorer",
                                     description=f"{APP_NAME} {__version__}: the desktop explorer")
    parser.add_argument("url", nargs="?",
                        help="a Source URL to open (site root, document, resource)")
    parser.add_argument("--demo", action="store_true",
                        help="start the embedded demo Source and hub and open them")
    parser.add_argument("--self-test", action="store_true",
                        help="run the end-to-end demo scenario in the window and exit 0 on success")
    parser.add_argument("--screenshot", type=Path, metavar="PATH",
                        help="with --self-test: save a screenshot of the window at the end")
    parser.add_argument("--store", type=Path, metavar="PATH",
                        help="the SQLite store (default: in the user data directory)")
    return parser.parse_args(list(argv))


def tune_gc() -> tuple[int, int, int]:
    """Apply ``GC_THRESHOLDS``; returns the previous thresholds."""
    previous = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    return previous


def run_gui(argv: Sequence[str]) -> int:
    """Open the explorer; returns the process exit code (used by ``explorer.cli.main``)."""
    try:
        args = parse_arguments(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    os.environ.setdefault("QT_API", "pyside6")
    import qasync
    from PySide6.QtWidgets import QApplication

    from explorer.ui.compat import guard_none_refcount

    guard_none_refcount()
    tune_gc()

    logging.basicConfig(level=logging.INFO if args.self_test else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else APP_NAME])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(SETTINGS_APP)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setQuitOnLastWindowClosed(False)
    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(main(app, args))


def _log_loop_exception(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    exc = context.get("exception")
    log.error("event loop: %s", context.get("message", "unhandled"), exc_info=exc)


async def main(app: Any, args: argparse.Namespace) -> int:
    """Show the window and run until a quit is requested; tear everything down after."""
    from PySide6.QtCore import QSettings

    from explorer.ui.main_window import MainWindow
    from explorer.ui.panels import install_panels
    from explorer.ui.self_test import run_self_test
    from explorer.ui.services import ExplorerServices

    loop = asyncio.get_running_loop()
    loop.set_exception_handler(_log_loop_exception)
    quit_event = asyncio.Event()
    app.aboutToQuit.connect(quit_event.set)
    scratch = tempfile.TemporaryDirectory(prefix="explorer-self-test-") if args.self_test else None
    store = args.store or (Path(scratch.name) / "store.sqlite3" if scratch else None)
    settings = QSettings(str(Path(scratch.name) / "settings.ini"), QSettings.Format.IniFormat) \
        if scratch else QSettings()
    services = ExplorerServices(store_path=store, self_test=args.self_test)
    window = MainWindow(services, settings)
    window.quit_requested.connect(quit_event.set)
    try:
        await services.start()
        install_panels(window)
        window.restore_state()
        window.show()
        start_url = args.url
        if args.demo or args.self_test:
            demo_url = await services.start_demo()
            start_url = start_url or demo_url
        if args.self_test:
            return await run_self_test(window, start_url, args.screenshot)
        if start_url:
            window.open_url(start_url)
        await quit_event.wait()
        return 0
    finally:
        window.save_state()
        window.shutdown()
        await services.aclose()
        window.hide()
        window.deleteLater()
        if scratch is not None:
            scratch.cleanup()
