"""The Problems dock's controller: every finding of every loaded document of the open
Source, filtered, with next/previous problem (F8, Shift+F8) and a click that opens the
document at the finding's line.

It reads the findings from the services (``source_problems``) whenever the crawl reports
a document, at most every quarter second, and only while the dock is shown: a Source of
thousands of documents does not rebuild a hidden table on each one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QModelIndex, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QComboBox

from explorer.core.findings import Severity
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.source.inspection import Located
from explorer.ui.problems.source_problems_model import SOURCE_WIDE, place_of, place_text
from explorer.ui.problems.source_problems_widgets import SourceProblemsWidgets
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.plain_text import clip
from explorer.ui.shared.problems_view import describe_finding
from explorer.ui.shared.wording import count_text

if TYPE_CHECKING:
    from explorer.ui.problems.report_export import ReportExport
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.shell import Shell

REFRESH_MS = 250
GROUPS = {  # the report's grades, as repository managers read them
    Severity.ERROR: QT_TRANSLATE_NOOP("SourceProblemsPanel", "Required ({count})"),
    Severity.WARNING: QT_TRANSLATE_NOOP("SourceProblemsPanel", "Recommended ({count})"),
    Severity.INFO: QT_TRANSLATE_NOOP("SourceProblemsPanel", "Informational ({count})"),
}


class SourceProblemsPanel(SourceProblemsWidgets):
    """Fills the table from the open Source and moves the window to the chosen finding."""

    def __init__(self, services: ExplorerServices, window: Shell) -> None:
        super().__init__()
        self.services = services
        self.shell = window
        self.report_export: ReportExport | None = None  # set by the feature's install
        self._stale = True
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._refresh_if_shown)
        services.node_updated.connect(self._schedule)
        window.source_opened.connect(self._schedule)
        for box in self.severity_boxes.values():
            box.toggled.connect(self._filter_changed)
        self.code_filter.currentIndexChanged.connect(self._filter_changed)
        self.place_filter.currentIndexChanged.connect(self._filter_changed)
        self.table.clicked.connect(lambda index: self.open_problem(index.row()))
        self.table.activated.connect(lambda index: self.open_problem(index.row()))
        self.table.selectionModel().currentRowChanged.connect(self._current)
        self.model.modelReset.connect(lambda: self.detail.setText(""))
        window.action("next_problem").triggered.connect(lambda: self.go(forward=True))
        window.action("previous_problem").triggered.connect(lambda: self.go(forward=False))
        self.refresh()

    # --- contents
    def _schedule(self, *_changed: object) -> None:
        """At most one refresh per ``REFRESH_MS`` while documents keep coming (a timer
        restarted on each would wait for the crawl to end)."""
        if not self._timer.isActive():
            self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def _refresh_if_shown(self) -> None:
        self._stale = True
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Read every finding of the open Source again; the filter and the selected
        finding stay where they were when they still exist."""
        self._stale = False
        current = self.table.currentIndex()
        chosen = self.model.problem(current.row()) if current.isValid() else None
        self.model.set_problems(self.services.source_problems())
        self._fill_filters()
        self._filter_changed()
        row = self.model.row_of(chosen) if chosen is not None else None
        if row is not None:
            self.table.selectRow(row)

    def _fill_filters(self) -> None:
        counts = self.model.counts()
        for severity, box in self.severity_boxes.items():
            box.setText(self.tr(GROUPS[severity]).format(count=f"{counts[severity]:,}"))
        every_code = self.tr("every code ({count})").format(count=f"{self.model.total:,}")
        _refill(self.code_filter, every_code, [(code, code, n) for code, n in self.model.codes()])
        every_place = self.tr("every document ({count})").format(count=f"{self.model.total:,}")
        places = [(place, clip(place_text(place), 90), n) for place, n in self.model.places()]
        _refill(self.place_filter, every_place, places)

    def _filter_changed(self) -> None:
        self.model.set_filter(
            [severity for severity, box in self.severity_boxes.items() if box.isChecked()],
            self.code_filter.currentData(),
            self.place_filter.currentData(),
        )
        shown, total = self.model.rowCount(), self.model.total
        if not total:
            text = self.tr("no problems in the loaded documents")
        elif shown == total:
            text = count_text(total, "finding")
        else:
            text = self.tr("{shown} of {total}").format(
                shown=f"{shown:,}", total=count_text(total, "finding")
            )
        self.count_label.setText(text)

    # --- moving to a finding
    def _current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        problem = self.model.problem(current.row()) if current.isValid() else None
        self.detail.setText(describe_problem(problem) if problem is not None else "")

    def go(self, *, forward: bool) -> Located | None:
        """F8 / Shift+F8: select the next (previous) problem and open it."""
        if self._stale:
            self.refresh()
        self.shell.show_dock("ProblemsDock")
        current = self.table.currentIndex()
        row = self.model.step(current.row() if current.isValid() else None, forward)
        if row is None:
            confirm(self, self.tr("no problems to go to"))
            return None
        self.table.selectRow(row)
        return self.open_problem(row)

    def open_problem(self, row: int) -> Located:
        """Show the document (or channel) a finding is about in the tree and the document
        view, at the finding's line in the XML source when it has one."""
        problem = self.model.problem(row)
        place = place_of(problem)
        if place != SOURCE_WIDE:  # a channel's finding: on its Problems tab
            self.shell.navigate(place, problem.finding, at_line=problem.channel is None)
        return problem


def _refill(combo: QComboBox, every: str, items: list[tuple[str, str, int]]) -> None:
    """Replace a filter's choices (``every`` first), keeping the chosen one if it is still
    there, without a signal per item."""
    chosen = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(every, None)
    for key, text, count in items:
        combo.addItem(f"{text} ({count:,})", key)
    found = combo.findData(chosen) if chosen is not None else 0
    combo.setCurrentIndex(max(found, 0))
    combo.blockSignals(False)


def describe_problem(problem: Located) -> str:
    """The finding in full, and where it was reported when the finding does not say."""
    text, place = describe_finding(problem.finding), place_of(problem)
    if place == problem.finding.url:
        return text
    where = QCoreApplication.translate("SourceProblemsPanel", "in {place}")
    return text + "\n" + where.format(place=place_text(place))
