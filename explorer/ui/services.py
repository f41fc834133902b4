"""The engines the window drives, wired together and turned into Qt signals.

This is the GUI's only door to I/O: one ``Fetcher`` and ``Crawler`` for the Source,
one store, exchange log, callback server and ``Subscriber`` for the live side, a
``ChangeTracker`` for diffs, and optionally the embedded demo. Widgets call these
coroutines and listen to the signals; they never touch a socket or a parser.

The live side (callback server, subscriber and its HTTP client, the refetch client)
runs on ``net``, a loop of its own on its own thread, so a busy window never delays a
hub's 2xx. What crosses to the GUI thread is immutable: events, exchange records and
``SubscriptionView`` snapshots made on the net loop, in batches (``ThreadBatch``). The
window never reads the net loop's objects and never schedules work there itself: every
net-side action is a coroutine here (docs/architecture.md has the thread map).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, QObject, Signal

from explorer.core.changes import LineDiff, canonical_lines, diff_documents_text, diff_lines
from explorer.core.changes.line_diff import LineDiffTooLarge
from explorer.core.findings import Finding
from explorer.core.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.bounded_body import bounded_client
from explorer.net.callback_restart import move_stale_subscriptions, start_callback_server
from explorer.net.callback_server import CALLBACK_PREFIX, CallbackServer, Reply
from explorer.net.conformance import CheckResult, ConformanceSettings, run_conformance
from explorer.net.crawl import Crawler
from explorer.net.crawl_tree import Channel, CrawlResult, DocumentNode, Progress
from explorer.net.credentials import Credential
from explorer.net.dump_check import check_dumps
from explorer.net.exchange_log import ExchangeLog
from explorer.net.http import Exchange, Fetcher, Timeouts
from explorer.net.loop_thread import LoopThread
from explorer.net.network_access import NetworkAccess, NetworkSettings
from explorer.net.probe_payloads import ProbePayloads
from explorer.net.publisher import PublishResult, publish
from explorer.net.refetch import ChangeTracker, MemoryDocumentVersions
from explorer.net.refetch_bounds import refetch_fetcher
from explorer.net.resource_check import check_resources
from explorer.net.store import (
    ExchangeRecord,
    NotificationRecord,
    Store,
    StoreError,
    default_store_path,
)
from explorer.net.subscriber import Subscriber, SubscriberConfig
from explorer.net.subscriber_events import SubscriberEvent
from explorer.net.subscription import State, Subscription, SubscriptionView
from explorer.ui.thread_batch import ThreadBatch

log = logging.getLogger(__name__)
RESOURCE_SAMPLE = 20
SELF_TEST_DEMO = {"rate": 4.0, "changes_per_list": 6}
"""A fast demo for --self-test: a framework notification within a couple of seconds."""
READ_ONLY_NOTE = QT_TRANSLATE_NOOP(
    "ExplorerServices", "the store is open read-only: no callback server, no new subscriptions"
)

_current_notification: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "current_notification", default=None
)


class VersionHistory(MemoryDocumentVersions):
    """Document versions for the change tracker that also keep, per framework
    notification, the (old, new) bytes of each document it refetched, so the feed can
    draw a side-by-side diff when a row is selected."""

    def __init__(self, max_notifications: int = 200) -> None:
        super().__init__()
        self.pairs: OrderedDict[int, dict[str, tuple[bytes, bytes]]] = OrderedDict()
        self._max = max_notifications
        self._guard = threading.Lock()

    def remember(self, url: str, data: bytes) -> None:
        notification = _current_notification.get()
        if notification is not None:
            old = self.latest(url) or b""
            with self._guard:
                self.pairs.setdefault(notification, {})[url] = (old, data)
                while len(self.pairs) > self._max:
                    self.pairs.popitem(last=False)
        super().remember(url, data)

    def __bool__(self) -> bool:  # an empty history is still a history (``versions or ...``)
        return True

    def pair(self, notification: int, url: str) -> tuple[bytes, bytes] | None:
        with self._guard:
            return self.pairs.get(notification, {}).get(url)


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


class ExplorerServices(QObject):
    """Owns every engine object; ``start()`` opens them, ``aclose()`` closes them in order."""

    subscriber_events = Signal(list)  # SubscriberEvents in order, a batch at a time
    subscriptions_changed = Signal(list)  # SubscriptionViews, the latest snapshot
    exchanges_logged = Signal(list)  # ExchangeRecords, oldest first
    callback_changed = Signal(object)  # CallbackStatus
    node_updated = Signal(object)  # crawl DocumentNode whose row must be redrawn
    crawl_progress = Signal(int, int)  # documents done, known

    def __init__(
        self,
        *,
        store_path: Path | None = None,
        self_test: bool = False,
        host: str = "127.0.0.1",
        port: int | None = None,
        public_url: str | None = None,
        subscriber_config: SubscriberConfig | None = None,
        demo_options: dict[str, Any] | None = None,
        read_only: bool = False,
    ) -> None:
        """``read_only``: read the store beside its writer (another window or ``listen``)
        or a damaged one: stored rows are shown, nothing is written and nothing listens."""
        super().__init__()
        self.store_path = store_path or default_store_path()
        self.read_only = read_only
        self.demo_options = dict(demo_options or (SELF_TEST_DEMO if self_test else {}))
        self.callback_host = host
        self.callback_port = port or None  # None (or 0): where stored subscriptions are called
        self.public_url = public_url
        self.subscriber_config = subscriber_config or SubscriberConfig()
        self.fetch_timeouts = Timeouts(connect=5.0, read=20.0, total=120.0)
        self.fetch_retries = 2
        self._retired_fetchers: list[Fetcher] = []
        self._fetcher: Fetcher | None = None
        self.store: Store | None = None
        self.exchange_log: ExchangeLog | None = None
        self.server: CallbackServer | None = None
        self.subscriber: Subscriber | None = None
        self.versions = VersionHistory()
        # Credentials and network settings: ``access`` for the GUI loop's clients, a copy
        # for the net loop's (hub requests, refetches), each changed on its own thread only.
        self.access = NetworkAccess()
        self._live_access = NetworkAccess()
        self.tracker = ChangeTracker(self.versions, fetcher_factory=self._refetch_fetcher)
        self.crawler: Crawler | None = None
        self.crawl_result: CrawlResult | None = None
        self.demo: Any = None
        self._primed: set[str] = set()
        self._channels: dict[str, Channel] = {}
        self.probe_payloads = ProbePayloads()
        self._views: list[SubscriptionView] = []
        self._note: str | None = None
        self._moving: asyncio.Task[Any] | None = None  # on the net loop
        self.net = LoopThread()
        # The one batching stage between the net loop and the window. One signal per
        # batch, not per event: each emission is a trip from Python into Qt and back,
        # and while the network thread is busy each trip waits for the GIL.
        self._events = ThreadBatch(self._hand_over, parent=self)
        self._exchanges = ThreadBatch(self.exchanges_logged.emit, parent=self)

    @property
    def fetcher(self) -> Fetcher:
        """The shared fetcher, made on first use: its httpx client builds an SSL context
        (a quarter of a second), which should not hold up the window's start-up."""
        if self._fetcher is None:
            self._fetcher = Fetcher(
                timeout=self.fetch_timeouts,
                retries=self.fetch_retries,
                on_exchange=self._fetch_exchange,
                access=self.access,
            )
        return self._fetcher

    def configure_fetcher(self, timeouts: Timeouts, retries: int) -> None:
        """Settings: documents opened from now on are read with these. A fetcher already
        made is kept (the open Source's tree still reads through it) and closed at the end."""
        if (timeouts, retries) == (self.fetch_timeouts, self.fetch_retries):
            return
        self.fetch_timeouts, self.fetch_retries = timeouts, retries
        if self._fetcher is not None:
            self._retired_fetchers.append(self._fetcher)
            self._fetcher = None

    def set_credential(self, origin: str, credential: Credential) -> None:
        """Send ``credential`` to ``origin`` from now on (replacing any), from every client."""
        self.access.credentials.set(origin, credential)
        self._on_net(self._live_access.credentials.set, origin, credential)

    def remove_credential(self, origin: str) -> None:
        self.access.credentials.remove(origin)
        self._on_net(self._live_access.credentials.remove, origin)

    def configure_network(self, settings: NetworkSettings) -> None:
        """Proxy and TLS trust for documents opened from now on (a fetcher already made is
        retired, as in ``configure_fetcher``); hub requests use them once the callback
        server restarts."""
        if settings == self.access.settings:
            return
        self.access = NetworkAccess(self.access.credentials, settings)
        self._live_access = NetworkAccess(self._live_access.credentials, settings)
        if self._fetcher is not None:
            self._retired_fetchers.append(self._fetcher)
            self._fetcher = None

    def _on_net(self, function: Callable[..., Any], *args: Any) -> None:
        if self.net.running:
            self.net.call(function, *args)
        else:  # no net loop yet (or any more): nothing there reads it now
            function(*args)

    def _refetch_fetcher(self) -> Fetcher:
        """On the net loop: the change tracker's fetcher, with the live side's access."""
        return refetch_fetcher(self._live_access)  # bounded: see refetch_bounds

    # --- lifecycle
    async def start(self) -> None:
        """Open the store and start the live side; raises ``StoreLocked`` or
        ``StoreDamaged`` (the window offers to open read-only) or ``StoreError``."""
        # Opening runs PRAGMA quick_check, which reads the whole file: off the GUI loop.
        # Store makes a missing folder 0700 itself.
        self.store = await asyncio.to_thread(Store, self.store_path, read_only=self.read_only)
        self.exchange_log = ExchangeLog(self.store)
        self.exchange_log.listeners.append(self._exchanges.put)
        if self.read_only:
            self._views = [
                SubscriptionView.of(Subscription.from_row(row), serving_url=None)
                for row in self._stored(self.store.subscriptions)
            ]
            return
        self.net.start()
        await self.start_callback_server(self.callback_host, self.callback_port, self.public_url)

    async def start_callback_server(
        self, host: str, port: int | None, public_url: str | None = None
    ) -> CallbackStatus:
        """(Re)start the callback server and a subscriber on it; stored subscriptions resume.

        ``port`` None (or 0) and ``public_url`` None reuse where stored subscriptions are
        called back; if that is impossible, or another place is asked for, they are
        subscribed again there (``explorer.net.callback_restart``)."""
        if self.read_only:
            return self.callback_status()
        await self.stop_callback_server()
        await self.net.run(self._start_live_side(host, port or None, public_url or None))
        self._events.flush()  # the restored subscriptions, before the status
        status = self.callback_status()
        self.callback_changed.emit(status)
        return status

    async def _start_live_side(self, host: str, port: int | None, public_url: str | None) -> None:
        """On the net loop: the server, then a subscriber that restores stored subscriptions
        and moves those whose callback URL changed (in the background: a hub may be slow)."""
        assert self.store is not None and self.exchange_log is not None
        try:
            started = await start_callback_server(
                self.store, host, port, public_url, exchange_log=self.exchange_log
            )
        except OSError as exc:
            if port is None:
                raise
            started = await start_callback_server(
                self.store, host, None, public_url, exchange_log=self.exchange_log
            )
            unusable = QCoreApplication.translate(
                "ExplorerServices", "port {port} cannot be used ({reason})"
            )
            started.notes.insert(0, unusable.format(port=port, reason=exc.strerror))
        server = started.server
        self._note = "; ".join(started.notes) or None
        self.server = server
        self.callback_host, self.callback_port = host, port
        self.public_url = server.public_url
        subscriber = Subscriber(
            self.store,
            server,
            config=self.subscriber_config,
            client=bounded_client(self.subscriber_config.request_timeout, access=self._live_access),
            exchange_log=self.exchange_log,
            enrich=self.tracker.enrich,
            refetch=self._refetch,
            probe_payloads=self.probe_payloads,
        )
        subscriber.listeners.append(self._events.put)
        subscriber.view_listeners.append(self._put_views)
        await subscriber.start()
        self.subscriber = subscriber
        self._moving = asyncio.create_task(move_stale_subscriptions(subscriber))

    async def stop_callback_server(self) -> None:
        if self.server is None and self.subscriber is None:
            return
        await self.net.run(self._stop_live_side())
        self._events.flush()  # the subscriber's last events, before the status change
        self.callback_changed.emit(self.callback_status())

    async def _stop_live_side(self) -> None:
        if self._moving is not None:
            moving, self._moving = self._moving, None
            moving.cancel()
            await asyncio.gather(moving, return_exceptions=True)
        if self.subscriber is not None:
            subscriber, self.subscriber = self.subscriber, None
            await subscriber.close()
            subscriber.listeners.clear()  # nothing on the net side keeps this object alive
            subscriber.view_listeners.clear()
            subscriber.refetch = None
            await subscriber.client.aclose()  # ours: a Subscriber closes only its own
        if self.server is not None:
            server, self.server = self.server, None
            await server.stop()
        self._note = None
        if self.store is not None:  # still listed, honestly: nothing answers their callbacks
            rows = [Subscription.from_row(row) for row in self.store.subscriptions()]
            self._put_views([SubscriptionView.of(sub, serving_url=None) for sub in rows])

    def _put_views(self, views: list[SubscriptionView]) -> None:
        self._events.put(_Views(tuple(views)))

    def _hand_over(self, items: list[Any]) -> None:
        """On the GUI thread: the latest snapshot first, then the events in order."""
        events = [item for item in items if not isinstance(item, _Views)]
        snapshots = [item for item in items if isinstance(item, _Views)]
        if snapshots:
            self._views = list(snapshots[-1].views)
            self.subscriptions_changed.emit(self._views)
        if events:
            self.subscriber_events.emit(events)

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

    async def start_demo(self) -> str:
        """Start the embedded demo Source and hub in-process; returns its base URL."""
        from explorer.demo import start_demo

        self.demo = await start_demo(**self.demo_options)
        return str(self.demo.base_url)

    async def aclose(self) -> None:
        """Close in reverse order of dependence; each step runs even if one fails."""
        steps: list[Callable[[], Any]] = []
        if self.net.running:
            steps.append(self.stop_callback_server)
        if self._fetcher is not None:
            steps.append(self._fetcher.aclose)
        steps.extend(fetcher.aclose for fetcher in self._retired_fetchers)
        if self.demo is not None:
            steps.append(self.demo.stop)
        if self.net.running:
            steps.append(lambda: self.net.run(self.tracker.aclose()))
        for step in steps:
            try:
                await step()
            except Exception:
                log.exception("closing failed")
        self.net.stop()
        if self.store is not None:
            self.store.close()
            self.store = None
        # No reference cycles back to this QObject: they would be collected on whichever
        # thread the garbage collector happens to run.
        self._events.close()
        self._exchanges.close()
        self._fetcher = None
        self.crawler = None

    # --- the Source
    async def crawl(self, url: str) -> CrawlResult:
        """Discover the Source from ``url`` and load it down to the Capability Lists;
        deeper documents load as the tree is expanded (``expand``)."""
        crawler = Crawler(self.fetcher, on_progress=self._progress, on_node=self.node_updated.emit)
        self.crawler = crawler
        try:
            result = await crawler.crawl(url, depth=1, expand_indexes=False)
        except asyncio.CancelledError:
            crawler.cancel()
            raise
        self.crawl_result = result
        for channel in result.channels():
            self._channels[channel.topic] = channel
        return result

    async def expand(self, node: DocumentNode) -> None:
        """Load a pending node and its direct children."""
        if self.crawler is None:
            return
        await self.crawler.expand(node)
        for channel in node.channels:
            self._channels[channel.topic] = channel

    async def check(self, node: DocumentNode, what: str) -> list[Finding]:
        if what == "resources":
            return await check_resources(self.fetcher, node, RESOURCE_SAMPLE)
        return await check_dumps(self.fetcher, node)

    def _progress(self, progress: Progress) -> None:
        self.crawl_progress.emit(progress.documents_done, progress.documents_known)

    def _fetch_exchange(self, exchange: Exchange) -> None:
        if self.exchange_log is None:
            return
        self.exchange_log.record(
            direction="out",
            kind="crawl",  # discovery, documents, link and resource checks
            method=exchange.method,
            url=exchange.url,
            status=exchange.status,
            request_headers=exchange.request_headers,
            response_headers=exchange.response_headers,
            response_body=exchange.body,
            started=time.time() - exchange.elapsed,
            error=exchange.detail or None,
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

        assert self.exchange_log is not None
        self.exchange_log.listeners.append(watch)
        try:
            result = await self.fetcher.fetch(url, use_cache=False)
        finally:
            self.exchange_log.listeners.remove(watch)
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

    # --- subscriptions
    async def subscribe(
        self, topic: str, hub: str | None, capability: str | None = None
    ) -> SubscriptionView:
        """Subscribe to a channel, first teaching the change tracker the set's documents
        (so the first 'updated' notification already has a before)."""
        subscriber = self._need_subscriber()
        channel = self._channels.get(topic)
        if channel is not None and channel.capability_list not in self._primed:
            self._primed.add(channel.capability_list)
            change_topic = next(
                (
                    c.topic
                    for c in self._channels.values()
                    if c.capability_list == channel.capability_list
                    and c.capability == "change-notification"
                ),
                None,
            )
            problems = await self.tracker.prime(
                channel.capability_list, self.fetcher, topic=change_topic
            )
            for problem in problems:
                log.info("priming: %s", problem.message)

        async def on_net() -> SubscriptionView:
            sub = await subscriber.subscribe(topic, hub, channel_capability=capability)
            return subscriber.view(sub)

        return await self.net.run(on_net())

    async def unsubscribe(self, subscription_id: str) -> None:
        await self.net.run(self._need_subscriber().unsubscribe(subscription_id))

    async def renew(self, subscription_id: str) -> None:
        await self.net.run(self._need_subscriber().renew(subscription_id))

    async def wait_settled(
        self, subscription: SubscriptionView | str, timeout: float | None = None
    ) -> State:
        """Until the subscription is active, ended or failed (or ``timeout`` passes)."""
        subscriber = self._need_subscriber()
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
        if self.store is None:
            return []
        return self._stored(self.store.latest_notifications, limit, bodies=False)

    async def delete_notifications(self, through_id: int | None = None) -> int:
        """Delete stored deliveries up to ``through_id`` (None: all); how many, once durable.
        Subscriptions and the exchange log (the HTTP inspector's rows) stay."""
        if self.store is None or self.read_only:
            raise StoreError("the store is open read-only")
        return await self.store.delete_notifications(through_id)

    def _stored(self, read: Callable[..., list[Any]], *args: Any, **params: Any) -> list[Any]:
        """Rows read from the store; none where a damaged store (opened read-only) fails."""
        try:
            return read(*args, **params)
        except StoreError as exc:
            log.warning("reading the store: %s", exc)
            return []

    def notification_body(self, notification_id: int | None) -> bytes | None:
        """The raw payload of a stored delivery (bodies are not kept in the feed's rows)."""
        store = self.store
        if store is None or notification_id is None:
            return None
        records = self._stored(store.notifications, after_id=notification_id - 1, limit=1)
        return records[0].body if records and records[0].id == notification_id else None

    def stored_exchanges(self, limit: int = 5000) -> list[ExchangeRecord]:
        """The newest exchanges of the log, oldest first (the inspector's rows)."""
        if self.store is None:
            return []
        return self._stored(self.store.latest_exchanges, limit)

    def _need_subscriber(self) -> Subscriber:
        if self.read_only:
            raise RuntimeError(QCoreApplication.translate("ExplorerServices", READ_ONLY_NOTE))
        if self.subscriber is None:
            raise RuntimeError("the callback server is stopped; start it to subscribe")
        return self.subscriber

    async def _refetch(self, event: SubscriberEvent) -> SubscriberEvent:
        """On the net loop, a task per framework notification: the tracker's refetched
        diff, with the version pairs recorded under this notification's id."""
        token = _current_notification.set(event.notification_id)
        try:
            return await self.tracker.refetch(event)
        finally:
            _current_notification.reset(token)

    # --- diffs for the feed's drill-down
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
            return str(exc)
        except Exception as exc:  # unreadable version: say so, never crash the view
            return QCoreApplication.translate("ExplorerServices", "cannot diff: {error}").format(
                error=exc
            )

    # --- the hub workbench
    def host_topic(self, token: str, reply: Callable[[], Reply]) -> str | None:
        """Serve a topic URI on the callback server (on the net loop); its URL, or None
        when the server is stopped. ``reply`` runs on the net thread: it must read only
        plain values, never widgets."""
        server = self.server
        if server is None:
            return None
        self.net.call(server.host_topic, token, reply)
        return server.topic_url(token)

    def unhost_topic(self, token: str) -> None:
        server = self.server
        if server is not None and self.net.running:
            self.net.call(server.unhost_topic, token)

    async def publish(self, hub: str, topic: str, data: bytes) -> PublishResult:
        """POST ``data`` to ``hub`` (notification §4.1) with the subscriber's client."""
        subscriber = self._need_subscriber()
        return await self.net.run(
            publish(subscriber.client, hub, topic, data, exchange_log=self.exchange_log)
        )

    async def run_conformance(
        self,
        hub: str,
        topic: str | None,
        settings: ConformanceSettings,
        on_result: Callable[[CheckResult], None],
    ) -> list[CheckResult]:
        """A conformance run on the net loop. Its probes are the workbench's: the run has
        a client of its own that marks every payload it publishes, so a hub fanning them
        out to the user's own subscriptions adds nothing to the live feed."""
        self._need_subscriber()
        server = self.server
        assert server is not None

        async def run() -> list[CheckResult]:
            client = bounded_client(settings.request_timeout, access=self._live_access)
            client.event_hooks["request"].append(self.probe_payloads.note_request)
            try:
                return await run_conformance(
                    hub, server, client, topic=topic, settings=settings, on_result=on_result
                )
            finally:
                await client.aclose()

        return await self.net.run(run())

    # --- the HTTP inspector
    async def replay_delivery(self, record: ExchangeRecord) -> str:
        """POST a received delivery again, byte for byte, to its callback path on the local
        address (not through a tunnel); returns what the callback answered."""
        if self.server is None or self.subscriber is None:
            raise RuntimeError("the callback server is stopped")
        if record.request_body is None or (record.request_size or 0) > len(record.request_body):
            raise RuntimeError("the log kept only part of this body; it cannot be replayed")
        path = urlsplit(record.url).path
        url = f"http://{self.server.host}:{self.server.port}{path}"
        keep = {"content-type", "link", "x-hub-signature"}
        headers = [(name, value) for name, value in record.request_headers if name.lower() in keep]
        subscriber = self.subscriber

        async def post() -> str:  # on the net loop, which owns the subscriber's client
            response = await subscriber.client.post(
                url, content=record.request_body, headers=headers
            )
            return f"{response.status_code} {response.reason_phrase}"

        return await self.net.run(post())
