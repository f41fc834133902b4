"""A filter pass hides and shows the feed's rows: the cells built when a row arrived stay,
in arrival order, and rows that arrive or change later are judged by the same filter."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from explorer.core.findings import Finding, Severity
from explorer.net.live.subscriber_events import DIFF, SubscriberEvent
from explorer.ui.live.feed_model import CHANGE, COLUMNS, FRAMEWORK, FeedItem
from explorer.ui.shared.columns import column_index

TOPIC_COLUMN = column_index(COLUMNS, "topic")

TOPIC = "http://s/dataset1/change-notifications"
MARK = Qt.ItemDataRole.UserRole + 7


def rows(first: int, n: int, kind: str = CHANGE) -> list[FeedItem]:
    return [
        FeedItem(time.time(), kind, f"{TOPIC}/{i}", 100 + i, 1, {"updated": 1})
        for i in range(first, first + n)
    ]


def make_feed(qtbot, tmp_path):
    from explorer.ui.live.feed_panel import FeedPanel
    from explorer.ui.services import ExplorerServices

    feed = FeedPanel(ExplorerServices(store_path=tmp_path / "store.sqlite3"))
    qtbot.addWidget(feed)
    return feed


def test_a_filter_pass_keeps_every_cell(qtbot, qloop, tmp_path) -> None:
    feed = make_feed(qtbot, tmp_path)
    model = feed.model
    model.add(rows(0, 30))
    for row in range(30):  # a mark that only the cells built on arrival carry
        model.itemFromIndex(model.index(row, TOPIC_COLUMN)).setData(f"cell {row}", MARK)
    model.set_filter(None, None, "ons/2")
    assert feed.shown_rows() == [2, *range(20, 30)]
    model.set_filter(None, None, "")
    assert feed.shown_rows() == list(range(30))
    assert model.rowCount() == 30
    assert [model.index(row, TOPIC_COLUMN).data(MARK) for row in range(30)] == [
        f"cell {row}" for row in range(30)
    ]
    assert [model.item(row).topic for row in range(30)] == [f"{TOPIC}/{i}" for i in range(30)]


def test_kind_and_change_pickers_hide_rows(qtbot, qloop, tmp_path) -> None:
    feed = make_feed(qtbot, tmp_path)
    feed.model.add([*rows(0, 3), *rows(3, 2, FRAMEWORK)])
    feed.kind_filter.setCurrentIndex(feed.kind_filter.findData(FRAMEWORK))
    assert feed.shown_rows() == [3, 4]
    feed.kind_filter.setCurrentIndex(0)
    feed.change_filter.setCurrentIndex(feed.change_filter.findData("deleted"))
    assert feed.shown_rows() == []
    feed.change_filter.setCurrentIndex(0)
    assert feed.shown_rows() == list(range(5))


def test_rows_arriving_or_changing_under_a_filter(qtbot, qloop, tmp_path) -> None:
    feed = make_feed(qtbot, tmp_path)
    feed.model.max_rows = 20
    feed.model.add(rows(0, 10))
    feed.model.set_filter(None, None, "feed.code")
    assert feed.shown_rows() == []
    feed.model.add(rows(10, 15))  # the five oldest are dropped
    assert feed.model.rowCount() == 20 and feed.shown_rows() == []
    finding = Finding(Severity.WARNING, "feed.code", "a later finding")
    event = SubscriberEvent(DIFF, TOPIC, notification_id=112, findings=[finding])
    feed.model.apply_diffs([event])
    assert feed.shown_rows() == [7]  # notification 112 is the eighth row left
    assert feed.model.item(7).notification_id == 112


def test_export_writes_the_rows_shown(qtbot, qloop, tmp_path) -> None:
    feed = make_feed(qtbot, tmp_path)
    feed.model.add(rows(0, 12))
    feed.model.set_filter(None, None, "ons/1")
    assert feed.export(tmp_path / "feed.jsonl") == 3  # /1, /10, /11
    lines = (tmp_path / "feed.jsonl").read_text().splitlines()
    assert [line.count('"notification_id": 1') for line in lines] == [1, 1, 1]
