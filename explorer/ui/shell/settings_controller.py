"""Edit ▸ Settings…: the dialog opened from the window, one at a time, and the values
the user accepts stored and announced to the features.

What the values change is each feature's part: they hear them through
``Shell.on_settings`` (the settings feature's ``settings_effects`` for the engines).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QSettings
from PySide6.QtWidgets import QWidget

from explorer.ui.shared.app_settings import AppSettings, load_settings, save_settings
from explorer.ui.shared.feedback import confirm

if TYPE_CHECKING:
    from explorer.ui.settings.settings_dialog import SettingsDialog


class SettingsController(QObject):
    """Opens the Settings dialog without a nested event loop (docs/architecture.md,
    "Rules of the event loop"), raising the open one instead of a second."""

    def __init__(
        self,
        window: QWidget,
        store: QSettings,
        add_pages: Callable[[SettingsDialog], object],
        accepted: Callable[[AppSettings], object],
    ) -> None:
        """``add_pages`` adds the pages of features to a new dialog; ``accepted`` puts
        values the user accepted into effect (after they are stored)."""
        super().__init__(window)
        self.window = window
        self.store = store
        self.add_pages = add_pages
        self.accepted = accepted
        self.dialog: SettingsDialog | None = None

    def show(self) -> SettingsDialog:
        from explorer.ui.settings.settings_dialog import app_settings_dialog  # on first use

        if self.dialog is not None:
            self.dialog.raise_()
            return self.dialog
        values = load_settings(self.store)
        dialog = app_settings_dialog(self.window, values)
        self.add_pages(dialog)
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
        save_settings(self.store, values)
        self.accepted(values)
        confirm(self.window, QCoreApplication.translate("MainWindow", "settings saved"))
