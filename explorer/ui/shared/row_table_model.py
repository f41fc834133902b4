"""The base of the explorer's flat tables: rows in a Python list, fixed column headers.

docs/architecture.md, "Large tables": a custom model over a list costs nothing at a million rows,
and sorting and
filtering the list in Python beats any proxy model, so every table shares this shape.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from explorer.ui.shared.plain_text import PlainModel

Index = QModelIndex | QPersistentModelIndex


class RowTableModel(PlainModel, QAbstractTableModel):
    """Subclasses set ``headers`` and keep the visible rows in ``self._rows``; a header
    marked with ``QT_TRANSLATE_NOOP`` under the subclass's name is shown translated.
    Whatever text their ``data`` gives is shown ``visible`` (``PlainModel``)."""

    headers: tuple[str, ...] = ()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate(type(self).__name__, self.headers[section])
        return None
