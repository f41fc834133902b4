"""The window driven through its widgets against the embedded demo (CONTRIBUTING.md, "Tests")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from explorer.net.live.subscription import State
from explorer.ui.live.feed_model import CHANGE, FRAMEWORK
from explorer.ui.live.subscriptions_model import COLUMNS


def open_demo(window, qtbot, run) -> str:
    url = run(window.services.start_demo())
    window.address_action.trigger()  # Ctrl+L
    qtbot.keyClicks(window.address.lineEdit(), url)
    qtbot.keyClick(window.address.lineEdit(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15000)
    return url


def test_self_test_scenario_through_widgets(window, qtbot, run, output_dir: Path) -> None:
    open_demo(window, qtbot, run)
    assert window.discovery_label.text().startswith("found via")
    root = window.tree_model.roots[0]
    assert root.doc.capability == "description" and len(root.children) == 2

    # 2: channels of the first Capability List, with their hub
    channels = [i for i in root.children[0].children if i.channel is not None]
    assert {c.channel.capability for c in channels} == {
        "change-notification",
        "framework-notification",
    }
    assert all("hub http://127.0.0.1" in c.title() for c in channels)

    # 3: subscribe through each channel's context menu
    for item in channels:
        menu = window.tree_menu(item)
        action = next(a for a in menu.actions() if a.text() == "Subscribe")
        action.trigger()
    panel = window.panels.subscriptions
    qtbot.waitUntil(
        lambda: (
            panel.model.rowCount() == 2
            and all(panel.model.subscription(r).state == State.ACTIVE for r in range(2))
        ),
        timeout=15000,
    )
    assert "left" in panel.model.data(panel.model.index(0, COLUMNS.index("lease")))  # countdown
    assert panel.model.data(panel.model.index(0, COLUMNS.index("secret"))).startswith("••••")

    # 4: a change notification with its entry diff, a framework one with its document diff
    feed = window.panels.feed
    qtbot.waitUntil(
        lambda: (
            any(i.kind == CHANGE and i.diff for i in feed.model.items)
            and any(i.kind == FRAMEWORK for i in feed.model.items)
        ),
        timeout=30000,
    )
    change_row = next(
        r
        for r in range(feed.model.rowCount())
        if feed.model.item(r).kind == CHANGE and feed.model.item(r).diff
    )
    with qtbot.waitSignal(feed.detail_shown, timeout=10000):
        qtbot.mouseClick(
            feed.table.viewport(),
            Qt.MouseButton.LeftButton,
            pos=feed.table.visualRect(feed.model.index(change_row, 2)).center(),
        )
    text = feed.changes.toPlainText()
    assert "updated" in text or "created" in text or "deleted" in text
    assert (
        feed.payload.toPlainText().lstrip().startswith("<?xml")
        or "<urlset" in feed.payload.toPlainText()
    )
    # the first framework notification can name a document the crawl read only after it
    # changed (a busy machine): its diff is rightly empty, the next one's is not
    looked_at: list[object] = []

    def a_framework_diff_shown() -> bool:
        for row in range(feed.model.rowCount()):
            item = feed.model.item(row)
            if item.kind == FRAMEWORK and all(item is not seen for seen in looked_at):
                looked_at.append(item)
                with qtbot.waitSignal(feed.detail_shown, timeout=15000):
                    feed.select_row(row)
                if feed.diff_view.changed_rows > 0:
                    return True
        return False

    qtbot.waitUntil(a_framework_diff_shown, timeout=60000)
    assert feed.diff_view.old.extraSelections() and feed.diff_view.new.extraSelections()
    feed.detail.setCurrentIndex(3)
    window.tree.setCurrentIndex(window.tree_model.index_of(root.children[0]))
    qtbot.wait(50)
    assert window.grab().save(str(output_dir / "window-feed-diff.png"))

    # the inspector saw the hub POSTs and the deliveries; curl for the first POST
    inspector = window.panels.inspector
    kinds = {inspector.model.record(r).kind for r in range(inspector.model.rowCount())}
    assert {"subscribe", "verification", "delivery"} <= kinds
    delivery_row = next(
        r for r in range(inspector.model.rowCount()) if inspector.model.record(r).kind == "delivery"
    )
    inspector.table.selectRow(delivery_row)
    assert inspector.replay_button.isEnabled()
    assert "X-Hub-Signature" in inspector.detail.toPlainText()
    before = feed.model.rowCount()
    inspector.replay()
    qtbot.waitUntil(lambda: "replayed" in inspector.status.text(), timeout=10000)
    assert "200" in inspector.status.text()
    qtbot.waitUntil(lambda: feed.model.rowCount() > before, timeout=5000)
    window.findChild(type(window.tree_dock), "InspectorDock").raise_()
    qtbot.wait(50)
    assert window.grab().save(str(output_dir / "window-inspector.png"))


def test_document_view_problems_jump_to_line(window, qtbot, run, output_dir: Path) -> None:
    open_demo(window, qtbot, run)
    cl = window.tree_model.roots[0].children[0]
    change_list = next(
        i for i in cl.children if i.doc is not None and i.doc.declared_capability == "changelist"
    )
    window.tree.setCurrentIndex(window.tree_model.index_of(change_list))
    qtbot.waitUntil(lambda: change_list.doc.document is not None, timeout=10000)
    view = window.document_view
    qtbot.waitUntil(lambda: view.url == change_list.url and view.shown is not None, timeout=5000)
    assert "changelist" in view.header.text()
    # the index's component lists appear as rows once it is loaded
    qtbot.waitUntil(lambda: len(change_list.children) >= 2, timeout=10000)
    window.tree.expand(window.tree_model.index_of(change_list))
    component = change_list.children[0]
    window.tree.setCurrentIndex(window.tree_model.index_of(component))
    qtbot.waitUntil(lambda: view.url == component.url and view.entries.total > 0, timeout=10000)
    assert view.entries.rowCount() == len(component.doc.document.entries)
    view.change_filter.setCurrentIndex(view.change_filter.findData("updated"))
    assert all(view.entries.entry(r).change == "updated" for r in range(view.entries.rowCount()))
    # start away from what Ctrl+F leads to: the source tab, focus in the tree, text unselected
    view.tabs.setCurrentIndex(1)
    window.tree.setFocus()
    view.filter_edit.setText("upd")
    view.filter_edit.deselect()
    window.find_action.trigger()  # Ctrl+F
    assert view.tabs.currentIndex() == 0
    assert window.focusWidget() is view.filter_edit
    assert view.filter_edit.selectedText() == "upd"
    view.filter_edit.clear()
    qtbot.waitUntil(lambda: view.source.blockCount() > 5, timeout=5000)
    view.problems.set_findings([_finding(line=5)])
    view.problems_table.clicked.emit(view.problems.index(0, 0))
    assert view.tabs.currentIndex() == 1
    qtbot.waitUntil(lambda: view.source_ready, timeout=10000)  # lands once its text is in
    assert view.source.textCursor().blockNumber() == 4
    assert window.grab().save(str(output_dir / "window-document.png"))


def _finding(line: int):
    from explorer.core.findings import finding

    return finding("parse.malformed", "example problem", line=line)


def test_history_and_dock_state_persist(window, qtbot, run, settings) -> None:
    url = open_demo(window, qtbot, run)
    assert window.address.itemText(0) == url
    window.tree_dock.hide()
    window.save_state()
    from explorer.ui.shell.main_window import MainWindow

    again = MainWindow(window.services, settings)
    qtbot.addWidget(again)
    assert again.address.itemText(0) == url
    again.restore_state()
    assert again.tree_dock.isHidden()


def test_standard_shortcuts(window) -> None:
    assert window.address_action.shortcut() == QKeySequence("Ctrl+L")
    assert QKeySequence("F5") in window.refresh_action.shortcuts()
    assert window.find_action.shortcut() == QKeySequence("Ctrl+F")
    assert window.quit_action.shortcut() == QKeySequence("Ctrl+Q")
    with_names = [
        w
        for w in (
            window.address,
            window.tree,
            window.document_view.table,
            window.panels.feed.table,
            window.panels.subscriptions.table,
        )
        if w.accessibleName()
    ]
    assert len(with_names) == 5


def test_unreachable_address_is_a_message_not_a_crash(window, qtbot) -> None:
    window.address.setCurrentText("http://127.0.0.1:9/nothing")
    window.open_url(window.address.currentText())
    qtbot.waitUntil(lambda: window.messages.isVisible(), timeout=20000)
    assert (
        "Cannot open http://127.0.0.1:9/nothing: nothing listens on" in window.messages.text.text()
    )
    assert window.discovery_label.text() == "no Source Description found"


def test_show_all_entries_of_an_index(window, qtbot, run) -> None:
    open_demo(window, qtbot, run)
    cl = window.tree_model.roots[0].children[0]
    index = next(
        i for i in cl.children if i.doc is not None and i.doc.declared_capability == "resourcelist"
    )
    run(window.services.source.expand(index.doc))
    assert index.doc.is_index
    action = next(
        a for a in window.tree_menu(index).actions() if a.text() == "Show all entries of this index"
    )
    action.trigger()
    expected = sum(len(c.document.entries) for c in index.doc.children if c.document)
    qtbot.waitUntil(lambda: window.document_view.entries.total == expected, timeout=15000)
    assert expected >= 500  # the demo's set has 600 resources over 3 lists


def test_public_url_test_says_whether_the_request_arrived(window, run) -> None:
    services = window.services
    own = services.live.callback_status().base_url
    assert "reached this callback server" in run(services.live.test_public_url(own))
    demo = run(services.start_demo())
    assert "never reached this callback server" in run(services.live.test_public_url(demo))


def test_feed_export_writes_visible_rows(window, tmp_path) -> None:
    import json
    import time

    from explorer.ui.live.feed_model import FeedItem

    feed = window.panels.feed
    feed.model.add(
        [
            FeedItem(time.time(), "change", "http://t/a", 1, 1, {"created": 1}),
            FeedItem(time.time(), "rejected", "http://t/a", 2, 0, {}, reason="bad"),
        ]
    )
    feed.kind_filter.setCurrentIndex(feed.kind_filter.findData("rejected"))
    assert feed.export(tmp_path / "feed.jsonl") == 1
    line = json.loads((tmp_path / "feed.jsonl").read_text().strip())
    assert line["kind"] == "rejected" and line["reason"] == "bad"
    box = feed.ask_clear()  # Clear asks first
    destructive = box.ButtonRole.DestructiveRole
    next(b for b in box.buttons() if box.buttonRole(b) == destructive).click()
    assert feed.model.rowCount() == 0


def test_dark_palette_screenshot(window, qtbot, run, qapp, output_dir: Path) -> None:
    """Saved for a look: the window in a dark palette (the highlighter picks dark colours)."""
    from PySide6.QtGui import QColor, QPalette

    original = qapp.palette()
    dark = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.WindowText, "#e6e6e6"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.AlternateBase, "#2a2a2a"),
        (QPalette.ColorRole.Text, "#e6e6e6"),
        (QPalette.ColorRole.Button, "#353535"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"),
        (QPalette.ColorRole.Highlight, "#2f65ca"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
        (QPalette.ColorRole.PlaceholderText, "#9a9a9a"),
        (QPalette.ColorRole.Link, "#7fb2ff"),
    ):
        dark.setColor(role, QColor(colour))
    qapp.setPalette(dark)
    try:
        open_demo(window, qtbot, run)
        view = window.document_view
        assert view.source.highlighter.tag_format.foreground().color().name() == "#7fb2ff"
        view.tabs.setCurrentIndex(1)
        qtbot.waitUntil(lambda: view.source.blockCount() > 3, timeout=5000)
        qtbot.wait(50)
        assert window.grab().save(str(output_dir / "window-dark.png"))
    finally:
        qapp.setPalette(original)


def test_subscription_panel_actions(window, qtbot, run, qapp) -> None:
    open_demo(window, qtbot, run)
    channel = next(i.channel for i in window.tree_model.walk() if i.channel is not None)
    panel = window.panels.subscriptions
    panel.topic.setText(channel.topic)
    panel.hub.setText(channel.hub or "")
    qtbot.mouseClick(panel.subscribe_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: panel.model.rowCount() == 1 and panel.model.subscription(0).state == State.ACTIVE,
        timeout=15000,
    )
    panel.table.selectRow(0)
    panel.copy_secret_button.click()
    assert qapp.clipboard().text() == panel.model.subscription(0).secret
    panel.renew_button.click()
    qtbot.waitUntil(lambda: " renewed " in panel.log.toPlainText(), timeout=15000)
    panel.unsubscribe_button.click()
    qtbot.waitUntil(lambda: " unsubscribed " in panel.log.toPlainText(), timeout=15000)
    assert panel.model.data(panel.model.index(0, 0)) == "ended"
