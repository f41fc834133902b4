"""The document diff in a window of its own: the feed's detail pane sits in a bottom dock,
which on a laptop screen shows a few lines per side; this window is most of the screen."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QVBoxLayout, QWidget

from explorer.core.changes import SideBySideRow
from explorer.ui.shared.diff_view import SideBySideDiffView
from explorer.ui.shared.plain_text import window_title

SCREEN_SHARE = 0.85


class DiffWindow(QWidget):
    """A top-level, non-modal window showing one side-by-side document diff."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("DiffWindow")
        self.view = SideBySideDiffView()
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        screen = (parent.screen() if parent else None) or QGuiApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            self.resize(int(area.width() * SCREEN_SHARE), int(area.height() * SCREEN_SHARE))

    def show_diff(self, title: str, rows: Sequence[SideBySideRow], caption: str) -> None:
        self.setWindowTitle(window_title(self.tr("Document diff — {title}").format(title=title)))
        self.view.set_rows(rows, caption)
        self.show()
        self.raise_()
        self.activateWindow()
