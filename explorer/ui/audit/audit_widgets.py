"""The audit window's view: the local folder, the checksum option, the counts, the
verdict and word filters, the table of differing resources and Export…. Built only;
``AuditDialog`` connects it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.audit.audit_model import COLUMNS, AuditModel
from explorer.ui.shared.columns import apply_columns
from explorer.ui.shared.plain_text import PlainLabel


class AuditWidgets(QDialog):
    """Every widget of the audit window, laid out; nothing connected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Audit a local copy"))
        self.resize(1000, 560)
        self.source_label = PlainLabel()
        self.source_label.setWordWrap(True)
        self.folder_edit = QLineEdit()
        self.folder_edit.setAccessibleName(self.tr("Local copy"))
        self.folder_edit.setPlaceholderText(
            self.tr("the folder that holds the copy, standing for the root of the Source's host")
        )
        self.browse_button = QPushButton(self.tr("Browse…"))
        self.checksum = QCheckBox(self.tr("Compare hashes"))
        self.checksum.setToolTip(
            self.tr("Read every file to compare its hash too, not only length and lastmod")
        )
        self.run_button = QPushButton(self.tr("Audit"))
        self.run_button.setDefault(True)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.browse_button)
        folder_row.addWidget(self.checksum)
        folder_row.addWidget(self.run_button)
        self.counts = PlainLabel()
        self.counts.setWordWrap(True)
        self.counts.setAccessibleName(self.tr("Audit counts"))
        self.verdict_filter = QComboBox()
        self.verdict_filter.setAccessibleName(self.tr("Verdict"))
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Audit filter"))
        self.filter_edit.setPlaceholderText(self.tr("Filter: words of the URL, file or reason"))
        self.shown_label = PlainLabel()
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setToolTip(self.tr("Save the rows shown as CSV"))
        filters = QHBoxLayout()
        filters.addWidget(self.verdict_filter)
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(self.shown_label)
        filters.addWidget(self.export_button)
        self.model = AuditModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Audit results"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().hide()
        apply_columns(self.table, COLUMNS)
        layout = QVBoxLayout(self)
        layout.addWidget(self.source_label)
        layout.addLayout(folder_row)
        layout.addWidget(self.counts)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
