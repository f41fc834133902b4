"""The Fleet view's table: one row per Source of the fleet, as ``fleet status`` lists them.

Every cell is the health row's (``SourceHealth``): URLs and error messages come from the
network and are shown as plain text by the base model. States, audit verdicts and error
messages are catalog keys, said here in the window's language, the words the command uses.
Sorting sorts the Python list (numbers as numbers, times as times), as the other tables do.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar

from PySide6.QtCore import Qt

from explorer.core import catalog
from explorer.core.fleet.health import SourceHealth
from explorer.core.phrase import Phrase
from explorer.core.words.messages import render_phrase
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.language import ui_language
from explorer.ui.shared.columns import STRETCH, Column
from explorer.ui.shared.filtered_rows_model import FilteredRowsModel

PROBLEM = "problem"
"""``choice_of`` a Source ``fleet status --problems`` lists."""
NEVER = datetime.min.replace(tzinfo=UTC)


def moment_text(value: datetime | None) -> str:
    """A time as the table shows it: local time to the minute; empty for never."""
    return "" if value is None else value.astimezone().strftime("%Y-%m-%d %H:%M")


def state_text(row: SourceHealth) -> str:
    return catalog.text(f"fleet.state.{row.state}", ui_language())


def audit_text(row: SourceHealth) -> str:
    return catalog.text(row.audit, ui_language()) if row.audit else ""


def error_text(row: SourceHealth) -> str:
    """The run's error, said from its key and params in the window's language."""
    return render_phrase(Phrase.from_json(row.error), ui_language()) if row.error else ""


def _count(value: int) -> str:
    return f"{value:,}"


class FleetModel(FilteredRowsModel[SourceHealth]):
    """The health table; ``set_filter(PROBLEM)`` keeps the Sources needing a look."""

    columns = (
        Column("url", QT_TRANSLATE_NOOP("FleetModel", "Source"), 330, lambda r: r.url, True),
        Column("state", QT_TRANSLATE_NOOP("FleetModel", "state"), 90, state_text),
        Column(
            "last",
            QT_TRANSLATE_NOOP("FleetModel", "last run"),
            130,
            lambda r: moment_text(r.last_run_at),
        ),
        Column(
            "next",
            QT_TRANSLATE_NOOP("FleetModel", "next run"),
            130,
            lambda r: moment_text(r.next_run_at),
        ),
        Column("errors", QT_TRANSLATE_NOOP("FleetModel", "errors"), 60, lambda r: _count(r.errors)),
        Column(
            "warnings",
            QT_TRANSLATE_NOOP("FleetModel", "warnings"),
            70,
            lambda r: _count(r.warnings),
        ),
        Column(
            "unannounced",
            QT_TRANSLATE_NOOP("FleetModel", "unannounced changes"),
            90,
            lambda r: _count(r.unannounced),
        ),
        Column("audit", QT_TRANSLATE_NOOP("FleetModel", "audit"), 100, audit_text),
        Column("error", QT_TRANSLATE_NOOP("FleetModel", "error"), STRETCH, error_text, True),
    )
    sort_keys: ClassVar[dict[str, Any]] = {
        "last": lambda r: r.last_run_at or NEVER,
        "next": lambda r: r.next_run_at or NEVER,
        "errors": lambda r: r.errors,
        "warnings": lambda r: r.warnings,
        "unannounced": lambda r: r.unannounced,
    }
    """Columns sorted by value, not by their text (else by the text shown)."""

    def choice_of(self, row: SourceHealth) -> str:
        return PROBLEM if row.is_problem else ""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._order: tuple[int, Qt.SortOrder] | None = None

    def set_rows(self, rows: Sequence[SourceHealth]) -> None:
        """The rows, in the order the user sorted by (kept across a refresh)."""
        ordered = list(rows)
        if self._order is not None:
            shown = self.columns[self._order[0]]
            ordered.sort(
                key=self.sort_keys.get(shown.key, shown.value),
                reverse=self._order[1] == Qt.SortOrder.DescendingOrder,
            )
        super().set_rows(ordered)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._order = (column, order)
        self.set_rows(self._all)
