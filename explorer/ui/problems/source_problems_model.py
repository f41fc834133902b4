"""Every finding of the open Source in one table: the Problems view's rows and filters.

One row per finding, with the document (or channel) it was reported on, sorted as the
report groups them: Required (errors) first, then Recommended (warnings), then
Informational, each in the tree's document order and by line. The filters (severity,
code, document) and the next/previous step are here, so they are tested without widgets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt

from explorer.core.findings import SEVERITY_ORDER, Severity
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.source.inspection import Located
from explorer.ui.language import finding_text, severity_text, spec_text
from explorer.ui.shared.columns import STRETCH, Column
from explorer.ui.shared.icons import severity_icon
from explorer.ui.shared.plain_text import tooltip_text
from explorer.ui.shared.row_table_model import Index, RowTableModel

SOURCE_WIDE = ""
"""The document key of findings about the Source as a whole (discovery, the crawl)."""


def place_of(problem: Located) -> str:
    """Where a finding was reported: the channel's topic, the document's URL, or
    ``SOURCE_WIDE``; the document filter and the Document column use it."""
    return problem.channel or problem.document or SOURCE_WIDE


def place_text(place: str) -> str:
    if place == SOURCE_WIDE:
        return QCoreApplication.translate("SourceProblemsModel", "(the Source)")
    return place


def _line(problem: Located) -> str:
    return "" if problem.finding.line is None else str(problem.finding.line)


COLUMNS: tuple[Column[Located], ...] = (
    Column(
        "severity",
        QT_TRANSLATE_NOOP("SourceProblemsModel", "severity"),
        90,
        lambda problem: severity_text(problem.finding.severity),
    ),
    Column(
        "code",
        QT_TRANSLATE_NOOP("SourceProblemsModel", "code"),
        200,
        lambda problem: problem.finding.code,
    ),
    Column(
        "document",
        QT_TRANSLATE_NOOP("SourceProblemsModel", "document"),
        300,
        lambda problem: place_text(place_of(problem)),
        tooltip=True,
    ),
    Column("line", QT_TRANSLATE_NOOP("SourceProblemsModel", "line"), 50, _line),
    Column(
        "message",
        QT_TRANSLATE_NOOP("SourceProblemsModel", "message"),
        STRETCH,
        lambda problem: finding_text(problem.finding),
        tooltip=True,
    ),
    Column(
        "spec",
        QT_TRANSLATE_NOOP("SourceProblemsModel", "spec"),
        120,
        lambda problem: spec_text(problem.finding.spec),
    ),
)


class SourceProblemsModel(RowTableModel):
    """All the Source's findings (``set_problems``), of which the rows are those the
    filter lets through; ``UserRole`` gives a row's ``Located``."""

    headers = tuple(column.title for column in COLUMNS)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[Located] = []
        self._severities: frozenset[Severity] = frozenset(Severity)
        self._code: str | None = None
        self._place: str | None = None
        self._order: dict[str, int] = {}  # place → its first finding's position

    # --- contents
    def set_problems(self, problems: Sequence[Located]) -> None:
        """Replace every finding; the filter stays as it was."""
        order: dict[str, int] = {}
        for problem in problems:
            order.setdefault(place_of(problem), len(order))
        self._order = order
        self._all = sorted(
            problems,
            key=lambda p: (
                SEVERITY_ORDER[p.finding.severity],
                order[place_of(p)],
                p.finding.line or 0,
            ),
        )
        self._apply()

    @property
    def total(self) -> int:
        """Findings of the Source, whatever the filter."""
        return len(self._all)

    def counts(self) -> Counter[Severity]:
        """Findings per severity, whatever the filter (for the filter's own labels)."""
        return Counter(problem.finding.severity for problem in self._all)

    def codes(self) -> list[tuple[str, int]]:
        """Every code found, alphabetically, with how many times."""
        return sorted(Counter(problem.finding.code for problem in self._all).items())

    def places(self) -> list[tuple[str, int]]:
        """Every document or channel with findings, in the tree's order, with how many."""
        counts = Counter(place_of(problem) for problem in self._all)
        return sorted(counts.items(), key=lambda item: self._order[item[0]])

    # --- filter
    def set_filter(
        self,
        severities: Iterable[Severity] | None = None,
        code: str | None = None,
        place: str | None = None,
    ) -> None:
        """Show only the findings of these severities (None: all), this code and this
        document or channel (None: any; ``SOURCE_WIDE`` for the Source-wide ones)."""
        self._severities = frozenset(Severity if severities is None else severities)
        self._code, self._place = code, place
        self._apply()

    def _apply(self) -> None:
        self.beginResetModel()
        self._rows = [
            problem
            for problem in self._all
            if problem.finding.severity in self._severities
            and (self._code is None or problem.finding.code == self._code)
            and (self._place is None or place_of(problem) == self._place)
        ]
        self.endResetModel()

    # --- rows
    def problem(self, row: int) -> Located:
        return self._rows[row]

    def row_of(self, problem: Located) -> int | None:
        return next((row for row, shown in enumerate(self._rows) if shown is problem), None)

    def step(self, current: int | None, forward: bool) -> int | None:
        """The row of the next (or previous) problem after ``current``, wrapping round
        at either end; the first (or last) when nothing is current; None with no rows."""
        count = len(self._rows)
        if not count:
            return None
        if current is None or not 0 <= current < count:
            return 0 if forward else count - 1
        return (current + (1 if forward else -1)) % count

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        problem = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.value(problem)
        if role == Qt.ItemDataRole.DecorationRole and column.key == "severity":
            return severity_icon(problem.finding.severity)
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip:
            return tooltip_text(column.value(problem))
        if role == Qt.ItemDataRole.UserRole:
            return problem
        return None
