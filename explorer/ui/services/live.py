"""The live side of the services: the callback server, subscriptions, stored deliveries
and the feed's diffs. Everything here runs on the net loop (``net``) and reaches the
window as immutable snapshots and events, in batches."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from explorer.core.changes import LineDiff, canonical_lines, diff_documents_text, diff_lines
from explorer.core.changes.line_diff import LineDiffTooLarge
from explorer.core.findings import Finding
from explorer.core.phrase import Phrase
from explorer.core.words.engine_words import known_reason
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.http.fetcher import Fetcher
from explorer.net.live.callback.callback_server import CALLBACK_PREFIX, CallbackServer
from explorer.net.live.callback_restart import live_subscriptions, move_to_current_callback
from explorer.net.live.forwarders import Forwarders
from explorer.net.live.forwarding.forwarder import Forwarder
from explorer.net.live.hub_discovery import DiscoveredChannel
from explorer.net.live.legacy.xmpp_account import XmppAccount
from explorer.net.live.probe_payloads import ProbePayloads
from explorer.net.live.refetch import ChangeTracker
from explorer.net.live.refetch_bounds import refetch_fetcher
from explorer.net.live.session import LiveConfig, LiveSession
from explorer.net.live.subscriber import Subscriber, SubscriberConfig
from explorer.net.live.subscription import State, Subscription, SubscriptionView
from explorer.net.store.database import Store, StoreError
from explorer.net.store.records import ExchangeRecord, NotificationRecord
from explorer.ui.language import ui_language
from explorer.ui.services.engines import Engines, stored_rows
from explorer.ui.services.source import SourceServices
from explorer.ui.services.versions import VersionHistory
from explorer.ui.shared.thread_batch import ThreadBatch

READ_ONLY_NOTE = QT_TRANSLATE_NOOP(
    "ExplorerServices", "the store is open read-only: no callback server, no new subscriptions"
)


@dataclass(frozen=True, slots=True)
class CallbackStatus:
    running: bool
    host: str
    port: int
    base_url: str | None
    note: str | None = None  # why the server is not where it was asked to be


@dataclass(frozen=True, slots=True)
class _Views:
    """A batch item: the subscriptions as the net loop saw them at one moment."""

    views: tuple[SubscriptionView, ...]


@dataclass(frozen=True)
class _Unprimed:
    """A batch item: what the priming of resumed subscriptions could not read."""

    problems: tuple[Finding, ...]


class _WindowObserver:
    """What the live session tells a front end while it starts. The window shows its
    callback status and recording on its own; what only the session knows is what the
    background priming of resumed subscriptions could not read, which would otherwise
    leave their first diffs without a before and the user without a reason."""

    def __init__(self, put: Callable[[object], None]) -> None:
        self.put = put  # the batch to the GUI thread: this is called on the net loop

    def server_started(self, notes: list[Phrase]) -> None:
        pass

    def recording_started(self, path: Path) -> None:
        pass

    def forwarding_started(self, forwarder: Forwarder) -> None:
        pass

    def transports_started(self) -> None:
        pass

    def recording_full(self, limit: int) -> None:
        pass

    def priming_failed(self, problems: list[Finding]) -> None:
        self.put(_Unprimed(tuple(problems)))


class LiveServices(QObject):
    """Callback server, subscriber and store, driven from the GUI loop on the net loop.

    The live side is one ``LiveSession`` on the net loop while the callback server runs;
    what reaches the window are snapshots and events, batched (``ThreadBatch``)."""

    subscriber_events = Signal(list)  # SubscriberEvents in order, a batch at a time
    subscriptions_changed = Signal(list)  # SubscriptionViews, the latest snapshot
    callback_changed = Signal(object)  # CallbackStatus
    priming_failed = Signal(list)  # Findings: a set of resources that could not be read

    def __init__(
        self,
        engines: Engines,
        source: SourceServices,
        forwarders: Forwarders,
        *,
        read_only: bool = False,
        host: str = "127.0.0.1",
        port: int | None = None,
        public_url: str | None = None,
        subscriber_config: SubscriberConfig | None = None,
        parent: QObject | None = None,
    ) -> None:
        """``source``: its fetcher tests a public URL, its channels say which set of
        resources (Capability List) a subscription belongs to, which the session primes;
        ``forwarders``: the forwarding part's, which the live session feeds."""
        super().__init__(parent)
        self.engines = engines
        self.net = engines.net
        self.source = source
        self.forwarders = forwarders
        self.read_only = read_only
        self.callback_host = host
        self.callback_port = port or None  # None (or 0): where stored subscriptions are called
        self.public_url = public_url
        self.subscriber_config = subscriber_config or SubscriberConfig()
        self.server: CallbackServer | None = None
        self.subscriber: Subscriber | None = None
        self.live_session: LiveSession | None = None  # on the net loop, while it runs
        self.xmpp_account: XmppAccount | None = None  # given in the window; never shown
        self.versions = VersionHistory()
        self.tracker = ChangeTracker(self.versions, fetcher_factory=self._refetch_fetcher)
        self.probe_payloads = ProbePayloads()
        self.public_url_tests: dict[str, bool] = {}  # public URL -> its last Test reached us
        self.move_wait = 20.0  # seconds a moved subscription's verification is waited for
        self._views: list[SubscriptionView] = []
        self._note: str | None = None
        # The one batching stage between the net loop and the window. One signal per
        # batch, not per event: each emission is a trip from Python into Qt and back,
        # and while the network thread is busy each trip waits for the GIL.
        self._events = ThreadBatch(self._hand_over, parent=self)

    def _refetch_fetcher(self) -> Fetcher:
        """On the net loop: the change tracker's fetcher, with the live side's access."""
        return refetch_fetcher(self.engines.live_access)  # bounded: see refetch_bounds

    def show_stored(self, store: Store) -> None:
        """A store opened read-only: its subscriptions listed as stored, nothing listening."""
        self._views = [
            SubscriptionView.of(Subscription.from_row(row), serving_url=None)
            for row in stored_rows(store.subscriptions)
        ]

    def release(self) -> None:
        """After closing: the batches let go of this object (no reference cycle back to a
        QObject, collected on whichever thread the garbage collector happens to run)."""
        self._events.close()

    async def start(self) -> CallbackStatus:
        """Start the callback server where the services were told to (by default where
        stored subscriptions are called back)."""
        return await self.start_callback_server(
            self.callback_host, self.callback_port, self.public_url
        )

    async def start_callback_server(
        self, host: str, port: int | None, public_url: str | None = None
    ) -> CallbackStatus:
        """(Re)start the callback server and a subscriber on it; stored subscriptions resume.

        ``port`` None (or 0) and ``public_url`` None reuse where stored subscriptions are
        called back; if that is impossible, or another place is asked for, they are
        subscribed again there (``explorer.net.live.callback_restart``)."""
        if self.read_only:
            return self.callback_status()
        await self.stop_callback_server()
        await self.net.run(self._start_live_side(host, port or None, public_url or None))
        self._events.flush()  # the restored subscriptions, before the status
        status = self.callback_status()
        self.callback_changed.emit(status)
        return status

    async def _start_live_side(self, host: str, port: int | None, public_url: str | None) -> None:
        """On the net loop: one ``LiveSession`` (server, transports, stored subscriptions
        restored; those whose callback URL changed are moved in the background: a hub may
        be slow), its events and views batched for the window."""
        store, exchange_log = self.engines.store, self.engines.exchange_log
        assert store is not None and exchange_log is not None
        config = LiveConfig(
            host=host,
            port=port,
            public_url=public_url,
            subscriber=self.subscriber_config,
            access=self.engines.live_access,
            xmpp_account=self.xmpp_account,
            any_port_if_taken=True,
            move_in_background=True,
        )
        session = LiveSession(
            store,
            config,
            exchange_log=exchange_log,
            tracker=self.tracker,  # kept across restarts: its versions feed the diffs
            forwarders=self.forwarders,  # the forwarding part's: kept across restarts too
            probe_payloads=self.probe_payloads,
            observer=_WindowObserver(self._events.put),
        )
        session.listeners.append(self._events.put)
        session.view_listeners.append(self._put_views)
        try:
            await session.start()
        except BaseException:
            await session.stop()  # what started before the failure
            raise
        notes: list[str] = []
        if session.port_refused is not None:
            unusable = QCoreApplication.translate(
                "ExplorerServices", "port {port} cannot be used ({reason})"
            )
            notes.append(unusable.format(port=port, reason=session.port_refused.strerror))
        notes += [known_reason(note, ui_language()) for note in session.notes]
        separator = QCoreApplication.translate("Counts", ", ", "between the items of a list")
        self._note = separator.join(notes) or None  # on the net thread: no QObject here
        assert session.server is not None
        self.live_session = session
        self.server = session.server
        self.callback_host, self.callback_port = host, port
        self.public_url = session.server.public_url
        self.subscriber = session.subscriber

    async def stop_callback_server(self) -> None:
        if self.live_session is None:
            return
        await self.net.run(self._stop_live_side())
        self._events.flush()  # the subscriber's last events, before the status change
        self.callback_changed.emit(self.callback_status())

    async def _stop_live_side(self) -> None:
        session, self.live_session = self.live_session, None
        self.subscriber = self.server = None
        if session is not None:
            await session.stop()  # and lets go of this object's listeners
        self._note = None
        store = self.engines.store
        if store is not None:  # still listed, honestly: nothing answers their callbacks
            rows = [Subscription.from_row(row) for row in store.subscriptions()]
            self._put_views([SubscriptionView.of(sub, serving_url=None) for sub in rows])

    def _put_views(self, views: list[SubscriptionView]) -> None:
        self._events.put(_Views(tuple(views)))

    def _hand_over(self, items: list[Any]) -> None:
        """On the GUI thread: the latest snapshot first, then the events in order."""
        events = [item for item in items if not isinstance(item, _Views | _Unprimed)]
        snapshots = [item for item in items if isinstance(item, _Views)]
        if snapshots:
            self._views = list(snapshots[-1].views)
            self.subscriptions_changed.emit(self._views)
        if events:
            self.subscriber_events.emit(events)
        for unprimed in (item for item in items if isinstance(item, _Unprimed)):
            self.priming_failed.emit(list(unprimed.problems))

    def callback_status(self) -> CallbackStatus:
        server = self.server
        return CallbackStatus(
            server is not None,
            self.callback_host,
            server.port if server else (self.callback_port or 0),
            server.base_url if server else None,
            QCoreApplication.translate("ExplorerServices", READ_ONLY_NOTE)
            if self.read_only
            else (self._note if server else None),
        )

    async def test_public_url(self, public_url: str) -> str:
        """Request a probe path through ``public_url`` and say whether it reached our
        callback server (its exchange log sees the probe) and what came back."""
        probe = f"probe-{secrets.token_hex(8)}"
        url = f"{public_url.rstrip('/')}{CALLBACK_PREFIX}{probe}"
        arrived: list[ExchangeRecord] = []

        def watch(record: ExchangeRecord) -> None:
            if record.direction == "in" and probe in record.url:
                arrived.append(record)

        exchange_log = self.engines.exchange_log
        assert exchange_log is not None
        exchange_log.listeners.append(watch)
        try:
            result = await self.source.fetcher.fetch(url, use_cache=False)
        finally:
            exchange_log.listeners.remove(watch)
        self.public_url_tests[public_url.rstrip("/")] = bool(arrived)
        if result.status is None:
            report = QCoreApplication.translate("ExplorerServices", "{url}: no answer ({error})")
            return report.format(url=url, error=result.describe_error())
        if arrived:
            report = QCoreApplication.translate(
                "ExplorerServices",
                "{url}: reached this callback server (it answered {status} to the probe, as "
                "expected for an unknown path); hubs can call back through it",
            )
        else:
            report = QCoreApplication.translate(
                "ExplorerServices",
                "{url}: answered {status}, but the request never reached this callback "
                "server: the tunnel or proxy points somewhere else",
            )
        return report.format(url=url, status=result.status)

    def public_url_tested(self, public_url: str) -> bool | None:
        """Whether the last Test of ``public_url`` reached this server (None: never tested)."""
        return self.public_url_tests.get(public_url.rstrip("/"))

    async def subscriptions_to_move(self) -> int:
        """How many live subscriptions a new public URL would move (after a restart)."""
        subscriber = self.subscriber
        if subscriber is None:
            return 0
        return await self.net.run(_count_live(subscriber))

    async def move_subscriptions(self) -> list[tuple[str, bool]]:
        """Move live subscriptions to the callback URL hubs are given now; an old one is
        unsubscribed only once its replacement is verified. (subscription id, moved)."""
        subscriber = self.need_subscriber()

        async def on_net() -> list[tuple[str, bool]]:
            moves = await move_to_current_callback(subscriber, self.move_wait)
            return [(old.id, moved) for old, moved in moves]

        return await self.net.run(on_net())

    async def subscribe(
        self,
        topic: str,
        hub: str | None,
        capability: str | None = None,
        *,
        form: str | None = None,
        node: str | None = None,
    ) -> SubscriptionView:
        """Subscribe to a channel, first teaching the change tracker the set's documents
        (so the first 'updated' notification already has a before). ``form`` and ``node``:
        a 2012 push channel's (``Channel.form``), subscribed through its own transport."""
        subscriber, session = self.need_subscriber(), self.live_session
        if form is not None:
            pushed = DiscoveredChannel(topic, hub, capability, "2012-link", form=form, node=node)

            async def pushed_on_net() -> SubscriptionView:
                assert session is not None
                return subscriber.view(await session.subscribe_channel(pushed))

            return await self.net.run(pushed_on_net())
        channel = self.source.channels.get(topic)
        if channel is not None:
            listed = [
                c
                for c in self.source.channels.values()
                if c.capability_list == channel.capability_list
            ]
            change_topic = next(
                (c.topic for c in listed if c.capability == "change-notification"), None
            )
            assert session is not None
            problems = await self.net.run(
                session.prime(channel.capability_list, change_topic, [c.topic for c in listed])
            )
            if problems:
                self.priming_failed.emit(problems)

        async def on_net() -> SubscriptionView:
            sub = await subscriber.subscribe(topic, hub, channel_capability=capability)
            return subscriber.view(sub)

        return await self.net.run(on_net())

    async def use_xmpp_account(
        self, jid: str, password: str, server: tuple[str, int] | None = None
    ) -> None:
        """Subscribe to 2012 XMPP PubSub channels as ``jid`` from now on, trusting the
        Network settings' CA bundle for the XMPP server's certificate too (as ``listen
        --ca-bundle`` does)."""
        bundle = self.engines.live_access.settings.ca_bundle
        account = XmppAccount(jid, password, server, str(bundle) if bundle else None)
        self.xmpp_account = account
        session = self.live_session
        if session is not None:
            await self.net.run(session.use_xmpp_account(account))

    async def unsubscribe(self, subscription_id: str) -> None:
        self.need_subscriber()
        assert self.live_session is not None
        await self.net.run(self.live_session.unsubscribe(subscription_id))

    async def renew(self, subscription_id: str) -> None:
        """Renew a lease now (a transport without leases does nothing)."""
        self.need_subscriber()
        assert self.live_session is not None
        await self.net.run(self.live_session.renew(subscription_id))

    async def wait_settled(
        self, subscription: SubscriptionView | str, timeout: float | None = None
    ) -> State:
        """Until the subscription is active, ended or failed (or ``timeout`` passes)."""
        subscriber = self.need_subscriber()
        key = subscription if isinstance(subscription, str) else subscription.id

        async def on_net() -> State:
            return await subscriber.wait_settled(subscriber.subscriptions[key], timeout)

        return await self.net.run(on_net())

    def subscriptions(self) -> list[SubscriptionView]:
        """The latest snapshot of every subscription (made on the net loop)."""
        return list(self._views)

    def stored_notifications(self, limit: int = 5000) -> list[NotificationRecord]:
        """The latest stored deliveries (accepted and rejected), oldest first, without their
        bodies: the feed reads a payload when its row is selected."""
        store = self.engines.store
        if store is None:
            return []
        return stored_rows(store.latest_notifications, limit, bodies=False)

    async def delete_notifications(self, through_id: int | None = None) -> int:
        """Delete stored deliveries up to ``through_id`` (None: all); how many, once durable.
        Subscriptions and the exchange log (the HTTP inspector's rows) stay."""
        store = self.engines.store
        if store is None or self.read_only:
            raise StoreError("store.read-only")
        return await store.delete_notifications(through_id)

    def notification_body(self, notification_id: int | None) -> bytes | None:
        """The raw payload of a stored delivery (bodies are not kept in the feed's rows)."""
        store = self.engines.store
        if store is None or notification_id is None:
            return None
        records = stored_rows(store.notifications, after_id=notification_id - 1, limit=1)
        return records[0].body if records and records[0].id == notification_id else None

    def need_subscriber(self) -> Subscriber:
        if self.read_only:
            raise RuntimeError(QCoreApplication.translate("ExplorerServices", READ_ONLY_NOTE))
        if self.subscriber is None:
            raise RuntimeError("the callback server is stopped; start it to subscribe")
        return self.subscriber

    async def framework_line_diff(self, notification_id: int, url: str) -> LineDiff | str:
        """The canonical line diff of the document a framework notification named, computed
        in a worker; a string says why there is none."""
        pair = self.versions.pair(notification_id, url)
        if pair is None:
            return QCoreApplication.translate(
                "ExplorerServices",
                "the earlier version of this document is not held (e.g. after a restart)",
            )
        old, new = pair
        loop = asyncio.get_running_loop()
        try:
            if not old:  # a created document: everything in it is new
                return await loop.run_in_executor(
                    None, lambda: diff_lines([], canonical_lines(new))
                )
            return await loop.run_in_executor(None, diff_documents_text, old, new)
        except LineDiffTooLarge as exc:
            return exc.describe(ui_language())
        except Exception as exc:  # unreadable version: say so, never crash the view
            return QCoreApplication.translate("ExplorerServices", "cannot diff: {error}").format(
                error=exc
            )


async def _count_live(subscriber: Subscriber) -> int:
    return len(live_subscriptions(subscriber))
