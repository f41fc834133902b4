"""Start-up of the desktop explorer on a qasync event loop (docs/architecture.md, "Rules of the
event loop").

Order matters: ``QT_API`` is set before qasync is imported (it would otherwise probe
PyQt first), the QApplication exists before the loop, and the window never quits the
Qt loop itself: ``main()`` awaits a quit event, closes servers and clients in
``finally``, and only then returns, which stops the loop with nothing pending.

The window shows first, as a shell that needs only Qt, painted before the event loop
exists; the engines (httpx, aiohttp, the store, the callback server, the demo) are
imported and started after its first frame and then wired into it: their imports
alone took most of a second, all before the window used to show. The shell itself is
light (frame, menus, address bar, empty docks): the document view, the controllers and
asyncio come right after its first frame (``explorer.ui.shell.deferred_build``).
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import explorer
from explorer import APP_NAME
from explorer.cli.arguments import (
    OneLineParser,
    help_language,
    http_url,
    output_file,
    say,
    store_path,
)
from explorer.core.words.languages import LANGUAGES

if TYPE_CHECKING:
    import asyncio

    from explorer.ui.services import ExplorerServices
    from explorer.ui.shell.main_window import MainWindow

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
    parser = OneLineParser(
        prog="resourcesync-explorer", description=say("gui.description", app=APP_NAME)
    )
    parser.add_argument(
        "url",
        nargs="?",
        type=http_url,
        help=say("gui.url"),
    )
    parser.add_argument("--demo", action="store_true", help=say("gui.demo"))
    parser.add_argument(
        "--self-test",
        action="store_true",
        help=say("gui.self-test"),
    )
    parser.add_argument(
        "--screenshot",
        type=output_file,
        metavar="PATH",
        help=say("gui.screenshot"),
    )
    parser.add_argument(
        "--screenshots",
        type=Path,
        metavar="DIR",
        help=say("gui.screenshots"),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help=say("gui.lang"),
    )
    parser.add_argument(
        "--store",
        type=store_path,
        metavar="PATH",
        help=say("gui.store"),
    )
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
    tune_gc()  # before PySide6's import too, which makes thousands of objects
    from PySide6.QtWidgets import QApplication

    logging.basicConfig(
        level=logging.INFO if args.self_test else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    app_class: type[QApplication] = QApplication
    if args.self_test:  # it watches its event loop for stalls (explorer.ui.shared.stall_watch)
        from explorer.ui.shared.stall_watch import StallWatchingApplication

        app_class = StallWatchingApplication
    app = QApplication.instance() or app_class([sys.argv[0] if sys.argv else APP_NAME])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(SETTINGS_APP)
    app.setApplicationDisplayName(APP_NAME)
    app.setQuitOnLastWindowClosed(False)
    shell = open_shell(args)
    app.processEvents()  # the first frame, before the event loop and the engines load
    import asyncio

    import qasync

    from explorer.net.store.database import StoreError

    try:
        with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
            return runner.run(main(app, args, shell))
    except StoreError as exc:  # in use by another explorer, damaged, not a store
        print(say("gui.store-unusable", reason=exc.describe(help_language())), file=sys.stderr)
        return 2


@dataclass(slots=True)
class Shell:
    """The shown window before any engine exists, and where the session keeps state."""

    window: MainWindow
    store: Path | None  # None: the default store
    scratch: tempfile.TemporaryDirectory[str] | None  # --self-test's throw-away folder


def open_shell(args: argparse.Namespace) -> Shell:
    """Build and show the light window shell: Qt and the pure core only, so it is quick;
    ``main`` completes it after its first frame."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from explorer.ui.shell.main_window import MainWindow

    scratch = tempfile.TemporaryDirectory(prefix="explorer-self-test-") if args.self_test else None
    store = args.store or (Path(scratch.name) / "store.sqlite3" if scratch else None)
    settings = (
        QSettings(str(Path(scratch.name) / "settings.ini"), QSettings.Format.IniFormat)
        if scratch
        else QSettings()
    )
    from explorer.ui.language import choose_language, install_language
    from explorer.ui.shared.app_settings import load_settings

    install_language(choose_language(getattr(args, "lang", None), load_settings(settings).language))
    window = MainWindow(settings=settings, light=True)
    if window.preferences.theme != "system":
        from explorer.ui.theme import apply_theme

        apply_theme(QApplication.instance(), window.preferences.theme)  # type: ignore[arg-type]
    window.restore_state()
    window.show()
    return Shell(window, store, scratch)


async def start_services(
    window: MainWindow, shell: Shell, args: argparse.Namespace
) -> ExplorerServices | None:
    """The engines on the store, started; None when the store cannot be used and the user
    chose to quit. A store held by another explorer, or damaged, can be opened read-only
    instead: the window asks (``store_problem_dialog``)."""
    from explorer.net.store.database import StoreError
    from explorer.ui.live.store_problem_dialog import ask_to_open_read_only
    from explorer.ui.services import ExplorerServices
    from explorer.ui.settings.settings_effects import fetch_timeouts

    preferences = window.preferences
    read_only = False
    while True:
        services = ExplorerServices(
            store_path=shell.store,
            self_test=args.self_test,
            host=preferences.callback_host,
            port=preferences.callback_port,
            public_url=preferences.public_url or None,
            read_only=read_only,
            demo=args.demo or args.self_test,
        )
        services.source.configure_fetcher(fetch_timeouts(preferences), preferences.retries)
        try:
            await services.start()
        except StoreError as exc:
            await services.aclose()
            print(say("gui.store-unusable", reason=exc.describe(help_language())), file=sys.stderr)
            if not await ask_to_open_read_only(exc, window, offer=not read_only):
                return None
            read_only = True
            continue
        return services


def _log_loop_exception(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    exc = context.get("exception")
    log.error("event loop: %s", context.get("message", "unhandled"), exc_info=exc)


async def main(app: Any, args: argparse.Namespace, shell: Shell | None = None) -> int:
    """Start the engines in the shown window (opened here without ``shell``) and run
    until a quit is requested; tear everything down after."""
    import asyncio

    from explorer.ui.shell.main_window import build_after_first_frame

    shell = shell or open_shell(args)
    window = shell.window
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(_log_loop_exception)
    quit_event = asyncio.Event()
    app.aboutToQuit.connect(quit_event.set)
    window.quit_requested.connect(quit_event.set)
    services = None
    try:
        await build_after_first_frame(window)
        if args.url and not args.self_test:
            window.open_url(args.url)  # in the address bar at once, opened once engines run
        app.setApplicationVersion(explorer.__version__)  # reads metadata: after the frame
        from explorer.ui.shell.about import APP_ID, application_icon

        app.setDesktopFileName(APP_ID)  # matches resources/*.desktop for the shell's icon
        app.setWindowIcon(application_icon())
        from explorer.ui.shell.panels import install_panels

        services = await start_services(window, shell, args)
        if services is None:
            return 2
        window.attach_services(services)
        install_panels(window)  # also puts the Settings into effect
        demo_url = await services.start_demo() if args.demo or args.self_test else None
        if services.demo_note:
            from explorer.core.findings import Severity

            window.show_error(services.demo_note, Severity.INFO)
        if services.demo is not None:
            from explorer.demo.faults import FAULTS

            window.install_demo_menu(services.demo.faults, FAULTS)
            window.panels.workbench.prefill_from_demo()
        if args.self_test:
            from explorer.ui.scenes.self_test import run_self_test

            return await run_self_test(
                window, args.url or demo_url, args.screenshot, args.screenshots
            )
        if demo_url and not args.url:
            window.open_url(demo_url)
        await quit_event.wait()
        return 0
    finally:
        window.save_state()
        window.shutdown()
        if services is not None:
            await services.aclose()
        window.hide()
        window.deleteLater()
        if shell.scratch is not None:
            shell.scratch.cleanup()
