"""The Consumers tab's table: one row per program that reads the shown document (a search
engine, the sitemaps.org schema, resync, Scrapy, advertools) with what it takes from it.

The verdicts come from the engine (``explorer.core.consumers``) and are kept as they are;
the words are said here, in the interface language, when a cell is drawn.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt

from explorer.core.consumers.verdict import Verdict
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.language import ui_language
from explorer.ui.shared.plain_text import tooltip_text
from explorer.ui.shared.row_table_model import RowTableModel

Index = QModelIndex | QPersistentModelIndex
READS = {
    True: QT_TRANSLATE_NOOP("ConsumersModel", "yes"),
    False: QT_TRANSLATE_NOOP("ConsumersModel", "refuses"),
}
VALID = {  # a schema does not read a document: it finds it valid or not
    True: QT_TRANSLATE_NOOP("ConsumersModel", "valid"),
    False: QT_TRANSLATE_NOOP("ConsumersModel", "invalid"),
}
DROPPED_SHOWN = 20
"""Dropped URLs named in the Dropped cell's tooltip; the count says how many in all."""


def dropped_lines(verdict: Verdict) -> str:
    """The first dropped URLs, each with why the consumer drops it, one a line."""
    from explorer.core import catalog  # its files: not before the first frame

    lang = ui_language()
    lines = [
        f"{loc}: {catalog.text(f'consumers.why.{why}', lang)}"
        for loc, why in verdict.dropped[:DROPPED_SHOWN]
    ]
    if verdict.dropped_total > len(lines):
        lines.append(
            QCoreApplication.translate("ConsumersModel", "… {count} more").format(
                count=f"{verdict.dropped_total - len(lines):,}"
            )
        )
    return "\n".join(lines)


class ConsumersModel(RowTableModel):
    """Rows of ``(consumer name, Verdict)`` in the engine's order; ``UserRole`` gives the
    row's ``Verdict`` (its problems are listed below the table)."""

    headers = (
        QT_TRANSLATE_NOOP("ConsumersModel", "consumer"),
        QT_TRANSLATE_NOOP("ConsumersModel", "reads"),
        QT_TRANSLATE_NOOP("ConsumersModel", "URLs"),
        QT_TRANSLATE_NOOP("ConsumersModel", "dropped"),
        QT_TRANSLATE_NOOP("ConsumersModel", "problems"),
    )

    def set_verdicts(self, verdicts: dict[str, Verdict]) -> None:
        self.beginResetModel()
        self._rows = list(verdicts.items())
        self.endResetModel()

    def verdict(self, row: int) -> Verdict:
        return self._rows[row][1]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        name, verdict = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cell(name, verdict, column)
        if role == Qt.ItemDataRole.ToolTipRole and column == 3:
            return tooltip_text(dropped_lines(verdict))
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.UserRole:
            return verdict
        return None

    @staticmethod
    def _cell(name: str, verdict: Verdict, column: int) -> str:
        if column == 0:
            return name
        if column == 1:
            words = VALID if name == "sitemaps-schema" else READS
            return QCoreApplication.translate("ConsumersModel", words[verdict.reads])
        count = (verdict.urls, verdict.dropped_total, verdict.problems_total)[column - 2]
        return f"{count:,}"
