"""The watchdog per subscription: against the demo's silent hub (it verifies, never
delivers) while the Source keeps changing, the changes its Change Lists show are named as
unannounced in a feed row (plain text) and the Subscriptions log, and a desktop
notification is raised when the window is not in front; the option is set per
subscription in the Subscriptions dock; the lease's history shows the requests and the
hub's answers."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSystemTrayIcon, QWidget
from test_spoofed_urls import japanese_first  # noqa: F401 (a fixture)

from explorer.core.rules import capabilities as caps
from explorer.core.words.engine_words import known_reason
from explorer.ui.live.feed_model import WATCHDOG
from explorer.ui.watchdog.notifier import DesktopNotifier
from explorer.ui.watchdog.watchdog_panel import WATCHDOG as WATCHDOG_PANEL

PERIOD = 1.0


class Shown:
    """What reached the system tray."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []

    def show_message(self, title: str, text: str, *_args) -> None:
        self.messages.append((title, text))


@pytest.fixture
def tray(monkeypatch) -> Shown:
    shown = Shown()
    monkeypatch.setattr(QSystemTrayIcon, "isSystemTrayAvailable", staticmethod(lambda: True))
    monkeypatch.setattr(QSystemTrayIcon, "showMessage", shown.show_message)
    monkeypatch.setattr(QSystemTrayIcon, "show", lambda _tray: None)
    return shown


def subscribed_to_silent_hub(window, run, qtbot):
    services = window.services
    services.demo_options = {"rate": 0, "faults": ["silent-hub"]}
    run(services.start_demo())
    demo = services.demo
    channel = next(
        c
        for c in demo.channels
        if c.capability == caps.CHANGE_NOTIFICATION and "dataset1" in c.topic
    )
    sub = run(services.subscribe(channel.topic, channel.hub, channel.capability))
    run(services.wait_settled(sub, 10))
    panel = window.panels.subscriptions
    qtbot.waitUntil(lambda: panel.model.row_of(sub.id) is not None, timeout=5000)
    panel.table.selectRow(panel.model.row_of(sub.id))
    return demo, sub


@pytest.mark.qt_log_ignore("does not support raise")
def test_a_silent_hub_is_named_in_the_feed_and_on_the_desktop(
    window, qtbot, run, tray: Shown, output_dir, monkeypatch
) -> None:
    demo, sub = subscribed_to_silent_hub(window, run, qtbot)
    monkeypatch.setattr(window, "isActiveWindow", lambda: False)  # another window in front
    watchdog = window.part(WATCHDOG_PANEL)
    url = demo.capability_list_urls[0]
    # the option per subscription: the Capability List given, checked, then on
    watchdog.capability_list.setText(url)
    watchdog.enabled_box.setChecked(True)
    watch = watchdog.watchdogs.watching(sub.id)
    assert watch is not None and watch.capability_list == url and watch.period == 300
    assert "checking every 300 s" in watchdog.state.text()
    watchdog.watchdogs.watch(sub.id, sub.topic, url, PERIOD)  # a short period for the test
    # the Change Lists date changes to the second: only those after the watch began count
    began = time.time()
    qtbot.waitUntil(lambda: time.time() >= int(began) + 1, timeout=3000)
    changed = [demo.docs.resource_url(demo.change("dataset1").resource) for _ in range(3)]

    feed = window.panels.feed.model

    def verdicts():
        return [feed.item(row) for row in range(feed.rowCount()) if feed.item(row).kind == WATCHDOG]

    qtbot.waitUntil(
        lambda: {e["loc"] for item in verdicts() for e in item.entries} >= set(changed),
        timeout=20000,
    )
    row = verdicts()[0]
    assert row.topic == url and {e["change"] for e in row.entries} == {"unannounced"}
    assert "changes in the Change Lists no notification carried" in str(row.note or "")
    log = window.panels.subscriptions.log.toPlainText()
    assert f"reconcile {url}" in log
    assert tray.messages and tray.messages[0][0] == f"Watchdog: {url}"
    window.panels.feed.show_detail(row)
    assert changed[0] in window.panels.feed.changes.toPlainText()
    grab(window, output_dir / "watchdog.png")

    view = watchdog.show_lease_history()
    assert view is not None
    qtbot.waitUntil(lambda: view.task.done() and view.model.rowCount() >= 2, timeout=5000)
    steps = [view.model.row(n) for n in range(view.model.rowCount())]
    assert any(s.what == "subscribe" and s.status == 202 for s in steps), steps
    assert any(
        s.what == "verification" and s.mode == "subscribe" and s.lease_seconds for s in steps
    )
    assert view.grab().save(str(output_dir / "lease-history.png"))

    watchdog.enabled_box.setChecked(False)
    assert watchdog.watchdogs.watching(sub.id) is None


def grab(window, path) -> None:
    """The window with a wide Subscriptions dock, and that dock's panel whole."""
    window.resize(1400, 860)
    window.resizeDocks([window.docks["SubscriptionsDock"]], [560], Qt.Orientation.Horizontal)
    assert window.grab().save(str(path))
    panel = window.panels.subscriptions
    assert panel.grab().save(str(path.with_name(path.stem + "-option.png")))


def test_no_desktop_notification_while_the_window_is_in_front(qapp, tray: Shown) -> None:
    class Front(QWidget):
        def isActiveWindow(self) -> bool:
            return True

    class Behind(QWidget):
        def isActiveWindow(self) -> bool:
            return False

    assert DesktopNotifier(Front()).notify("t", "m") is False
    assert DesktopNotifier(Behind()).notify("t", "m") is True
    assert tray.messages == [("t", "m")]


def test_no_desktop_notification_without_a_system_tray(qapp, monkeypatch) -> None:
    monkeypatch.setattr(QSystemTrayIcon, "isSystemTrayAvailable", staticmethod(lambda: False))
    assert DesktopNotifier(QWidget()).notify("t", "m") is False


def test_the_option_needs_a_capability_list_url(window, qtbot, run) -> None:
    _demo, sub = subscribed_to_silent_hub(window, run, qtbot)
    watchdog = window.part(WATCHDOG_PANEL)
    watchdog.capability_list.setText("file:///etc/passwd")
    watchdog.enabled_box.setChecked(True)
    assert not watchdog.enabled_box.isChecked() and watchdog.watchdogs.watching(sub.id) is None
    assert "http or https URL" in watchdog.state.text()


@pytest.mark.usefixtures("japanese_first")  # before the window is built
@pytest.mark.qt_log_ignore("does not support raise")  # the lease history's window
def test_the_verdict_speaks_the_interface_language(window, qtbot, run, output_dir) -> None:
    demo, sub = subscribed_to_silent_hub(window, run, qtbot)
    url = demo.capability_list_urls[0]
    window.part(WATCHDOG_PANEL).capability_list.setText(url)
    window.part(WATCHDOG_PANEL).enabled_box.setChecked(True)
    window.part(WATCHDOG_PANEL).watchdogs.watch(sub.id, sub.topic, url, PERIOD)
    began = time.time()
    qtbot.waitUntil(lambda: time.time() >= int(began) + 1, timeout=3000)
    demo.change("dataset1")
    feed = window.panels.feed.model
    qtbot.waitUntil(
        lambda: any(feed.item(r).kind == WATCHDOG for r in range(feed.rowCount())), timeout=20000
    )
    row = next(feed.item(r) for r in range(feed.rowCount()) if feed.item(r).kind == WATCHDOG)
    assert "変更リスト" in known_reason(row.note, "ja"), row.note
    window.panels.feed.show_detail(row)
    # a verdict in its own frame, not as a notification without its diff (差分なし)
    said = window.panels.feed.changes.toPlainText()
    assert said.startswith("監視の結果: 通知のない変更 "), said
    assert "差分なし" not in said, said
    grab(window, output_dir / "watchdog-ja.png")
    # the guide's 「リースの履歴」 picture, in the words of the Japanese window
    view = window.part(WATCHDOG_PANEL).show_lease_history()
    assert view is not None
    qtbot.waitUntil(lambda: view.task.done() and view.model.rowCount() >= 2, timeout=5000)
    assert "リースの履歴" in view.windowTitle()
    headers = [view.model.headerData(c, Qt.Orientation.Horizontal) for c in range(2)]
    assert headers[0] == "時刻（UTC）", headers
    assert view.grab().save(str(output_dir / "lease-history-ja.png"))
