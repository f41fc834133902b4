"""The evidence of one verdict: its words above, the exchanges that show it listed at the
left and the selected one in full at the right. The hub's checks and the subscriber's
tests show theirs in this same pane, and their verdicts in the same table, so both read
alike."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QHeaderView,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from explorer.net.conformance import describe_exchange
from explorer.net.store.records import ExchangeRecord
from explorer.ui.shared.exchange_text import describe
from explorer.ui.shared.plain_text import PlainLabel, PlainTextView


class EvidencePane(QWidget):
    """``detail_label`` (the verdict's words), ``evidence_list`` and ``exchange_view``."""

    def __init__(self, placeholder: str, detail_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._placeholder = placeholder
        self.detail_label = PlainLabel(placeholder)
        self.detail_label.setWordWrap(True)
        self.detail_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail_label.setAccessibleName(detail_name)
        self.evidence_list = QListWidget()
        self.evidence_list.setAccessibleName(self.tr("Evidence"))
        self.exchange_view = PlainTextView()
        self.exchange_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.exchange_view.setAccessibleName(self.tr("Exchange detail"))
        for view in (self.evidence_list, self.exchange_view):  # the dock may be short
            view.setMinimumHeight(self.fontMetrics().height() * 2)
        # the exchanges beside the one shown, not above it: the dock's height is short
        evidence = QSplitter(Qt.Orientation.Horizontal)
        evidence.addWidget(self.evidence_list)
        evidence.addWidget(self.exchange_view)
        evidence.setStretchFactor(0, 1)
        evidence.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.detail_label)
        layout.addWidget(evidence, 1)
        self.evidence_list.currentRowChanged.connect(self._show_exchange)

    def show_evidence(self, lines: Sequence[str], records: Sequence[ExchangeRecord]) -> None:
        """``lines`` above, ``records`` listed, the first of them shown in full."""
        self.clear()
        self.detail_label.setText("\n".join(lines))
        for record in records:
            entry = QListWidgetItem(describe_exchange(record))
            entry.setData(Qt.ItemDataRole.UserRole, record)
            self.evidence_list.addItem(entry)
        if records:
            self.evidence_list.setCurrentRow(0)

    def clear(self) -> None:
        self.evidence_list.clear()
        self.exchange_view.clear()

    def reset(self) -> None:
        """Back to the placeholder: nothing selected."""
        self.clear()
        self.detail_label.setText(self._placeholder)

    def _show_exchange(self, row: int) -> None:
        item = self.evidence_list.item(row) if row >= 0 else None
        if item is None:
            self.exchange_view.clear()
            return
        self.exchange_view.setPlainText(describe(item.data(Qt.ItemDataRole.UserRole)))


def results_tree(headers: list[str], accessible_name: str, name_width: int) -> QTreeWidget:
    """The table of verdicts both workbenches show (verdict, the check or test, its
    words): one line a row, the verdict column fitted, the name column ``name_width``
    wide and movable, the words stretched and elided, four rows high at the least so a
    laptop's dock still shows some."""
    tree = QTreeWidget()
    tree.setHeaderLabels(headers)
    tree.setRootIsDecorated(False)
    tree.setUniformRowHeights(True)
    tree.setAccessibleName(accessible_name)
    header = tree.header()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
    header.resizeSection(1, name_width)
    header.setStretchLastSection(True)
    tree.setTextElideMode(Qt.TextElideMode.ElideRight)
    tree.setMinimumHeight(tree.fontMetrics().height() * 4)
    return tree
