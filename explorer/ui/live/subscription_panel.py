"""The Subscriptions dock's behaviour and its table model: callback server, public URL,
subscriptions and their events (its widgets are laid out by
``explorer.ui.live.subscription_widgets``).

Subscriptions live in the subscriber (and its store), so they survive restarts; this
panel lists the immutable snapshots the net loop sends (``SubscriptionView``), counts
leases down once a second and sends the user's subscribe / renew / unsubscribe
requests. A row says "active" only while its callback is served and its lease holds;
otherwise it shows what is wrong and why. Hub answers are shown verbatim in the log.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import QWidget

from explorer.core.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.subscriber_events import SubscriberEvent, iso_time
from explorer.net.subscription import (
    LEASE_EXPIRED,
    NOT_SERVED,
    RENEWAL_FAILING,
    STALE_CALLBACK,
    State,
    SubscriptionView,
)
from explorer.ui.language import finding_text, severity_text
from explorer.ui.live.subscription_widgets import SubscriptionPanelWidgets
from explorer.ui.services import CallbackStatus, ExplorerServices
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.plain_text import tooltip_text
from explorer.ui.shared.row_table_model import Index, RowTableModel
from explorer.ui.shared.wording import duration_text

COLUMNS = ("state", "topic", "hub", "lease", "flavour", "secret", "reason")
HEADERS = (
    QT_TRANSLATE_NOOP("SubscriptionsModel", "state"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "topic"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "hub"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "lease"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "flavour"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "secret"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "reason"),
)
STATE_TEXT = {
    State.REQUESTED: QT_TRANSLATE_NOOP("SubscriptionsModel", "requested"),
    State.PENDING: QT_TRANSLATE_NOOP("SubscriptionsModel", "pending"),
    State.ACTIVE: QT_TRANSLATE_NOOP("SubscriptionsModel", "active"),
    State.RENEWING: QT_TRANSLATE_NOOP("SubscriptionsModel", "renewing"),
    State.UNSUBSCRIBING: QT_TRANSLATE_NOOP("SubscriptionsModel", "unsubscribing"),
    State.ENDED: QT_TRANSLATE_NOOP("SubscriptionsModel", "ended"),
    State.DENIED: QT_TRANSLATE_NOOP("SubscriptionsModel", "denied"),
    State.FAILED: QT_TRANSLATE_NOOP("SubscriptionsModel", "failed"),
    NOT_SERVED: QT_TRANSLATE_NOOP("SubscriptionsModel", "not served"),
    STALE_CALLBACK: QT_TRANSLATE_NOOP("SubscriptionsModel", "stale callback"),
    LEASE_EXPIRED: QT_TRANSLATE_NOOP("SubscriptionsModel", "lease expired"),
    RENEWAL_FAILING: QT_TRANSLATE_NOOP("SubscriptionsModel", "renewal failing"),
}
"""A row's state as shown, in the interface language."""
STATE_COLOURS = {
    State.ACTIVE: "#2e9d48",
    State.DENIED: "#d32f2f",
    State.FAILED: "#d32f2f",
    State.PENDING: "#d08a00",
    State.REQUESTED: "#d08a00",
    State.RENEWING: "#d08a00",
    State.UNSUBSCRIBING: "#d08a00",
    NOT_SERVED: "#d32f2f",
    STALE_CALLBACK: "#d32f2f",
    LEASE_EXPIRED: "#d32f2f",
    RENEWAL_FAILING: "#d08a00",
}


def lease_text(sub: SubscriptionView, now: float) -> str:
    """A countdown that reads at a glance (``9 days 23 h left``), or why there is none."""
    if sub.lease_expires is None:
        if sub.state != State.ACTIVE:
            return "—"
        return QCoreApplication.translate("SubscriptionsModel", "no lease given")
    left = int(sub.lease_expires - now)
    if left <= 0:
        return QCoreApplication.translate("SubscriptionsModel", "expired")
    return QCoreApplication.translate("SubscriptionsModel", "{duration} left").format(
        duration=duration_text(left)
    )


def masked(secret: str | None) -> str:
    if not secret:
        return QCoreApplication.translate("SubscriptionsModel", "(none)")
    return "•" * 8 + secret[-4:]


class SubscriptionsModel(RowTableModel):
    """Shows ``SubscriptionView`` snapshots; ``tick`` redraws leases and states (a lease
    runs out between snapshots)."""

    headers = HEADERS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[SubscriptionView] = []

    def set_subscriptions(self, subs: list[SubscriptionView]) -> None:
        self.beginResetModel()
        self._rows = sorted(subs, key=lambda s: (s.state in (State.ENDED,), -s.created))
        self.endResetModel()

    def subscription(self, row: int) -> SubscriptionView:
        return self._rows[row]

    def row_of(self, subscription_id: str) -> int | None:
        return next((row for row, sub in enumerate(self._rows) if sub.id == subscription_id), None)

    def tick(self) -> None:
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1)
            )

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        sub = self._rows[index.row()]
        column = COLUMNS[index.column()]
        now = time.time()
        if role == Qt.ItemDataRole.DisplayRole:
            shown, why = sub.health(now)
            return {
                "state": self.tr(STATE_TEXT[shown]) if shown in STATE_TEXT else shown,
                "topic": sub.topic,
                "hub": sub.hub,
                "lease": lease_text(sub, now),
                "flavour": sub.flavour or "",
                "secret": masked(sub.secret),
                "reason": why or "",
            }[column]
        if role == Qt.ItemDataRole.ForegroundRole and column == "state":
            colour = STATE_COLOURS.get(sub.health(now)[0])
            return QColor(colour) if colour else None
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == "secret":
                return self.tr("masked; use Copy secret")
            why = sub.health(now)[1] or ""
            callback = self.tr("callback: {url}").format(url=sub.callback_url)
            return tooltip_text(f"{callback}\n{why}".strip())
        if role == Qt.ItemDataRole.UserRole:
            return sub
        return None


class SubscriptionPanel(SubscriptionPanelWidgets):
    """The Subscriptions dock: the callback server's controls, subscribe / renew /
    unsubscribe through the services, leases counted down, and the event log (the
    widgets and their layout are ``SubscriptionPanelWidgets``)."""

    model: SubscriptionsModel

    def __init__(
        self, services: ExplorerServices, spawn: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(SubscriptionsModel(), parent)
        self.services = services
        self.spawn = spawn
        self.host.setText(services.callback_host)
        self.public_url.setText(services.public_url or "")

        self.server_button.clicked.connect(self._toggle_server)
        self.apply_public.clicked.connect(self._apply_public_url)
        self.test_public.clicked.connect(self._test_public_url)
        self.subscribe_button.clicked.connect(self._subscribe)
        self.renew_button.clicked.connect(self._renew)
        self.unsubscribe_button.clicked.connect(self._unsubscribe)
        self.copy_secret_button.clicked.connect(self._copy_secret)
        services.subscriber_events.connect(self.on_events)
        services.subscriptions_changed.connect(self.show_subscriptions)
        services.callback_changed.connect(self.show_status)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.model.tick)
        self.timer.start()
        self.show_status(services.callback_status())
        self.reload()
        if services.read_only:
            self._lock_live_controls()

    # --- display
    def reload(self) -> None:
        """Show the services' latest snapshot again."""
        self.show_subscriptions(self.services.subscriptions())

    def show_subscriptions(self, views: list[SubscriptionView]) -> None:
        """Show a snapshot, keeping the selected subscription selected."""
        chosen = self.selected()
        self.model.set_subscriptions(views)
        if chosen is not None:
            row = self.model.row_of(chosen.id)
            if row is not None:
                self.table.selectRow(row)

    def show_status(self, status: CallbackStatus) -> None:
        self.server_button.setText(self.tr("Stop") if status.running else self.tr("Start"))
        self.server_status.setText(status.base_url or self.tr("stopped"))
        self.port.setValue(status.port if status.running else self.port.value())
        if status.note:
            self.note(self.tr("callback server: {note}").format(note=status.note))

    def _lock_live_controls(self) -> None:
        """A store opened read-only (another explorer writes to it, or it is damaged):
        nothing can listen or subscribe here, and the controls say so."""
        self.server_status.setText(self.tr("not listening: the store is open read-only"))
        why = self.tr("The store is open read-only: another explorer uses it, or it is damaged")
        for control in (
            self.host,
            self.port,
            self.server_button,
            self.public_url,
            self.apply_public,
            self.test_public,
            self.topic,
            self.hub,
            self.subscribe_button,
            self.renew_button,
            self.unsubscribe_button,
        ):
            control.setEnabled(False)
            control.setToolTip(why)

    def on_events(self, events: list[SubscriberEvent]) -> None:
        for event in events:
            if event.event not in ("notification", "diff"):  # deliveries are the feed's
                self._log_event(event)

    def _log_event(self, event: SubscriberEvent) -> None:
        detail = event.message or event.reason or ""
        parts = [f"{iso_time(event.time)} {event.event} {event.topic}"]
        if event.state:
            parts.append(f"[{event.state}]")
        if event.lease_seconds is not None:
            parts.append(self.tr("lease {seconds} s").format(seconds=event.lease_seconds))
        if detail:
            parts.append(f"— {detail}")
        self.log.appendPlainText(" ".join(parts))
        for item in event.findings:
            self.log.appendPlainText(
                f"    {severity_text(item.severity)} {item.code}: {finding_text(item)}"
            )

    def note(self, text: str) -> None:
        self.log.appendPlainText(text)

    # --- actions
    def selected(self) -> SubscriptionView | None:
        index = self.table.currentIndex()
        return self.model.subscription(index.row()) if index.isValid() else None

    def _subscribe(self) -> None:
        topic = self.topic.text().strip()
        if topic:
            self.spawn(self.services.subscribe(topic, self.hub.text().strip() or None))

    def _renew(self) -> None:
        if (sub := self.selected()) is not None:
            self.spawn(self.services.renew(sub.id))

    def _unsubscribe(self) -> None:
        if (sub := self.selected()) is not None:
            self.spawn(self.services.unsubscribe(sub.id))

    def _copy_secret(self) -> None:
        sub = self.selected()
        if sub is not None and sub.secret:
            QGuiApplication.clipboard().setText(sub.secret)
            self.note(self.tr("secret of {topic} copied to the clipboard").format(topic=sub.topic))

    def _toggle_server(self) -> None:
        if self.services.callback_status().running:
            self.spawn(self.services.stop_callback_server())
        else:
            self.spawn(
                self.services.start_callback_server(
                    self.host.text().strip() or "127.0.0.1",
                    self.port.value(),
                    self.public_url.text().strip() or None,
                )
            )

    def _apply_public_url(self) -> None:
        self.spawn(
            self.services.start_callback_server(
                self.host.text().strip() or "127.0.0.1",
                self.port.value() or None,
                self.public_url.text().strip() or None,
            )
        )

    def _test_public_url(self) -> None:
        url = self.public_url.text().strip()
        if url:
            self.spawn(self._run_test(url))

    async def _run_test(self, url: str) -> None:
        self.note(self.tr("testing {url} …").format(url=url))
        report = await self.services.test_public_url(url)
        self.note(report)
        confirm(self, self.tr("public URL test finished: {report}").format(report=report))
