"""Desktop conventions: one owner per shortcut, a working F5, a toolbar and Settings,
quiet confirmations, plain English counts, tooltips, the entries filter, auto-scroll,
readable problem columns, the inspector's filter, the workbench under the demo."""

from __future__ import annotations

import time
from collections import Counter

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QHeaderView, QToolBar

from explorer.core.findings import Finding, Severity, count_by_severity, finding
from explorer.core.parser import parse_document
from explorer.net.store.records import ExchangeRecord, NotificationRecord
from explorer.ui.live.feed_model import FeedItem

WINDOW_CONTEXTS = (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)


def window_shortcuts(window) -> Counter[str]:
    """Every key sequence of every window-wide action, counted once per action and key."""
    keys: Counter[str] = Counter()
    for action in {id(a): a for a in window.findChildren(QAction)}.values():
        if action.shortcutContext() not in WINDOW_CONTEXTS:
            continue
        for key in action.shortcuts():
            if not key.isEmpty():
                keys[key.toString()] += 1
    return keys


def test_no_two_actions_share_a_shortcut(window) -> None:
    keys = window_shortcuts(window)
    duplicates = {key: n for key, n in keys.items() if n > 1}
    assert not duplicates, f"ambiguous shortcuts: {duplicates}"
    assert {"F5", "Ctrl+R"} <= {k.toString() for k in window.refresh_action.shortcuts()}
    assert {"Shift+F5", "Ctrl+Shift+R"} <= {
        k.toString() for k in window.rediscover_action.shortcuts()
    }
    assert window.back_action.shortcut() == QKeySequence("Alt+Left")
    assert window.forward_action.shortcut() == QKeySequence("Alt+Right")


def test_pressing_f5_triggers_refresh(window, qtbot) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    window.tree.setFocus()
    with qtbot.waitSignal(window.refresh_action.triggered, timeout=2000):
        qtbot.keyClick(window.tree, Qt.Key.Key_F5)
    with qtbot.waitSignal(window.refresh_action.triggered, timeout=2000):
        qtbot.keyClick(window.tree, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)


def test_toolbar_menus_and_settings(window, qtbot, settings) -> None:
    toolbars = window.findChildren(QToolBar)
    actions = {a.text() for bar in toolbars for a in bar.actions()}
    assert {"Back", "Forward", "Refresh document", "Re-discover Source", "Settings…"} <= actions
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus[:6] == ["&File", "&Edit", "&Go", "&View", "&Tools", "&Help"][: len(menus[:6])]
    assert window.reset_layout_action in window.view_menu.actions()
    for action in (window.refresh_action, window.back_action, window.rediscover_action):
        assert action.toolTip() and "(" in action.toolTip()  # says its shortcut

    dialog = window.show_settings()
    general, live, look = (dialog.page(name) for name in ("General", "Live", "Appearance"))
    general.timeout.setValue(7)
    general.retries.setValue(5)
    live.feed_size.setValue(2000)
    live.port.setValue(0)
    look.theme.setCurrentIndex(look.theme.findData("dark"))
    look.language.setCurrentIndex(look.language.findData("ja"))
    try:
        dialog.accept()
        assert settings.value("preferences/request_timeout") in (7.0, "7.0", 7)
        assert str(settings.value("preferences/language")) == "ja"
        services = window.services
        assert services.fetch_timeouts.read == 7.0 and services.fetch_retries == 5
        assert services.fetcher.retries == 5  # a new fetcher takes them
        assert window.panels.feed.model.max_rows == 2000
        window_colour = QApplication.palette().color(QPalette.ColorRole.Window)
        assert window_colour.lightness() < 100, "the dark theme is applied"
        assert "settings saved" in window.statusBar().currentMessage()
    finally:
        from explorer.ui.theme import apply_theme

        apply_theme(QApplication.instance(), "system")


def test_counts_are_plural_english(window) -> None:
    from explorer.ui.live.subscriptions_model import lease_text
    from explorer.ui.shared.wording import severity_counts
    from explorer.ui.source.document_panel import header_html

    one_each = [
        Finding(Severity.ERROR, "x.e", "e"),
        Finding(Severity.WARNING, "x.w", "w"),
        Finding(Severity.INFO, "x.n", "n"),
    ]
    assert severity_counts(count_by_severity(one_each)) == "1 error, 1 warning, 1 note"
    assert "1 error, 1 warning, 1 note" in header_html("http://s/a.xml", None, one_each)
    assert severity_counts({Severity.ERROR: 2}) == "2 errors, 0 warnings, 0 notes"
    doc = parse_document(
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        b"<url><loc>http://s/a</loc></url></urlset>"
    )
    assert "1 entry" in header_html("http://s/list.xml", doc, [])

    class Lease:
        lease_expires = 1000.0 + 239 * 3600 + 59 * 60 + 49
        state = "active"

    assert lease_text(Lease(), 1000.0) == "9 days 23 h left"  # not "239:59:49 left"


def test_check_dump_is_offered_only_for_dumps(window, qtbot, run) -> None:
    url = run(window.services.start_demo())
    window.open_url(url)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15000)
    capability_list = window.tree_model.roots[0].children[0]
    window.tree_model.expand(capability_list)  # load its lists and dumps
    loaded = {"resourcelist", "resourcedump"}

    def by_capability() -> dict:
        return {i.doc.capability: i for i in window.tree_model.walk() if i.doc and i.doc.document}

    qtbot.waitUntil(lambda: loaded <= set(by_capability()), timeout=15000)

    def entries(capability: str) -> set[str]:
        return {a.text() for a in window.tree_menu(by_capability()[capability]).actions()}

    assert "Check dump" not in entries("resourcelist")
    assert "Check dump" in entries("resourcedump")
    assert "Check resources" not in entries("capabilitylist")
    assert "Refresh this document" in entries("resourcelist")


def test_demo_faults_are_a_menu(window, qtbot, run) -> None:
    from explorer.demo.faults import FAULTS

    run(window.services.start_demo())
    faults = window.services.demo.faults
    menu = window.install_demo_menu(faults, FAULTS)
    entries = {a.text(): a for a in menu.actions()[0].menu().actions()}
    assert set(entries) == set(FAULTS)
    assert entries["malformed-xml"].toolTip() == FAULTS["malformed-xml"]
    entries["malformed-xml"].trigger()
    assert "malformed-xml" in faults
    entries["malformed-xml"].trigger()
    assert "malformed-xml" not in faults


def test_copy_and_export_confirm_in_the_status_bar(window, qtbot, run, tmp_path) -> None:
    url = run(window.services.start_demo())
    window.open_url(url)
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    root = window.tree_model.roots[0]
    copy = next(a for a in window.tree_menu(root).actions() if a.text() == "Copy URL")
    window.statusBar().clearMessage()
    copy.trigger()
    assert QApplication.clipboard().text() == root.url
    assert window.statusBar().currentMessage().startswith("copied")

    inspector = window.panels.inspector
    qtbot.waitUntil(lambda: inspector.model.rowCount() > 0, timeout=10000)
    inspector.table.selectRow(0)
    window.statusBar().clearMessage()
    inspector.copy_curl()
    assert "curl" in window.statusBar().currentMessage()

    feed = window.panels.feed
    feed.model.add([FeedItem(time.time(), "change", "http://t/a", 1, 1, {"created": 1})])
    window.statusBar().clearMessage()
    feed.export_and_confirm(tmp_path / "feed.jsonl")
    assert "exported 1 notification to" in window.statusBar().currentMessage()
    feed.export_and_confirm(tmp_path / "missing-folder" / "feed.jsonl")
    assert "export failed" in window.statusBar().currentMessage()


def test_feed_clear_asks_and_stays_cleared_after_a_restart(window, qtbot) -> None:
    feed = window.panels.feed
    records = [
        NotificationRecord("s", "http://t/a", time.time(), "notification", "valid", b"", [], id=n)
        for n in (1, 2, 3)
    ]
    window.services.stored_notifications = lambda limit=5000: records  # what restore reads
    feed.restore()
    qtbot.waitUntil(lambda: feed.model.rowCount() == 3, timeout=5000)
    box = feed.ask_clear()
    assert box.isVisible() and feed.model.rowCount() == 3  # nothing yet: it asks
    box.reject()
    assert feed.model.rowCount() == 3
    box = feed.ask_clear()
    destructive = box.ButtonRole.DestructiveRole
    next(b for b in box.buttons() if box.buttonRole(b) == destructive).click()
    assert feed.model.rowCount() == 0
    records.append(
        NotificationRecord("s", "http://t/a", time.time(), "notification", "valid", b"", [], id=4)
    )
    feed.restore()  # as at the next start
    qtbot.waitUntil(lambda: feed.model.rowCount() == 1, timeout=5000)
    assert feed.model.item(0).notification_id == 4
    assert QSettings().allKeys()  # the mark is kept in the (test's own) settings


def test_selecting_a_feed_row_pauses_auto_scroll(window, qtbot) -> None:
    feed = window.panels.feed
    window.docks["FeedDock"].raise_()

    def rows(first: int, count: int) -> list[FeedItem]:
        return [
            FeedItem(time.time(), "change", f"http://t/{n}", n, 1, {"created": 1})
            for n in range(first, first + count)
        ]

    bar = feed.table.verticalScrollBar()
    feed.model.add(rows(0, 200))
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=5000)
    feed.table.selectRow(10)
    feed.table.scrollToTop()
    assert feed.scroll_paused()
    feed.model.add(rows(200, 50))
    qtbot.wait(50)
    assert bar.value() == 0, "the selected row stays where it is"
    feed.table.clearSelection()
    feed.model.add(rows(250, 5))
    qtbot.waitUntil(lambda: bar.value() == bar.maximum(), timeout=5000)
    assert feed.follow.toolTip() and feed.export_button.toolTip()


def test_problem_columns_favour_code_and_message(window) -> None:
    for table in (window.document_view.problems_table, window.panels.feed.problems_table):
        header = table.horizontalHeader() if hasattr(table, "horizontalHeader") else table.header()
        code_needs = table.fontMetrics().horizontalAdvance("websub.signature-mismatch")
        assert table.columnWidth(1) >= code_needs, table.accessibleName()
        assert table.columnWidth(4) < code_needs / 2, "the spec column stays narrow"
        assert header.sectionResizeMode(3) is QHeaderView.ResizeMode.Stretch  # the message
        assert not header.stretchLastSection()
    view = window.document_view
    long = "x" * 300 + " the end"
    view.problems.set_findings([finding("parse.malformed", long, line=3)])
    index = view.problems.index(0, 3)
    assert "the end" in index.data(Qt.ItemDataRole.ToolTipRole)
    view.problems_table.setCurrentIndex(index)
    assert view.problems_view.detail.text().endswith(long)


def test_entries_filter_resets_per_document_and_escape_clears_it(qtbot, qloop) -> None:
    from explorer.ui.source.document_panel import DocumentPanel

    view = DocumentPanel()
    qtbot.addWidget(view)
    view.show()
    body = (
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        b'xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="changelist"/>'
        + b"".join(
            b'<url><loc>http://s/r%d</loc><rs:md change="updated"/></url>' % n for n in range(12)
        )
        + b"</urlset>"
    )
    first = parse_document(body)
    view.show_document("http://s/a.xml", first, [], body)
    view.filter_edit.setText("nothing-matches")
    view.change_filter.setCurrentIndex(view.change_filter.findData("deleted"))
    assert view.entries.rowCount() == 0
    view.show_document("http://s/b.xml", parse_document(body), [], body)
    assert view.entries.rowCount() == 12, view.count_label.text()
    assert view.filter_edit.text() == "" and view.change_filter.currentIndex() == 0
    assert view.count_label.text() == "12 entries"
    needed = view.count_label.fontMetrics().horizontalAdvance("9,999,999 of 9,999,999")
    assert view.count_label.minimumWidth() >= needed

    view.filter_edit.setText("r1")
    assert view.entries.rowCount() < 12
    view.filter_edit.setFocus()
    qtbot.waitUntil(view.filter_edit.hasFocus, timeout=2000)
    qtbot.keyClick(view.filter_edit, Qt.Key.Key_Escape)
    assert view.filter_edit.text() == "" and view.entries.rowCount() == 12


def _exchange(kind: str, method: str, url: str, status: int, body: bytes = b"") -> ExchangeRecord:
    headers = [("Content-Type", "application/x-www-form-urlencoded")] if body else []
    return ExchangeRecord(
        time.time(), "out", kind, method, url, status, headers, body, len(body), [], b"", 0, 1024
    )


def test_inspector_filters_shows_topics_and_follows_the_newest(window, qtbot) -> None:
    inspector = window.panels.inspector
    window.docks["InspectorDock"].raise_()
    form = b"hub.mode=subscribe&hub.topic=http%3A%2F%2Fs%2Fchanges&hub.callback=x"
    records = [_exchange("crawl", "GET", f"http://s/doc{n}.xml", 200) for n in range(100)]
    records.append(_exchange("subscribe", "POST", "http://s/hub", 202, form))
    records.append(_exchange("crawl", "GET", "http://s/missing.xml", 404))
    inspector.model.add(records)
    topic_column = inspector.model.headers.index("topic")
    sub_row = inspector.model.rowCount() - 2
    assert inspector.model.index(sub_row, topic_column).data() == "http://s/changes"
    bar = inspector.table.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=5000)

    inspector.filter_edit.setText("post 202")
    assert inspector.model.rowCount() == 1
    assert "1 of 102" in inspector.count_label.text()
    inspector.filter_edit.setText("404")
    assert [inspector.model.record(0).url] == ["http://s/missing.xml"]
    inspector.filter_edit.setText("changes")  # the topic is searched too
    assert inspector.model.rowCount() == 1
    inspector.filter_edit.clear()
    assert inspector.model.rowCount() == 102


def test_workbench_points_at_the_demo_and_its_runs_can_be_cancelled(window, qtbot, run) -> None:
    run(window.services.start_demo())
    demo = window.services.demo
    workbench = window.panels.workbench
    workbench.prefill_from_demo()  # what start-up does once the demo runs
    assert workbench.hub_edit.text() == demo.hub_url
    assert workbench.topic_edit.text() == demo.channels[0].topic
    workbench.apply_template()  # "Use template"
    text = workbench.editor.toPlainText()
    assert str(demo.base_url) in text and "example.org" not in text

    assert not workbench.cancel_button.isEnabled()
    task = window.spawn(workbench.run_checks())
    qtbot.waitUntil(workbench.cancel_button.isEnabled, timeout=10000)
    workbench.cancel_button.click()
    qtbot.waitUntil(task.done, timeout=20000)
    assert not task.cancelled()
    assert "cancelled" in workbench.status.text()
    assert workbench.run_button.isEnabled() and not workbench.cancel_button.isEnabled()


def test_the_public_url_test_says_it_finished(window, qtbot) -> None:
    panel = window.panels.subscriptions
    assert panel.test_public.toolTip() and panel.apply_public.toolTip()
    assert panel.renew_button.toolTip()
    panel.public_url.setText(window.services.callback_status().base_url)
    window.statusBar().clearMessage()
    panel.test_public.click()
    qtbot.waitUntil(
        lambda: "public URL test finished" in window.statusBar().currentMessage(), timeout=15000
    )
    assert "reached this callback server" in window.statusBar().currentMessage()
