"""A read-only table of immutable rows with one choice filter and a text filter.

The comparison of two snapshots and an audit's verdicts are both long lists of outside
text that the reader narrows down: by a kind (added, to update…) and by words. Rows are
held as given; the visible ones are a filtered list (docs/architecture.md, "Large
tables": filtering a Python list beats a proxy model). Cells show outside text with its
invisible characters made visible, and the full text as a tooltip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from explorer.ui.shared.columns import Column
from explorer.ui.shared.plain_text import tooltip_text, visible
from explorer.ui.shared.row_table_model import RowTableModel

Row = TypeVar("Row")
Index = QModelIndex | QPersistentModelIndex


class FilteredRowsModel(RowTableModel, Generic[Row]):
    """Subclasses set ``columns`` (titles marked under the subclass's name) and say in
    ``choice_of`` what value of a row the choice filter matches."""

    columns: tuple[Column[Any], ...] = ()

    def choice_of(self, row: Row) -> str:
        return ""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.headers = tuple(column.title for column in self.columns)
        self._all: list[Row] = []
        self._choice = ""
        self._words: list[str] = []

    def set_rows(self, rows: Sequence[Row]) -> None:
        self._all = list(rows)
        self._refilter()

    def set_filter(self, choice: str = "", text: str = "") -> None:
        """Rows whose ``choice_of`` is ``choice`` (any when empty) and whose cells
        contain every word of ``text`` (case-insensitive)."""
        self._choice, self._words = choice, text.lower().split()
        self._refilter()

    def row(self, number: int) -> Row:
        row: Row = self._rows[number]
        return row

    def total(self) -> int:
        return len(self._all)

    def _refilter(self) -> None:
        self.beginResetModel()
        self._rows = [row for row in self._all if self._keeps(row)]
        self.endResetModel()

    def _keeps(self, row: Row) -> bool:
        if self._choice and self.choice_of(row) != self._choice:
            return False
        if not self._words:
            return True
        haystack = " ".join(column.value(row) for column in self.columns).lower()
        return all(word in haystack for word in self._words)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return visible(column.value(self._rows[index.row()]))
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return tooltip_text(column.value(self._rows[index.row()]))
        return None
