"""File ▸ Open folder as Source…: a folder of documents, before upload, opened like a URL.

The dialog asks for the folder and the base URL it will be served at; the services
remember the pair (``use_folder``) and the window opens the folder's ``file:`` address,
so history, Back and Re-discover work as for any Source. The pairs are kept in the
settings, so a folder picked from the address history opens again after a restart.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from explorer.net.source.disk_source import DiskSourceError
from explorer.ui.shared.folder_choice import choose_folder
from explorer.ui.source.folder_widgets import FolderDialogWidgets

if TYPE_CHECKING:
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.shell import Shell

FOLDERS_KEY = "source/folders"
"""Settings: JSON list of [folder, base URL], the most recent first."""
FOLDERS_KEPT = 20


class OpenFolderDialog(FolderDialogWidgets):
    """Checks the folder and base URL before the window opens them; a problem is shown
    in the dialog, which stays open to fix it."""

    def __init__(self, services: ExplorerServices, window: Shell) -> None:
        super().__init__(window.widget())
        self.services = services
        self.shell = window
        recent = stored_folders(window)
        if recent:
            self.folder_edit.setText(recent[0][0])
            self.base_url_edit.setText(recent[0][1])
        self.browse_button.clicked.connect(self.browse)
        self.buttons.accepted.connect(self.open_folder)
        self.buttons.rejected.connect(self.reject)

    def browse(self) -> QFileDialog:
        return choose_folder(self, self.tr("Folder to read as a Source"), self.folder_edit)

    def open_folder(self) -> bool:
        folder, base_url = self.folder_edit.text().strip(), self.base_url_edit.text().strip()
        try:
            address = self.services.use_folder(folder, base_url)
        except DiskSourceError as exc:
            self.problem.setText(str(exc))
            self.problem.show()
            return False
        remember_folder(self.shell, folder, base_url)
        self.accept()
        self.shell.open_url(address)
        return True


def stored_folders(window: Shell) -> list[tuple[str, str]]:
    try:
        pairs = json.loads(str(window.settings.value(FOLDERS_KEY, "[]")))
    except ValueError:
        return []
    return [
        (str(pair[0]), str(pair[1])) for pair in pairs if isinstance(pair, list) and len(pair) == 2
    ]


def remember_folder(window: Shell, folder: str, base_url: str) -> None:
    pairs = [[folder, base_url]] + [[f, b] for f, b in stored_folders(window) if f != folder]
    window.settings.setValue(FOLDERS_KEY, json.dumps(pairs[:FOLDERS_KEPT]))


def restore_folders(services: ExplorerServices, window: Shell) -> None:
    """The folders opened before, so their addresses in the history open again."""
    for folder, base_url in stored_folders(window):
        try:
            services.use_folder(folder, base_url)
        except DiskSourceError:
            continue  # moved or deleted since: its address says so when opened


def ask_folder(services: ExplorerServices, window: Shell) -> OpenFolderDialog:
    dialog = OpenFolderDialog(services, window)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
