"""Forwarding in the window: "Forward to…" on a subscription, its state in the
Subscriptions table, the target's answer beside a delivery in the feed, and "Forward
again" on a delivery.

Controllers attached to the existing docks (``SubscriptionPanel``, ``FeedPanel``), so
the docks' own modules only make and place one widget each. Everything goes through
``services.forwarding``: the same durable ``Forwarder`` as ``listen --forward``.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QPoint, QSettings, Qt, QTimer, SignalInstance
from PySide6.QtWidgets import QMenu, QPushButton, QTableView, QTabWidget, QWidget

from explorer.net.live.forwarding.forwarder import ForwardTarget
from explorer.net.live.subscription import FINAL_STATES
from explorer.ui.language import ui_language
from explorer.ui.live.feed_model import FeedItem
from explorer.ui.live.forward_dialog import ForwardDialog
from explorer.ui.live.forward_memory import (
    forget_target,
    keep_target,
    kept_targets,
    recalled_target,
)
from explorer.ui.shared.forward_answer import answer_text
from explorer.ui.shared.plain_text import PlainTextView

if TYPE_CHECKING:
    from explorer.net.live.subscription import SubscriptionView
    from explorer.ui.live.feed_model import FeedModel
    from explorer.ui.live.subscriptions_model import SubscriptionsModel
    from explorer.ui.services import ExplorerServices


class ForwardingSubscriptions(Protocol):
    """What forwarding uses of the Subscriptions panel (which makes it)."""

    @property
    def services(self) -> ExplorerServices: ...

    @property
    def table(self) -> QTableView: ...

    @property
    def model(self) -> SubscriptionsModel: ...

    @property
    def forward_button(self) -> QPushButton: ...

    @property
    def timer(self) -> QTimer: ...

    def selected(self) -> SubscriptionView | None: ...

    def note(self, text: str) -> None: ...

    def remove_row(self, subscription_id: str) -> None: ...

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> object: ...


class ForwardingFeed(Protocol):
    """What forwarding uses of the live feed (which makes it)."""

    @property
    def services(self) -> ExplorerServices: ...

    @property
    def table(self) -> QTableView: ...

    @property
    def model(self) -> FeedModel: ...

    @property
    def detail(self) -> QTabWidget: ...

    @property
    def detail_shown(self) -> SignalInstance: ...


class ForwardAnswerView(PlainTextView):
    """Shows the target's answer to the selected delivery, as plain text only."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Answer of your application"))


class SubscriptionForwarding(QObject):
    """ "Forward to…" (button and context menu) and the Forwarding column's refresh."""

    def __init__(self, panel: ForwardingSubscriptions) -> None:
        super().__init__(panel.table)  # goes with the panel
        self.panel = panel
        self.services = panel.services
        self.dialog: ForwardDialog | None = None
        self.settings: QSettings | None = None  # where targets are kept (remember_in)
        self._say_in_window: Callable[[str], object] = panel.note  # remember_in's strip
        panel.forward_button.clicked.connect(self.open_dialog)
        panel.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        panel.table.customContextMenuRequested.connect(self._context_menu)
        panel.timer.timeout.connect(self.refresh)
        if self.services.read_only:
            panel.forward_button.setEnabled(False)

    def refresh(self) -> None:
        self.panel.model.forwarding = self.services.forwarding.forwarding_lines(ui_language())

    def _context_menu(self, where: QPoint) -> None:
        menu = self.context_menu()
        if menu is not None:
            menu.popup(self.panel.table.viewport().mapToGlobal(where))

    def context_menu(self) -> QMenu | None:
        """The selected row's menu: Forward to…, and Remove for a row that has ended."""
        sub = self.panel.selected()
        if sub is None:
            return None
        menu = QMenu(self.panel.table)
        if not self.services.read_only:
            menu.addAction(self.tr("Forward to…"), self.open_dialog)
        if sub.state in FINAL_STATES:
            menu.addAction(self.tr("Remove"), lambda: self.panel.remove_row(sub.id))
        return menu if menu.actions() else None

    def open_dialog(self) -> ForwardDialog | None:
        """The non-modal dialog for the selected subscription (None: nothing selected)."""
        sub = self.panel.selected()
        if sub is None:
            self.panel.note(self.tr("select a subscription to forward its deliveries"))
            return None
        dialog = ForwardDialog(
            sub, self.services.forwarding.forwarding_target(sub.id), self.panel.table
        )
        dialog.accepted.connect(lambda: self._chosen(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()
        return dialog

    def _chosen(self, dialog: ForwardDialog) -> None:
        sub = dialog.subscription
        if dialog.stop_asked:
            self.panel.spawn(self._stop(sub.id, sub.topic))
        elif dialog.target is not None:
            self.panel.spawn(self._start(sub.id, sub.topic, dialog.target))

    async def _start(self, subscription_id: str, topic: str, target: ForwardTarget) -> None:
        await self.services.forwarding.start_forwarding(subscription_id, target)
        self.refresh()
        self.panel.note(
            self.tr("forwarding deliveries of {topic} to {url}").format(topic=topic, url=target.url)
        )
        await self._remember(subscription_id, target)

    async def _stop(self, subscription_id: str, topic: str) -> None:
        await self.services.forwarding.stop_forwarding(subscription_id)
        if self.settings is not None:
            await forget_target(self.settings, subscription_id)
        self.refresh()
        self.panel.note(self.tr("forwarding of {topic} stopped").format(topic=topic))

    async def _remember(self, subscription_id: str, target: ForwardTarget) -> None:
        """Keep the target for the next start; the secret and headers in the system
        keyring, as other secrets are, or for this session only (said in the log)."""
        if self.settings is not None and not await keep_target(
            self.settings, subscription_id, target
        ):
            self.panel.note(
                self.tr("no system keyring: the forward secret is kept for this session only")
            )

    def remember_in(
        self, settings: QSettings, say_in_window: Callable[[str], object] | None = None
    ) -> None:
        """Keep targets in ``settings`` from now on, and start those kept before;
        ``say_in_window`` shows a strip above the window's work when forwarding the user set
        up could not start again (a line in this dock's log alone goes unseen)."""
        self.settings = settings
        self._say_in_window = say_in_window or self.panel.note
        self.panel.spawn(self.restore())

    async def restore(self) -> int:
        """Start forwarding again for each kept target of a stored subscription; how many."""
        if self.settings is None or self.services.read_only:
            return 0
        known = {view.id: view for view in self.services.live.subscriptions()}
        started = 0
        not_restarted: list[str] = []
        for subscription_id, kept in kept_targets(self.settings).items():
            view = known.get(subscription_id)
            if view is None:
                continue
            target = await recalled_target(subscription_id, kept)
            if target is None:
                not_restarted.append(view.topic)
                self.panel.note(
                    self.tr(
                        "forwarding of {topic} not restarted: its secret was kept for the last "
                        "session only; give it again with Forward to…"
                    ).format(topic=view.topic)
                )
                continue
            await self.services.forwarding.start_forwarding(subscription_id, target)
            self.panel.note(
                self.tr("forwarding deliveries of {topic} to {url}").format(
                    topic=view.topic, url=target.url
                )
            )
            started += 1
        if not_restarted:
            self._say_in_window(
                self.tr(
                    "Forwarding was not restarted for {topics}: with no system keyring its "
                    "secret was kept for the last session only. Give it again with Forward to…"
                ).format(topics=", ".join(not_restarted))
            )
        self.refresh()
        return started


class FeedForwarding(QObject):
    """The feed's Forwarded tab (the target's answer) and "Forward again"."""

    def __init__(self, panel: ForwardingFeed, spawn: Any) -> None:
        super().__init__(panel.table)  # goes with the feed
        self.panel = panel
        self.services = panel.services
        self.spawn = spawn
        self.answer_view = ForwardAnswerView()
        self.tab = panel.detail.addTab(self.answer_view, self.tr("Forwarded"))
        panel.detail_shown.connect(self.show_answer)
        panel.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        panel.table.customContextMenuRequested.connect(self._context_menu)
        self.menu_actions: list[tuple[str, Any]] = [(self.tr("Forward again"), self.forward_again)]

    def selected_ids(self) -> list[int]:
        rows = {index.row() for index in self.panel.table.selectionModel().selectedRows()}
        items = [self.panel.model.item(row) for row in sorted(rows)]
        return [item.notification_id for item in items if item.notification_id is not None]

    def show_answer(self, item: FeedItem) -> None:
        if item.notification_id is None:
            self.answer_view.setPlainText("")
            return
        self.answer_view.setPlainText(
            answer_text(self.services.forwarding.forward_answer(item.notification_id))
        )

    def _context_menu(self, where: QPoint) -> None:
        if not self.selected_ids():
            return
        menu = QMenu(self.panel.table)
        for title, handler in self.menu_actions:
            menu.addAction(title, handler)
        menu.popup(self.panel.table.viewport().mapToGlobal(where))

    def forward_again(self) -> None:
        self.spawn(self.forward_selected_again())

    async def forward_selected_again(self) -> int:
        ids = self.selected_ids()
        queued = await self.services.forwarding.forward_again(ids)
        if queued < len(ids):
            self.answer_view.appendPlainText(
                self.tr(
                    "{count} of the chosen deliveries belong to subscriptions not forwarded: "
                    "use Forward to… on their subscription first"
                ).format(count=len(ids) - queued)
            )
        return queued
