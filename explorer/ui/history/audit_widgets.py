"""The audit view's widgets: where the local copy is, how to compare, and the verdicts."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.history.audit_model import STATUS_NAMES, AuditModel, status_text
from explorer.ui.history.filter_bar import FilterBar
from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.tables import table


class AuditWidgets(QWidget):
    """Layout only; ``AuditPanel`` gives it behaviour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("AuditWindow")
        self.resize(1100, 700)
        self.model = AuditModel(self)
        self.url_label = PlainLabel()
        self.folder_edit = QLineEdit()
        self.folder_edit.setPlaceholderText(
            self.tr("the folder holding the copy of the Source's host")
        )
        self.browse_button = QPushButton(self.tr("Browse…"))
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.browse_button)
        self.mappings_edit = QPlainTextEdit()
        self.mappings_edit.setPlaceholderText(
            self.tr(
                "optional, one a line: URL_PREFIX=FOLDER, e.g. https://example.org/data/=/srv/data"
            )
        )
        self.mappings_edit.setMaximumHeight(70)
        self.checksum_box = QCheckBox(self.tr("Compare checksums too (reads every file)"))
        form = QFormLayout()
        form.addRow(self.tr("Source:"), self.url_label)
        form.addRow(self.tr("Local folder:"), folder_row)
        form.addRow(self.tr("URL prefix mappings:"), self.mappings_edit)
        form.addRow("", self.checksum_box)
        self.start_button = QPushButton(self.tr("Audit"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.status = PlainLabel()
        run_row = QHBoxLayout()
        run_row.addWidget(self.start_button)
        run_row.addWidget(self.status, 1)
        run_row.addWidget(self.cancel_button)
        self.summary = PlainLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.filters = FilterBar(
            self.tr("every difference"), self.tr("Filter by loc, path or reason")
        )
        self.status_choice = self.filters.choice
        for key in STATUS_NAMES:
            if key != "same":
                self.status_choice.addItem(status_text(key), key)
        self.filter_edit, self.export_button = self.filters.edit, self.filters.export_button
        self.table = table(self.model)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(run_row)
        layout.addWidget(self.summary)
        layout.addWidget(self.filters)
        layout.addWidget(self.table, 1)
