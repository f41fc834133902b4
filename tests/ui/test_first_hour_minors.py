"""Small frictions of a first hour with the window, each with the fix a user sees."""

from __future__ import annotations

from PySide6.QtCore import Qt


def open_demo(window, qtbot, run) -> str:
    url = run(window.services.start_demo())
    window.open_url(url)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15_000)
    return url


def test_entries_in_document_order_show_no_sort_arrow_until_a_header_is_clicked(
    window, qtbot, run
) -> None:
    open_demo(window, qtbot, run)
    header = window.document_view.table.horizontalHeader()
    assert header.sortIndicatorSection() == -1  # document order, not "sorted by loc"
    header.setSortIndicator(0, Qt.SortOrder.DescendingOrder)  # as a click on loc does
    entries = window.document_view.entries
    locs = [entries.data(entries.index(row, 0)) for row in range(entries.rowCount())]
    assert locs == sorted(locs, reverse=True)


def test_the_two_capability_lists_read_differently_in_the_tree(window, qtbot, run) -> None:
    open_demo(window, qtbot, run)
    lists = window.tree_model.roots[0].children
    titles = [item.title() for item in lists]
    assert len(set(titles)) == 2, titles
    assert titles[0].startswith("dataset1/capabilitylist.xml")
    assert titles[1].startswith("dataset2/capabilitylist.xml")


def test_feed_topics_keep_both_ends_when_cut(window) -> None:
    # dataset1 and dataset2 differ in the middle of the topic URL
    assert window.panels.feed.table.textElideMode() == Qt.TextElideMode.ElideMiddle


def test_help_has_the_user_guide_and_every_shortcut(window) -> None:
    from explorer.ui.shell.help_menu import show_shortcuts, user_guide_url

    entries = [a.text() for a in window.help_menu.actions() if a.text()]
    assert entries[:2] == ["User guide", "Keyboard shortcuts"]
    assert window.guide_action.shortcut().toString() == "F1"
    url = user_guide_url()
    assert url is not None and url.toLocalFile().endswith("docs/user-guide.md")
    dialog = show_shortcuts(window)
    table = dialog.table
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows["Go to address"] == "Ctrl+L" and rows["Refresh document"] == "F5, Ctrl+R"
    assert rows["User guide"] == "F1"
    dialog.close()


def _rows(count: int, start: int = 0) -> list:
    import time

    from explorer.ui.live.feed_model import FeedItem

    return [
        FeedItem(time.time(), "change", "http://t/dataset1/change-notifications", n, 1, {})
        for n in range(start, start + count)
    ]


def test_paused_auto_scroll_says_so_and_counts_the_new_rows(window, qtbot) -> None:
    feed = window.panels.feed
    feed.model.add(_rows(3))
    feed.select_row(0)  # reading a row pauses auto-scroll
    feed.model.add(_rows(2, 3))
    assert feed.unseen_button.isVisible()
    assert feed.unseen_button.text() == "paused: 2 new rows ↓"
    assert feed.follow.isChecked()
    qtbot.mouseClick(feed.unseen_button, Qt.MouseButton.LeftButton)
    assert not feed.unseen_button.isVisible()
    assert not feed.table.selectionModel().hasSelection()


def test_a_deselected_row_leaves_the_detail_pane(window) -> None:
    feed = window.panels.feed
    feed.model.add(_rows(2))
    feed.select_row(1)
    assert feed._shown is not None and feed.changes.toPlainText()
    feed.table.clearSelection()
    assert feed._shown is None and not feed.changes.toPlainText()


def test_ended_rows_can_be_removed_and_repeated_events_take_one_line(window, run) -> None:
    import dataclasses

    from explorer.net.live.subscriber_events import SubscriberEvent
    from explorer.net.live.subscription import State, Subscription, SubscriptionView

    panel = window.panels.subscriptions

    def view(name: str, state: State) -> SubscriptionView:
        sub = Subscription(
            name, f"http://t/{name}", "http://h/hub", name, f"http://cb/{name}", None
        )
        return dataclasses.replace(SubscriptionView.of(sub, serving_url=None), state=state)

    panel.show_subscriptions(
        [view("a", State.ACTIVE), view("b", State.ENDED), view("c", State.FAILED)]
    )
    assert panel.model.rowCount() == 3
    assert panel.remove_ended() == 2
    assert [panel.model.subscription(r).id for r in range(panel.model.rowCount())] == ["a"]
    before = len(panel.log.toPlainText().splitlines())
    same = SubscriberEvent("error", "http://t/a", "a", message="renewal failed: refused")
    panel.on_events([same, same, same])
    panel.on_events([SubscriberEvent("rejected", "http://t/a", "a", reason="bad signature")])
    lines = panel.log.toPlainText().splitlines()
    assert len(lines) == before + 1  # three alike on one line, rejections not here
    assert lines[-1].endswith("(×3)")


def test_a_dump_check_says_what_it_verified_where_it_stays(window, qtbot, run) -> None:
    open_demo(window, qtbot, run)
    dump = next(
        item
        for item in window.tree_model.walk()
        if item.doc is not None and item.doc.url.endswith("dataset1/resourcedump.xml")
    )
    run(window.services.expand(dump.doc))  # loaded, as unfolding it in the tree does
    run(window.source.check(dump.doc, "dump"), timeout=60)
    said = window.messages.text.text()
    assert window.messages.isVisible()  # not a status line that passes in 10 s
    assert said.startswith(f"dump check of {dump.doc.url}: 0 findings — ")
    assert "1 package downloaded and each compared with its manifest.xml" in said


def _subscribe_record(status: int | None, error: str | None = None):
    import time

    from explorer.net.store.records import ExchangeRecord

    body = (
        b"hub.callback=http%3A%2F%2Fcb%2Fx&hub.mode=subscribe"
        b"&hub.topic=http%3A%2F%2Fs%2Fdataset2%2Ft&hub.secret=" + "••••".encode()
    )
    return ExchangeRecord(
        time.time(),
        "out",
        "subscribe",
        "POST",
        "http://s/hub",
        status,
        [] if status is None else [("Content-Type", "application/x-www-form-urlencoded")],
        body,
        len(body) + 40,  # the body as sent, before its secret was masked
        [],
        b"",
        0,
        65_536,
        error=error,
    )


def test_the_inspector_says_true_things_about_a_masked_subscription(window, qtbot) -> None:
    from explorer.ui.shared.exchange_text import describe

    inspector = window.panels.inspector
    sent = _subscribe_record(202)
    failed = _subscribe_record(None, "ConnectError: All connection attempts failed")
    assert "bytes kept" not in describe(sent)  # masked, not cut at the cap
    inspector.model.add([sent, failed])
    inspector.filter_edit.setText("dataset2")
    qtbot.waitUntil(lambda: inspector.model.rowCount() == 2, timeout=2000)  # failed one too
    inspector.table.selectRow(0)
    inspector.copy_curl()
    assert "hub.secret is masked" in inspector.status.text()
    inspector.filter_edit.setText("nothing-matches-this")
    qtbot.waitUntil(lambda: inspector.model.rowCount() == 0, timeout=2000)
    assert inspector.detail.toPlainText() == ""  # the hidden row's detail went with it


def test_the_address_bar_follows_the_document_and_a_typed_one_keeps_the_tree(
    window, qtbot, run
) -> None:
    open_demo(window, qtbot, run)
    model, tree = window.tree_model, window.tree
    first_list = model.roots[0].children[0]
    changes = next(i for i in first_list.children if i.url.endswith("changelist-index.xml"))
    window.tree.setCurrentIndex(model.index_of(changes))
    assert window.address.currentText() == changes.url  # follows the document shown
    expanded = [i.url for i in model.walk() if tree.isExpanded(model.index_of(i))]
    second = model.roots[0].children[1]
    window.address.setEditText(second.url)
    window.open_url(second.url)  # typed: a document of the open Source
    assert window.selected_item() is second
    assert [i.url for i in model.walk() if tree.isExpanded(model.index_of(i))] == expanded
    window.back_action.trigger()
    qtbot.waitUntil(lambda: window.selected_item() is changes, timeout=5000)
    window.history_menu.aboutToShow.emit()
    listed = [a.text() for a in window.history_menu.actions()]
    assert second.url in listed and changes.url in listed
    checked = [a.text() for a in window.history_menu.actions() if a.isChecked()]
    assert checked == [changes.url]
