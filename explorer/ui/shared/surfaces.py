"""What one feature of the window offers another, each under a ``Key`` (see
``explorer.ui.shared.shell``): the live feed's deliveries, the inspector's exchanges, the
subscriptions table, the XMPP account question.

A feature publishes the part when it is installed (``shell.publish``), and a feature
listed after it in ``explorer.ui.shell.features`` takes it (``shell.part``). Each part is
described by a protocol with only what the other features use, so the feature behind it
can change its widgets freely and no feature imports another's modules.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QLabel, QLayout, QPlainTextEdit, QTableView

from explorer.ui.shared.shell import Key

if TYPE_CHECKING:
    from explorer.net.live.subscription import SubscriptionView
    from explorer.net.store.records import ExchangeRecord
    from explorer.ui.services import ExplorerServices


class DeliveryRows(Protocol):
    """The feed's selected deliveries and the actions of their context menu."""

    @property
    def menu_actions(self) -> list[tuple[str, Any]]:
        """(title, handler) pairs; another feature may append its own."""

    def selected_ids(self) -> list[int]:
        """The stored ids of the selected deliveries."""


class FeedSurface(Protocol):
    """The live feed, as the Replay tool sees it."""

    @property
    def forwarding(self) -> DeliveryRows: ...

    @property
    def table(self) -> QTableView: ...


class ExchangeRows(Protocol):
    def record(self, row: int) -> ExchangeRecord: ...


class InspectorSurface(Protocol):
    """The HTTP inspector, as forwarding and the Replay tool see it."""

    @property
    def services(self) -> ExplorerServices: ...

    @property
    def table(self) -> QTableView: ...

    @property
    def model(self) -> ExchangeRows: ...

    @property
    def status(self) -> QLabel:
        """A line under the table another feature may write a note about the row in."""

    def selected(self) -> ExchangeRecord | None: ...


class SubscriptionsSurface(Protocol):
    """The Subscriptions panel, as the watchdog sees it (it places itself above the log)."""

    @property
    def table(self) -> QTableView: ...

    @property
    def log(self) -> QPlainTextEdit: ...

    def layout(self) -> QLayout | None: ...

    def selected(self) -> SubscriptionView | None: ...


XmppSubscribe = Callable[
    ["ExplorerServices", str, "str | None", "str | None", str], Awaitable[bool]
]
"""Ask for the XMPP account, then subscribe (services, topic, hub, capability, node);
False when the user cancelled."""

FEED: Key[FeedSurface] = Key("feed")
INSPECTOR: Key[InspectorSurface] = Key("inspector")
SUBSCRIPTIONS: Key[SubscriptionsSurface] = Key("subscriptions")
XMPP_SUBSCRIBE: Key[XmppSubscribe] = Key("xmpp-subscribe")
