"""The HTTP inspector: every exchange of the exchange log, with details, curl and replay.

Like ngrok's inspector: the list shows each request the explorer sent or received,
the detail pane its headers, pretty-printed bodies (with the cap shown) and timing.
A received delivery can be replayed to its callback; any request can be copied as
a curl command. Credential headers are masked in the detail and in "Copy as curl"
(``Authorization: Bearer ••••1234``), whatever the record holds; a command with the
real credentials is a separate, explicit action, built from the credentials kept now
for the request's own origin.
"""

from __future__ import annotations

import json
import shlex
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.core.auth import mask_headers
from explorer.core.changes.line_diff import canonical_text
from explorer.core.parser import DocumentParseError
from explorer.core.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.exchange_filter import exchange_topic, filter_terms, matches, search_text
from explorer.net.store import ExchangeRecord
from explorer.ui.column_widths import set_column_widths
from explorer.ui.feedback import confirm
from explorer.ui.plain_text import PlainLabel, tooltip_text
from explorer.ui.row_table_model import Index, RowTableModel
from explorer.ui.services import ExplorerServices
from explorer.ui.wording import count_text
from explorer.ui.xml_view import XmlSourceView

COLUMNS = ("time", "dir", "kind", "method", "status", "ms", "topic", "url")
HEADERS = (
    QT_TRANSLATE_NOOP("ExchangeModel", "time"),
    QT_TRANSLATE_NOOP("ExchangeModel", "dir"),
    QT_TRANSLATE_NOOP("ExchangeModel", "kind"),
    QT_TRANSLATE_NOOP("ExchangeModel", "method"),
    QT_TRANSLATE_NOOP("ExchangeModel", "status"),
    "ms",
    QT_TRANSLATE_NOOP("ExchangeModel", "topic"),
    "URL",
)
COLUMN_WIDTHS = (95, 60, 95, 60, 55, 50, 220)  # the url column stretches
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


def curl_command(record: ExchangeRecord, credentials: dict[str, str] | None = None) -> str:
    """The request as a shell command (bodies as sent, when they were kept whole), its
    credential headers masked; ``credentials`` (name: real value) are put in instead only
    when given, for the explicit "with credentials" copy."""
    parts = ["curl", "-i", "-X", record.method, shlex.quote(record.url)]
    real = {name.lower(): (name, value) for name, value in (credentials or {}).items()}
    headers = [
        real.pop(name.lower(), (name, value))
        for name, value in mask_headers(record.request_headers, real)
    ]
    for name, value in headers + list(real.values()):
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
        (
            QCoreApplication.translate("InspectorView", "received {when} · kind {kind}")
            if record.direction == "in"
            else QCoreApplication.translate("InspectorView", "sent {when} · kind {kind}")
        ).format(when=when, kind=record.kind)
        + (f" · {record.duration_ms:.1f} ms" if record.duration_ms is not None else ""),
    ]
    if record.error:
        lines.append(
            QCoreApplication.translate("InspectorView", "error: {error}").format(error=record.error)
        )
    lines.append("")
    lines += _message(
        mask_headers(record.request_headers),
        record.request_body,
        record.request_size,
        record.body_cap,
    )
    answer = (
        record.status
        if record.status is not None
        else QCoreApplication.translate("InspectorView", "no response")
    )
    lines += ["", f"← {answer}"]
    lines += _message(
        mask_headers(record.response_headers),
        record.response_body,
        record.response_size,
        record.body_cap,
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
            kept = QCoreApplication.translate(
                "InspectorView", "… first {kept} of {size} bytes kept (cap {cap})"
            )
            lines.append(kept.format(kept=f"{len(body):,}", size=f"{size:,}", cap=f"{cap:,}"))
    return lines


class ExchangeModel(RowTableModel):
    """Exchanges in order; the newest at the bottom, bounded to ``MAX_ROWS``. A filter
    (``set_filter``) shows the rows whose text holds every word typed."""

    headers = HEADERS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[ExchangeRecord] = []
        self._keys: list[str] | None = None  # search_text of each of ``_all``, once filtered
        self._topics: dict[int, str] = {}  # id(record) -> topic, for the rows on screen
        self._terms: list[str] = []

    def add(self, records: list[ExchangeRecord]) -> None:
        if not records:
            return
        self._all.extend(records)
        if self._keys is not None:
            self._keys.extend(search_text(record) for record in records)
        overflow = len(self._all) - MAX_ROWS
        if overflow > 0:
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

    def set_filter(self, text: str) -> None:
        self._terms = filter_terms(text)
        if self._terms and self._keys is None:
            self._keys = [search_text(record) for record in self._all]
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
            if column == "topic":
                return self._topic(record)
            return str(getattr(record, column))
        if role == Qt.ItemDataRole.ToolTipRole and column in ("topic", "url"):
            return tooltip_text(self._topic(record) if column == "topic" else record.url)
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
        self.table.setAccessibleName(self.tr("HTTP exchanges"))
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
        set_column_widths(self.table, COLUMN_WIDTHS)
        self.table.selectionModel().currentRowChanged.connect(self._row_selected)
        self.detail = XmlSourceView()
        self.detail.setAccessibleName(self.tr("Exchange detail"))
        self.curl_button = QPushButton(self.tr("Copy as curl"))
        self.secret_curl_button = QPushButton(self.tr("Copy as curl (with credentials)"))
        self.secret_curl_button.setAccessibleName(self.tr("Copy as curl with the real credentials"))
        self.secret_curl_button.setToolTip(
            self.tr("Copy the request with the credentials kept for its origin, in clear")
        )
        self.secret_curl_button.clicked.connect(self.copy_curl_with_credentials)
        self.replay_button = QPushButton(self.tr("Replay delivery"))
        self.curl_button.setAccessibleName(self.tr("Copy as curl"))
        self.replay_button.setAccessibleName(self.tr("Replay delivery to its callback"))
        self.curl_button.setToolTip(self.tr("Copy the selected request as a curl command"))
        self.replay_button.setToolTip(self.tr("POST the selected delivery again to its callback"))
        self.curl_button.clicked.connect(self.copy_curl)
        self.replay_button.clicked.connect(self.replay)
        self.status = PlainLabel()
        buttons = QHBoxLayout()
        buttons.addWidget(self.curl_button)
        buttons.addWidget(self.secret_curl_button)
        buttons.addWidget(self.replay_button)
        buttons.addWidget(self.status, 1)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(
            self.tr("Filter: method, status, kind, topic or URL words")
        )
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Exchange filter"))
        self.filter_edit.setToolTip(
            self.tr('Every word must match, e.g. "POST 202" or "delivery in"')
        )
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.follow = QCheckBox(self.tr("Follow newest"))
        self.follow.setChecked(True)
        self.follow.setToolTip(
            self.tr("Keep the newest exchange in view; pauses while a row is selected")
        )
        self.count_label = PlainLabel()
        self.count_label.setAccessibleName(self.tr("Exchange count"))
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(self.follow)
        filters.addWidget(self.count_label)
        self.model.rowsInserted.connect(self._follow_newest)
        self.model.rowsInserted.connect(self._update_count)
        self.model.modelReset.connect(self._update_count)
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
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)
        services.exchanges_logged.connect(self._append)
        self._update_buttons(None)

    def _append(self, records: list[ExchangeRecord]) -> None:
        # A bound slot, not a lambda: Qt drops the connection when this panel is destroyed,
        # while the services object (and its signal) may outlive the window.
        self.model.add(records)

    def _apply_filter(self) -> None:
        selected = self.selected()
        self.model.set_filter(self.filter_edit.text())
        if selected is not None and selected in self.model._rows:
            self.table.selectRow(self.model._rows.index(selected))

    def _follow_newest(self) -> None:
        if self.follow.isChecked() and not self.table.selectionModel().hasSelection():
            self.table.scrollToBottom()

    def _update_count(self) -> None:
        shown, total = self.model.rowCount(), self.model.total
        self.count_label.setText(
            self.tr("{shown} of {total}").format(shown=f"{shown:,}", total=f"{total:,}")
            if shown != total
            else count_text(total, "exchange")
        )

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
        self.secret_curl_button.setEnabled(
            record is not None
            and record.direction == "out"
            and bool(self.services.access.headers_for(record.url))
        )
        self.replay_button.setEnabled(
            record is not None and record.direction == "in" and record.kind == "delivery"
        )

    def copy_curl(self) -> None:
        record = self.selected()
        if record is not None:
            QGuiApplication.clipboard().setText(curl_command(record))
            self.status.setText(self.tr("curl command copied"))
            confirm(
                self,
                self.tr("copied a curl command for {method} {url}").format(
                    method=record.method, url=record.url
                ),
            )

    def copy_curl_with_credentials(self) -> None:
        """The explicit action: the command with the credentials kept for the request's
        origin now (the record itself holds only masked values)."""
        record = self.selected()
        if record is None:
            return
        secret = self.services.access.headers_for(record.url)
        if not secret:
            self.status.setText(self.tr("no credentials are kept for this request's origin"))
            return
        QGuiApplication.clipboard().setText(curl_command(record, secret))
        self.status.setText(self.tr("curl command copied, WITH credentials in clear"))
        confirm(
            self,
            self.tr("copied a curl command with credentials for {url}").format(url=record.url),
        )

    def replay(self) -> None:
        record = self.selected()
        if record is not None:
            self.spawn(self._replay(record))

    async def _replay(self, record: ExchangeRecord) -> None:
        answer = await self.services.replay_delivery(record)
        self.status.setText(
            self.tr("replayed: the callback answered {answer}").format(answer=answer)
        )
        confirm(
            self, self.tr("delivery replayed: the callback answered {answer}").format(answer=answer)
        )
