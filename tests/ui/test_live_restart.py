"""Subscriptions survive a restart of the window's engines: the same callback port is bound
again, or, when another program holds it, every live subscription is subscribed again on
the new callback and says so in one event; a row never says active while its callback is
not served."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.hub_log import wait_until_hub_subscribed

from explorer.net.live.subscriber import SubscriberConfig
from explorer.net.live.subscriber_events import MOVED, NOTIFICATION, SubscriberEvent
from explorer.net.live.subscription import NOT_SERVED, STALE_CALLBACK, State

CONFIG = SubscriberConfig(request_timeout=5.0, retries=0, verification_timeout=10.0)


@pytest.fixture
def demo(run) -> Iterator[Any]:
    from explorer.demo import start_demo

    running = run(start_demo(rate=0, request_timeout=2.0, delivery_attempts=1))
    yield running
    run(running.stop())


def engines(run, store: Path) -> Any:
    from explorer.ui.services import ExplorerServices

    services = ExplorerServices(store_path=store, subscriber_config=CONFIG)
    run(services.start())
    return services


def change_channel(demo: Any) -> Any:
    return next(c for c in demo.channels if c.capability == "change-notification")


def received(services: Any) -> list[SubscriberEvent]:
    events: list[SubscriberEvent] = []
    services.live.subscriber_events.connect(events.extend)
    return events


def next_notification_reaches(
    qtbot, demo: Any, services: Any, events: list[SubscriberEvent], subscription_id: str
) -> None:
    """The Source changes; its hub's delivery arrives as an event of ``subscription_id``.
    The change waits until the hub has read the subscriber's answer to its check: active
    on the subscriber's side comes first, and a change in between reaches nobody."""
    [view] = [v for v in services.live.subscriptions() if v.id == subscription_id]
    wait_until_hub_subscribed(qtbot, demo.hub, view.callback_url)
    demo.change("dataset1", "updated")
    qtbot.waitUntil(
        lambda: any(e.event == NOTIFICATION and e.subscription == subscription_id for e in events),
        timeout=10_000,
    )


def subscribe_and_close(run, demo: Any, store: Path) -> tuple[str, int]:
    """An active subscription in a first window's engines, closed without unsubscribing."""
    first = engines(run, store)
    try:
        channel = change_channel(demo)
        view = run(first.live.subscribe(channel.topic, channel.hub))
        assert run(first.live.wait_settled(view, 10)) == State.ACTIVE
        return view.id, first.live.callback_status().port
    finally:
        run(first.aclose())


def test_a_restored_subscription_receives_the_next_delivery(
    qtbot, run, demo, tmp_path: Path
) -> None:
    store = tmp_path / "store.sqlite3"
    sub_id, port = subscribe_and_close(run, demo, store)
    second = engines(run, store)
    try:
        events = received(second)
        assert second.live.callback_status().port == port
        [view] = second.live.subscriptions()
        # restored: "checking" until the hub confirms it, never "active" on the store's word
        assert view.id == sub_id and view.health(time.time())[0] == "checking"
        qtbot.waitUntil(lambda: any(e.event == "confirmed" for e in events), timeout=10_000)
        [view] = second.live.subscriptions()
        assert view.health(time.time())[0] == "active"
        next_notification_reaches(qtbot, demo, second, events, sub_id)
        assert not [e for e in events if e.event == MOVED]
    finally:
        run(second.aclose())


def test_with_the_old_port_taken_the_subscription_moves_and_says_so(
    qtbot, run, demo, tmp_path: Path
) -> None:
    store = tmp_path / "store.sqlite3"
    old_id, port = subscribe_and_close(run, demo, store)
    with socket.socket() as squatter:  # another program takes the port meanwhile
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", port))
        squatter.listen()
        moved_on_a_new_port(qtbot, run, demo, store, old_id, port)


def moved_on_a_new_port(qtbot, run, demo: Any, store: Path, old_id: str, port: int) -> None:
    second = engines(run, store)
    try:
        events = received(second)
        status = second.live.callback_status()
        assert status.port != port and f"port {port} is taken" in (status.note or "")
        qtbot.waitUntil(lambda: any(e.event == MOVED for e in events), timeout=10_000)
        [moved] = [e for e in events if e.event == MOVED]
        assert moved.subscription == old_id
        views = {view.id: view for view in second.live.subscriptions()}
        assert views[old_id].health(time.time())[0] == STALE_CALLBACK
        [new_id] = [key for key in views if key != old_id]
        assert new_id in str(moved.message or "")
        qtbot.waitUntil(
            lambda: any(
                v.id == new_id and v.state == State.ACTIVE for v in second.live.subscriptions()
            ),
            timeout=10_000,
        )
        next_notification_reaches(qtbot, demo, second, events, new_id)
    finally:
        run(second.aclose())


def test_a_stopped_callback_server_lists_its_subscriptions_as_not_served(
    qtbot, run, demo, tmp_path: Path
) -> None:
    store = tmp_path / "store.sqlite3"
    services = engines(run, store)
    try:
        channel = change_channel(demo)
        view = run(services.live.subscribe(channel.topic, channel.hub))
        assert run(services.live.wait_settled(view, 10)) == State.ACTIVE
        run(services.live.stop_callback_server())
        [stopped] = services.live.subscriptions()
        assert stopped.state == State.ACTIVE
        assert stopped.health(time.time())[0] == NOT_SERVED
    finally:
        run(services.aclose())
