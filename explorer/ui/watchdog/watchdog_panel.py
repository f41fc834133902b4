"""The watchdog's controller: the option per subscription in the Subscriptions dock, its
verdicts as desktop notifications when the window is not in front, and the lease
history window (docs/user-guide.md, "Is the hub still delivering?")."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QBoxLayout, QWidget

from explorer.core.words.engine_words import known_reason, state_word
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.ui.language import ui_language
from explorer.ui.services.watchdog import WatchdogServices
from explorer.ui.shared.plain_text import tooltip_text, window_title
from explorer.ui.shared.shell import Key
from explorer.ui.watchdog.notifier import DesktopNotifier
from explorer.ui.watchdog.watchdog_widgets import (
    DEFAULT_PERIOD,
    LeaseHistoryWidgets,
    WatchdogWidgets,
)

if TYPE_CHECKING:
    from explorer.net.live.subscription import SubscriptionView
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.surfaces import SubscriptionsSurface


class WatchdogPanel(WatchdogWidgets):
    """Placed in the Subscriptions dock above its log; follows the selected subscription."""

    def __init__(
        self,
        window: QWidget,
        services: ExplorerServices,
        subscriptions: SubscriptionsSurface,
        spawn: Any,
    ) -> None:
        super().__init__()
        self.subscriptions = subscriptions
        self.spawn = spawn
        self.watchdogs = WatchdogServices(
            services.engines, services.live, services.source, spawn, parent=services
        )
        self.notifier = DesktopNotifier(window)
        self.histories: dict[str, LeaseHistory] = {}
        layout = subscriptions.layout()
        assert isinstance(layout, QBoxLayout)
        layout.insertWidget(layout.indexOf(subscriptions.log), self)
        subscriptions.table.selectionModel().currentRowChanged.connect(self.show_selected)
        services.live.subscriptions_changed.connect(self.show_selected)
        self.enabled_box.toggled.connect(self._apply)
        self.period.editingFinished.connect(self._restart)
        self.capability_list.editingFinished.connect(self._restart)
        self.history_button.clicked.connect(lambda: self.show_lease_history())
        self.watchdogs.verdict.connect(self.notify)
        self.show_selected()

    def show_selected(self, *_args: object) -> None:
        """The selected subscription's watch, or the defaults for it."""
        sub = self.subscriptions.selected()
        self.setEnabled(sub is not None)
        if sub is None:
            self.say(self.tr("select a subscription"))
            return
        watch = self.watchdogs.watching(sub.id)
        for control in (self.enabled_box, self.period, self.capability_list):
            control.blockSignals(True)
        self.enabled_box.setChecked(watch is not None)
        self.period.setValue(int(watch.period) if watch else DEFAULT_PERIOD)
        known = self.watchdogs.capability_list_of(sub.topic)
        self.capability_list.setText(watch.capability_list if watch else known or "")
        for control in (self.enabled_box, self.period, self.capability_list):
            control.blockSignals(False)
        self._say(sub)

    def _say(self, sub: SubscriptionView) -> None:
        watch = self.watchdogs.watching(sub.id)
        self.say(
            self.tr("checking every {seconds} s; verdicts appear in the live feed").format(
                seconds=int(watch.period)
            )
            if watch
            else self.tr("not watched")
        )

    def say(self, text: str) -> None:
        """The state line, cut short in a narrow dock: its tooltip holds it whole."""
        self.state.setText(text)
        self.state.setToolTip(tooltip_text(text))

    def _apply(self) -> None:
        sub = self.subscriptions.selected()
        if sub is None:
            return
        url = self.capability_list.text().strip()
        if not self.enabled_box.isChecked():
            self.watchdogs.unwatch(sub.id)
        elif not url.lower().startswith(("http://", "https://")):
            self.enabled_box.blockSignals(True)
            self.enabled_box.setChecked(False)
            self.enabled_box.blockSignals(False)
            self.say(
                self.tr("give the Capability List's http or https URL to check its Change Lists")
            )
            return
        else:
            self.watchdogs.watch(sub.id, sub.topic, url, float(self.period.value()))
        self._say(sub)

    def _restart(self) -> None:
        if self.enabled_box.isChecked():
            self._apply()

    def notify(self, event: SubscriberEvent) -> bool:
        """A verdict as a desktop notification, when the window is not in front."""
        title = self.tr("Watchdog: {topic}").format(topic=event.topic)
        return self.notifier.notify(title, known_reason(event.message, ui_language()))

    def show_lease_history(self) -> LeaseHistory | None:
        sub = self.subscriptions.selected()
        if sub is None:
            return None
        view = self.histories.get(sub.id)
        if view is None:
            view = self.histories[sub.id] = LeaseHistory(self.watchdogs, sub, self.spawn, self)
        view.show()
        view.raise_()
        view.refresh()
        return view


class LeaseHistory(LeaseHistoryWidgets):
    """Every subscription request for one subscription's topic, the hub's answers, and
    the hub's verifications of intent, as the store's exchange log kept them."""

    def __init__(
        self,
        watchdogs: WatchdogServices,
        sub: SubscriptionView,
        spawn: Any,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.watchdogs, self.sub, self.spawn = watchdogs, sub, spawn
        self.setWindowTitle(
            window_title(self.tr("Lease history — {topic}").format(topic=sub.topic))
        )
        self.refresh_button.clicked.connect(self.refresh)
        self.task: Any = None

    def refresh(self) -> Any:
        self.task = self.spawn(self._load())
        return self.task

    async def _load(self) -> None:
        steps = await self.watchdogs.lease_history(self.sub.id, self.sub.topic)
        self.model.set_rows(steps)
        sub = self.sub
        expires = (
            time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(sub.lease_expires)) + "Z"
            if sub.lease_expires
            else self.tr("not known")
        )
        self.heading.setText(
            self.tr(
                "{topic}\nhub {hub}; state {state}; lease {lease} s, until {expires}"
                "{error}\n{count} requests and verifications"
            ).format(
                topic=sub.topic,
                hub=sub.hub,
                state=state_word(str(sub.state), ui_language()),
                lease=sub.lease_seconds if sub.lease_seconds is not None else "?",
                expires=expires,
                error=self.tr("; last renewal failed: {error}").format(
                    error=known_reason(sub.renewal_error, ui_language())
                )
                if sub.renewal_error
                else "",
                count=len(steps),
            )
        )


WATCHDOG: Key[WatchdogPanel] = Key("watchdog")
"""The feature's WatchdogPanel, published for the scenes and the tests."""
