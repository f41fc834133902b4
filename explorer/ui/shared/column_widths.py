"""Starting widths of table columns, never narrower than the column's title.

Tables start with fixed widths (measuring every row on each insert froze the window
during bursts), chosen for the English titles; a title in another language can be wider
(ステータス against status), so each width grows to fit its title as shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

TITLE_PADDING = 24
"""Room for the sort indicator and the section's margins."""


def set_column_widths(table: QTableView, widths: Iterable[int]) -> None:
    """Give each column its width from ``widths`` (0 leaves one alone), or its title's."""
    model = table.model()
    metrics = table.horizontalHeader().fontMetrics()
    for column, width in enumerate(widths):
        if not width:
            continue
        title = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        fitted = metrics.horizontalAdvance(str(title or "")) + TITLE_PADDING
        table.setColumnWidth(column, max(width, fitted))
