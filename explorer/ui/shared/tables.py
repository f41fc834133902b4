"""A read-only table view of a filtered row model: the History, audit and watchdog views
show their rows alike."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractItemView, QTableView

from explorer.ui.shared.columns import apply_columns
from explorer.ui.shared.filtered_rows_model import FilteredRowsModel


def table(model: FilteredRowsModel[Any]) -> QTableView:
    """A read-only table of rows, selected whole, its columns from the model's."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    view.horizontalHeader().setStretchLastSection(True)
    apply_columns(view, model.columns)
    return view
