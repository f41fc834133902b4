"""The HTTP inspector: every exchange of the exchange log, with details, curl and replay.

Like ngrok's inspector: the list shows each request the explorer sent or received,
the detail pane its headers, pretty-printed bodies (with the cap shown) and timing.
A received delivery can be replayed to its callback; any request can be copied as
a curl command.
"""

from __future__ import annotations

import json
import shlex
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.core.changes.line_diff import canonical_text
from explorer.core.parser import DocumentParseError
from explorer.net.store import ExchangeRecord
from explorer.ui.plain_text import PlainLabel
from explorer.ui.row_table_model import Index, RowTableModel
from explorer.ui.services import ExplorerServices
from explorer.ui.xml_view import XmlSourceView

COLUMNS = ("time", "dir", "kind", "method", "status", "ms", "url")
COLUMN_WIDTHS = (95, 60, 95, 60, 55, 50)  # the url column stretches
MAX_ROWS = 20_000


def pretty_body(body: bytes | None, content_type: str | None) -> str:
    """XML indented by the core's canonicaliser, JSON indented, anything else as text."""
    if not body:
        return ""
    kind = (content_type or "").lower()
    if "json" in kind:
        try:
            return json.dumps(json.loads(body), indent=2, ensure_ascii=False)
        except ValueError:
            pass
    if "xml" in kind or body.lstrip()[:1] == b"<":
        try:
            return canonical_text(body)
        except (DocumentParseError, ValueError):
            pass
    return body.decode("utf-8", "replace")


def _header(headers: list[tuple[str, str]], name: str) -> str | None:
    return next((value for key, value in headers if key.lower() == name), None)


def curl_command(record: ExchangeRecord) -> str:
    """The request as a shell command (bodies as sent, when they were kept whole)."""
    parts = ["curl", "-i", "-X", record.method, shlex.quote(record.url)]
    for name, value in record.request_headers:
        if name.lower() not in ("host", "content-length", "accept-encoding", "connection"):
            parts += ["-H", shlex.quote(f"{name}: {value}")]
    if record.request_body:
        parts += ["--data-binary", shlex.quote(record.request_body.decode("utf-8", "replace"))]
    return " ".join(parts)


def describe(record: ExchangeRecord) -> str:
    """The detail text: request and response with headers, bodies and timing."""
    when = datetime.fromtimestamp(record.time, UTC).isoformat(timespec="milliseconds")
    lines = [
        f"{record.method} {record.url}",
        f"{'received' if record.direction == 'in' else 'sent'} {when} · kind {record.kind}"
        + (f" · {record.duration_ms:.1f} ms" if record.duration_ms is not None else ""),
    ]
    if record.error:
        lines.append(f"error: {record.error}")
    lines.append("")
    lines += _message(
        record.request_headers, record.request_body, record.request_size, record.body_cap
    )
    lines += ["", f"← {record.status if record.status is not None else 'no response'}"]
    lines += _message(
        record.response_headers, record.response_body, record.response_size, record.body_cap
    )
    return "\n".join(lines)


def _message(
    headers: list[tuple[str, str]], body: bytes | None, size: int | None, cap: int
) -> list[str]:
    """One side of an exchange: its headers, then its body, saying when only part was kept."""
    lines = [f"{name}: {value}" for name, value in headers]
    if body:
        lines += ["", pretty_body(body, _header(headers, "content-type"))]
        if size and size > len(body):
            lines.append(f"… first {len(body):,} of {size:,} bytes kept (cap {cap:,})")
    return lines


class ExchangeModel(RowTableModel):
    """Exchanges in order; the newest at the bottom, bounded to ``MAX_ROWS``."""

    headers = COLUMNS

    def add(self, records: list[ExchangeRecord]) -> None:
        if not records:
            return
        overflow = len(self._rows) + len(records) - MAX_ROWS
        if overflow > 0:
            self.beginRemoveRows(QModelIndex(), 0, min(overflow, len(self._rows)) - 1)
            del self._rows[:overflow]
            self.endRemoveRows()
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(records) - 1)
        self._rows.extend(records)
        self.endInsertRows()

    def record(self, row: int) -> ExchangeRecord:
        return self._rows[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        record = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == "time":
                return datetime.fromtimestamp(record.time, UTC).strftime("%H:%M:%S.%f")[:-3]
            if column == "dir":
                return "→ out" if record.direction == "out" else "← in"
            if column == "status":
                return (record.error or "") if record.status is None else str(record.status)
            if column == "ms":
                return "" if record.duration_ms is None else f"{record.duration_ms:.0f}"
            return str(getattr(record, column))
        if (
            role == Qt.ItemDataRole.ForegroundRole
            and column == "status"
            and (record.status is None or record.status >= 400)
        ):
            return QColor("#d32f2f")
        if role == Qt.ItemDataRole.UserRole:
            return record
        return None


class InspectorView(QWidget):
    """The HTTP inspector dock's widget."""

    def __init__(
        self, services: ExplorerServices, spawn: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.spawn = spawn
        self.model = ExchangeModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("HTTP exchanges")
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Fixed widths, not ResizeToContents: that re-measures every row of every column on
        # each insert, which during a burst of deliveries froze the window for seconds.
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate(COLUMN_WIDTHS):
            self.table.setColumnWidth(column, width)
        self.table.selectionModel().currentRowChanged.connect(self._row_selected)
        self.detail = XmlSourceView()
        self.detail.setAccessibleName("Exchange detail")
        self.curl_button = QPushButton("Copy as curl")
        self.replay_button = QPushButton("Replay delivery")
        self.curl_button.setAccessibleName("Copy as curl")
        self.replay_button.setAccessibleName("Replay delivery to its callback")
        self.curl_button.clicked.connect(self.copy_curl)
        self.replay_button.clicked.connect(self.replay)
        self.status = PlainLabel()
        buttons = QHBoxLayout()
        buttons.addWidget(self.curl_button)
        buttons.addWidget(self.replay_button)
        buttons.addWidget(self.status, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(buttons)
        right_layout.addWidget(self.detail, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(right)
        splitter.setSizes([500, 500])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(splitter)
        services.exchanges_logged.connect(self._append)
        self._update_buttons(None)

    def _append(self, records: list[ExchangeRecord]) -> None:
        # A bound slot, not a lambda: Qt drops the connection when this panel is destroyed,
        # while the services object (and its signal) may outlive the window.
        self.model.add(records)

    def restore(self) -> None:
        self.model.add(self.services.stored_exchanges())

    def selected(self) -> ExchangeRecord | None:
        index = self.table.currentIndex()
        return self.model.record(index.row()) if index.isValid() else None

    def _row_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        record = self.model.record(current.row()) if current.isValid() else None
        self.detail.set_xml(describe(record) if record is not None else "")
        self._update_buttons(record)

    def _update_buttons(self, record: ExchangeRecord | None) -> None:
        self.curl_button.setEnabled(record is not None)
        self.replay_button.setEnabled(
            record is not None and record.direction == "in" and record.kind == "delivery"
        )

    def copy_curl(self) -> None:
        record = self.selected()
        if record is not None:
            QGuiApplication.clipboard().setText(curl_command(record))
            self.status.setText("curl command copied")

    def replay(self) -> None:
        record = self.selected()
        if record is not None:
            self.spawn(self._replay(record))

    async def _replay(self, record: ExchangeRecord) -> None:
        answer = await self.services.replay_delivery(record)
        self.status.setText(f"replayed: the callback answered {answer}")
