"""The Fleet window's widgets: where the fleet is, a message strip, the controls and the
health table. Behaviour is in ``fleet_panel``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.fleet.fleet_model import FleetModel
from explorer.ui.shared.columns import apply_columns
from explorer.ui.shared.plain_text import ElidedLabel, PlainLabel

STRIP_STYLE = "QLabel#FleetMessage { background: palette(alternate-base); padding: 6px; }"


class FleetWidgets(QWidget):
    """A window of its own (Tools ▸ Fleet…), beside the Source tree it opens snapshots in."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("FleetWindow")
        self.resize(1100, 560)
        self.database_label = ElidedLabel()
        self.database_label.setObjectName("FleetDatabase")
        self.message = PlainLabel()
        self.message.setObjectName("FleetMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(STRIP_STYLE)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.refresh_button.setToolTip(
            self.tr("Read the health table from the fleet database again")
        )
        self.problems_only = QCheckBox(self.tr("Problems only"))
        self.problems_only.setToolTip(
            self.tr("Only Sources with findings, unreachable, stale or not in sync")
        )
        self.open_button = QPushButton(self.tr("Open latest snapshot"))
        self.open_button.setToolTip(
            self.tr("Show the selected Source's latest stored snapshot in the Source tree")
        )
        self.open_button.setEnabled(False)
        self.model = FleetModel(self)
        self.table = QTableView()
        self.table.setObjectName("FleetTable")
        self.table.setAccessibleName(self.tr("Fleet health table"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)  # one line a Source; the full cell in its tooltip
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().hide()
        apply_columns(self.table, self.model.columns)
        self.status = ElidedLabel()
        self.status.setObjectName("FleetStatus")
        controls = QHBoxLayout()
        controls.addWidget(self.refresh_button)
        controls.addWidget(self.problems_only)
        controls.addStretch(1)
        controls.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.database_label)
        layout.addWidget(self.message)
        layout.addLayout(controls)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
