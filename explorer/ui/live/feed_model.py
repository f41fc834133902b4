"""The live feed's model: one row per delivery, accepted or rejected.

Rows come from two places that must look alike: subscriber events as they arrive,
and notification records from the store when the explorer restarts. ``FeedItem``
is the common shape; rejected deliveries keep their own kind so they can never be
mistaken for notifications. A framework notification's row is added when it is stored
and updated in place when its refetched diff arrives (a ``diff`` event).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor, QFont, QStandardItem, QStandardItemModel

from explorer.core import catalog
from explorer.core.findings import SEVERITY_ORDER, Finding, Severity
from explorer.core.phrase import Phrase
from explorer.core.words.engine_words import event_name, known_reason
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.live.subscriber_events import (
    DIFF,
    NOTIFICATION,
    RECONCILE,
    REJECTED,
    SubscriberEvent,
)
from explorer.net.store.records import NotificationRecord
from explorer.ui.language import finding_text, severity_text, ui_language
from explorer.ui.shared.columns import STRETCH, Column, column_index
from explorer.ui.shared.icons import CHANGE_COLOURS, severity_icon
from explorer.ui.shared.plain_text import PlainModel, tooltip_text, visible

CHANGE = "change"
FRAMEWORK = "framework"
REJECTED_KIND = "rejected"
WATCHDOG = "watchdog"  # a reconcile verdict: Change Lists against notifications
KIND_OF_CAPABILITY = {"change-notification": CHANGE, "framework-notification": FRAMEWORK}
CHANGE_COLUMNS = ("created", "updated", "deleted")
MAX_ROWS = 10_000
"""Rows the feed holds. Their cells live in Qt items (see ``FeedModel``), which cost far
more memory than a Python list; the store keeps every delivery."""
KIND_TEXT = {
    CHANGE: QT_TRANSLATE_NOOP("FeedModel", "change"),
    FRAMEWORK: QT_TRANSLATE_NOOP("FeedModel", "framework"),
    REJECTED_KIND: QT_TRANSLATE_NOOP("FeedModel", "REJECTED"),
    WATCHDOG: QT_TRANSLATE_NOOP("FeedModel", "watchdog"),
}
FRAMEWORK_COLOUR = "#8e44ad"
REJECTED_COLOUR = "#d32f2f"
_FOREGROUND = Qt.ItemDataRole.ForegroundRole


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
    reason: Phrase | None = None  # why it was rejected, or a watchdog's verdict
    signature: str | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)
    diff_pending: bool = False  # a framework notification whose refetch is still running
    note: Phrase | None = None  # why its later diff did not come (a refetch failure)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity in (Severity.ERROR, Severity.WARNING))

    def text(self) -> str:
        """What the text filter searches: topic, locs, reason and finding codes."""
        locs = " ".join(str(e.get("loc", "")) for e in self.entries)
        codes = " ".join(f.code for f in self.findings)
        return f"{self.topic} {locs} {self.reason or ''} {codes}".lower()  # English: as typed

    @classmethod
    def from_event(cls, event: SubscriberEvent) -> FeedItem:
        if event.event == RECONCILE:
            return watchdog_item(event)
        if event.event == REJECTED:
            return cls(
                event.time,
                REJECTED_KIND,
                event.topic,
                event.notification_id,
                0,
                {},
                list(event.findings),
                reason=event.reason,
                signature=event.signature,
            )
        doc = event.document
        entries = event.entries or []
        changes = (
            Counter(e.change for e in doc.entries)
            if doc is not None
            else Counter(e.get("change") for e in entries)
        )
        count = len(doc.entries) if doc is not None else len(entries)
        capability = event.capability or (doc.capability if doc is not None else None)
        return cls(
            event.time,
            KIND_OF_CAPABILITY.get(capability or "", capability or "?"),
            event.topic,
            event.notification_id,
            count,
            {k: v for k, v in changes.items() if k},
            list(event.findings),
            diff=event.diff if isinstance(event.diff, list) else None,
            signature=event.signature,
            entries=list(entries),
            diff_pending=capability == "framework-notification" and event.diff is None,
        )

    @classmethod
    def from_record(cls, record: NotificationRecord) -> FeedItem:
        """A stored delivery, as restored at start-up (diffs are not kept across restarts)."""
        if record.status != "notification":
            return cls(
                record.received,
                REJECTED_KIND,
                record.topic,
                record.id,
                0,
                {},
                list(record.findings),
                reason=record.reason,
                signature=record.signature,
            )
        summary = record.summary or {}
        entries = list(summary.get("entries") or [])
        changes = Counter(e.get("change") for e in entries)
        capability = record.capability or summary.get("capability")
        return cls(
            record.received,
            KIND_OF_CAPABILITY.get(capability or "", capability or "?"),
            record.topic,
            record.id,
            int(summary.get("entry_count", len(entries))),
            {k: v for k, v in changes.items() if k},
            list(record.findings),
            signature=record.signature,
            entries=entries,
        )


def is_feed_event(event: SubscriberEvent) -> bool:
    """Does ``event`` add a row (a delivery) or update one (a later diff)?"""
    return event.event in (NOTIFICATION, REJECTED, DIFF, RECONCILE)


def rejected_text(item: FeedItem, lang: str) -> str:
    """A rejected delivery's line in ``lang``: why (its signature finding's words, said
    anew) and the signature's state word."""
    reason = known_reason(item.reason, lang).rstrip("。.")
    signature = event_name(item.signature or "", lang, "events.signature-")
    return catalog.text("events.rejected-delivery", lang, reason=reason, signature=signature)


def watchdog_item(event: SubscriberEvent) -> FeedItem:
    """A reconcile verdict as a row: the locs it names as entries, its message as note."""
    locs = [(loc, "unannounced") for loc in event.unannounced or []]
    locs += [(loc, "unlisted") for loc in event.unlisted or []]
    return FeedItem(
        event.time,
        WATCHDOG,
        event.topic,
        None,
        len(locs),
        {},
        reason=event.message,
        entries=[{"loc": loc, "change": change} for loc, change in locs],
        note=event.message,
    )


def _channel_text(item: FeedItem) -> str:
    return QCoreApplication.translate("FeedModel", KIND_TEXT.get(item.kind, item.kind))


def _change_text(change: str) -> Callable[[FeedItem], str]:
    def text(item: FeedItem) -> str:
        count = item.changes.get(change)
        return str(count) if count else ""

    return text


def _topic_text(topic: str) -> str:
    """A web topic by its path (``dataset1/change-notifications``): the host is the same on
    every row, and the dataset and channel are what tell two rows apart (the full URL is
    the cell's tooltip). Any other topic (XMPP) as it is."""
    parts = urlsplit(topic)
    if parts.scheme not in ("http", "https") or not parts.path.strip("/"):
        return topic
    return parts.path.strip("/") + (f"?{parts.query}" if parts.query else "")


COLUMNS: tuple[Column[FeedItem], ...] = (
    Column(
        "time",
        QT_TRANSLATE_NOOP("FeedModel", "time"),
        70,
        lambda item: time.strftime("%H:%M:%S", time.gmtime(item.time)),  # UTC, as everywhere
    ),
    Column(
        "channel",
        QT_TRANSLATE_NOOP("FeedModel", "channel"),
        95,
        _channel_text,
        tooltip=True,
        labels=lambda: [
            QCoreApplication.translate("FeedModel", kind) for kind in KIND_TEXT.values()
        ],
    ),
    Column(
        "topic",
        QT_TRANSLATE_NOOP("FeedModel", "topic"),
        STRETCH,
        lambda item: _topic_text(item.topic),
        tooltip=True,
    ),
    Column(
        "entries",
        QT_TRANSLATE_NOOP("FeedModel", "entries"),
        55,
        lambda item: "" if item.kind == REJECTED_KIND else str(item.entry_count),
    ),
    Column("created", QT_TRANSLATE_NOOP("FeedModel", "created"), 60, _change_text("created")),
    Column("updated", QT_TRANSLATE_NOOP("FeedModel", "updated"), 60, _change_text("updated")),
    Column("deleted", QT_TRANSLATE_NOOP("FeedModel", "deleted"), 60, _change_text("deleted")),
    Column(
        "warnings",
        QT_TRANSLATE_NOOP("FeedModel", "warnings"),
        70,
        lambda item: str(item.warnings) if item.warnings else "",
        tooltip=True,
    ),
)
"""The feed's columns, in order: a new column is one entry here."""
TOOLTIP_COLUMNS = tuple(number for number, column in enumerate(COLUMNS) if column.tooltip)
WARNINGS_COLUMN = column_index(COLUMNS, "warnings")
TOPIC_COLUMN = column_index(COLUMNS, "topic")


def _texts(item: FeedItem) -> list[str]:
    """What each column shows, in ``COLUMNS`` order."""
    return [visible(column.value(item)) for column in COLUMNS]


def _highlights(item: FeedItem) -> dict[int, QColor]:
    """The cells that stand out (drawn bold, in colour), by column number."""
    marked = {
        column_index(COLUMNS, change): _colour(CHANGE_COLOURS[change])
        for change in CHANGE_COLUMNS
        if item.changes.get(change)
    }
    if item.kind == FRAMEWORK:
        marked[column_index(COLUMNS, "channel")] = _colour(FRAMEWORK_COLOUR)
    elif item.kind == REJECTED_KIND:
        for column in ("channel", "topic"):
            marked[column_index(COLUMNS, column)] = _colour(REJECTED_COLOUR)
    return marked


@cache
def _colour(name: str) -> QColor:
    return QColor(name)


@cache
def _bold_font() -> QFont:
    font = QFont()
    font.setBold(True)
    return font


class FeedModel(PlainModel, QStandardItemModel):
    """Rows in arrival order, every one in the model; a filter (channel kind, change type,
    text) decides which rows match and ``matches_changed`` tells the view which rows to
    hide or show again.

    Unlike the explorer's other tables (``RowTableModel``), the feed keeps what its cells
    show in Qt's own items: the feed is painted while the network thread is busiest, and
    a model answering in Python makes every cell of a repaint queue for the GIL (feed
    repaints took up to 180-225 ms during a burst, measured with bench_delivery_load.py).
    Cells are built once, when a row is added, and a filter pass only compares each row's
    search text, so painting and filtering never rebuild them. Qt items cost far more
    memory than a list (docs/architecture.md, "Large tables"), so the feed keeps the newest
    ``MAX_ROWS`` deliveries;
    the store keeps every one.
    """

    matches_changed = Signal(int, int)  # first and last row whose match may have changed

    def __init__(self, parent: Any = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels([self.tr(column.title) for column in COLUMNS])
        self._all: list[FeedItem] = []
        self._search: list[str] = []  # each row's FeedItem.text(), kept beside it
        self._by_notification: dict[int, FeedItem] = {}
        self._position: dict[int, int] = {}  # id(item) -> rows ever added before it
        self._removed = 0  # rows dropped from the top since the last clear
        self._kind: str | None = None
        self._change: str | None = None
        self._text = ""
        self.max_rows = MAX_ROWS  # the feed size of Settings

    @staticmethod
    def _cells(item: FeedItem) -> dict[int, QStandardItem]:
        """The row's non-empty cells by column, with every role a delegate asks for (the
        view does not edit). The tooltip sits on the cells a pointer is likely to rest on."""
        cells = {column: QStandardItem(text) for column, text in enumerate(_texts(item)) if text}
        for column, colour in _highlights(item).items():
            cell = cells.setdefault(column, QStandardItem())
            cell.setData(colour, _FOREGROUND)
            cell.setFont(_bold_font())
        tooltip = (
            rejected_text(item, ui_language())
            if item.kind == REJECTED_KIND
            else "\n".join(
                f"{severity_text(f.severity)} {f.code}: {finding_text(f)}" for f in item.findings
            )
        )
        if tooltip:
            for column in TOOLTIP_COLUMNS:
                cells.setdefault(column, QStandardItem()).setToolTip(tooltip_text(tooltip))
        topic = cells.setdefault(TOPIC_COLUMN, QStandardItem())
        topic.setToolTip(tooltip_text("\n".join(filter(None, (item.topic, tooltip)))))
        if item.findings:
            worst = min((f.severity for f in item.findings), key=SEVERITY_ORDER.__getitem__)
            cells.setdefault(WARNINGS_COLUMN, QStandardItem()).setIcon(severity_icon(worst))
        return cells

    def _append_rows(self, items: list[FeedItem]) -> None:
        """One insertion for the whole batch: views lay out and repaint once, and the
        cells are filled without a change signal each."""
        first = self.rowCount()
        self.insertRows(first, len(items))
        self.blockSignals(True)
        try:
            for row, item in enumerate(items, first):
                for column, cell in self._cells(item).items():
                    self.setItem(row, column, cell)
        finally:
            self.blockSignals(False)
        last = first + len(items) - 1
        self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))
        self.matches_changed.emit(first, last)

    # --- Python interface
    def add(self, items: Iterable[FeedItem]) -> None:
        new = list(items)
        if not new:
            return
        for row, item in enumerate(new, len(self._all) + self._removed):
            self._position[id(item)] = row
            if item.notification_id is not None:
                self._by_notification[item.notification_id] = item
        self._all.extend(new)
        self._search.extend(item.text() for item in new)
        self._append_rows(new)
        self._drop_oldest()

    def _drop_oldest(self) -> None:
        """Keep the newest ``max_rows`` deliveries (the store keeps them all)."""
        overflow = len(self._all) - self.max_rows
        if overflow <= 0:
            return
        for item in self._all[:overflow]:
            self._position.pop(id(item), None)
            if item.notification_id is not None:
                self._by_notification.pop(item.notification_id, None)
        del self._all[:overflow]
        del self._search[:overflow]
        self._removed += overflow
        self.removeRows(0, overflow)

    def apply_diffs(self, events: Iterable[SubscriberEvent]) -> list[FeedItem]:
        """Put later diffs into their rows (redrawn in one change); returns the items
        updated. A diff whose row is gone (dropped, cleared) is ignored: the store has it."""
        updated: list[FeedItem] = []
        for event in events:
            item = self._by_notification.get(event.notification_id or -1)
            if item is None:
                continue
            item.diff = event.diff if isinstance(event.diff, list) else None
            item.findings = [*item.findings, *event.findings]
            item.diff_pending = False
            item.note = event.message
            updated.append(item)
        rows = [
            self._position[id(item)] - self._removed
            for item in updated
            if id(item) in self._position
        ]
        if not rows:
            return updated
        self.blockSignals(True)
        try:
            for row in rows:
                item = self._all[row]
                self._search[row] = item.text()  # its finding codes are searched too
                cells = self._cells(item)
                for column in range(len(COLUMNS)):
                    self.setItem(row, column, cells.get(column) or QStandardItem())
        finally:
            self.blockSignals(False)
        self.dataChanged.emit(self.index(min(rows), 0), self.index(max(rows), len(COLUMNS) - 1))
        self.matches_changed.emit(min(rows), max(rows))
        return updated

    def clear(self) -> None:
        self._all, self._search = [], []
        self._by_notification.clear()
        self._position.clear()
        self._removed = 0
        self.removeRows(0, self.rowCount())

    def set_filter(
        self, kind: str | None = None, change: str | None = None, text: str = ""
    ) -> None:
        """Change what matches; the rows and their cells stay as they are."""
        self._kind, self._change, self._text = kind, change, text.strip().lower()
        if self._all:
            self.matches_changed.emit(0, len(self._all) - 1)

    def item(self, row: int) -> FeedItem:  # type: ignore[override]  # a feed row, not a cell
        return self._all[row]

    @property
    def items(self) -> Sequence[FeedItem]:
        """Every item, filtered or not, in arrival order (item ``n`` is row ``n``)."""
        return self._all

    def matches(self, row: int) -> bool:
        """Does row ``row`` pass the filter (is it shown)?"""
        item = self._all[row]
        if self._kind is not None and item.kind != self._kind:
            return False
        if self._change is not None and not item.changes.get(self._change):
            return False
        return not self._text or self._text in self._search[row]

    def matching_rows(self) -> list[int]:
        return [row for row in range(len(self._all)) if self.matches(row)]
