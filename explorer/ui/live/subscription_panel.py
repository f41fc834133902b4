"""The Subscriptions dock's behaviour: callback server, public URL, subscriptions and
their events (its widgets are laid out by ``explorer.ui.live.subscription_widgets``, its
table model is ``explorer.ui.live.subscriptions_model``).

Subscriptions live in the subscriber (and its store), so they survive restarts; this
panel lists the immutable snapshots the net loop sends (``SubscriptionView``), counts
leases down once a second and sends the user's subscribe / renew / unsubscribe
requests. A row says "active" only while its callback is served and its lease holds;
otherwise it shows what is wrong and why. Hub answers are shown verbatim in the log.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.live.subscription import FINAL_STATES, SubscriptionView
from explorer.ui.language import finding_text, severity_text
from explorer.ui.live.event_text import event_line
from explorer.ui.live.forwarding_actions import SubscriptionForwarding
from explorer.ui.live.public_url_move import ask_to_move
from explorer.ui.live.subscription_widgets import SubscriptionPanelWidgets
from explorer.ui.live.subscriptions_model import SubscriptionsModel
from explorer.ui.services import CallbackStatus, ExplorerServices
from explorer.ui.shared.feedback import confirm


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
        self.host.setText(services.live.callback_host)
        self.public_url.setText(services.live.public_url or "")

        self.server_button.clicked.connect(self._toggle_server)
        self.apply_public.clicked.connect(self._apply_public_url)
        self.test_public.clicked.connect(self._test_public_url)
        self.subscribe_button.clicked.connect(self._subscribe)
        self.renew_button.clicked.connect(self._renew)
        self.unsubscribe_button.clicked.connect(self._unsubscribe)
        self.copy_secret_button.clicked.connect(self._copy_secret)
        self.remove_ended_button.clicked.connect(self.remove_ended)
        self._removed: set[str] = set()  # ended rows the user removed from the list
        self._last_line: str | None = None  # the log's last event line, and its repeats
        self._repeats = 0
        self._last_text = ""
        self._views: list[SubscriptionView] = []
        services.live.subscriber_events.connect(self.on_events)
        services.live.subscriptions_changed.connect(self.show_subscriptions)
        services.live.callback_changed.connect(self.show_status)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.model.tick)
        self.timer.start()
        self.show_status(services.live.callback_status())
        self.forwarding = SubscriptionForwarding(self)
        self.reload()
        if services.read_only:
            self._lock_live_controls()

    # --- display
    def reload(self) -> None:
        """Show the services' latest snapshot again."""
        self.show_subscriptions(self.services.live.subscriptions())

    def show_subscriptions(self, views: list[SubscriptionView]) -> None:
        """Show a snapshot, keeping the selected subscription selected."""
        chosen = self.selected()
        self._views = views
        self.model.set_subscriptions([view for view in views if view.id not in self._removed])
        if chosen is not None:
            row = self.model.row_of(chosen.id)
            if row is not None:
                self.table.selectRow(row)

    def show_status(self, status: CallbackStatus) -> None:
        self.server_button.setText(self.tr("Stop") if status.running else self.tr("Start"))
        self.set_server_status(status.base_url or self.tr("stopped"))
        self.port.setValue(status.port if status.running else self.port.value())
        if status.running:
            place = f"{status.host}:{status.port}"
            self.public_url.setToolTip(
                self.tr(
                    "The address hubs use to reach this callback server, e.g. a tunnel "
                    "(ngrok, cloudflared) forwarding to {place}. Press Test, then Apply."
                ).format(place=place)
            )
            self.test_public.setToolTip(
                self.tr(
                    "Request a probe through the public URL and see whether it arrives here: "
                    "the tunnel must forward to {place}"
                ).format(place=place)
            )
        if status.note:
            self.note(self.tr("callback server: {note}").format(note=status.note))

    def _lock_live_controls(self) -> None:
        """A store opened read-only (another explorer writes to it, or it is damaged):
        nothing can listen or subscribe here, and the controls say so."""
        self.set_server_status(self.tr("not listening: the store is open read-only"))
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

    def remove_ended(self) -> int:
        """Take ended, denied and failed rows off the list; how many went."""
        final = {view.id for view in self._views if view.state in FINAL_STATES}
        gone = final - self._removed
        self._removed |= final
        self.show_subscriptions(self._views)
        return len(gone)

    def remove_row(self, subscription_id: str) -> None:
        """Take one ended, denied or failed row off the list (its context menu's Remove)."""
        self._removed.add(subscription_id)
        self.show_subscriptions(self._views)

    def on_events(self, events: list[SubscriberEvent]) -> None:
        for event in events:
            # deliveries, rejected ones included, are the feed's: a fault that rejects
            # one a second would bury everything else here
            if event.event not in ("notification", "diff", "rejected"):
                self._log_event(event)

    def _log_event(self, event: SubscriberEvent) -> None:
        detail = event.message or event.reason or ""
        said = f"{event.event} {event.topic} {detail}" if not event.findings else None
        if said is not None and said == self._last_line:  # the same again: count it on one line
            self._repeats += 1
            cursor = self.log.textCursor()
            cursor.movePosition(cursor.MoveOperation.End)
            cursor.select(cursor.SelectionType.BlockUnderCursor)
            cursor.removeSelectedText()
            self.log.appendPlainText(
                self.tr("{line} (×{count})").format(line=self._last_text, count=self._repeats + 1)
            )
            return
        self._last_line, self._repeats = said, 0
        self._last_text = event_line(event)
        self.log.appendPlainText(self._last_text)
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
            self.spawn(self.services.live.subscribe(topic, self.hub.text().strip() or None))

    def _renew(self) -> None:
        if (sub := self.selected()) is not None:
            self.spawn(self.services.live.renew(sub.id))

    def _unsubscribe(self) -> None:
        if (sub := self.selected()) is not None:
            self.spawn(self.services.live.unsubscribe(sub.id))

    def _copy_secret(self) -> None:
        sub = self.selected()
        if sub is not None and sub.secret:
            QGuiApplication.clipboard().setText(sub.secret)
            self.note(self.tr("secret of {topic} copied to the clipboard").format(topic=sub.topic))

    def _toggle_server(self) -> None:
        if self.services.live.callback_status().running:
            self.spawn(self.services.live.stop_callback_server())
        else:
            self.spawn(
                self.services.live.start_callback_server(
                    self.host.text().strip() or "127.0.0.1",
                    self.port.value(),
                    self.public_url.text().strip() or None,
                )
            )

    def _apply_public_url(self) -> None:
        self.spawn(self.apply_public_url(self.public_url.text().strip().rstrip("/") or None))

    async def apply_public_url(self, url: str | None) -> None:
        """Restart the callback server with ``url`` and move live subscriptions to it, once
        the user agreed (warned when ``url`` failed its Test or never had one)."""
        if url == (self.services.live.public_url or None):
            self.note(self.tr("the public URL is already in use; nothing to move"))
            return
        count = await self.services.live.subscriptions_to_move()
        if count and url is not None:
            tested = self.services.live.public_url_tested(url)
            if not await ask_to_move(self, url, count, tested):
                self.public_url.setText(self.services.live.public_url or "")
                self.note(self.tr("public URL not applied: the subscriptions stay as they are"))
                return
        host, port = self.host.text().strip() or "127.0.0.1", self.port.value() or None
        if url is None:
            # an empty field means this server's own address; None alone would mean "where
            # the stored subscriptions are called back", which is still the old tunnel
            port = port or self.services.live.callback_status().port
            local = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
            url = f"http://{f'[{local}]' if ':' in local else local}:{port}"
        await self.services.live.start_callback_server(host, port, url)
        if count:
            self.note(
                self.tr(
                    "moving {count} subscription(s) to {url}: waiting up to {seconds:g} s for "
                    "each hub's verification"
                ).format(
                    count=count,
                    url=url or self.tr("the local address"),
                    seconds=self.services.live.move_wait,
                )
            )
            moved = await self.services.live.move_subscriptions()
            kept = sum(not ok for _, ok in moved)
            self.note(
                self.tr("{moved} subscription(s) moved; {kept} kept at their old callback").format(
                    moved=len(moved) - kept, kept=kept
                )
            )

    def _test_public_url(self) -> None:
        url = self.public_url.text().strip()
        if url:
            self.spawn(self._run_test(url))

    async def _run_test(self, url: str) -> None:
        self.note(self.tr("testing {url} …").format(url=url))
        self.public_test_result.setText(self.tr("testing {url} …").format(url=url))
        self.public_test_result.show()
        report = await self.services.live.test_public_url(url)
        self.note(report)
        self.public_test_result.setText(
            self.tr("Test of {url}: {report}").format(url=url, report=report)
        )
        confirm(self, self.tr("public URL test finished: {report}").format(report=report))
