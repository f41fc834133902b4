"""A dismissible, non-modal message strip: errors never block the event loop (docs/architecture.md,
"Rules of the event loop")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from explorer.core.findings import Severity
from explorer.ui.shared.icons import SEVERITY_COLOURS, severity_icon
from explorer.ui.shared.plain_text import PlainLabel


class MessageBar(QWidget):
    """Shows the latest message with a severity icon; the close button hides it. A
    message's long detail (every discovery route tried) waits behind **Details**, so the
    strip stays one line and never squeezes the document."""

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
        self.details_button = QToolButton()
        self.details_button.setText(self.tr("Details"))
        self.details_button.setCheckable(True)
        self.details_button.setAutoRaise(True)
        self.details_button.setAccessibleName(self.tr("Show or hide the details"))
        self.details = PlainLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setAccessibleName(self.tr("Message details"))
        self.details.hide()
        self.details_button.toggled.connect(self.details.setVisible)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.icon)
        row.addWidget(self.text, 1)
        row.addWidget(self.details_button)
        row.addWidget(close)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 2, 2)
        layout.setSpacing(2)
        layout.addLayout(row)
        layout.addWidget(self.details)
        self.setAutoFillBackground(True)
        self.hide()

    def show_message(
        self, text: str, severity: Severity = Severity.ERROR, details: str | None = None
    ) -> None:
        """``details``: shown only when the user asks (the Details toggle)."""
        self.icon.setPixmap(severity_icon(severity).pixmap(16, 16))
        self.text.setText(text)
        self.details.setText(details or "")
        self.details_button.setChecked(False)
        self.details_button.setVisible(bool(details))
        colour = SEVERITY_COLOURS[severity]
        self.setStyleSheet(f"MessageBar {{ border: 1px solid {colour}; border-radius: 3px; }}")
        self.show()
