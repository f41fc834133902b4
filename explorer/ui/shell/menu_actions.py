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
from explorer.ui.shell.help_menu import open_guide, show_shortcuts
from explorer.ui.shell.window_state import reset_layout

if TYPE_CHECKING:
    from explorer.ui.shell.main_window import MainWindow


def connect_menu_actions(window: MainWindow) -> None:
    """Needs the window's features built (``MainWindow.build_features``)."""
    source = window.source
    for action, slot in (
        (window.address_action, lambda: focus_address(window)),
        (window.back_action, source.go_back),
        (window.forward_action, source.go_forward),
        (window.refresh_action, source.refresh),
        (window.rediscover_action, source.rediscover),
        (window.settings_action, window.settings_controller.show),
        (window.quit_action, window.quit_requested.emit),
        (window.find_action, window.document_view.focus_filter),
        (window.copy_url_action, lambda: copy_document_url(window)),
        (window.reset_layout_action, lambda: reset_layout(window)),
        (window.about_action, lambda: show_about(window)),
        (window.guide_action, lambda: open_guide(window)),
        (window.shortcuts_action, lambda: show_shortcuts(window)),
    ):
        action.triggered.connect(slot)


def focus_address(window: MainWindow) -> None:
    window.address.setFocus()
    address_line = window.address.lineEdit()
    if address_line is not None:
        address_line.selectAll()


def copy_document_url(window: MainWindow) -> None:
    url = window.document_view.url
    if url:
        QGuiApplication.clipboard().setText(url)
        confirm(window, QCoreApplication.translate("MainWindow", "copied {url}").format(url=url))


def show_about(window: MainWindow) -> None:
    from explorer.ui.shell.about import show_about  # not needed for the first frame

    show_about(window)
