"""Where Replay… is offered: the feed's deliveries and the inspector's exchanges (their
context menus). Each opens a ``ReplayDialog`` on the chosen original."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtWidgets import QMenu, QWidget

from explorer.core.said_error import SaidError
from explorer.net.store.exchange_links import DELIVERY, EXCHANGE
from explorer.ui.language import ui_language
from explorer.ui.shared.feedback import confirm
from explorer.ui.tools.replay_dialog import ReplayDialog

if TYPE_CHECKING:
    from explorer.ui.shared.surfaces import FeedSurface, InspectorSurface


class ReplayActions(QObject):
    """Replay… on a feed delivery and on an inspector exchange."""

    def __init__(self, feed: FeedSurface, inspector: InspectorSurface, spawn: Any) -> None:
        super().__init__(inspector.table)  # goes with the inspector
        self.feed = feed
        self.inspector = inspector
        self.services = inspector.services
        self.spawn = spawn
        self.dialog: ReplayDialog | None = None
        feed.forwarding.menu_actions.append((self.tr("Replay…"), self.replay_delivery))
        inspector.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        inspector.table.customContextMenuRequested.connect(self._inspector_menu)

    def _inspector_menu(self, where: QPoint) -> None:
        if self.inspector.selected() is None:
            return
        menu = QMenu(self.inspector.table)
        menu.addAction(self.tr("Replay…"), self.replay_exchange)
        menu.popup(self.inspector.table.viewport().mapToGlobal(where))

    def replay_delivery(self) -> ReplayDialog | None:
        ids = self.feed.forwarding.selected_ids()
        return self.open(DELIVERY, ids[0], self.feed.table) if ids else None

    def replay_exchange(self) -> ReplayDialog | None:
        record = self.inspector.selected()
        exchange_id = self.services.replay.exchange_id(record) if record is not None else None
        if exchange_id is None:
            confirm(
                self.inspector.table, self.tr("this exchange is not in the store yet; try again")
            )
            return None
        return self.open(EXCHANGE, exchange_id, self.inspector.table)

    def open(self, kind: str, original_id: int, parent: QWidget) -> ReplayDialog | None:
        """The editor on the original (None, said, when it cannot be replayed)."""
        try:
            request = self.services.replay.replay_original(kind, original_id)
        except SaidError as exc:
            confirm(parent, exc.describe(ui_language()))
            return None
        dialog = ReplayDialog(self.services, self.spawn, request, parent.window())
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()
        return dialog
