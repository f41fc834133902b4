"""The Settings dialog: one tab per page, applied together on OK.

A page is any widget with an ``apply()`` method (called when the user accepts). The
dialog is opened with ``open()``, never ``exec()``: a nested event loop would stall the
asyncio tasks that share the Qt loop (docs/architecture.md, "Rules of the event loop").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from explorer.ui.shared.app_settings import AppSettings


class SettingsPage(Protocol):
    def apply(self) -> None: ...


class SettingsDialog(QDialog):
    """Tabs of settings pages; ``applied`` fires after every page applied its values."""

    applied = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.setObjectName("SettingsDialog")
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName(self.tr("Settings pages"))
        self._pages: list[SettingsPage] = []
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.accepted.connect(self._apply)

    def add_page(self, title: str, page: QWidget) -> None:
        """Add a page; it must have ``apply()``."""
        self.tabs.addTab(page, title)
        self._pages.append(page)  # type: ignore[arg-type]

    def page(self, title: str) -> QWidget | None:
        for index in range(self.tabs.count()):
            if self.tabs.tabText(index) == title:
                return self.tabs.widget(index)
        return None

    def _apply(self) -> None:
        for page in self._pages:
            page.apply()
        self.applied.emit()


def app_settings_dialog(parent: QWidget, values: AppSettings) -> SettingsDialog:
    """The dialog with the app's own pages (General, Live, Appearance, Fleet) editing ``values``;
    features add theirs (credentials, network) with ``add_page``. The titles keep the
    ``MainWindow`` translation context they were written under."""
    from explorer.ui.settings.settings_pages import (
        AppearancePage,
        FleetPage,
        GeneralPage,
        LivePage,
    )

    dialog = SettingsDialog(parent)
    for title, page in (
        (QCoreApplication.translate("MainWindow", "General"), GeneralPage(values)),
        (QCoreApplication.translate("MainWindow", "Live"), LivePage(values)),
        (QCoreApplication.translate("MainWindow", "Appearance"), AppearancePage(values)),
        (QCoreApplication.translate("MainWindow", "Fleet"), FleetPage(values)),
    ):
        dialog.add_page(title, page)
    return dialog
