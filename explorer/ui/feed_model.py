"""The live feed's model: one row per delivery, accepted or rejected.

Rows come from two places that must look alike: subscriber events as they arrive,
and notification records from the store when the explorer restarts. ``FeedItem``
is the common shape; rejected deliveries keep their own kind so they can never be
mistaken for notifications.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from explorer.core.findings import Finding, Severity
from explorer.net.store import NotificationRecord
from explorer.net.subscriber_events import NOTIFICATION, REJECTED, SubscriberEvent
from explorer.ui.icons import CHANGE_COLOURS, severity_icon
from explorer.ui.row_table_model import Index, RowTableModel

CHANGE = "change"
FRAMEWORK = "framework"
REJECTED_KIND = "rejected"
KIND_OF_CAPABILITY = {"change-notification": CHANGE, "framework-notification": FRAMEWORK}
COLUMNS = ("time", "channel", "topic", "entries", "created", "updated", "deleted", "warnings")
FRAMEWORK_COLOUR = "#8e44ad"
REJECTED_COLOUR = "#d32f2f"
# Plain ints: comparing with a PySide6 enum member costs ~1 µs, and a repaint asks
# data() about a thousand times (measured by tests/benchmarks/bench_delivery_load.py).
_DISPLAY, _FOREGROUND, _FONT, _DECORATION, _TOOLTIP, _USER = (
    role.value for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole,
                            Qt.ItemDataRole.FontRole, Qt.ItemDataRole.DecorationRole,
                            Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.UserRole))
_ANSWERED = frozenset((_DISPLAY, _FOREGROUND, _FONT, _DECORATION, _TOOLTIP, _USER))


@dataclass(slots=True)
class FeedItem:
    """What a feed row shows and what its detail pane needs."""

    time: float
    kind: str  # change, framework, rejected, or the capability for anything else
    topic: str
    notification_id: int | None
    entry_count: int
    changes: dict[str, int]
    findings: list[Finding] = field(default_factory=list)
    diff: list[dict[str, Any]] | None = None
    reason: str | None = None
    signature: str | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity in (Severity.ERROR, Severity.WARNING))

    def text(self) -> str:
        """What the text filter searches: topic, locs, reason and finding codes."""
        locs = " ".join(str(e.get("loc", "")) for e in self.entries)
        codes = " ".join(f.code for f in self.findings)
        return f"{self.topic} {locs} {self.reason or ''} {codes}".lower()

    @classmethod
    def from_event(cls, event: SubscriberEvent) -> FeedItem:
        if event.event == REJECTED:
            return cls(event.time, REJECTED_KIND, event.topic, event.notification_id, 0, {},
                       list(event.findings), reason=event.reason, signature=event.signature)
        doc = event.document
        entries = event.entries or []
        changes = Counter(e.change for e in doc.entries) if doc is not None else Counter(
            e.get("change") for e in entries)
        count = len(doc.entries) if doc is not None else len(entries)
        capability = event.capability or (doc.capability if doc is not None else None)
        return cls(event.time, KIND_OF_CAPABILITY.get(capability or "", capability or "?"),
                   event.topic, event.notification_id, count,
                   {k: v for k, v in changes.items() if k}, list(event.findings),
                   diff=event.diff if isinstance(event.diff, list) else None,
                   signature=event.signature, entries=list(entries))

    @classmethod
    def from_record(cls, record: NotificationRecord) -> FeedItem:
        """A stored delivery, as restored at start-up (diffs are not kept across restarts)."""
        if record.status != "notification":
            return cls(record.received, REJECTED_KIND, record.topic, record.id, 0, {},
                       list(record.findings), reason=record.reason, signature=record.signature)
        summary = record.summary or {}
        entries = list(summary.get("entries") or [])
        changes = Counter(e.get("change") for e in entries)
        capability = record.capability or summary.get("capability")
        return cls(record.received, KIND_OF_CAPABILITY.get(capability or "", capability or "?"),
                   record.topic, record.id, int(summary.get("entry_count", len(entries))),
                   {k: v for k, v in changes.items() if k}, list(record.findings),
                   signature=record.signature, entries=entries)


def is_feed_event(event: SubscriberEvent) -> bool:
    return event.event in (NOTIFICATION, REJECTED)


class FeedModel(RowTableModel):
    """Rows in arrival order; a filter (channel kind, change type, text) is applied in
    Python and the visible rows are kept as a list, as in the entries table."""

    headers = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[FeedItem] = []
        self._rows: list[FeedItem] = []
        self._kind: str | None = None
        self._change: str | None = None
        self._text = ""

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None
        item = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if role == _DISPLAY:
            return self._display(item, column)
        if role == _FOREGROUND:
            if column in CHANGE_COLOURS and item.changes.get(column):
                return QColor(CHANGE_COLOURS[column])
            if column == "channel" and item.kind == FRAMEWORK:
                return QColor(FRAMEWORK_COLOUR)
            if item.kind == REJECTED_KIND and column in ("channel", "topic"):
                return QColor(REJECTED_COLOUR)
        if role == _FONT and (
                (column in CHANGE_COLOURS and item.changes.get(column))
                or (column == "channel" and item.kind in (FRAMEWORK, REJECTED_KIND))):
            font = QFont()
            font.setBold(True)
            return font
        if role == _DECORATION and column == "warnings" and item.findings:
            worst = min((f.severity for f in item.findings),
                        key=lambda s: (Severity.ERROR, Severity.WARNING, Severity.INFO).index(s))
            return severity_icon(worst)
        if role == _TOOLTIP:
            if item.kind == REJECTED_KIND:
                return f"rejected delivery: {item.reason} (signature {item.signature})"
            return "\n".join(f"{f.severity} {f.code}: {f.message}" for f in item.findings) or None
        if role == _USER:
            return item
        return None

    @staticmethod
    def _display(item: FeedItem, column: str) -> str:
        if column == "time":
            return datetime.fromtimestamp(item.time, UTC).strftime("%H:%M:%S")
        if column == "channel":
            return "REJECTED" if item.kind == REJECTED_KIND else item.kind
        if column == "topic":
            return item.topic
        if column == "entries":
            return "" if item.kind == REJECTED_KIND else str(item.entry_count)
        if column in CHANGE_COLOURS:
            count = item.changes.get(column, 0)
            return str(count) if count else ""
        if column == "warnings":
            return str(item.warnings) if item.warnings else ""
        return ""

    # --- Python interface
    def add(self, items: Iterable[FeedItem]) -> None:
        new = list(items)
        self._all.extend(new)
        visible = [item for item in new if self._accepts(item)]
        if visible:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(visible) - 1)
            self._rows.extend(visible)
            self.endInsertRows()

    def update(self, item: FeedItem) -> None:
        """Redraw a row whose item changed (a diff arrived later)."""
        if item in self._rows:
            row = self._rows.index(item)
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def clear(self) -> None:
        self.beginResetModel()
        self._all, self._rows = [], []
        self.endResetModel()

    def set_filter(self, kind: str | None = None, change: str | None = None,
                   text: str = "") -> None:
        self._kind, self._change, self._text = kind, change, text.strip().lower()
        self.beginResetModel()
        self._rows = [item for item in self._all if self._accepts(item)]
        self.endResetModel()

    def item(self, row: int) -> FeedItem:
        return self._rows[row]

    @property
    def items(self) -> Sequence[FeedItem]:
        """Every item, filtered or not, in arrival order."""
        return self._all

    def _accepts(self, item: FeedItem) -> bool:
        if self._kind is not None and item.kind != self._kind:
            return False
        if self._change is not None and not item.changes.get(self._change):
            return False
        return not self._text or self._text in item.text()
