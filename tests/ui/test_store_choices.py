"""The store as the window meets it: deleting from it, a second window, a damaged file."""

from __future__ import annotations

import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest
from helpers.records import notification_record as record
from helpers.windows import main_windows, opened_windows

from explorer.net.store import database as store_module
from explorer.net.store.database import Store

PAGE = 4096


async def fill(path: Path, count: int) -> None:
    store = Store(path)
    try:
        for n in range(count):
            await store.add_notification(record(n))
    finally:
        store.close()


def click(box, text: str) -> None:
    next(b for b in box.buttons() if b.text() == text).click()


def test_delete_from_the_store_then_restart_shows_only_new_deliveries(window, qtbot, run) -> None:
    services, feed = window.services, window.panels.feed
    for n in range(3):
        run(services.store.add_notification(record(n)))
    feed.restore()
    qtbot.waitUntil(lambda: feed.model.rowCount() == 3, timeout=5000)
    box = feed.ask_clear()
    click(box, "Clear and delete from the store")
    qtbot.waitUntil(lambda: services.store.count_notifications() == 0, timeout=5000)
    # the count reaches 0 on the writer's commit, a turn before the panel says so
    qtbot.waitUntil(
        lambda: "deleted from the store" in window.statusBar().currentMessage(), timeout=5000
    )
    newer = run(services.store.add_notification(record(9)))
    feed.model.clear()
    feed.restore()  # as at the next start
    qtbot.waitUntil(lambda: feed.model.rowCount() == 1, timeout=5000)
    assert feed.model.item(0).notification_id == newer
    reopened = Store(services.store_path, read_only=True)  # what the next start reads
    try:
        assert [r.id for r in reopened.notifications()] == [newer]
    finally:
        reopened.close()


def test_clear_the_feed_only_keeps_the_store(window, qtbot, run) -> None:
    services, feed = window.services, window.panels.feed
    run(services.store.add_notification(record(1)))
    feed.restore()
    qtbot.waitUntil(lambda: feed.model.rowCount() == 1, timeout=5000)
    click(feed.ask_clear(), "Clear the feed")
    assert feed.model.rowCount() == 0 and services.store.count_notifications() == 1


def test_stored_notifications_with_gaps_restore_fully_and_read_only_the_newest(
    window, qtbot, run, monkeypatch: pytest.MonkeyPatch
) -> None:
    services, feed = window.services, window.panels.feed
    for n in range(12):
        run(services.store.add_notification(record(n)))
    conn = sqlite3.connect(services.store_path)
    conn.execute("DELETE FROM notifications WHERE id <= 3 OR id IN (5, 6, 9)")
    conn.commit()
    conn.close()
    feed.restore()
    qtbot.waitUntil(lambda: feed.model.rowCount() == 6, timeout=5000)
    assert [feed.model.item(r).notification_id for r in range(6)] == [4, 7, 8, 10, 11, 12]
    read: list[int] = []
    original = store_module._notification_from_row

    def counted(row):
        read.append(row["id"])
        return original(row)

    monkeypatch.setattr(store_module, "_notification_from_row", counted)
    assert [r.id for r in services.live.stored_notifications(limit=2)] == [11, 12]
    assert read == [11, 12]  # the newest rows only, not every row after a guessed id


def test_the_address_field_shows_a_whole_address_at_1280_pixels(window, qtbot) -> None:
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QScrollArea

    from explorer.ui.shell.window_layout import first_launch_geometry
    from explorer.ui.shell.window_state import reset_layout

    window.setGeometry(first_launch_geometry(QRect(0, 0, 1280, 720)))
    reset_layout(window)
    qtbot.wait(50)
    panel = window.panels.subscriptions
    area = next(w for w in window.docks["SubscriptionsDock"].findChildren(QScrollArea))
    host = panel.host
    for address in ("127.0.0.1", "255.255.255.255"):
        host.setText(address)
        host.end(False)
        qtbot.wait(10)
        text_width = host.fontMetrics().horizontalAdvance(address)
        cursor = host.cursorRect().center().x()
        assert cursor >= text_width, (address, cursor, text_width, host.width())  # not scrolled
        assert cursor < host.width()
    assert area.horizontalScrollBar().maximum() == 0, panel.minimumSizeHint()


def start_main(qapp, qloop, args):
    from explorer.ui.app import main

    before = main_windows(qapp)
    return qloop.create_task(main(qapp, args)), before


def problem_dialog(qapp):
    from explorer.ui.live.store_problem_dialog import StoreProblemDialog

    found = [w for w in qapp.topLevelWidgets() if isinstance(w, StoreProblemDialog)]
    found += [d for w in qapp.topLevelWidgets() for d in w.findChildren(StoreProblemDialog)]
    return next((d for d in found if d.isVisible()), None)


@pytest.fixture
def gui(qapp, qtbot, qloop, settings):
    """Runs ``main`` as the app does; the window's Quit is pressed in teardown."""
    handler = qloop.get_exception_handler()
    tasks = []

    def start(*argv: str):
        from explorer.ui.app import parse_arguments

        task, before = start_main(qapp, qloop, parse_arguments(list(argv)))
        tasks.append(task)
        return task, before

    yield start
    try:
        for task in tasks:
            if not task.done():
                windows = opened_windows(qapp, set())
                for window in windows:
                    window.quit_action.trigger()
                qtbot.waitUntil(task.done, timeout=15000)
    finally:
        qloop.set_exception_handler(handler)


def test_a_second_window_on_a_held_store_asks_and_opens_read_only(
    gui, qapp, qtbot, run, tmp_path: Path
) -> None:
    path = tmp_path / "store.sqlite3"
    run(fill(path, 2))
    holder = Store(path)  # another window or a listen
    try:
        task, before = gui("--store", str(path))
        qtbot.waitUntil(lambda: problem_dialog(qapp) is not None, timeout=10000)
        dialog = problem_dialog(qapp)
        assert "using the store" in dialog.text()
        dialog.read_only_button.click()
        qtbot.waitUntil(lambda: bool(opened_windows(qapp, before)), timeout=10000)
        [window] = opened_windows(qapp, before)
        qtbot.waitUntil(window.engines_ready.is_set, timeout=10000)
        assert window.services.read_only and window.services.store.read_only
        feed = window.panels.feed
        qtbot.waitUntil(lambda: feed.model.rowCount() == 2, timeout=5000)
        panel = window.panels.subscriptions
        assert not panel.subscribe_button.isEnabled() and not panel.server_button.isEnabled()
        box = feed.ask_clear()
        delete = next(b for b in box.buttons() if "delete" in b.text())
        assert not delete.isEnabled()
        box.reject()
        window.quit_action.trigger()
        qtbot.waitUntil(task.done, timeout=15000)
        assert task.result() == 0
    finally:
        holder.close()


def test_quit_on_a_held_store_exits_2(gui, qapp, qtbot, tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    holder = Store(path)
    try:
        task, _before = gui("--store", str(path))
        qtbot.waitUntil(lambda: problem_dialog(qapp) is not None, timeout=10000)
        problem_dialog(qapp).quit_button.click()
        qtbot.waitUntil(task.done, timeout=15000)
        assert task.result() == 2
    finally:
        holder.close()


def test_a_damaged_store_asks_and_opens_read_only(gui, qapp, qtbot, run, tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    run(fill(path, 200))
    # overwrite the header of every other leaf page of the deliveries' table: the damage a
    # user meets in their data, while the schema and its versions stay readable (pages
    # picked by number alone hit the schema's own tables as the store grows new ones)
    with closing(sqlite3.connect(path)) as conn:
        leaves = conn.execute(
            "SELECT pageno FROM dbstat WHERE name = 'notifications' AND pagetype = 'leaf' "
            "ORDER BY pageno"
        ).fetchall()
    assert len(leaves) >= 2
    with path.open("r+b") as handle:
        for (page,) in leaves[::2]:
            handle.seek((page - 1) * PAGE)
            handle.write(b"\xff" * 64)
    task, before = gui("--store", str(path))
    qtbot.waitUntil(lambda: problem_dialog(qapp) is not None, timeout=10000)
    dialog = problem_dialog(qapp)
    assert "damaged" in dialog.text() and dialog.detailedText()
    dialog.read_only_button.click()
    qtbot.waitUntil(lambda: bool(opened_windows(qapp, before)), timeout=10000)
    [window] = opened_windows(qapp, before)
    qtbot.waitUntil(window.engines_ready.is_set, timeout=10000)
    assert window.services.read_only and window.services.store.problems
    window.quit_action.trigger()
    qtbot.waitUntil(task.done, timeout=15000)
    assert task.result() == 0


def test_the_window_makes_a_new_store_folder_private(run, tmp_path: Path) -> None:
    from explorer.ui.services import ExplorerServices

    folder = tmp_path / "new" / "folder"
    services = ExplorerServices(store_path=folder / "store.sqlite3")
    run(services.start())
    try:
        assert folder.stat().st_mode & 0o777 == 0o700
    finally:
        run(services.aclose())


def test_the_window_opens_the_store_off_its_own_thread(run, tmp_path: Path, monkeypatch) -> None:
    from explorer.ui.services import facade as services_module

    opened_on: list[str] = []

    class RecordingStore(Store):
        def __init__(self, *args, **kwargs) -> None:
            opened_on.append(threading.current_thread().name)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(services_module, "Store", RecordingStore)
    services = services_module.ExplorerServices(store_path=tmp_path / "store.sqlite3")
    run(services.start())
    try:
        assert opened_on and opened_on[0] != threading.current_thread().name
    finally:
        run(services.aclose())


def test_the_store_problem_is_said_in_the_window_s_language(qapp, qtbot, tmp_path) -> None:
    from PySide6.QtWidgets import QApplication

    from explorer.core import catalog
    from explorer.net.store.database import StoreLocked
    from explorer.ui.language import install_language
    from explorer.ui.live.store_problem_dialog import StoreProblemDialog

    problem = StoreLocked("store.in-use", path=tmp_path / "s.sqlite3")
    install_language("ja", QApplication.instance())
    try:
        dialog = StoreProblemDialog(problem, offer_read_only=True, parent=None)
        qtbot.addWidget(dialog)
        dialog.show()
        said = dialog.informativeText()
    finally:
        install_language("en", QApplication.instance())
    assert catalog.text("store.in-use", "ja", path=tmp_path / "s.sqlite3") in said
    assert str(problem) not in said
