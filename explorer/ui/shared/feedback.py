"""Quiet confirmations: a short status-bar message in the window that holds a widget.

Copying, exporting and testing finish without a dialog; the status bar says that they
did (and for how long it stays is fixed here), so no action passes in silence.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QWidget

from explorer.ui.shared.plain_text import clip

CONFIRM_MS = 6000


def confirm(widget: QWidget, text: str, timeout_ms: int = CONFIRM_MS) -> bool:
    """Show ``text`` in the status bar of ``widget``'s main window; False without one."""
    window = widget.window()
    if not isinstance(window, QMainWindow):
        return False
    window.statusBar().showMessage(clip(text), timeout_ms)
    return True
