"""The callback server's status (a typed public URL, an operating system's error) is
shown as text in the box's tooltip, never rendered as markup."""

from __future__ import annotations

from explorer.ui.live.subscription_widgets import SubscriptionPanelWidgets
from explorer.ui.live.subscriptions_model import SubscriptionsModel


def test_the_server_status_tooltip_shows_markup_as_text(qtbot) -> None:
    widgets = SubscriptionPanelWidgets(SubscriptionsModel())
    qtbot.addWidget(widgets)
    widgets.set_server_status('reachable at https://x.example/<img src="/etc/passwd">')
    tip = widgets.server_box.toolTip()
    assert "<img" not in tip
    assert "&lt;img" in tip
