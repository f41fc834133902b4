"""What the window's own actions do when triggered: the Source's navigation, focus and
copy, Settings, the layout and Help. ``MainWindowWidgets`` builds the actions and puts
them in the menus and toolbar; the features connect their own (Open folder, Export
report, Save recording, the problems, Signature) where they are installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication

from explorer.ui.shared.feedback import confirm

if TYPE_CHECKING:
    from explorer.ui.shell.main_window_widgets import MainWindowWidgets


def focus_address(window: MainWindowWidgets) -> None:
    window.address.setFocus()
    address_line = window.address.lineEdit()
    if address_line is not None:
        address_line.selectAll()


def copy_document_url(window: MainWindowWidgets) -> None:
    url = window.document_view.url
    if url:
        QGuiApplication.clipboard().setText(url)
        confirm(window, QCoreApplication.translate("MainWindow", "copied {url}").format(url=url))


def show_about(window: MainWindowWidgets) -> None:
    from explorer.ui.shell.about import show_about  # not needed for the first frame

    show_about(window)
