"""The audit table's rows: one differing resource each (to create, to update, to
delete), with why; filtered by verdict and by words of its URL, path or reasons."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt

from explorer.core.audit_rules import Verdict
from explorer.core.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.audit import AuditItem
from explorer.net.audit_text import reasons
from explorer.ui.language import ui_language
from explorer.ui.shared.columns import STRETCH, Column
from explorer.ui.shared.plain_text import tooltip_text
from explorer.ui.shared.row_table_model import Index, RowTableModel
from explorer.ui.shared.spreadsheet import safe_cell

VERDICTS = {
    Verdict.CREATE: QT_TRANSLATE_NOOP("AuditModel", "to create"),
    Verdict.UPDATE: QT_TRANSLATE_NOOP("AuditModel", "to update"),
    Verdict.DELETE: QT_TRANSLATE_NOOP("AuditModel", "to delete"),
    Verdict.SAME: QT_TRANSLATE_NOOP("AuditModel", "same"),
}
CSV_COLUMNS = ("verdict", "loc", "path", "origin", "document", "change", "datetime", "reasons")


def verdict_text(verdict: Verdict) -> str:
    return QCoreApplication.translate("AuditModel", VERDICTS[verdict])


def reasons_text(item: AuditItem) -> str:
    return "; ".join(reasons(item, ui_language()))


COLUMNS: tuple[Column[AuditItem], ...] = (
    Column(
        "verdict",
        QT_TRANSLATE_NOOP("AuditModel", "verdict"),
        90,
        lambda item: verdict_text(item.verdict),
    ),
    Column("loc", QT_TRANSLATE_NOOP("AuditModel", "resource"), 320, lambda i: i.loc, tooltip=True),
    Column("reasons", QT_TRANSLATE_NOOP("AuditModel", "why"), STRETCH, reasons_text, tooltip=True),
    Column(
        "path",
        QT_TRANSLATE_NOOP("AuditModel", "local file"),
        220,
        lambda item: item.path or "",
        tooltip=True,
    ),
)


class AuditModel(RowTableModel):
    """Every differing resource of one audit; the rows are those the filter keeps."""

    headers = tuple(column.title for column in COLUMNS)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[AuditItem] = []
        self._keys: list[str] = []
        self._verdict: Verdict | None = None
        self._words: list[str] = []

    def set_items(self, items: Sequence[AuditItem]) -> None:
        self._all = list(items)
        self._keys = [
            " ".join((item.loc, item.path or "", reasons_text(item))).lower() for item in self._all
        ]
        self._apply()

    @property
    def total(self) -> int:
        return len(self._all)

    def set_filter(self, verdict: Verdict | None = None, text: str = "") -> None:
        """Only one verdict (None: all), and rows holding every word of ``text``."""
        self._verdict, self._words = verdict, text.lower().split()
        self._apply()

    def _apply(self) -> None:
        self.beginResetModel()
        self._rows = [
            item
            for item, key in zip(self._all, self._keys, strict=True)
            if (self._verdict is None or item.verdict == self._verdict)
            and all(word in key for word in self._words)
        ]
        self.endResetModel()

    def item(self, row: int) -> AuditItem:
        return self._rows[row]

    def shown_csv(self) -> str:
        """The rows shown, as CSV; a cell that starts like a formula is prefixed with '."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(CSV_COLUMNS)
        for item in self._rows:
            cells = (
                str(item.verdict),
                item.loc,
                item.path or "",
                str(item.origin),
                item.document or "",
                item.change or "",
                item.datetime or "",
                reasons_text(item),
            )
            writer.writerow(safe_cell(cell) for cell in cells)
        return out.getvalue()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        item = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.value(item)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return tooltip_text(column.value(item))
        if role == Qt.ItemDataRole.UserRole:
            return item
        return None
