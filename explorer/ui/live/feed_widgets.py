"""The Live feed dock's widgets: filters, the notification table and the detail tabs."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.live.feed_model import CHANGE, COLUMNS, FRAMEWORK, REJECTED_KIND, FeedModel
from explorer.ui.shared.columns import apply_columns
from explorer.ui.shared.diff_view import SideBySideDiffView
from explorer.ui.shared.problems_model import ProblemsModel
from explorer.ui.shared.problems_view import size_problem_columns
from explorer.ui.shared.xml_view import XmlSourceView

WARNINGS_TAB = 1
DIFF_TAB = 3


class FeedWidgets(QWidget):
    """Layout only: the filter row above a splitter of the table and the detail tabs
    (Changes, Warnings, Payload, Document diff). ``FeedPanel`` gives it behaviour."""

    def __init__(
        self, model: FeedModel, problems: ProblemsModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.problems = problems
        model.setParent(self)
        problems.setParent(self)

        self.kind_filter = QComboBox()
        self.kind_filter.setAccessibleName(self.tr("Channel filter"))
        for label, kind in (
            (self.tr("all channels"), None),
            (self.tr("change"), CHANGE),
            (self.tr("framework"), FRAMEWORK),
            (self.tr("rejected"), REJECTED_KIND),
        ):
            self.kind_filter.addItem(label, kind)
        self.change_filter = QComboBox()
        self.change_filter.setAccessibleName(self.tr("Change type filter"))
        self.change_filter.addItem(self.tr("all changes"), None)
        for change in ("created", "updated", "deleted"):  # rs:md change values, as written
            self.change_filter.addItem(change, change)
        self.text_filter = QLineEdit()
        self.text_filter.setPlaceholderText(self.tr("Filter by topic, loc, code"))
        self.text_filter.setClearButtonEnabled(True)
        self.text_filter.setAccessibleName(self.tr("Feed text filter"))
        self.follow = QCheckBox(self.tr("Auto-scroll"))
        self.follow.setChecked(True)
        self.follow.setAccessibleName(self.tr("Auto-scroll (untick to pause)"))
        self.follow.setToolTip(
            self.tr(
                "Keep the newest notification in view; pauses while a row is selected "
                "or the pointer is over the table"
            )
        )
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.setAccessibleName(self.tr("Clear feed"))
        self.clear_button.setToolTip(self.tr("Remove every row from the feed (asks first)"))
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setAccessibleName(self.tr("Export feed"))
        self.export_button.setToolTip(self.tr("Save the rows shown as JSON lines"))

        self.table = QTableView()
        self.table.setModel(model)
        self.table.setAccessibleName(self.tr("Notifications"))
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # dataset1 and dataset2 differ in the middle of a topic URL: keep both ends
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        apply_columns(self.table, COLUMNS)

        self.changes = QTextBrowser()
        self.changes.setAccessibleName(self.tr("Entry changes"))
        self.problems_table = QTableView()
        self.problems_table.setModel(problems)
        self.problems_table.verticalHeader().hide()
        size_problem_columns(self.problems_table)
        self.problems_table.setAccessibleName(self.tr("Notification warnings"))
        self.payload = XmlSourceView()
        self.payload.setAccessibleName(self.tr("Raw payload"))
        self.document_choice = QComboBox()
        self.document_choice.setAccessibleName(self.tr("Refetched document"))
        self.diff_view = SideBySideDiffView()
        diff_page = QWidget()
        diff_layout = QVBoxLayout(diff_page)
        diff_layout.setContentsMargins(0, 0, 0, 0)
        self.diff_window_button = QPushButton(self.tr("Open in a window"))
        self.diff_window_button.setToolTip(
            self.tr("Show this diff in a window of its own, most of the screen high")
        )
        self.diff_window_button.setEnabled(False)
        choice_row = QHBoxLayout()
        choice_row.addWidget(self.document_choice, 1)
        choice_row.addWidget(self.diff_window_button)
        diff_layout.addLayout(choice_row)
        diff_layout.addWidget(self.diff_view, 1)
        self.detail = QTabWidget()
        self.detail.addTab(self.changes, self.tr("Changes"))
        self.detail.addTab(self.problems_table, self.tr("Warnings"))
        self.detail.addTab(self.payload, self.tr("Payload"))
        self.detail.addTab(diff_page, self.tr("Document diff"))
        self.detail.setAccessibleName(self.tr("Notification detail"))

        filters = QHBoxLayout()
        filters.addWidget(self.kind_filter)
        filters.addWidget(self.change_filter)
        filters.addWidget(self.text_filter, 1)
        self.unseen_button = QPushButton()
        self.unseen_button.setFlat(True)
        self.unseen_button.setToolTip(
            self.tr(
                "Auto-scroll is paused while a row is selected or the pointer is over the table"
            )
        )
        self.unseen_button.hide()
        filters.addWidget(self.follow)
        filters.addWidget(self.unseen_button)
        filters.addWidget(self.clear_button)
        filters.addWidget(self.export_button)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(self.detail)
        splitter.setSizes([570, 430])  # the rows' topic stays readable beside 作成（created）…
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addLayout(filters)
        layout.addWidget(splitter, 1)

    def show_warning_count(self, count: int) -> None:
        """The Warnings tab's title, with the selected row's count when it has any."""
        self.detail.setTabText(
            WARNINGS_TAB,
            self.tr("Warnings ({count})").format(count=count) if count else self.tr("Warnings"),
        )
