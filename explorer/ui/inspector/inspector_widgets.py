"""The HTTP inspector's view: exchange table, filter, detail and buttons, laid out."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMenu,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.inspector.exchange_model import COLUMNS, ExchangeModel
from explorer.ui.shared.columns import apply_columns
from explorer.ui.shared.plain_text import ElidedLabel, PlainLabel
from explorer.ui.shared.xml_view import XmlSourceView


class InspectorWidgets(QWidget):
    """Every widget of the HTTP inspector dock, laid out around ``model``; nothing connected."""

    def __init__(self, model: ExchangeModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.table = QTableView()
        self.table.setModel(model)
        self.table.setAccessibleName(self.tr("HTTP exchanges"))
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # Fixed widths, not ResizeToContents: that re-measures every row of every column on
        # each insert, which during a burst of deliveries froze the window for seconds.
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        apply_columns(self.table, COLUMNS)
        self.detail = XmlSourceView()
        self.detail.setAccessibleName(self.tr("Exchange detail"))
        self.curl_button = QPushButton(self.tr("Copy as curl"))
        self.secret_curl_button = QPushButton(self.tr("Copy as curl with secrets"))
        self.secret_curl_button.setAccessibleName(self.tr("Copy as curl with the real secrets"))
        self.secret_curl_button.setToolTip(
            self.tr(
                "Copy the request with the credentials kept for its origin and, for a "
                "subscription request, its real hub.secret: in clear"
            )
        )
        self.replay_button = QPushButton(self.tr("Replay delivery"))
        self.curl_button.setAccessibleName(self.tr("Copy as curl"))
        self.replay_button.setAccessibleName(self.tr("Replay delivery to its callback"))
        self.curl_button.setToolTip(
            self.tr("Copy the selected request as a curl command, credentials and secrets masked")
        )
        self.replay_button.setToolTip(self.tr("POST the selected delivery again to its callback"))
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setToolTip(
            self.tr("Save exchanges as HAR 1.2, CSV or JSON lines, secrets masked")
        )
        export_menu = QMenu(self.export_button)
        self.export_all_action = export_menu.addAction(self.tr("All exchanges…"))
        self.export_shown_action = export_menu.addAction(self.tr("The filtered exchanges…"))
        self.export_selected_action = export_menu.addAction(self.tr("The selected exchanges…"))
        self.export_button.setMenu(export_menu)
        self.status = ElidedLabel()  # long feedback is elided, never widens the row
        buttons = QHBoxLayout()
        buttons.addWidget(self.curl_button)
        buttons.addWidget(self.secret_curl_button)
        buttons.addWidget(self.replay_button)
        buttons.addWidget(self.export_button)
        buttons.addStretch(1)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(
            self.tr("Filter: method, status, kind, topic or URL words")
        )
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Exchange filter"))
        self.filter_edit.setToolTip(
            self.tr('Every word must match, e.g. "POST 202" or "delivery in"')
        )
        self.follow = QCheckBox(self.tr("Follow newest"))
        self.follow.setChecked(True)
        self.follow.setToolTip(
            self.tr("Keep the newest exchange in view; pauses while a row is selected")
        )
        self.count_label = PlainLabel()
        self.count_label.setAccessibleName(self.tr("Exchange count"))
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(self.follow)
        filters.addWidget(self.count_label)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(buttons)
        right_layout.addWidget(self.status)  # a row of its own: the buttons never move
        right_layout.addWidget(self.detail, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(right)
        splitter.setSizes([500, 500])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)
