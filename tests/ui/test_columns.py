"""The live feed's and the HTTP inspector's columns come from one list each: headers,
starting widths and cells are read from it, so they cannot drift apart."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHeaderView, QTableView

from explorer.core.findings import Finding, Severity
from explorer.net.store.records import ExchangeRecord
from explorer.ui.inspector import exchange_model
from explorer.ui.inspector.exchange_model import ExchangeModel
from explorer.ui.live import feed_model
from explorer.ui.live.feed_model import CHANGE, FeedItem, FeedModel
from explorer.ui.shared.columns import STRETCH, Column


def feed_row() -> FeedItem:
    return FeedItem(
        time.time(),
        CHANGE,
        "http://example.org/topic",
        7,
        3,
        {"created": 1, "updated": 2},
        [Finding(Severity.WARNING, "changes.x", "odd")],
    )


def exchange_row() -> ExchangeRecord:
    body = b"hub.mode=subscribe&hub.topic=http%3A%2F%2Fs%2Fchanges"
    headers = [("Content-Type", "application/x-www-form-urlencoded")]
    return ExchangeRecord(
        time.time(), "out", "subscribe", "POST", "http://s/hub", 404, headers, body, len(body),
        [], b"", 0, 1024, duration_ms=12.0,
    )  # fmt: skip


def fill_feed() -> tuple[FeedModel, tuple[Column, ...], object]:
    model, row = FeedModel(), feed_row()
    model.add([row])
    return model, feed_model.COLUMNS, row


def fill_inspector() -> tuple[ExchangeModel, tuple[Column, ...], object]:
    model, row = ExchangeModel(), exchange_row()
    model.add([row])
    return model, exchange_model.COLUMNS, row


@pytest.mark.parametrize(
    ("fill", "context"), [(fill_feed, "FeedModel"), (fill_inspector, "ExchangeModel")]
)
def test_headers_and_cells_come_from_the_column_list(qapp, fill, context: str) -> None:
    model, columns, row = fill()
    assert len({column.key for column in columns}) == len(columns)
    assert model.columnCount() == len(columns)
    for number, column in enumerate(columns):
        header = model.headerData(number, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        assert header == QCoreApplication.translate(context, column.title), column.key
        cell = model.data(model.index(0, number)) or ""
        assert cell == column.value(row), column.key
    assert any(model.data(model.index(0, n)) for n in range(len(columns)))


def test_each_table_starts_at_its_columns_width_hints(window) -> None:
    tables = [
        (window.panels.feed.table, feed_model.COLUMNS),
        (window.panels.inspector.table, exchange_model.COLUMNS),
    ]
    for table, columns in tables:
        assert isinstance(table, QTableView)
        header = table.horizontalHeader()
        assert header.count() == len(columns)
        for number, column in enumerate(columns):
            stretches = header.sectionResizeMode(number) == QHeaderView.ResizeMode.Stretch
            assert stretches == (column.width == STRETCH), column.key
            if column.width > 0:
                assert table.columnWidth(number) >= column.width, column.key


def test_the_feed_s_channel_column_fits_its_widest_kind_in_japanese(qapp) -> None:
    """「フレームワーク通知」 was 「フレー…ク通知」 at the English width of 95 px."""
    from explorer.ui.language import install_language
    from explorer.ui.shared.columns import apply_columns

    install_language("ja", qapp)
    try:
        table = QTableView()
        table.setModel(FeedModel())
        apply_columns(table, feed_model.COLUMNS)
        framework = QCoreApplication.translate("FeedModel", "framework")
        assert framework == "フレームワーク通知"
        column = feed_model.column_index(feed_model.COLUMNS, "channel")
        assert table.columnWidth(column) > table.fontMetrics().horizontalAdvance(framework)
    finally:
        install_language("en", qapp)
