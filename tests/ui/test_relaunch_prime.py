"""A relaunch resumes a subscription of a set the window primed (its Capability List was
opened): the live side primes it again, so the first update after the relaunch has its
before, as it would have had before the window closed."""

from __future__ import annotations

import contextlib
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.hub_log import wait_until_hub_subscribed

from explorer.core.findings import Finding
from explorer.net.live.session import PRIME_WAIT
from explorer.net.live.subscriber import SubscriberConfig
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent
from explorer.net.live.subscription import State
from explorer.ui.language import finding_text

CONFIG = SubscriberConfig(request_timeout=5.0, retries=0, verification_timeout=10.0)
DEMO = {"rate": 0, "request_timeout": 10.0, "delivery_attempts": 1}
"""One attempt, so one delivery; a callback that must store it before answering may take
seconds on a busy machine: the hub waits for it."""


def launch(run, store: Path, told: list[list[Finding]] | None = None) -> Any:
    """The window's services on the demo; ``told`` collects what priming could not read
    (connected before the live side starts)."""
    from explorer.ui.services import ExplorerServices

    services = ExplorerServices(
        store_path=store, subscriber_config=CONFIG, demo_options=DEMO, demo=True
    )
    if told is not None:
        services.live.priming_failed.connect(told.append)
    run(services.start())
    return services


@pytest.mark.parametrize("port_taken", [False, True], ids=["same-port", "port-taken"])
def test_a_resumed_subscription_is_primed_so_its_first_update_has_a_before(
    qtbot, run, tmp_path: Path, port_taken: bool
) -> None:
    """Also when another program took the callback port meanwhile (in a busy test run,
    another test's server may): the subscription is moved to the new port first."""
    store = tmp_path / "store.sqlite3"
    services = launch(run, store)
    try:  # the first session: the set opened as a Source, its change channel subscribed
        run(services.source.crawl(services.demo.capability_list_urls[0]))
        channel = next(
            c for c in services.source.channels.values() if c.capability == "change-notification"
        )
        view = run(services.live.subscribe(channel.topic, channel.hub))
        assert run(services.live.wait_settled(view, 10)) == State.ACTIVE
        assert services.live.live_session is not None
        port = services.live.live_session.server.port
    finally:
        run(services.aclose())
    with contextlib.ExitStack() as held:
        if port_taken:
            held.enter_context(_listening_on(port))
        services = launch(run, store)  # the relaunch opens no Source: the store knows the set
    try:
        events: list[SubscriberEvent] = []
        services.live.subscriber_events.connect(events.extend)
        qtbot.waitUntil(
            lambda: (
                [(v.state, v.checking) for v in services.live.subscriptions() if v.served]
                == [(State.ACTIVE, False)]
            ),  # the hub confirmed it (or its move to the new port): it delivers here
            timeout=30_000,
        )
        [served] = [v for v in services.live.subscriptions() if v.served]
        # the subscriber is active once it answered the hub's check; the hub delivers once
        # it read that answer: a change published in between reaches nobody (WebSub §5.3)
        wait_until_hub_subscribed(qtbot, services.demo.hub, served.callback_url)
        services.demo.change("dataset1", "updated")
        qtbot.waitUntil(  # the feed's first diffs wait for the priming (PRIME_WAIT at most),
            lambda: any(e.event == NOTIFICATION for e in events),  # then the hub's delivery
            timeout=int(PRIME_WAIT * 1000) + 20_000,
        )
        [delivered] = [e for e in events if e.event == NOTIFICATION]
        [entry] = delivered.diff or []
        assert entry["change"] == "updated"
        assert entry["before"] is not None  # without priming: None, "never seen"
        assert entry["known_from"]["kind"] in ("resourcelist", "changelist")
    finally:
        run(services.aclose())


@contextlib.contextmanager
def _listening_on(port: int) -> Iterator[None]:
    """Another program's listener on ``port`` while the relaunch binds its callback."""
    with socket.socket() as other:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        other.bind(("127.0.0.1", port))
        other.listen()
        yield


def test_a_set_that_cannot_be_read_again_is_told_not_dropped(qtbot, run, tmp_path: Path) -> None:
    """The Source of a resumed subscription went away (here: its Capability List moved
    to a port nothing listens on): the window says so, naming the document, instead of
    leaving the first diffs without a before and no reason."""
    store = tmp_path / "store.sqlite3"
    services = launch(run, store)
    try:
        run(services.source.crawl(services.demo.capability_list_urls[0]))
        channel = next(
            c for c in services.source.channels.values() if c.capability == "change-notification"
        )
        view = run(services.live.subscribe(channel.topic, channel.hub))
        assert run(services.live.wait_settled(view, 10)) == State.ACTIVE
    finally:
        run(services.aclose())
    gone = "http://127.0.0.1:9/gone/capabilitylist.xml"
    with sqlite3.connect(store) as db:
        assert db.execute("UPDATE channel_sets SET capability_list = ?", (gone,)).rowcount
    told: list[list[Finding]] = []
    services = launch(run, store, told)
    try:
        qtbot.waitUntil(lambda: bool(told), timeout=20_000)
        [problems] = told
        assert [p.code for p in problems] == ["changes.prime-failed"]
        assert gone in finding_text(problems[0])
    finally:
        run(services.aclose())
