"""The user guide's screens of forwarding and replay (``explorer.ui.scenes.screenshots`` takes
them after the others): Forward to… filled in, the Subscriptions table with a target
that is down (the state a developer meets first: the application is not started yet),
and Replay… after sending a delivery again to where it went."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from PySide6.QtWidgets import QWidget

from explorer.net.live.forwarding.forwarder import ForwardTarget
from explorer.ui.live.subscriptions_model import COLUMNS
from explorer.ui.scenes.stage import Stage
from explorer.ui.tools.replay_actions import ReplayActions

Wait = Callable[..., Awaitable[None]]
HIDDEN_FOR_SHOT = [COLUMNS.index(key) for key in ("hub", "flavour", "secret", "reason")]
DOWN_TARGET = "http://127.0.0.1:9/hook"
"""The discard port: nothing answers, as an application not started yet."""


def _select_subscription(window: Stage) -> str:
    assert window.panels is not None
    panel = window.panels.subscriptions
    panel.table.selectRow(0)  # the newest subscription
    return panel.model.subscription(0).id


async def forward_dialog_shot(window: Stage, wait: Wait) -> QWidget:
    assert window.panels is not None
    _select_subscription(window)
    dialog = window.panels.subscriptions.forwarding.open_dialog()
    assert dialog is not None
    dialog.url.setText("http://127.0.0.1:8000/hook")
    dialog.secret.setText("made-up-secret")  # shown as dots
    dialog.headers.setPlainText("X-Importer: staging")
    await wait(dialog.isVisible)
    return dialog


async def forwarding_shot(window: Stage, wait: Wait) -> QWidget:
    assert window.panels is not None and window.services is not None
    panel = window.panels.subscriptions
    dock = window.docks["SubscriptionsDock"]
    dock.setFloating(True)  # wide enough for the Forwarding column; docked again after
    dock.resize(1100, 620)
    subscription = _select_subscription(window)
    await window.services.start_forwarding(subscription, ForwardTarget(DOWN_TARGET))
    services = window.services
    await wait(lambda: "since" in services.forwarding_lines("en").get(subscription, ""), 10)
    panel.forwarding.refresh()
    for column in HIDDEN_FOR_SHOT:  # the Forwarding column gets their room
        panel.table.setColumnHidden(column, True)
    panel.table.setColumnWidth(COLUMNS.index("forwarding"), 640)
    await wait(lambda: True)
    return dock


async def replay_shot(window: Stage, wait: Wait) -> QWidget:
    assert window.panels is not None and window.services is not None
    await window.services.close_forwarding()
    window.docks["SubscriptionsDock"].setFloating(False)
    for column in HIDDEN_FOR_SHOT:
        window.panels.subscriptions.table.setColumnHidden(column, False)
    feed = window.panels.feed
    window.docks["FeedDock"].raise_()
    feed.select_row(feed.model.rowCount() - 1)
    actions = window.panels.inspector.findChild(ReplayActions)
    assert actions is not None
    dialog = actions.replay_delivery()
    assert dialog is not None
    await dialog.send_now()
    await wait(lambda: dialog.outcome is not None)
    return dialog
