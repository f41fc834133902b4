"""Start-up's second step: the window is shown first as a light shell (its frame, menus,
address bar and empty docks) and completed right after that frame is painted.

The document view, the controllers, asyncio and the Python enums PySide6 makes on first
use cost about half of a bare Qt window's start, so they wait until the window is on
screen (``docs/performance.md``, window start-up). Nothing can use them in between:
start-up builds them before it handles the first user event. Keyboard focus then goes
where it went when everything was built at once (see ``focus_before_the_frame``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QMainWindow, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QStyle


def focus_before_the_frame(window: QMainWindow, parts: Sequence[QWidget]) -> None:
    """Tab reaches ``parts`` (built after the frame, in this order) before the frame's
    widgets, as when they were built first: Qt appends a widget added later at the end of
    the focus chain, and so would put the docks' panels, installed later still, between
    them and the frame.

    ``QWidget.setTabOrder`` moves only a widget that takes focus (with its focus proxy),
    so each one inside ``parts`` is moved, in chain order, behind the central widget,
    which takes focus for the move only. The walk starts at ``parts[0]`` and stays inside
    ``parts``: a Python wrapper made for one of Qt's own widgets elsewhere in the window
    (a dock tab bar, which the dock layout deletes and makes anew) outlives it and has
    been seen to invalidate another object's wrapper.
    """
    centre = window.centralWidget()
    assert centre is not None
    movers: list[QWidget] = []
    widget: QWidget | None = parts[0]
    while widget is not None and any(part is widget or part.isAncestorOf(widget) for part in parts):
        if widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
            movers.append(widget)
        widget = widget.nextInFocusChain()
    policy = centre.focusPolicy()
    centre.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    try:
        previous = centre
        for mover in movers:
            QWidget.setTabOrder(previous, mover)
            previous = mover
    finally:
        centre.setFocusPolicy(policy)


def focus_first(window: QMainWindow, stop: QWidget) -> None:
    """Focus the first shown widget that takes focus by Tab, as Qt does when a window is
    activated, looking from the central widget up to ``stop`` (the frame's first)."""
    centre = window.centralWidget()
    assert centre is not None
    widget = centre.nextInFocusChain()
    while widget is not None and widget is not stop and widget is not window:
        policy = widget.focusPolicy()
        if widget.isVisibleTo(window) and widget.isEnabled() and policy & Qt.FocusPolicy.TabFocus:
            widget.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
            return
        widget = widget.nextInFocusChain()


class PixmapNames:
    """``pixmap.SP_ArrowBack`` is ``"SP_ArrowBack"``: a name of ``QStyle.StandardPixmap``
    for ``StyleIcons``, written as the enum would be, without making it."""

    def __getattr__(self, name: str) -> str:
        return name


class StyleIcons:
    """The style's standard icons of the window's actions, given after the first frame:
    the first use of ``QStyle.StandardPixmap`` makes every Python enum of ``QStyle``
    (5-6 ms CPU, about 5 % of a bare window's start). Until then such an action has a
    blank icon, so its toolbar button already has its size and nothing moves."""

    def __init__(self) -> None:
        self._waiting: list[tuple[QAction, str]] = []
        self._blank: QIcon | None = None

    def give(self, action: QAction, pixmap: str) -> None:
        """``action`` gets the style's icon ``pixmap`` (a ``PixmapNames`` name) in ``apply``."""
        if self._blank is None:
            image = QPixmap(1, 1)
            image.fill(Qt.GlobalColor.transparent)
            self._blank = QIcon(image)
        action.setIcon(self._blank)
        self._waiting.append((action, pixmap))

    def apply(self, style: QStyle) -> None:
        for action, pixmap in self._waiting:
            action.setIcon(style.standardIcon(getattr(style.StandardPixmap, pixmap)))
        self._waiting.clear()
