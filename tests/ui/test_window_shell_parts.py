"""The parts the main window composes, each on its own: the address history kept
across starts, and Help ▸ User guide where no viewer opens the guide."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox


def address_box(qtbot) -> QComboBox:
    """Editable, as the window's address bar is."""
    box = QComboBox()
    box.setEditable(True)
    qtbot.addWidget(box)
    return box


def test_the_address_history_comes_back_newest_first_and_capped(qtbot, settings) -> None:
    from explorer.ui.shell.address_history import HISTORY_SIZE, AddressHistory

    AddressHistory(address_box(qtbot), settings).remember("https://one.example/")
    settings.sync()
    again = address_box(qtbot)  # as at the next start, read back from the file
    history = AddressHistory(again, QSettings(settings.fileName(), settings.format()))
    assert [again.itemText(i) for i in range(again.count())] == ["https://one.example/"]
    assert again.currentText() == ""  # the address bar starts empty
    for n in range(HISTORY_SIZE + 5):
        history.remember(f"https://{n}.example/")
    history.remember("https://3.example/")  # opened again: moves to the top, once
    shown = [again.itemText(i) for i in range(again.count())]
    assert len(shown) == HISTORY_SIZE and shown[:2] == ["https://3.example/", "https://24.example/"]
    assert shown.count("https://3.example/") == 1 and again.currentText() == "https://3.example/"


def test_the_user_guide_says_where_it_is_when_it_cannot_be_opened(
    qtbot, settings, monkeypatch
) -> None:
    from explorer.ui.shell import help_menu
    from explorer.ui.shell.main_window import MainWindow

    monkeypatch.setattr(help_menu, "user_guide_url", lambda: None)  # no copy installed
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.guide_action.trigger()
    assert "docs/user-guide.md" in window.messages.text.text()
    assert "docs/user-guide.md" in window.statusBar().currentMessage()


def test_the_user_guide_is_shown_in_the_window_not_handed_to_the_desktop(
    qtbot, settings, monkeypatch
) -> None:
    """Minor 17: xdg-open given the raw Markdown did nothing, silently. The window renders
    the guide itself; nothing is handed to the desktop."""
    from PySide6.QtGui import QDesktopServices

    from explorer.ui.shell import help_menu
    from explorer.ui.shell.main_window import MainWindow

    handed: list[object] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: handed.append(url) or True)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    viewer = help_menu.open_guide(window)
    assert viewer is not None and viewer.isVisible()
    qtbot.addWidget(viewer)
    text = viewer.browser.toPlainText()
    assert "Replaying a delivery" in text and "## " not in text  # rendered, not raw
    assert handed == []
    viewer.close()
