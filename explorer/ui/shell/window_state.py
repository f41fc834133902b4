"""The window's geometry and docks: saved on close, restored at start, and put back in
their first-launch places by View ▸ Reset layout.

The sizes themselves (first launch, dock minimums, the bottom docks' height) are
``explorer.ui.shell.window_layout``'s; this module applies them to a window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication

from explorer.ui.shared.feedback import confirm
from explorer.ui.shell.window_layout import BOTTOM_DOCK_HEIGHT, DEFAULT_SIZE, first_launch_geometry

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from explorer.ui.shell.main_window_widgets import MainWindowWidgets

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"


def restore_state(
    window: MainWindowWidgets, settings: QSettings, screen: QRect | None = None
) -> None:
    """The saved geometry and docks; on first launch a size that fits ``screen``
    (the available geometry of the screen the window opens on, by default)."""
    geometry = settings.value(GEOMETRY_KEY)
    if geometry is None or not window.restoreGeometry(geometry):
        window.setGeometry(first_launch_geometry(screen or available_geometry(window)))
    state = settings.value(STATE_KEY)
    if state is None or not window.restoreState(state):
        default_dock_sizes(window)


def save_state(window: MainWindowWidgets, settings: QSettings) -> None:
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(STATE_KEY, window.saveState())
    settings.sync()


def available_geometry(window: MainWindowWidgets) -> QRect:
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return QRect(QPoint(0, 0), DEFAULT_SIZE)
    return screen.availableGeometry()


def default_dock_sizes(window: MainWindowWidgets) -> None:
    """First start: the tree a quarter of the width, the right-hand dock (the
    subscriptions) enough for their state, lease and hub, the bottom tabs a third of the
    height, or more on a laptop screen, where a third would not hold the workbench's
    controls."""
    width, height = window.width(), window.height()
    specs = list(window.dock_specs.values())
    right = [spec.name for spec in specs if spec.area == Qt.DockWidgetArea.RightDockWidgetArea]
    window.resizeDocks(
        [window.tree_dock, *(window.docks[name] for name in right[:1])],
        [max(width // 4, 260), max(width // 4, 360)][: 1 + len(right[:1])],
        Qt.Orientation.Horizontal,
    )
    bottom = max(height // 3, min(BOTTOM_DOCK_HEIGHT, int(height * 0.48)))
    tabbed = [window.docks[spec.name] for spec in specs if spec.tabbed]
    window.resizeDocks(tabbed[:1], [bottom][: len(tabbed[:1])], Qt.Orientation.Vertical)


def reset_layout(window: MainWindowWidgets) -> None:
    """Every dock back in its first-launch place and size, shown and docked."""
    areas = {"SourceDock": Qt.DockWidgetArea.LeftDockWidgetArea}
    areas.update({name: spec.area for name, spec in window.dock_specs.items()})
    for dock in window.all_docks():
        dock.setFloating(False)
        window.removeDockWidget(dock)
    for dock in window.all_docks():
        window.addDockWidget(areas[dock.objectName()], dock)
        dock.show()
    window.tabify_bottom()
    window.toolbar.show()
    default_dock_sizes(window)
    confirm(window, QCoreApplication.translate("MainWindow", "layout reset"))
