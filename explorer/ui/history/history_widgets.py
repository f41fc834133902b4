"""The History view's widgets: a Source's snapshots above, a comparison below."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.history.filter_bar import FilterBar
from explorer.ui.history.history_model import SECTION_NAMES, ComparisonModel, SnapshotsModel
from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.tables import table


class HistoryWidgets(QWidget):
    """Layout only; ``HistoryPanel`` gives it behaviour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("HistoryWindow")
        self.resize(1100, 700)
        self.snapshots = SnapshotsModel(self)
        self.comparison = ComparisonModel(self)
        self.source_label = PlainLabel()
        self.snapshot_table = table(self.snapshots)
        self.snapshot_table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.save_button = QPushButton(self.tr("Save snapshot…"))
        self.compare_button = QPushButton(self.tr("Compare the two selected"))
        self.compare_now_button = QPushButton(self.tr("Compare the selected with now"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.status = PlainLabel()
        self.every_box = QCheckBox(self.tr("Save one every"))
        self.every_box.setToolTip(
            self.tr(
                "While this window is open, save a snapshot on a schedule and compare it"
                " with the one before"
            )
        )
        self.every_minutes = QSpinBox()
        self.every_minutes.setRange(1, 7 * 24 * 60)
        self.every_minutes.setValue(60)
        self.every_minutes.setSuffix(self.tr(" min"))
        buttons = QHBoxLayout()
        for widget in (
            self.save_button,
            self.compare_button,
            self.compare_now_button,
            self.every_box,
            self.every_minutes,
        ):
            buttons.addWidget(widget)
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.cancel_button)

        self.summary = PlainLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.filters = FilterBar(
            self.tr("all differences"), self.tr("Filter by URL, loc, field or value")
        )
        self.section_choice = self.filters.choice
        for key, name in SECTION_NAMES.items():
            self.section_choice.addItem(QCoreApplication.translate("ComparisonModel", name), key)
        self.filter_edit, self.export_button = self.filters.edit, self.filters.export_button
        self.comparison_table = table(self.comparison)

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.source_label)
        top_layout.addWidget(self.snapshot_table)
        top_layout.addLayout(buttons)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.summary)
        bottom_layout.addWidget(self.filters)
        bottom_layout.addWidget(self.comparison_table)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(bottom)
        splitter.setSizes([250, 450])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
