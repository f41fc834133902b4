"""Help → About opens the About box (version and licences) without blocking the loop."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel

from explorer import __version__
from explorer.ui.shell.about import AboutDialog
from explorer.ui.shell.main_window import MainWindow


def test_help_menu_opens_the_about_box(qtbot, tmp_path: Path) -> None:
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    help_menu = next(
        action.menu() for action in window.menuBar().actions() if action.text() == "&Help"
    )
    about = next(action for action in help_menu.actions() if "About" in action.text())
    about.trigger()
    dialogs = window.findChildren(AboutDialog)
    assert len(dialogs) == 1 and dialogs[0].isVisible()
    shown = " ".join(label.text() for label in dialogs[0].findChildren(QLabel))
    assert __version__ in shown and "LGPL" in shown
