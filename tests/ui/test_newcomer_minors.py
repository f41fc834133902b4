"""The newcomer review's minor defects in the window (2026-12), each by its number."""

from __future__ import annotations

import dataclasses
import time

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QCursor, QWheelEvent
from PySide6.QtWidgets import QApplication

from explorer.net.live.subscription import State, Subscription, SubscriptionView
from explorer.ui.live.feed_model import COLUMNS, FeedItem
from explorer.ui.live.subscriptions_model import COLUMNS as SUB_COLUMNS
from explorer.ui.shared.columns import column_index
from explorer.ui.watchdog.watchdog_panel import WATCHDOG as WATCHDOG_PANEL


def _wheel(widget, steps: int) -> None:
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_5_the_wheel_over_the_dock_leaves_the_watchdog_period_alone(window, qtbot) -> None:
    period = window.part(WATCHDOG_PANEL).period
    window.part(WATCHDOG_PANEL).setEnabled(True)  # as with a subscription selected
    assert period.isEnabled()
    before = period.value()
    _wheel(period, -2)  # scrolling the dock past it, the pointer crossing it
    assert period.value() == before
    # clicked into, a guarded field steps with the wheel as usual
    from PySide6.QtWidgets import QSpinBox

    from explorer.ui.shared.wheel_guard import wheel_only_when_focused

    field = QSpinBox()
    qtbot.addWidget(field)
    wheel_only_when_focused(field)
    field.show()
    field.activateWindow()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus, timeout=5000)
    _wheel(field, 2)
    assert field.value() == 2


def _view(name: str, state: State) -> SubscriptionView:
    sub = Subscription(name, f"http://t/{name}", "http://h/hub", name, f"http://cb/{name}", None)
    view = SubscriptionView.of(sub, serving_url=None)
    return dataclasses.replace(view, state=state, lease_expires=time.time() + 864_000)


def test_8_ended_rows_show_no_lease_and_their_menu_removes_them(window) -> None:
    panel = window.panels.subscriptions
    panel.show_subscriptions([_view("a", State.ACTIVE), _view("b", State.ENDED)])
    lease_column = SUB_COLUMNS.index("lease")
    texts = {
        panel.model.subscription(r).id: panel.model.data(panel.model.index(r, lease_column))
        for r in range(2)
    }
    assert texts["b"] == "—"  # not "9 days 23 h left"
    ended = next(r for r in range(2) if panel.model.subscription(r).id == "b")
    panel.table.selectRow(ended)
    menu = panel.forwarding.context_menu()
    remove = next(a for a in menu.actions() if a.text() == "Remove")
    remove.trigger()
    assert [panel.model.subscription(r).id for r in range(panel.model.rowCount())] == ["a"]
    panel.table.selectRow(0)
    assert "Remove" not in [a.text() for a in panel.forwarding.context_menu().actions()]


def test_9_the_feed_topic_reads_dataset_and_channel(window) -> None:
    feed = window.panels.feed
    topic = "http://127.0.0.1:8080/dataset2/change-notifications"
    feed.model.add([FeedItem(time.time(), "change", topic, 1, 1, {})])
    cell = feed.model.index(feed.model.rowCount() - 1, column_index(COLUMNS, "topic"))
    assert cell.data() == "dataset2/change-notifications"
    assert topic in cell.data(Qt.ItemDataRole.ToolTipRole)


def test_20_rows_do_not_scroll_under_a_pointer_whose_enter_is_still_queued(window, qtbot) -> None:
    feed = window.panels.feed
    qtbot.waitUntil(feed.table.viewport().isVisible, timeout=5000)
    feed.model.add([FeedItem(time.time(), "change", "http://t/a", n, 1, {}) for n in range(3)])
    viewport = feed.table.viewport()
    QCursor.setPos(viewport.mapToGlobal(viewport.rect().center()))  # no Enter delivered yet
    feed.model.add([FeedItem(time.time(), "change", "http://t/a", 9, 1, {})])
    assert feed.unseen_button.isVisibleTo(feed)
    QCursor.setPos(QPoint(-100, -100))


def open_demo(window, qtbot, run) -> str:
    url = run(window.services.start_demo())
    window.open_url(url)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15000)
    return url


def _expanded(window) -> set[str]:
    model, tree = window.tree_model, window.tree
    return {i.url for i in model.walk() if tree.isExpanded(model.index_of(i))}


def test_2_the_found_via_label_and_the_scheme_strip_do_not_go_stale(window, qtbot, run) -> None:
    url = open_demo(window, qtbot, run)
    found = window.discovery_label.text()
    assert found.startswith("found via")
    run(window.open_source("http://127.0.0.1:9/"))  # refused: the open Source stays
    assert window.discovery_label.text() == found  # the strip says why, the label is as it was
    second = window.tree_model.roots[0].children[1]
    assert window.messages.isVisible()
    typed = second.url.removeprefix("http://")  # no scheme: http:// assumed, and said
    window.open_url(typed)
    assert window.selected_item() is second
    assert "assumed" in window.messages.text.text() or "http://" in window.messages.text.text()
    assert window.messages.isVisible()
    window.tree.setCurrentIndex(window.tree_model.index_of(window.tree_model.roots[0]))
    assert not window.messages.isVisible()  # a document of its own: the strip went
    assert window.discovery_label.text() == found
    assert url


def test_3_a_typed_missing_address_keeps_the_tree_and_shift_f5_reselects(
    window, qtbot, run
) -> None:
    open_demo(window, qtbot, run)
    model = window.tree_model
    first_list = model.roots[0].children[0]
    index = next(i for i in first_list.children if i.url.endswith("changelist-index.xml"))
    window.tree.expand(model.index_of(index))
    qtbot.waitUntil(lambda: len(index.children) >= 2, timeout=10000)
    component = index.children[1]
    window.tree.setCurrentIndex(model.index_of(component))
    expanded = _expanded(window)
    assert index.url in expanded
    run(window.open_source(component.url.rsplit("/", 1)[0] + "/no-such-document.xml"))
    assert _expanded(window) >= expanded  # the same Source: not collapsed
    qtbot.waitUntil(lambda: model.find(component.url) is not None, timeout=10000)
    window.tree.setCurrentIndex(model.index_of(model.find(component.url)))
    window.rediscover()  # Shift+F5
    qtbot.waitUntil(
        lambda: window.selected_item() is not None and window.selected_item().url == component.url,
        timeout=15000,
    )


def test_4_the_entries_table_starts_at_loc_for_each_document(window, qtbot, run) -> None:
    open_demo(window, qtbot, run)
    view = window.document_view
    first_list = window.tree_model.roots[0].children[0]
    documents = [i for i in first_list.children if i.doc is not None and i.doc.capability]
    window.tree.setCurrentIndex(window.tree_model.index_of(first_list))
    qtbot.waitUntil(lambda: view.url == first_list.url and view.entries.total > 0, timeout=10000)
    view.table.setColumnWidth(0, 3000)  # wide enough to scroll sideways
    bar = view.table.horizontalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=5000)
    bar.setValue(bar.maximum())
    other = next(i for i in documents if i.url != first_list.url)
    window.tree.setCurrentIndex(window.tree_model.index_of(other))
    qtbot.waitUntil(lambda: view.url == other.url, timeout=10000)
    assert bar.value() == 0


def test_6_the_public_url_test_result_stays_in_view(window, run) -> None:
    panel = window.panels.subscriptions
    own = window.services.live.callback_status().base_url
    run(panel._run_test(own))  # what the Test button starts
    assert panel.public_test_result.isVisibleTo(panel)
    assert panel.public_test_result.text().startswith(f"Test of {own}: ")
    assert "reached this callback server" in panel.public_test_result.text()
