"""Table columns defined once, and their starting widths (never narrower than the title).

A table's columns are one tuple of ``Column``: key, title, width hint and the value a
row shows. Headers, widths and cells are all read from it, so adding a column is one
entry and they cannot drift apart (``tests/ui/test_columns.py``).

Tables start with fixed widths (measuring every row on each insert froze the window
during bursts), chosen for the English titles; a title in another language can be wider
(ステータス against status), so each width grows to fit its title as shown, and a column of
a few fixed words grows to fit the widest of them as shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableView

Row = TypeVar("Row")
STRETCH = -1
"""Width hint of the column that takes the room the others leave."""


@dataclass(frozen=True, slots=True)
class Column(Generic[Row]):
    key: str
    title: str  # marked with QT_TRANSLATE_NOOP under the model's class name
    width: int  # starting width in pixels; 0 leaves Qt's default, STRETCH fills
    value: Callable[[Row], str]  # the cell's text for a row
    tooltip: bool = False  # the full text as a tooltip (a long or clipped cell)
    # a column of a few fixed words (a kind): all of them as shown, so the column starts wide
    # enough for the widest in the interface's language (フレームワーク通知, not "framework")
    labels: Callable[[], Iterable[str]] | None = None


def column_index(columns: Sequence[Column[Any]], key: str) -> int:
    """The position of the column named ``key`` (raises ValueError for an unknown key)."""
    return [column.key for column in columns].index(key)


def apply_columns(table: QTableView, columns: Sequence[Column[Any]]) -> None:
    """Each column's starting width from its hint; a STRETCH column fills the rest."""
    header = table.horizontalHeader()
    for number, column in enumerate(columns):
        if column.width == STRETCH:
            header.setSectionResizeMode(number, QHeaderView.ResizeMode.Stretch)
    set_column_widths(table, (max(column.width, 0) for column in columns))
    cells = table.fontMetrics()
    for number, column in enumerate(columns):
        if column.labels is not None:
            widest = max((cells.horizontalAdvance(label) for label in column.labels()), default=0)
            table.setColumnWidth(number, max(table.columnWidth(number), widest + CELL_PADDING))


TITLE_PADDING = 24
"""Room for the sort indicator and the section's margins."""
CELL_PADDING = 12
"""Room for a cell's margins on both sides."""


def set_column_widths(table: QTableView, widths: Iterable[int]) -> None:
    """Give each column its width from ``widths`` (0 leaves one alone), or its title's."""
    model = table.model()
    metrics = table.horizontalHeader().fontMetrics()
    for column, width in enumerate(widths):
        if not width:
            continue
        title = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        lines = str(title or "").split("\n")  # a title of two lines is as wide as its widest
        fitted = max(metrics.horizontalAdvance(line) for line in lines) + TITLE_PADDING
        table.setColumnWidth(column, max(width, fitted))
