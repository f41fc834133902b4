"""A findings table that favours what people read: the code and the message get the
width, the spec section a narrow column; the selected finding's full text shows in a
pane below, and on hover, so nothing important ends in "…"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from explorer.core.findings import Finding, Severity
from explorer.ui.language import finding_text, glossed, severity_text, spec_text
from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.problems_model import ProblemsModel, spec_cell

SEVERITY, CODE, LINE, MESSAGE, SPEC = range(5)
TRANSLATED_SAMPLE = "framework-notification 1.0.1 §13.2.1"
"""The spec column is as wide as a deep section of a translated specification with its
badge: '§13.2.1（訳あり）' in Japanese (the column elides on the left)."""


def size_problem_columns(table: QTableView | QTreeView) -> None:
    """Severity, line and spec narrow and fixed; code sized to its text; the message
    takes the rest of the width."""
    if isinstance(table, QTreeView):
        header, indentation = table.header(), table.indentation()
    else:
        header, indentation = table.horizontalHeader(), 0
    header.setStretchLastSection(False)
    metrics = table.fontMetrics()
    severity = max((severity_text(s) for s in Severity), key=metrics.horizontalAdvance)
    spec = spec_cell(TRANSLATED_SAMPLE).removeprefix(TRANSLATED_SAMPLE.partition("§")[0])
    for column, sample in ((SEVERITY, f"{severity}  "), (LINE, "99999"), (SPEC, f"{spec} ")):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
        indent = indentation if column == SEVERITY else 0
        table.setColumnWidth(column, metrics.horizontalAdvance(sample) + 24 + indent)
    header.setSectionResizeMode(CODE, QHeaderView.ResizeMode.Interactive)
    table.setColumnWidth(CODE, metrics.horizontalAdvance("websub.signature-mismatch") + 16)
    header.setSectionResizeMode(MESSAGE, QHeaderView.ResizeMode.Stretch)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.setItemDelegateForColumn(SPEC, ElideLeft(table))  # the section stays in view
    table.setWordWrap(False)


class ElideLeft(QStyledItemDelegate):
    """Cuts a cell's text on the left: for citations, whose end (the section) matters."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideLeft


class ProblemsView(QWidget):
    """The table of a ``ProblemsModel`` with a detail pane; ``chosen`` gives the finding
    the user clicked or activated (to go to its line)."""

    chosen = Signal(object)

    def __init__(self, model: ProblemsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.table = QTreeView()  # a code found many times is one row that expands
        self.table.setModel(model)
        self.table.setUniformRowHeights(True)
        self.table.setAllColumnsShowFocus(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAccessibleName(self.tr("Problems"))
        size_problem_columns(self.table)
        split, self.detail = with_detail_pane(self.table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        self.table.clicked.connect(self._chosen)
        self.table.activated.connect(self._chosen)
        self.table.selectionModel().currentRowChanged.connect(self._current)
        model.modelReset.connect(lambda: self.detail.setText(""))

    def _current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.detail.setText(
            describe_finding(item) if (item := self.model.finding_at(current)) else ""
        )

    def _chosen(self, index: QModelIndex) -> None:
        item = self.model.finding_at(index)
        if item is not None:
            self.chosen.emit(item)


def with_detail_pane(table: QWidget) -> tuple[QSplitter, PlainLabel]:
    """``table`` above a pane for the selected finding in full (selectable text): the
    message column can end in "…", the pane never does."""
    detail = PlainLabel()
    detail.setWordWrap(True)
    detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    detail.setAccessibleName(QCoreApplication.translate("ProblemsView", "Problem detail"))
    detail.setMargin(4)
    split = QSplitter(Qt.Orientation.Vertical)
    split.addWidget(table)
    split.addWidget(detail)
    split.setStretchFactor(0, 4)
    split.setStretchFactor(1, 1)
    split.setChildrenCollapsible(False)
    return split, detail


def describe_finding(item: Finding) -> str:
    """Every field of a finding, on a few lines."""
    where = []
    if item.line is not None and item.column:
        where.append(
            QCoreApplication.translate("ProblemsView", "line {line}, column {column}").format(
                line=item.line, column=item.column
            )
        )
    elif item.line is not None:
        where.append(
            QCoreApplication.translate("ProblemsView", "line {line}").format(line=item.line)
        )
    if item.spec:
        where.append(spec_text(item.spec))
    head = f"{severity_text(item.severity)} {item.code}"
    if where:
        separator = QCoreApplication.translate("ProblemsView", "; ")
        head = QCoreApplication.translate("ProblemsView", "{head} ({where})").format(
            head=head, where=separator.join(where)
        )
    message = glossed(finding_text(item))  # a document's English name once, in Japanese
    return "\n".join(part for part in (head, message, item.url or "") if part)
