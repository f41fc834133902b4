"""A dismissible, non-modal message strip: errors never block the event loop (docs/architecture.md,
"Rules of the event loop")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from explorer.core.findings import Severity
from explorer.ui.shared.icons import SEVERITY_COLOURS, severity_icon
from explorer.ui.shared.plain_text import PlainLabel


class MessageBar(QWidget):
    """Shows the latest message with a severity icon; the close button hides it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.icon = QLabel()
        self.text = PlainLabel()
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setAccessibleName(self.tr("Message"))
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setAccessibleName(self.tr("Dismiss message"))
        close.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 2, 2)
        layout.addWidget(self.icon)
        layout.addWidget(self.text, 1)
        layout.addWidget(close)
        self.setAutoFillBackground(True)
        self.hide()

    def show_message(self, text: str, severity: Severity = Severity.ERROR) -> None:
        self.icon.setPixmap(severity_icon(severity).pixmap(16, 16))
        self.text.setText(text)
        colour = SEVERITY_COLOURS[severity]
        self.setStyleSheet(f"MessageBar {{ border: 1px solid {colour}; border-radius: 3px; }}")
        self.show()
