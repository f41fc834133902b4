"""Edit ▸ Settings…: the dialog opened from the window, one at a time, and the values
the user accepts stored and announced to the features.

What the values change in the engines is ``settings_effects``' part; it listens to the
window's ``settings_applied``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from explorer.ui.shared.app_settings import AppSettings, load_settings, save_settings
from explorer.ui.shared.feedback import confirm

if TYPE_CHECKING:
    from explorer.ui.settings.settings_dialog import SettingsDialog
    from explorer.ui.shell.main_window import MainWindow


class SettingsController(QObject):
    """Opens the Settings dialog without a nested event loop (docs/architecture.md,
    "Rules of the event loop"), raising the open one instead of a second."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: SettingsDialog | None = None

    def show(self) -> SettingsDialog:
        from explorer.ui.settings.settings_dialog import app_settings_dialog  # on first use

        if self.dialog is not None:
            self.dialog.raise_()
            return self.dialog
        values = load_settings(self.window.settings)
        dialog = app_settings_dialog(self.window, values)
        if self.window.auth_prompt is not None:
            self.window.auth_prompt.add_settings_pages(dialog)
        dialog.applied.connect(lambda: self.apply(values))
        dialog.finished.connect(self._closed)
        self.dialog = dialog
        dialog.open()
        return dialog

    def _closed(self) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None

    def apply(self, values: AppSettings) -> None:
        """Store the preferences and put them into effect (``explorer.ui.app`` wires what
        needs the engines to the window's ``settings_applied``)."""
        save_settings(self.window.settings, values)
        self.window.preferences = values
        self.window.settings_applied.emit(values)
        confirm(self.window, QCoreApplication.translate("MainWindow", "settings saved"))
