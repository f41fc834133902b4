"""The row above a long table of differences: a choice, words to filter by, how many rows
are shown, and Export… (the History view's comparison and the audit share it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

from explorer.ui.shared.plain_text import PlainLabel


class FilterBar(QWidget):
    """``choice`` holds (text, key) items, the first with key "" for all rows."""

    def __init__(self, everything: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = QComboBox()
        self.choice.addItem(everything, "")
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(placeholder)
        self.edit.setClearButtonEnabled(True)
        self.shown = PlainLabel()
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setEnabled(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.choice)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.shown)
        layout.addWidget(self.export_button)

    def show_counts(self, shown: int, total: int) -> None:
        self.shown.setText(
            self.tr("{shown} of {total}").format(shown=f"{shown:,}", total=f"{total:,}")
        )


def ask_export_file(parent: QWidget, title: str, chosen: Callable[[Path], object]) -> QFileDialog:
    """A save dialog for a CSV or JSON file, opened without a nested event loop; keep the
    returned dialog referenced while it is open."""
    dialog = QFileDialog(parent, title)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    formats = ("CSV (*.csv)", "JSON (*.json)")
    dialog.setNameFilters([QCoreApplication.translate("FilterBar", name) for name in formats])
    dialog.fileSelected.connect(lambda name: chosen(Path(name)))
    dialog.open()
    return dialog
