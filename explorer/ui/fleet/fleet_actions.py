"""Tools ▸ Fleet…: the one Fleet window, opened on demand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from explorer.ui.shared.shell import Key, Shell

if TYPE_CHECKING:
    from explorer.ui.fleet.fleet_panel import FleetPanel
    from explorer.ui.services import ExplorerServices


class FleetActions(QObject):
    """The feature's action and its window (made at the first use: its modules, and the
    database driver they load when reading, stay out of the window's start)."""

    def __init__(self, window: Shell, services: ExplorerServices) -> None:
        super().__init__(window.widget())
        self.window, self.services = window, services
        self.panel: FleetPanel | None = None
        self.fleet_action = QAction(self.tr("Fleet…"), window.widget())
        self.fleet_action.setToolTip(
            self.tr("The health of the Sources a fleet watches (Settings ▸ Fleet)")
        )
        self.fleet_action.triggered.connect(lambda: self.show_fleet())
        window.add_action("tools", self.fleet_action)

    def show_fleet(self) -> FleetPanel:
        """The Fleet window, shown and read again."""
        from explorer.ui.fleet.fleet_panel import FleetPanel

        if self.panel is None:
            self.panel = FleetPanel(self.window, self.services, self.window.widget())
        self.panel.show()
        self.panel.raise_()
        self.panel.refresh()
        return self.panel


FLEET_ACTIONS: Key[FleetActions] = Key("fleet")
"""The feature's actions, published for the scenes and the tests."""
