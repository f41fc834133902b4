"""The Subscriptions table's model: one row per subscription snapshot, its state in the
interface language, the lease as a countdown and the secret masked."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor

from explorer.core.words.engine_words import known_reason
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.live.subscription import (
    CHECKING,
    FINAL_STATES,
    LEASE_EXPIRED,
    NOT_CONFIRMED,
    NOT_SERVED,
    RENEWAL_FAILING,
    STALE_CALLBACK,
    State,
    SubscriptionView,
)
from explorer.ui.language import ui_language
from explorer.ui.live.push_form_text import flavour_text, no_lease_text
from explorer.ui.shared.plain_text import tooltip_text
from explorer.ui.shared.row_table_model import Index, RowTableModel
from explorer.ui.shared.wording import duration_text

# state, lease and hub first: what a narrow dock must show (the topic is in the tooltip)
COLUMNS = ("state", "lease", "hub", "topic", "flavour", "secret", "reason", "forwarding")
HEADERS = (
    QT_TRANSLATE_NOOP("SubscriptionsModel", "state"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "lease"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "hub"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "topic"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "flavour"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "secret"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "reason"),
    QT_TRANSLATE_NOOP("SubscriptionsModel", "forwarding"),
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
    CHECKING: QT_TRANSLATE_NOOP("SubscriptionsModel", "checking"),
    NOT_CONFIRMED: QT_TRANSLATE_NOOP("SubscriptionsModel", "not confirmed"),
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
    CHECKING: "#d08a00",
    NOT_CONFIRMED: "#d32f2f",
}
UNKNOWN_LEASE = (CHECKING, NOT_CONFIRMED, RENEWAL_FAILING, NOT_SERVED, STALE_CALLBACK)
"""Rows whose stored lease is not known to hold: the countdown would claim too much."""


def lease_text(sub: SubscriptionView, now: float) -> str:
    """A countdown that reads at a glance (``9 days 23 h left``), or why there is none
    (an ended, denied or failed subscription has no lease left, whatever the hub gave)."""
    if sub.state in FINAL_STATES:
        return "—"
    if sub.lease_expires is None:
        if sub.state != State.ACTIVE:
            return "—"
        return no_lease_text(sub) or QCoreApplication.translate(
            "SubscriptionsModel", "no lease given"
        )
    left = int(sub.lease_expires - now)
    if left <= 0:
        return QCoreApplication.translate("SubscriptionsModel", "expired")
    return QCoreApplication.translate("SubscriptionsModel", "{duration} left").format(
        duration=duration_text(left)
    )


def lease_cell(sub: SubscriptionView, now: float) -> str:
    """The lease column, consistent with the state column: no countdown for a row whose
    hub has not confirmed the lease (restored and checking, not confirmed, failing)."""
    shown = sub.health(now)[0]
    if shown == CHECKING:
        return QCoreApplication.translate("SubscriptionsModel", "asking the hub…")
    if shown in UNKNOWN_LEASE:
        return QCoreApplication.translate("SubscriptionsModel", "not known")
    return lease_text(sub, now)


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
        self.forwarding: dict[str, str] = {}  # subscription id -> its forwarding state line

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
                "lease": lease_cell(sub, now),
                "flavour": flavour_text(sub),
                "secret": masked(sub.secret),
                "reason": known_reason(why, ui_language()) if why else "",
                "forwarding": self.forwarding.get(sub.id, ""),
            }[column]
        if role == Qt.ItemDataRole.ForegroundRole and column == "state":
            colour = STATE_COLOURS.get(sub.health(now)[0])
            return QColor(colour) if colour else None
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == "secret":
                return self.tr("masked; use Copy secret")
            reason = known_reason(sub.health(now)[1], ui_language())
            callback = self.tr("callback: {url}").format(url=sub.callback_url)
            forwarding = self.forwarding.get(sub.id, "")
            return tooltip_text(f"{callback}\n{reason}\n{forwarding}".strip())
        if role == Qt.ItemDataRole.UserRole:
            return sub
        return None
