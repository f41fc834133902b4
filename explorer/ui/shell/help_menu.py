"""The Help menu's ways in: the user guide (F1) and every keyboard shortcut in one list,
read from the window's own actions so the list cannot go stale."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.language import ui_language
from explorer.ui.shared.browser import open_in_browser

if TYPE_CHECKING:
    from explorer.ui.shared.shell import Shell


def user_guide_url() -> QUrl | None:
    """The guide in the interface language, beside the sources (docs/), or None when this
    installation has no copy of it."""
    name = "user-guide.ja.md" if ui_language() == "ja" else "user-guide.md"
    local = Path(__file__).resolve().parents[3] / "docs" / name
    return QUrl.fromLocalFile(str(local)) if local.is_file() else None


class GuideViewer(QDialog):
    """The user guide shown in the window itself, its Markdown rendered by Qt: a desktop
    without a Markdown viewer (``xdg-open`` handed the raw file to nothing, silently) shows
    it too. Web links go to the browser (http and https only); the guide's pictures are
    read from beside it."""

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("User guide"))
        self.browser = QTextBrowser()
        self.browser.setOpenLinks(False)
        self.browser.setSearchPaths([str(path.parent)])
        self.browser.setMarkdown(path.read_text(encoding="utf-8"))
        self.browser.anchorClicked.connect(self._follow)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(900, 700)

    def _follow(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https"):
            open_in_browser(url.toString(), lambda _text: None)
        elif url.hasFragment() and not url.path():
            self.browser.scrollToAnchor(url.fragment())


def show_user_guide(parent: QWidget | None = None) -> GuideViewer | None:
    """Show the guide in its own window; None when this installation has no copy."""
    url = user_guide_url()
    if url is None:
        return None
    try:
        viewer = GuideViewer(Path(url.toLocalFile()), parent)
    except OSError:
        return None
    viewer.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    viewer.show()
    return viewer


def open_guide(window: Shell) -> GuideViewer | None:
    """Help ▸ User guide: the guide, or a message saying where it is."""
    from explorer.core.findings import Severity  # not before the first frame

    viewer = show_user_guide(window.widget())
    if viewer is None:
        window.show_error(
            QCoreApplication.translate(
                "MainWindow",
                "The user guide could not be opened: it is docs/user-guide.md in the "
                "explorer's source distribution",
            ),
            Severity.INFO,
        )
    return viewer


def show_shortcuts(window: QWidget) -> ShortcutsDialog:
    """Help ▸ Keyboard shortcuts, beside the window until closed."""
    dialog = ShortcutsDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog


def shortcut_rows(window: QWidget) -> list[tuple[str, str]]:
    """(action, its key sequences) for every action of ``window`` that has one."""
    native = QKeySequence.SequenceFormat.NativeText
    rows = []
    for action in window.findChildren(QAction):
        keys = [key.toString(native) for key in action.shortcuts() if not key.isEmpty()]
        if keys and action.text():
            rows.append((action.text().replace("&", ""), ", ".join(keys)))
    return sorted(set(rows))


class ShortcutsDialog(QDialog):
    """Every keyboard shortcut, in a table; non-modal, so it can stay open beside the window."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("ShortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, (text, keys) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(text))
            self.table.setItem(row, 1, QTableWidgetItem(keys))
        self.table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(520, 420)
