"""UI test fixtures: one qasync loop for the session, temp settings, a fresh store.

The loop is made ``already_running`` on pytest-qt's QApplication (CONTRIBUTING.md, "Tests"), so
``qtbot.waitUntil``/``waitSignal`` also run asyncio callbacks. It is installed as the
running loop only for the tests that ask for it, so async tests elsewhere keep theirs.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings

_loop_errors: list[dict] = []


@pytest.fixture(scope="session", autouse=True)
def english_interface(qapp):
    """The window speaks English in tests, with its plural forms (explorer_en.qm), whatever
    the machine's locale; a test that wants Japanese installs it and puts English back."""
    from explorer.ui.language import install_language

    install_language("en", qapp)


@pytest.fixture(scope="session")
def session_loop(qapp):
    import qasync

    loop = qasync.QEventLoop(qapp, already_running=True)
    loop.set_exception_handler(lambda _loop, context: _loop_errors.append(context))
    asyncio._set_running_loop(None)  # qasync set it; each test that needs it sets it
    executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ui-test")
    loop.set_default_executor(executor)  # ours, so it can be shut down at the end
    yield loop
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:  # e.g. a server's request handler cut off by its stop()
        task.cancel()
    deadline = time.monotonic() + 2
    while any(not task.done() for task in pending) and time.monotonic() < deadline:
        qapp.processEvents()
    executor.shutdown(wait=True)


@pytest.fixture
def qloop(session_loop) -> Iterator[asyncio.AbstractEventLoop]:
    """The qasync loop as this thread's running loop for one test; unhandled errors fail it.

    asyncio has no public call that marks a loop running without running it: this is the
    hook it exports for loop implementations, the one qasync itself uses."""
    asyncio._set_running_loop(session_loop)
    asyncio.set_event_loop(session_loop)
    _loop_errors.clear()
    try:
        yield session_loop
    finally:
        asyncio._set_running_loop(None)
        asyncio.set_event_loop(None)
    errors = list(_loop_errors)
    _loop_errors.clear()
    assert not errors, f"unhandled event-loop errors: {errors}"


@pytest.fixture
def settings(request: pytest.FixtureRequest) -> Iterator[QSettings]:
    """QSettings under a per-test organisation name, in the test's own folder (see
    ``private_user_folders``)."""
    QCoreApplication.setOrganizationName(f"explorer-test-{request.node.name}"[:60])
    QCoreApplication.setApplicationName("resourcesync-explorer")
    yield QSettings()


@pytest.fixture
def output_dir() -> Path:
    """Screenshots land here so changes to the UI can be looked at."""
    path = Path(__file__).resolve().parent.parent / "output"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture
def run(qtbot, qloop):
    """``run(coro, timeout)``: await a coroutine from a sync test by letting Qt spin."""

    def runner(coro, timeout: float = 30.0):
        task = qloop.create_task(coro)
        qtbot.waitUntil(task.done, timeout=int(timeout * 1000))
        return task.result()

    return runner


@pytest.fixture
def window(qtbot, qloop, run, settings, tmp_path):
    """The real main window with its docks, a fresh store and temp settings; the demo
    runs fast and is stopped, with every server and client, in teardown."""
    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.ui.services import SELF_TEST_DEMO, ExplorerServices
    from explorer.ui.shell.main_window import MainWindow
    from explorer.ui.shell.panels import install_panels

    services = ExplorerServices(
        store_path=tmp_path / "store.sqlite3",
        subscriber_config=SubscriberConfig(request_timeout=5.0),
        demo_options=SELF_TEST_DEMO,
    )
    from explorer.ui.app import tune_gc

    thresholds = tune_gc()  # as run_gui does
    main = MainWindow(services, settings)
    qtbot.addWidget(main)
    run(services.start())
    install_panels(main)
    main.restore_state()
    main.show()
    yield main
    main.shutdown()
    run(services.aclose())
    gc.set_threshold(*thresholds)
