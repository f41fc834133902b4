"""A relaunch with the embedded demo: restored rows never say active on the store's word,
the demo keeps its port when it can, and when it cannot the subscriptions follow it."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

from helpers.hub_log import wait_until_hub_subscribed
from PySide6.QtCore import Qt

from explorer.net.live.subscriber import SubscriberConfig
from explorer.net.live.subscriber_events import MOVED, NOTIFICATION, SubscriberEvent
from explorer.net.live.subscription import State

CONFIG = SubscriberConfig(request_timeout=5.0, retries=0, verification_timeout=10.0)
DEMO = {"rate": 0, "request_timeout": 2.0, "delivery_attempts": 1}


def launch(run, store: Path, events: list[SubscriberEvent] | None = None) -> Any:
    """The window's engines as ``--demo`` starts them: the demo first, then the live side.
    ``events`` hears the live side's events from before the start on (a subscription
    that followed the demo is said during the start)."""
    from explorer.ui.services import ExplorerServices

    services = ExplorerServices(
        store_path=store, subscriber_config=CONFIG, demo_options=DEMO, demo=True
    )
    if events is not None:
        services.live.subscriber_events.connect(events.extend)
    run(services.start())
    return services


def first_session(run, store: Path) -> tuple[str, str]:
    """Subscribe to the demo's change channel, then quit without unsubscribing."""
    services = launch(run, store)
    try:
        channel = next(c for c in services.demo.channels if c.capability == "change-notification")
        view = run(services.live.subscribe(channel.topic, channel.hub))
        assert run(services.live.wait_settled(view, 10)) == State.ACTIVE
        return view.id, services.demo.base_url
    finally:
        run(services.aclose())


def recorded(services: Any) -> list[SubscriberEvent]:
    events: list[SubscriberEvent] = []
    services.live.subscriber_events.connect(events.extend)
    return events


def delivered(qtbot, services: Any, events: list[SubscriberEvent], sub_id: str) -> None:
    """A change once the relaunched demo's hub holds the subscription (the row says active
    once it answered the hub's check, before the hub read that answer), and its delivery."""
    [view] = [v for v in services.live.subscriptions() if v.id == sub_id]
    wait_until_hub_subscribed(qtbot, services.demo.hub, view.callback_url)
    services.demo.change("dataset1", "updated")
    qtbot.waitUntil(
        lambda: any(e.event == NOTIFICATION and e.subscription == sub_id for e in events),
        timeout=10_000,
    )


def shown(services: Any, sub_id: str) -> tuple[str, str]:
    """The row's state and lease cells as the Subscriptions table shows them."""
    from explorer.ui.live.subscriptions_model import COLUMNS, SubscriptionsModel

    model = SubscriptionsModel()
    model.set_subscriptions(services.live.subscriptions())
    row = model.row_of(sub_id)
    assert row is not None
    state, lease = (
        model.data(model.index(row, COLUMNS.index(name)), Qt.ItemDataRole.DisplayRole)
        for name in ("state", "lease")
    )
    return state, lease


def test_the_demo_keeps_its_port_and_the_row_checks_before_it_says_active(
    qtbot, run, tmp_path: Path
) -> None:
    store = tmp_path / "store.sqlite3"
    sub_id, base = first_session(run, store)
    services = launch(run, store)
    try:
        events = recorded(services)
        assert services.demo.base_url == base  # the same port: the same topics and hub
        assert shown(services, sub_id) == ("checking", "asking the hub…")
        qtbot.waitUntil(lambda: shown(services, sub_id)[0] == "active", timeout=10_000)
        assert shown(services, sub_id)[1].endswith("left")
        delivered(qtbot, services, events, sub_id)
        # the relaunch read no Resource List: the feed does not call the resource unknown
        said = [f.code for e in events if e.event == NOTIFICATION for f in e.findings]
        assert not [code for code in said if code.endswith("-unknown-resource")], said
    finally:
        run(services.aclose())


def test_when_the_port_is_taken_the_subscriptions_follow_the_demo_and_say_so(
    qtbot, run, tmp_path: Path
) -> None:
    store = tmp_path / "store.sqlite3"
    old_id, base = first_session(run, store)
    port = int(base.rstrip("/").rsplit(":", 1)[1])
    with socket.socket() as squatter:  # another program took the demo's port meanwhile
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        events: list[SubscriberEvent] = []
        services = launch(run, store, events)
    try:
        assert services.demo.base_url != base
        assert services.demo_note and services.demo.base_url in services.demo_note

        def views() -> dict[str, Any]:
            return {view.id: view for view in services.live.subscriptions()}

        qtbot.waitUntil(
            lambda: len(views()) == 2 and views()[old_id].state == State.ENDED, timeout=10_000
        )
        assert views()[old_id].state == State.ENDED
        assert "moved" in str(views()[old_id].reason or "")
        qtbot.waitUntil(  # said during the start, handed to the window in a batch
            lambda: any(e.event == MOVED and e.subscription == old_id for e in events),
            timeout=5_000,
        )
        [new] = [v for v in views().values() if v.id != old_id]
        assert new.topic.startswith(services.demo.base_url)
        qtbot.waitUntil(lambda: shown(services, new.id)[0] == "active", timeout=10_000)
        delivered(qtbot, services, events, new.id)
    finally:
        run(services.aclose())
