"""The entries table: a custom table model over a plain Python list (docs/architecture.md, "Large
tables").

Sorting and filtering happen on the Python list and the model is reset, which is two
orders of magnitude faster than a QSortFilterProxyModel at a million rows. The model
keeps ``_rows``, the visible entries in display order, next to ``_all``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt

from explorer.core.model import Entry
from explorer.ui.shared.icons import change_colour
from explorer.ui.shared.plain_text import tooltip_text, visible
from explorer.ui.shared.row_table_model import Index, RowTableModel


def _search_key(entry: Entry) -> str:
    md = entry.md
    return f"{entry.loc}\x00{md.get('type', '')}\x00{md.get('hash', '')}".lower()


def _length_key(entry: Entry) -> tuple[int, int | str]:
    value = entry.length
    if value is not None and value.isdigit():
        return (0, int(value))
    return (1, value or "")


COLUMNS: tuple[tuple[str, Callable[[Entry], str | None], Callable[[Entry], Any]], ...] = (
    ("loc", lambda e: e.loc, lambda e: e.loc or ""),
    ("change", lambda e: e.change, lambda e: e.change or ""),
    (
        "datetime / lastmod",
        lambda e: e.datetime or e.lastmod,
        lambda e: e.datetime or e.lastmod or "",
    ),
    ("length", lambda e: e.length, _length_key),
    ("type", lambda e: e.type, lambda e: e.type or ""),
    ("hash", lambda e: e.hash, lambda e: e.hash or ""),
)
CHANGE_TYPES = ("created", "updated", "deleted")


class EntriesTableModel(RowTableModel):
    """Entries of one document (or of an expanded index) with Python-side sort and filter."""

    headers = tuple(name for name, _, _ in COLUMNS)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[Entry] = []
        self._rows: list[Entry] = []
        self._text = ""
        self._changes: frozenset[str] | None = None
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._keys: list[str] | None = None  # lower-cased loc/type/hash, built on first search

    # --- Qt model interface
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        entry = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            text = COLUMNS[index.column()][1](entry)
            return visible(text) if text is not None else None
        if role == Qt.ItemDataRole.ForegroundRole and index.column() == 1:
            return change_colour(entry.change)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 0:
            if not entry.line:
                return tooltip_text(entry.loc)
            return tooltip_text(f"{entry.loc}\n" + self.tr("line {line}").format(line=entry.line))
        if role == Qt.ItemDataRole.UserRole:
            return entry
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort = (column, order) if column >= 0 else None  # -1: document order
        self._refresh()

    # --- Python interface
    def set_entries(self, entries: Sequence[Entry]) -> None:
        """Replace the entries; the current sort and filter stay applied."""
        self._all = list(entries)
        self._keys = None
        self._refresh()

    def append_entries(self, entries: Iterable[Entry]) -> None:
        """Add entries (an index's next component list) without resetting the view."""
        new = list(entries)
        self._all.extend(new)
        if self._keys is not None:
            self._keys.extend(_search_key(e) for e in new)
        if self._sort is not None:
            self._refresh()
            return
        visible = [e for e in new if self._accepts(e)]
        if visible:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(visible) - 1)
            self._rows.extend(visible)
            self.endInsertRows()

    def set_filter(self, text: str = "", changes: Iterable[str] | None = None) -> None:
        """Show entries whose loc, type or hash contains ``text`` and whose change is
        in ``changes`` (None: any)."""
        self._text = text.strip().lower()
        self._changes = frozenset(changes) if changes is not None else None
        self._refresh()

    def entry(self, row: int) -> Entry:
        return self._rows[row]

    @property
    def total(self) -> int:
        return len(self._all)

    def _accepts(self, entry: Entry) -> bool:
        if self._changes is not None and (entry.change or "") not in self._changes:
            return False
        return not self._text or self._text in _search_key(entry)

    def _filtered(self) -> list[Entry]:
        rows = self._all
        if self._text:
            if self._keys is None:
                self._keys = [_search_key(e) for e in self._all]
            text = self._text
            rows = [e for e, key in zip(self._all, self._keys, strict=True) if text in key]
        if self._changes is not None:
            changes = self._changes
            rows = [e for e in rows if (e.md.get("change") or "") in changes]
        return rows

    def _refresh(self) -> None:
        rows = self._filtered()
        if self._sort is not None:
            column, order = self._sort
            rows = sorted(
                rows, key=COLUMNS[column][2], reverse=order == Qt.SortOrder.DescendingOrder
            )
        elif rows is self._all:
            rows = list(rows)
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()
