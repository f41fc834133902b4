"""The window's size on first launch and the docks' proportions as it grows or shrinks.

First launch: the preferred size, but never more than ``SCREEN_FRACTION`` of the
screen's available geometry (a 1366×768 laptop minus its panels), centred in it.
Docks have minimum sizes so that no layout squeezes a panel to nothing, and they keep
their share of the window when it is resized, the way the user last left them.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

DEFAULT_SIZE = QSize(1600, 1000)
SCREEN_FRACTION = 0.9
MINIMUM_WINDOW = QSize(640, 480)
BOTTOM_DOCK_HEIGHT = 296
"""What the bottom docks need for their main controls (the workbench's Publish, Run
checks and Cancel, its payload editor's lines, a few result rows), unscrolled: given on
first start when a third of the window is less, up to about half of it. No more: at
1280×720 the rest goes to the document above it and its entries (``ENTRY_ROWS``)."""
ENTRY_ROWS = 12
"""Rows of a document's entries (its header shown above them) the first layout shows at
1366×768, the bottom docks open; ``ENTRY_ROWS_SMALL`` at 1280×720."""
ENTRY_ROWS_SMALL = 10
SOURCE_DOCK_MINIMUM = QSize(260, 120)
"""The tree's dock: small enough that every dock fits beside the document view at
1024×600, large enough that the tree's titles stay readable. The features' docks
declare theirs (``explorer.ui.shared.shell.DockSpec``)."""


def first_launch_geometry(
    available: QRect, preferred: QSize = DEFAULT_SIZE, fraction: float = SCREEN_FRACTION
) -> QRect:
    """The window's frame on a screen with ``available`` geometry: ``preferred``,
    shrunk to ``fraction`` of the screen where needed, centred."""
    width = min(preferred.width(), int(available.width() * fraction))
    height = min(preferred.height(), int(available.height() * fraction))
    rect = QRect(0, 0, width, height)
    rect.moveCenter(available.center())
    return rect


class DockBalancer(QObject):
    """Keeps each dock's share of the window (as the user last left it) when the window
    is resized: Qt would otherwise give all the new room to one dock or the centre.

    Shares are read from the docks' own resize events while the window keeps its size
    (the user dragging a splitter), and applied on the turn after a window resize, once
    Qt has laid the window out at its new size.
    """

    def __init__(self, window: QMainWindow, docks: Iterable[QDockWidget]) -> None:
        super().__init__(window)
        self.window = window
        self.docks = list(docks)
        self.shares: dict[str, float] = {}
        self.measured_at: QSize | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.rebalance)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Resize
            and isinstance(watched, QDockWidget)
            and self.window.size() == self.measured_at
        ):
            self._measure(watched)
        return False

    def window_resized(self) -> None:
        """Call from the window's ``resizeEvent``."""
        if self.measured_at is None:
            self.measure()
        elif self.window.size() != self.measured_at:
            self._timer.start()

    def measure(self) -> None:
        if self.measured_at is None:  # the docks' resizes count from now: not at start-up
            for dock in self.docks:
                dock.installEventFilter(self)
        self.measured_at = self.window.size()
        for dock in self.docks:
            self._measure(dock)

    def _measure(self, dock: QDockWidget) -> None:
        if not _showing(dock) or self.measured_at is None:
            return
        size = self.measured_at
        if self._is_side(dock):
            self.shares[dock.objectName()] = dock.width() / max(1, size.width())
        else:
            self.shares[dock.objectName()] = dock.height() / max(1, size.height())

    def _is_side(self, dock: QDockWidget) -> bool:
        return self.window.dockWidgetArea(dock) in (
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.RightDockWidgetArea,
        )

    def rebalance(self) -> None:
        size = self.window.size()
        wide: tuple[list[QDockWidget], list[int]] = ([], [])
        tall: tuple[list[QDockWidget], list[int]] = ([], [])
        for dock in self.docks:
            share = self.shares.get(dock.objectName())
            if share is None or not _showing(dock):
                continue
            if self._is_side(dock):
                wide[0].append(dock)
                wide[1].append(round(share * size.width()))
            else:
                tall[0].append(dock)
                tall[1].append(round(share * size.height()))
        self.measured_at = size
        if wide[0]:
            self.window.resizeDocks(wide[0], wide[1], Qt.Orientation.Horizontal)
        if tall[0]:
            self.window.resizeDocks(tall[0], tall[1], Qt.Orientation.Vertical)


def _showing(dock: QDockWidget) -> bool:
    """Docked and on screen: not hidden, floating or a tab behind another dock."""
    return dock.isVisible() and not dock.isFloating() and not dock.visibleRegion().isEmpty()
