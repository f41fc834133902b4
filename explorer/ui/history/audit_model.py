"""The audit's verdicts as a table: one row per resource that is not the same."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.services.audit import AuditRow
from explorer.ui.shared.columns import Column
from explorer.ui.shared.filtered_rows_model import FilteredRowsModel

STATUS_NAMES = {
    "same": QT_TRANSLATE_NOOP("AuditModel", "same"),
    "create": QT_TRANSLATE_NOOP("AuditModel", "to create"),
    "update": QT_TRANSLATE_NOOP("AuditModel", "to update"),
    "delete": QT_TRANSLATE_NOOP("AuditModel", "to delete"),
}


def status_text(status: str) -> str:
    return QCoreApplication.translate("AuditModel", STATUS_NAMES.get(status, status))


class AuditModel(FilteredRowsModel[AuditRow]):
    """Filtered by status (create, update, delete) and by words."""

    columns = (
        Column(
            "status", QT_TRANSLATE_NOOP("AuditModel", "status"), 90, lambda r: status_text(r.status)
        ),
        Column("loc", QT_TRANSLATE_NOOP("AuditModel", "loc"), 300, lambda r: r.loc, tooltip=True),
        Column(
            "path",
            QT_TRANSLATE_NOOP("AuditModel", "local path"),
            220,
            lambda r: r.local_path,
            tooltip=True,
        ),
        Column(
            "reason",
            QT_TRANSLATE_NOOP("AuditModel", "reason"),
            360,
            lambda r: r.reason,
            tooltip=True,
        ),
        Column("section", QT_TRANSLATE_NOOP("AuditModel", "spec"), 0, lambda r: r.section),
    )

    def choice_of(self, row: AuditRow) -> str:
        return row.status
