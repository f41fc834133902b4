"""The Open folder as Source dialog's view: the folder, the base URL it will be served
at, and why the last try could not be used. Built only; ``OpenFolderDialog`` connects it."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.shared.plain_text import PlainLabel


class FolderDialogWidgets(QDialog):
    """Every widget of the dialog, laid out; nothing connected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open folder as Source"))
        self.setMinimumWidth(560)
        intro = PlainLabel(
            self.tr(
                "Read a folder of ResourceSync documents as the Source it will be once "
                "uploaded: every file is read as if served at the base URL, and links "
                "resolve to files. Checks that need an HTTP server are not applicable on disk."
            )
        )
        intro.setWordWrap(True)
        self.folder_edit = QLineEdit()
        self.folder_edit.setAccessibleName(self.tr("Folder"))
        self.folder_edit.setPlaceholderText(self.tr("the folder that holds the documents"))
        self.browse_button = QPushButton(self.tr("Browse…"))
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder_edit, 1)
        folder_row.addWidget(self.browse_button)
        self.base_url_edit = QLineEdit()
        self.base_url_edit.setAccessibleName(self.tr("Base URL"))
        self.base_url_edit.setPlaceholderText("https://example.org/rs/")
        self.base_url_edit.setToolTip(
            self.tr("The address the folder will be served at once uploaded")
        )
        form = QFormLayout()
        form.addRow(self.tr("Folder:"), folder_row)
        form.addRow(self.tr("Base URL:"), self.base_url_edit)
        self.problem = PlainLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828")
        self.problem.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
