"""Findings as a tree: one row per code per document, expanding to every occurrence.

Columns: severity icon, code, line, message, spec section (docs/architecture.md, "Findings"). A
code found once
is a plain row; one found many times (996 malformed hashes) is one group row, showing
the count and the first line and message, whose children are the occurrences, each with
its line. The grouping is ``explorer.core.finding_groups``, shared with the CLI's output.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from explorer.core import catalog
from explorer.core.finding_groups import FindingGroup, group_findings
from explorer.core.findings import Finding
from explorer.core.words.messages import ENGLISH, has_translation, render_occurrences
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.language import finding_text, severity_text, spec_text, ui_language
from explorer.ui.shared.icons import severity_icon
from explorer.ui.shared.plain_text import PlainModel, tooltip_text

Index = QModelIndex | QPersistentModelIndex
HEADERS = (
    QT_TRANSLATE_NOOP("ProblemsModel", "severity"),
    QT_TRANSLATE_NOOP("ProblemsModel", "code"),
    QT_TRANSLATE_NOOP("ProblemsModel", "line"),
    QT_TRANSLATE_NOOP("ProblemsModel", "message"),
    QT_TRANSLATE_NOOP("ProblemsModel", "spec"),
)
TRANSLATED = QT_TRANSLATE_NOOP("ProblemsModel", "{spec} (translated)")
"""The spec column of a specification with an official translation, in a language that
is not English: the section stays in view (the column elides on the left)."""
_TOP = 0
"""``internalId`` of a group row; an occurrence row holds its group's row + 1."""


def spec_cell(spec: str | None) -> str:
    """A finding's spec as its column shows it: as cited in English; in another language
    with 表 for Table and a badge when an official translation exists (the full citation
    is in the tooltip and the detail)."""
    if not spec or ui_language() == ENGLISH:
        return spec or ""
    cited = spec.replace(" Table ", " " + catalog.text("common.table", ui_language()) + " ")
    if not has_translation(spec):
        return cited
    return QCoreApplication.translate("ProblemsModel", TRANSLATED).format(spec=cited)


class ProblemsModel(PlainModel, QAbstractItemModel):
    """Groups sorted errors first; ``UserRole`` gives the Finding (a group row's first)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._groups: list[FindingGroup] = []

    def set_findings(self, findings: Sequence[Finding]) -> None:
        self.beginResetModel()
        self._groups = group_findings(findings)
        self.endResetModel()

    def group(self, row: int) -> FindingGroup:
        return self._groups[row]

    def finding(self, row: int) -> Finding:
        """The finding a top-level row shows: a group's first occurrence."""
        return self._groups[row].first

    def finding_at(self, index: Index) -> Finding | None:
        """The finding of any row, a group's (its first occurrence) or an occurrence's."""
        if not index.isValid():
            return None
        parent_id = index.internalId()
        if parent_id == _TOP:
            return self._groups[index.row()].first
        return self._groups[parent_id - 1].occurrences[index.row()]

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _TOP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == _TOP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _TOP)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() != _TOP or parent.column() != 0:
            return 0
        group = self._groups[parent.row()]
        return group.count if group.count > 1 else 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(HEADERS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.finding_at(index)
        if item is None:
            return None
        column = index.column()
        group = self._groups[index.row()] if index.internalId() == _TOP else None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(item, group, column)
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return severity_icon(item.severity)
        if role == Qt.ItemDataRole.ToolTipRole:  # the full text, whatever the column shows
            many = group is not None and group.count > 1
            summary = render_occurrences(group, ui_language()) if many and group else ""
            parts = (finding_text(item), summary, spec_text(item.spec), item.url)
            return tooltip_text("\n".join(part for part in parts if part))
        if role == Qt.ItemDataRole.UserRole:
            return item
        return None

    @staticmethod
    def _display(item: Finding, group: FindingGroup | None, column: int) -> str:
        line = "" if item.line is None else str(item.line)
        severity, message = severity_text(item.severity), finding_text(item)
        if group is not None and group.count > 1:
            times = QCoreApplication.translate("ProblemsModel", "{count} times, first: {message}")
            return (
                severity,
                item.code,
                line,
                times.format(count=f"{group.count:,}", message=message),
                spec_cell(item.spec),
            )[column]
        if group is None:  # an occurrence under its group: the code is on the group row
            return ("", "", line, message, "")[column]
        return (severity, item.code, line, message, spec_cell(item.spec))[column]
