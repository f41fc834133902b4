"""The Consumers tab of the document view: what each program that reads the shown document
takes from it, and, for the consumer selected, its problems (a click lands on the line, as
on the Problems tab).

A publisher asks "will Google accept my Resource List?" before a search console tells
them weeks later; the answer is the engine's prediction (``explorer.core.consumers``),
computed off the GUI thread on the bytes the crawl already read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.core.consumers.engine import CONSUMER_NAMES
from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.problems_model import ProblemsModel
from explorer.ui.shared.problems_view import ProblemsView
from explorer.ui.source.consumers_model import ConsumersModel

if TYPE_CHECKING:
    from explorer.core.consumers.verdict import Verdict


class ConsumersView(QWidget):
    """The consumers table above the selected consumer's problems; ``chosen`` gives the
    problem the user clicked (to go to its line)."""

    chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ConsumersModel(self)
        self.problems = ProblemsModel(self)
        self.status = PlainLabel()
        self.status.setAccessibleName(self.tr("Consumers status"))
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setAccessibleName(self.tr("Consumers"))
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 4)
        self.table.setFixedHeight(  # every consumer at once: the rows are the answer
            self.table.horizontalHeader().sizeHint().height()
            + rows.defaultSectionSize() * len(CONSUMER_NAMES)
            + 2 * self.table.frameWidth()
        )
        self.problems_view = ProblemsView(self.problems)
        self.problems_view.chosen.connect(self.chosen)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.status)
        layout.addWidget(self.table)
        layout.addWidget(self.problems_view, 1)
        self.table.selectionModel().currentRowChanged.connect(self._current)
        self.clear()

    def clear(self, text: str | None = None) -> None:
        """No verdicts (yet): ``text`` says why."""
        self.model.set_verdicts({})
        self.problems.set_findings([])
        self.status.setText(text or self.tr("Select a document to see what its readers take."))

    def reading(self) -> None:
        self.clear(self.tr("Reading the document as each consumer would…"))

    def show_verdicts(self, verdicts: dict[str, Verdict]) -> None:
        """One row per consumer; the first that does not take the whole document is
        selected, so its problems show at once."""
        self.model.set_verdicts(verdicts)
        self.status.setText(self.tr("What each program that reads this document takes from it."))
        troubled = next(
            (
                row
                for row in range(self.model.rowCount())
                if not self.model.verdict(row).reads
                or self.model.verdict(row).dropped_total
                or self.model.verdict(row).problems_total
            ),
            0,
        )
        if self.model.rowCount():
            self.table.selectRow(troubled)

    def _current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.problems.set_findings(
            self.model.verdict(current.row()).problems if current.isValid() else []
        )
