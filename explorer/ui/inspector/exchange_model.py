"""The HTTP inspector's rows: the exchange table's model and columns, and the texts an
exchange is shown, searched and copied as (detail, curl command, topic)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QColor

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.store.exchange_filter import exchange_topic, filter_terms, matches, search_text
from explorer.net.store.records import ExchangeRecord
from explorer.ui.shared.columns import Column, column_index
from explorer.ui.shared.exchange_text import kind_text
from explorer.ui.shared.plain_text import tooltip_text, visible
from explorer.ui.shared.row_table_model import Index, RowTableModel

MAX_ROWS = 20_000


def _time_text(record: ExchangeRecord) -> str:
    return datetime.fromtimestamp(record.time, UTC).strftime("%H:%M:%S.%f")[:-3]


DIRECTION_TEXT = {
    "out": QT_TRANSLATE_NOOP("ExchangeModel", "→ out"),
    "in": QT_TRANSLATE_NOOP("ExchangeModel", "← in"),
}


def _direction_text(record: ExchangeRecord) -> str:
    return QCoreApplication.translate("ExchangeModel", DIRECTION_TEXT[record.direction])


def filter_key(record: ExchangeRecord) -> str:
    """What the filter box matches: the engine's words (``search_text``) and the kind and
    direction as the columns show them, so 配信 finds what ``delivery`` finds."""
    return f"{search_text(record)} {kind_text(record)} {_direction_text(record)}".lower()


def _status_text(record: ExchangeRecord) -> str:
    return (record.error or "") if record.status is None else str(record.status)


COLUMNS: tuple[Column[ExchangeRecord], ...] = (
    Column("time", QT_TRANSLATE_NOOP("ExchangeModel", "time"), 95, _time_text),
    Column(
        "dir",
        QT_TRANSLATE_NOOP("ExchangeModel", "dir"),
        60,
        _direction_text,
    ),
    Column("kind", QT_TRANSLATE_NOOP("ExchangeModel", "kind"), 95, kind_text),
    Column("method", QT_TRANSLATE_NOOP("ExchangeModel", "method"), 60, lambda r: r.method),
    Column("status", QT_TRANSLATE_NOOP("ExchangeModel", "status"), 55, _status_text),
    Column(
        "ms",
        "ms",
        50,
        lambda record: "" if record.duration_ms is None else f"{record.duration_ms:.0f}",
    ),
    Column("topic", QT_TRANSLATE_NOOP("ExchangeModel", "topic"), 220, exchange_topic, tooltip=True),
    Column("url", "URL", 0, lambda record: record.url, tooltip=True),  # the last stretches
)
"""The inspector's columns, in order: a new column is one entry here."""
TOPIC = column_index(COLUMNS, "topic")
STATUS = column_index(COLUMNS, "status")


class ExchangeModel(RowTableModel):
    """Exchanges in order; the newest at the bottom, bounded to ``MAX_ROWS``. A filter
    (``set_filter``) shows the rows whose text holds every word typed."""

    headers = tuple(column.title for column in COLUMNS)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[ExchangeRecord] = []
        self._keys: list[str] | None = None  # search_text of each of ``_all``, once filtered
        self._topics: dict[int, str] = {}  # id(record) -> topic, for the rows on screen
        self._terms: list[str] = []
        self._held: set[int] = set()  # ids of ``_all``: an exchange is one row

    def add(self, records: list[ExchangeRecord]) -> None:
        """Append exchanges; one already held (the same id, come both live and read back
        from the store) stays one row, and rows older than those held take their place
        by id, so the rows are the log's one record each, in the log's order."""
        records = [r for r in records if r.id is None or r.id not in self._held]
        if not records:
            return
        self._held.update(r.id for r in records if r.id is not None)
        newest = max((r.id for r in self._all if r.id is not None), default=0)
        if any(r.id is not None and r.id < newest for r in records):
            self._merge(records)
            return
        self._all.extend(records)
        if self._keys is not None:
            self._keys.extend(filter_key(record) for record in records)
        overflow = len(self._all) - MAX_ROWS
        if overflow > 0:
            self._held.difference_update(r.id for r in self._all[:overflow] if r.id is not None)
            gone = {id(record) for record in self._all[:overflow]}
            del self._all[:overflow]
            if self._keys is not None:
                del self._keys[:overflow]
            shown = 0
            while shown < len(self._rows) and id(self._rows[shown]) in gone:
                shown += 1
            if shown:
                self.beginRemoveRows(QModelIndex(), 0, shown - 1)
                del self._rows[:shown]
                self.endRemoveRows()
        if self._keys is None or not self._terms:
            visible = records
        else:
            keys = self._keys[-len(records) :]
            visible = [r for r, key in zip(records, keys, strict=True) if self._matches(key)]
        if visible:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(visible) - 1)
            self._rows.extend(visible)
            self.endInsertRows()

    def _merge(self, records: list[ExchangeRecord]) -> None:
        """Older exchanges arrived after newer ones (the stored log read back after the
        live rows began): all held in id order again, the newest ``MAX_ROWS`` kept."""
        merged = sorted(self._all + records, key=lambda r: (r.id is None, r.id or 0))
        self._all = merged[-MAX_ROWS:]
        self._held = {r.id for r in self._all if r.id is not None}
        self._keys = None
        self.set_filter(" ".join(self._terms))

    def set_filter(self, text: str) -> None:
        self._terms = filter_terms(text)
        if self._terms and self._keys is None:
            self._keys = [filter_key(record) for record in self._all]
        self.beginResetModel()
        if self._keys is None or not self._terms:
            self._rows = list(self._all)
        else:
            keys = self._keys
            self._rows = [r for r, key in zip(self._all, keys, strict=True) if self._matches(key)]
        self.endResetModel()

    def _matches(self, key: str) -> bool:
        return matches(self._terms, key)

    @property
    def total(self) -> int:
        return len(self._all)

    def all_records(self) -> list[ExchangeRecord]:
        """Every exchange held, whatever the filter, oldest first."""
        return list(self._all)

    def _topic(self, record: ExchangeRecord) -> str:
        topic = self._topics.get(id(record))
        if topic is None:
            if len(self._topics) > MAX_ROWS:
                self._topics.clear()
            topic = self._topics[id(record)] = exchange_topic(record)
        return topic

    def record(self, row: int) -> ExchangeRecord:
        return self._rows[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        record = self._rows[index.row()]
        number = index.column()
        column = COLUMNS[number]
        if role == Qt.ItemDataRole.DisplayRole:
            return visible(self._topic(record) if number == TOPIC else column.value(record))
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return tooltip_text(self._topic(record) if number == TOPIC else column.value(record))
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and number == STATUS
            and (record.status is None or record.status >= 400)
        ):
            return QColor("#d32f2f")
        if role == Qt.ItemDataRole.UserRole:
            return record
        return None
