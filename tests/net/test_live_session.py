"""One live session for every front end: it starts and stops its parts in one order,
and ``listen`` and the window only build it (they make no server, transport, intake or
forwarder of their own)."""

from __future__ import annotations

import ast
import asyncio
import socket
import time
from pathlib import Path

import pytest
from fake_hub import FakeHub, notification
from helpers.source_2012 import source_2012
from websub_env import FAST

import explorer
from explorer.core.words.messages import said
from explorer.net.live import transports
from explorer.net.live.forwarding.forwarder import Forwarder, ForwardTarget
from explorer.net.live.hub_discovery import DiscoveredChannel
from explorer.net.live.session import CannotListen, LiveConfig, LiveSession
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent
from explorer.net.live.subscription import State, Subscription
from explorer.net.store.database import Store

PACKAGE = Path(explorer.__file__).parent
FRONT_ENDS = [
    PACKAGE / "cli" / "listen.py",
    PACKAGE / "cli" / "listen_forwarding.py",
    PACKAGE / "cli" / "options" / "recording_option.py",
    PACKAGE / "cli" / "options" / "reconcile_option.py",
    PACKAGE / "cli" / "listen_watchdog.py",
    PACKAGE / "cli" / "options" / "xmpp_option.py",
    *sorted((PACKAGE / "ui" / "services").glob("*.py")),
]
LIVE_PARTS = {
    "CallbackServer",
    "start_callback_server",
    "Subscriber",
    "CallbackPush",
    "XmppPush",
    "LegacyTransports",
    "DeliveryIntake",
    "EventPipeline",
    "SubscriptionBook",
    "LiveParts",
    "Forwarder",
    "Recorder",
    "bounded_tracker",
}
"""What a ``LiveSession`` makes; a front end that made one would wire the live side twice."""


def built_parts(source: str) -> list[str]:
    """Each call in ``source`` that makes one of ``LIVE_PARTS``."""
    made = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            callee = node.func
            name = callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", "")
            own = isinstance(callee, ast.Attribute) and ast.unparse(callee.value) == "self"
            if name in LIVE_PARTS and not own:  # a front end's own method of that name
                made.append(f"line {node.lineno}: {name}")
    return made


def test_the_scan_sees_a_part_made_by_name_or_through_a_module() -> None:
    assert built_parts("s = Subscriber(store, server)\nf = forwarder.Forwarder(s, t)\n") == [
        "line 1: Subscriber",
        "line 2: Forwarder",
    ]


def test_listen_and_the_window_build_no_live_part_themselves() -> None:
    found = {
        str(path.relative_to(PACKAGE)): made
        for path in FRONT_ENDS
        if (made := built_parts(path.read_text(encoding="utf-8")))
    }
    assert found == {}


class Steps:
    """A ``LiveObserver`` that notes what the session had done at each step."""

    def __init__(self) -> None:
        self.session: LiveSession | None = None
        self.seen: list[str] = []
        self.sinks_when_transports_started: list[object] = []

    def server_started(self, notes: list[str]) -> None:
        self.seen.append("server")

    def recording_started(self, path: Path) -> None:
        self.seen.append("recording")

    def recording_full(self, limit: int) -> None:
        self.seen.append("full")

    def forwarding_started(self, forwarder: Forwarder) -> None:
        self.seen.append("forwarding")

    def priming_failed(self, problems: list[object]) -> None:
        self.seen.append("priming failed")

    def transports_started(self) -> None:
        assert self.session is not None and self.session.parts is not None
        self.seen.append("transports")
        self.sinks_when_transports_started = list(self.session.parts.intake.sinks)


def _row(store: Store, transport: str, state: State, served_by: str) -> Subscription:
    sub = Subscription(
        id=f"{transport}-row"[:12],
        topic="http://example.org/topic",
        hub="http://example.org/hub",
        callback_path=f"token-{transport}",
        callback_url=f"{served_by}/callback/token-{transport}",
        secret=None,
        state=state,
        transport=transport,
        lease_seconds=3600,
        lease_expires=time.time() + 3600,
    )
    return sub


async def test_a_session_starts_every_part_in_order_and_stops_them_all(tmp_path: Path) -> None:
    store = Store(tmp_path / "store.sqlite3")
    steps = Steps()
    config = LiveConfig(
        subscriber=FAST,
        record=tmp_path / "session.jsonl",
        forward_to=ForwardTarget("http://127.0.0.1:9/never", None, "sha256", ()),
    )
    session = steps.session = LiveSession(store, config, observer=steps)
    events: list[SubscriberEvent] = []
    session.listeners.append(events.append)
    try:
        async with FakeHub() as hub:
            await session.start()
            assert steps.seen == ["server", "recording", "forwarding", "transports"]
            forwarder = session.forwarders.by_subscription[None]
            assert forwarder in steps.sinks_when_transports_started  # before any delivery
            assert set(session.transports) == set(transports.kinds())
            sub = await session.subscriber.subscribe("http://example.org/topic", hub.url)
            assert await session.subscriber.wait_settled(sub, 5) == State.ACTIVE
            await hub.deliver(sub.callback_url, notification(), secret=sub.secret)
            async with asyncio.timeout(5):
                while not any(event.event == NOTIFICATION for event in events):
                    await asyncio.sleep(0.01)
            assert forwarder.outbox.count() == 1  # queued on disk with the delivery
            server = session.server
            assert server is not None
            await session.stop()
    finally:
        await session.stop()
        store.close()
    assert session.server is None and session.parts is None and session.transports == {}
    with pytest.raises(ConnectionRefusedError):  # the server no longer listens
        socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
    assert session.listeners == [] and session.recorder is None
    assert (tmp_path / "session.jsonl").read_text(encoding="utf-8").count("\n") >= 2


async def test_a_row_of_a_transport_that_does_not_resume_is_ended_at_the_start(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "store.sqlite3")
    left = _row(store, transports.HTTP_CALLBACK_2012, State.ACTIVE, "http://127.0.0.1:1")
    await store.save_subscription(left.to_row())
    session = LiveSession(store, LiveConfig(subscriber=FAST))
    try:
        await session.start()
        (row,) = [Subscription.from_row(row) for row in store.subscriptions()]
        assert row.transport == transports.HTTP_CALLBACK_2012 and row.state == State.ENDED
        assert row.flavour == "2012-callback"  # stored as earlier releases stored it
        assert left.id not in session.subscriber.book.restore.checking
    finally:
        await session.stop()
        store.close()


async def test_a_taken_port_is_refused_or_left_for_any_port(tmp_path: Path) -> None:
    store = Store(tmp_path / "store.sqlite3")
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        refused = LiveSession(store, LiveConfig(port=taken, subscriber=FAST))
        with pytest.raises(CannotListen):
            await refused.start()
        await refused.stop()
        moved = LiveSession(store, LiveConfig(port=taken, subscriber=FAST, any_port_if_taken=True))
        try:
            await moved.start()
            assert moved.port_refused is not None
            assert moved.server is not None and moved.server.port != taken
        finally:
            await moved.stop()
            store.close()


async def test_a_channel_goes_to_the_transport_of_its_form_and_so_do_its_actions(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "store.sqlite3")
    session = LiveSession(store, LiveConfig(subscriber=FAST))
    try:
        async with source_2012(forms=("callback",)) as source:
            await session.start()
            callback = DiscoveredChannel(
                source.changeset_url,
                source.subscribe_url,
                via="2012-link",
                form=transports.HTTP_CALLBACK_2012,
            )
            sub = await session.subscribe_channel(callback)
            assert sub.transport == transports.HTTP_CALLBACK_2012 and sub.state == State.ACTIVE
            assert source.callbacks == [sub.callback_url]
            await session.renew(sub.id)  # no lease: nothing is asked of the Source
            assert sub.state == State.ACTIVE and len(source.subscribe_forms) == 1
            await session.unsubscribe(sub.id)  # none defined: ended here, saying so
            assert sub.state == State.ENDED
            assert sub.reason == said("legacy_push.no-unsubscription")
            xmpp = DiscoveredChannel(
                source.changeset_url,
                "xmpp:pubsub.localhost",
                via="2012-link",
                form=transports.XMPP_PUBSUB_2012,
                node="changes",
            )
            failed = await session.subscribe_channel(xmpp)  # no account given
            assert failed.transport == transports.XMPP_PUBSUB_2012
            assert failed.state == State.FAILED
            assert failed.reason == said("legacy_push.xmpp-need-jid")
    finally:
        await session.stop()
        store.close()
