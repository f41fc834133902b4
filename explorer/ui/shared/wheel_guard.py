"""Spin boxes and combo boxes inside scrolling docks take the wheel only when focused.

Qt lets a spin box under the pointer take every wheel step, focused or not: scrolling a
dock past its watchdog period changed the period (300 → 298). Guarded, the wheel scrolls
the dock as the user meant; a click (or Tab) focuses the field, and the wheel then steps it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QWidget


class _WheelGuard(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Wheel
            and isinstance(watched, QWidget)
            and not watched.hasFocus()
        ):
            event.ignore()  # on to the parent: the dock's scroll area scrolls
            return True
        return False


def wheel_only_when_focused(*widgets: QWidget) -> None:
    """Make each widget ignore the wheel unless it has the keyboard focus."""
    for widget in widgets:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # not WheelFocus: no focus by wheel
        guard = _WheelGuard(widget)
        widget.installEventFilter(guard)
