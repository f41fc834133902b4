"""Choosing a folder into a line edit, without a nested event loop (a modal ``exec()``
inside the qasync loop would stall every task of the window)."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog, QLineEdit, QWidget


def choose_folder(parent: QWidget, title: str, into: QLineEdit) -> QFileDialog:
    """Open a folder picker at ``into``'s folder; the folder chosen goes into ``into``."""
    dialog = QFileDialog(parent, title, into.text())
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
    dialog.fileSelected.connect(into.setText)
    dialog.open()
    return dialog
