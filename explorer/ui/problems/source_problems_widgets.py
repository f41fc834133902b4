"""The Problems dock's view: the filters (severity, code, document), the table of every
finding of the open Source, the selected finding in full, and Export report….
Built and laid out only; ``SourceProblemsPanel`` connects it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.core.findings import Severity
from explorer.ui.problems.source_problems_model import COLUMNS, SourceProblemsModel
from explorer.ui.shared.columns import apply_columns
from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.problems_view import with_detail_pane


class SourceProblemsWidgets(QWidget):
    """Every widget of the Problems dock, laid out; nothing connected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = SourceProblemsModel(self)
        self.severity_boxes: dict[Severity, QCheckBox] = {}
        filters = QHBoxLayout()
        for severity in Severity:
            box = QCheckBox()
            box.setChecked(True)
            self.severity_boxes[severity] = box
            filters.addWidget(box)
        self.severity_boxes[Severity.ERROR].setToolTip(
            self.tr("Errors: what the specification says must be")
        )
        self.severity_boxes[Severity.WARNING].setToolTip(
            self.tr("Warnings: what the specification says should be, or a likely mistake")
        )
        self.severity_boxes[Severity.INFO].setToolTip(self.tr("Notes worth knowing"))
        self.code_filter = QComboBox()
        self.code_filter.setAccessibleName(self.tr("Code"))
        self.code_filter.setToolTip(self.tr("Show one code only"))
        self.code_filter.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.place_filter = QComboBox()
        self.place_filter.setAccessibleName(self.tr("Document"))
        self.place_filter.setToolTip(self.tr("Show one document or channel only"))
        self.place_filter.setMinimumContentsLength(24)
        self.place_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.place_filter.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.count_label = PlainLabel()
        self.export_button = QPushButton(self.tr("Export report…"))
        self.export_button.setToolTip(
            self.tr("Save every finding as one HTML page to hand over, or as CSV")
        )
        filters.addWidget(self.code_filter)
        filters.addWidget(self.place_filter, 1)
        filters.addWidget(self.count_label)
        filters.addWidget(self.export_button)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName(self.tr("Problems of the Source"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        apply_columns(self.table, COLUMNS)
        split, self.detail = with_detail_pane(self.table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.addLayout(filters)
        layout.addWidget(split, 1)
