"""A table of findings: severity icon, code, line, message, spec section (GUIDE §3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from explorer.core.findings import Finding, sort_findings
from explorer.ui.icons import severity_icon
from explorer.ui.plain_text import tooltip_text

Index = QModelIndex | QPersistentModelIndex
HEADERS = ("severity", "code", "line", "message", "spec")


class ProblemsModel(QAbstractTableModel):
    """Findings sorted errors first; ``UserRole`` gives the Finding itself."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._findings: list[Finding] = []

    def set_findings(self, findings: Sequence[Finding]) -> None:
        self.beginResetModel()
        self._findings = sort_findings(list(findings))
        self.endResetModel()

    def finding(self, row: int) -> Finding:
        return self._findings[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._findings)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        item = self._findings[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                str(item.severity),
                item.code,
                "" if item.line is None else str(item.line),
                item.message,
                item.spec or "",
            )[column]
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return severity_icon(item.severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_text(item.url or item.message)
        if role == Qt.ItemDataRole.UserRole:
            return item
        return None
