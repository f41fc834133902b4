"""The Plan… window's widgets: the options that matter in the window, Run and Cancel, and
the result: the runs side by side, the bar chart, and the findings (refetch reasons,
incremental safety, the OAI-PMH cost and the parity table)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from explorer.core.plan.profiles import (
    COMPARED_CONNECTIONS,
    DUMPS,
    MAX_CONNECTIONS,
    PARALLEL,
    RESYNC_SYNC,
)
from explorer.core.plan.report import RUN_NAMES
from explorer.net.plan.options import DEFAULT_METADATA_PREFIX
from explorer.ui.plan.time_chart import TimeChart
from explorer.ui.shared.plain_text import PlainLabel, PlainTextView


class PlanWidgets(QWidget):
    """Layout only; ``PlanPanel`` gives it behaviour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("PlanWindow")
        self.resize(1100, 700)
        self.url_label = PlainLabel()
        self.profile_choice = QComboBox()
        for name in (RESYNC_SYNC, PARALLEL, DUMPS):
            self.profile_choice.addItem(name, name)
        self.connections = QSpinBox()
        self.connections.setRange(1, MAX_CONNECTIONS)
        self.connections.setValue(COMPARED_CONNECTIONS)
        self.connections.setPrefix(self.tr("connections: "))
        profile_row = QHBoxLayout()
        profile_row.addWidget(self.profile_choice)
        profile_row.addWidget(self.connections)
        profile_row.addStretch(1)
        self.delay = QDoubleSpinBox()
        self.delay.setRange(0.0, 3600.0)
        self.delay.setDecimals(2)
        self.delay.setSingleStep(0.1)
        self.delay.setSuffix(self.tr(" s"))
        self.since_edit = QLineEdit()
        self.since_edit.setPlaceholderText(
            self.tr("e.g. 2026-12-01T00:00:00Z; empty: the last snapshot")
        )
        self.folder_edit = QLineEdit()
        self.folder_edit.setPlaceholderText(self.tr("optional: the folder holding a local copy"))
        self.mappings_edit = QPlainTextEdit()
        self.mappings_edit.setPlaceholderText(self.tr("optional, one a line: URL_PREFIX=FOLDER"))
        self.mappings_edit.setMaximumHeight(48)
        self.oai_edit = QLineEdit()
        self.oai_edit.setPlaceholderText(self.tr("optional: the OAI-PMH base URL"))
        self.oai_map_edit = QLineEdit()
        self.oai_map_edit.setPlaceholderText(
            self.tr("optional: OAI_TEMPLATE=LOC_TEMPLATE with {id}")
        )
        self.prefix_edit = QLineEdit(DEFAULT_METADATA_PREFIX)
        left, right = QFormLayout(), QFormLayout()
        left.addRow(self.tr("Source:"), self.url_label)
        left.addRow(self.tr("Profile:"), profile_row)
        left.addRow(self.tr("Delay between requests:"), self.delay)
        left.addRow(self.tr("Incremental from:"), self.since_edit)
        left.addRow(self.tr("Local copy:"), self.folder_edit)
        right.addRow(self.tr("URL prefix mappings:"), self.mappings_edit)
        right.addRow(self.tr("OAI-PMH:"), self.oai_edit)
        right.addRow(self.tr("Identifier map:"), self.oai_map_edit)
        right.addRow(self.tr("Metadata prefix:"), self.prefix_edit)
        forms = QHBoxLayout()
        forms.addLayout(left, 1)
        forms.addLayout(right, 1)
        self.start_button = QPushButton(self.tr("Run"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.status = PlainLabel()
        run_row = QHBoxLayout()
        run_row.addWidget(self.start_button)
        run_row.addWidget(self.status, 1)
        run_row.addWidget(self.cancel_button)
        self.runs = QTableWidget(len(ROW_NAMES), len(RUN_NAMES))
        self.runs.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.runs.setHorizontalHeaderLabels(
            [self.tr("Baseline"), self.tr("Incremental"), self.tr("Audit")]
        )
        self.runs.setVerticalHeaderLabels(
            [
                self.tr("Requests"),
                self.tr("Documents"),
                self.tr("Resources"),
                self.tr("Body bytes"),
                self.tr("Bytes on the wire"),
                self.tr("Time"),
                self.tr("A Resource Dump saves"),
            ]
        )
        header = self.runs.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.chart = TimeChart()
        self.runs.setSizeAdjustPolicy(QAbstractScrollArea.SizeAdjustPolicy.AdjustToContents)
        self.runs.setWordWrap(True)
        self.findings = PlainTextView()  # findings quote the Source's URLs and texts
        figures = QWidget()
        figures_layout = QVBoxLayout(figures)
        figures_layout.setContentsMargins(0, 0, 0, 0)
        figures_layout.addWidget(self.runs)
        figures_layout.addWidget(self.chart)
        figures_layout.addStretch(1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(figures)
        split.addWidget(self.findings)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(forms)
        layout.addLayout(run_row)
        layout.addWidget(split, 1)


ROW_NAMES = ("requests", "documents", "resources", "bytes", "wire", "seconds", "dump")
"""The runs table's rows, in order (their labels are the vertical header's)."""
