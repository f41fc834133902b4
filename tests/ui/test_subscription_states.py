"""The subscriptions table says "active" only while the callback is served and the lease
holds; otherwise the real state and why. One screenshot shows every state."""

from __future__ import annotations

import time
from pathlib import Path

from explorer.net.live.subscription import State, SubscriptionView
from explorer.ui.live.subscriptions_model import COLUMNS

NOW = time.time()
SERVED = "http://127.0.0.1:8123/callback/"


def view(name: str, **fields) -> SubscriptionView:
    values = {
        "id": name,
        "topic": f"http://example.org/{name}",
        "hub": "http://example.org/hub",
        "callback_url": SERVED + name,
        "state": State.ACTIVE,
        "reason": None,
        "transport": "websub",
        "dialect": "websub",
        "lease_seconds": 3600,
        "lease_expires": NOW + 3000,
        "created": NOW - len(name),
        "secret": "s3cret-value",
        "serving_url": SERVED + name,
        "served": True,
    }
    values.update(fields)
    return SubscriptionView(**values)


VIEWS = [
    view("active"),
    view(
        "stale",
        callback_url="http://127.0.0.1:8000/callback/stale",
        served=False,
    ),
    view("expired", lease_expires=NOW - 5),
    view("renewal", renewal_error="renewal failed: http://example.org/hub answered 503"),
    view("stopped", serving_url=None, served=False),
    view("ended", state=State.ENDED, reason="ended by the user", lease_expires=None),
]
SHOWN = {
    "active": ("active", ""),
    "stale": ("stale callback", "this server answers " + SERVED + "stale"),
    "expired": ("lease expired", "the lease ran out"),
    "renewal": ("renewal failing", "answered 503"),
    "stopped": ("not served", "the callback server is stopped"),
    "ended": ("ended", "ended by the user"),
}


def test_each_row_shows_its_real_state_and_why(qtbot, qloop, tmp_path: Path, output_dir) -> None:
    from explorer.ui.live.subscription_panel import SubscriptionPanel
    from explorer.ui.services import ExplorerServices

    services = ExplorerServices(store_path=tmp_path / "store.sqlite3")
    panel = SubscriptionPanel(services, spawn=lambda coro: coro.close())
    qtbot.addWidget(panel)
    panel.resize(1200, 520)
    panel.show()
    panel.show_subscriptions(VIEWS)
    model = panel.model
    state, reason = COLUMNS.index("state"), COLUMNS.index("reason")
    for row in range(model.rowCount()):
        sub = model.subscription(row)
        shown = model.index(row, state).data()
        why = model.index(row, reason).data()
        expected_state, expected_why = SHOWN[sub.id]
        assert shown == expected_state, sub.id
        assert expected_why in why, sub.id
    active_rows = [
        row for row in range(model.rowCount()) if model.index(row, state).data() == "active"
    ]
    assert [model.subscription(row).id for row in active_rows] == ["active"]
    panel.grab().save(str(output_dir / "subscription_states.png"))
