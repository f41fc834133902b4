"""The engines the window drives, wired together and turned into Qt signals.

This is the GUI's only door to I/O: one ``Fetcher`` and ``Crawler`` for the Source,
one store, exchange log, callback server and ``Subscriber`` for the live side, a
``ChangeTracker`` for diffs, and optionally the embedded demo. Widgets call these
coroutines and listen to the signals; they never touch a socket or a parser.

The live side (callback server, subscriber and its HTTP client) runs on ``net``, a
loop of its own on its own thread, so a busy window never delays a hub's 2xx; its
events and exchange records reach the GUI thread in batches (``ThreadBatch``). The
coroutines here hide that: call them from the GUI loop as usual.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QObject, Signal

from explorer.core.changes import LineDiff, canonical_lines, diff_documents_text, diff_lines
from explorer.core.changes.line_diff import LineDiffTooLarge
from explorer.core.findings import Finding
from explorer.net.callback_server import CALLBACK_PREFIX, CallbackServer
from explorer.net.crawl import Crawler
from explorer.net.crawl_tree import Channel, CrawlResult, DocumentNode, Progress
from explorer.net.dump_check import check_dumps
from explorer.net.exchange_log import ExchangeLog
from explorer.net.http import Exchange, Fetcher, Timeouts
from explorer.net.loop_thread import LoopThread
from explorer.net.refetch import ChangeTracker, MemoryDocumentVersions
from explorer.net.resource_check import check_resources
from explorer.net.store import ExchangeRecord, NotificationRecord, Store, default_store_path
from explorer.net.subscriber import Subscriber, SubscriberConfig
from explorer.net.subscriber_events import SubscriberEvent
from explorer.net.subscription import State, Subscription
from explorer.ui.thread_batch import ThreadBatch

log = logging.getLogger(__name__)
RESOURCE_SAMPLE = 20
SELF_TEST_DEMO = {"rate": 4.0, "changes_per_list": 6}
"""A fast demo for --self-test: a framework notification within a couple of seconds."""

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


@dataclass(slots=True)
class CallbackStatus:
    running: bool
    host: str
    port: int
    base_url: str | None


class ExplorerServices(QObject):
    """Owns every engine object; ``start()`` opens them, ``aclose()`` closes them in order."""

    subscriber_events = Signal(list)  # SubscriberEvents in order, a batch at a time
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
        port: int = 0,
        public_url: str | None = None,
        subscriber_config: SubscriberConfig | None = None,
        demo_options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__()
        self.store_path = store_path or default_store_path()
        self.demo_options = dict(demo_options or (SELF_TEST_DEMO if self_test else {}))
        self.callback_host = host
        self.callback_port = port
        self.public_url = public_url
        self.subscriber_config = subscriber_config or SubscriberConfig()
        self._fetcher: Fetcher | None = None
        self.store: Store | None = None
        self.exchange_log: ExchangeLog | None = None
        self.server: CallbackServer | None = None
        self.subscriber: Subscriber | None = None
        self.versions = VersionHistory()
        self.tracker = ChangeTracker(self.versions)
        self.crawler: Crawler | None = None
        self.crawl_result: CrawlResult | None = None
        self.demo: Any = None
        self._primed: set[str] = set()
        self._channels: dict[str, Channel] = {}
        self.net = LoopThread()
        # One signal per batch, not per event: each emission is a trip from Python into Qt
        # and back, and while the network thread is busy each trip waits for the GIL.
        self._events = ThreadBatch(self.subscriber_events.emit, interval_ms=50, parent=self)
        self._exchanges = ThreadBatch(self.exchanges_logged.emit, parent=self)

    @property
    def fetcher(self) -> Fetcher:
        """The shared fetcher, made on first use: its httpx client builds an SSL context
        (a quarter of a second), which should not hold up the window's start-up."""
        if self._fetcher is None:
            self._fetcher = Fetcher(
                timeout=Timeouts(connect=5.0, read=20.0, total=120.0),
                on_exchange=self._fetch_exchange,
            )
        return self._fetcher

    # --- lifecycle
    async def start(self) -> None:
        self.store_path.parent.mkdir(parents=True, exist_ok=True)
        self.store = Store(self.store_path)
        self.exchange_log = ExchangeLog(self.store)
        self.exchange_log.listeners.append(self._exchanges.put)
        self.net.start()
        await self.start_callback_server(self.callback_host, self.callback_port, self.public_url)

    async def start_callback_server(
        self, host: str, port: int, public_url: str | None = None
    ) -> CallbackStatus:
        """(Re)start the callback server and a subscriber on it; stored subscriptions resume."""
        await self.stop_callback_server()
        await self.net.run(self._start_live_side(host, port, public_url))
        status = self.callback_status()
        self.callback_changed.emit(status)
        return status

    async def _start_live_side(self, host: str, port: int, public_url: str | None) -> None:
        """On the net loop: the server, then a subscriber that restores stored subscriptions."""
        assert self.store is not None and self.exchange_log is not None
        server = CallbackServer(
            host, port, public_url=public_url or None, exchange_log=self.exchange_log
        )
        await server.start()
        self.server = server
        self.callback_host, self.callback_port, self.public_url = host, server.port, public_url
        subscriber = Subscriber(
            self.store,
            server,
            config=self.subscriber_config,
            exchange_log=self.exchange_log,
            enrich=self._enrich,
        )
        subscriber.listeners.append(self._events.put)
        await subscriber.start()
        self.subscriber = subscriber

    async def stop_callback_server(self) -> None:
        if self.server is None and self.subscriber is None:
            return
        await self.net.run(self._stop_live_side())
        self._events.flush()  # the subscriber's last events, before the status change
        self.callback_changed.emit(self.callback_status())

    async def _stop_live_side(self) -> None:
        if self.subscriber is not None:
            subscriber, self.subscriber = self.subscriber, None
            await subscriber.close()
        if self.server is not None:
            server, self.server = self.server, None
            await server.stop()

    def callback_status(self) -> CallbackStatus:
        server = self.server
        return CallbackStatus(
            server is not None,
            self.callback_host,
            server.port if server else self.callback_port,
            server.base_url if server else None,
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
        if self.demo is not None:
            steps.append(self.demo.stop)
        for step in steps:
            try:
                await step()
            except Exception:
                log.exception("closing failed")
        self.net.stop()
        if self.store is not None:
            self.store.close()
            self.store = None

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
            kind="other",
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
            return f"{url}: no answer ({result.describe_error()})"
        if arrived:
            return (
                f"{url}: reached this callback server (it answered {result.status} to the "
                "probe, as expected for an unknown path); hubs can call back through it"
            )
        return (
            f"{url}: answered {result.status}, but the request never reached this callback "
            "server: the tunnel or proxy points somewhere else"
        )

    # --- subscriptions
    async def subscribe(
        self, topic: str, hub: str | None, capability: str | None = None
    ) -> Subscription:
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
        return await self.net.run(subscriber.subscribe(topic, hub, channel_capability=capability))

    async def unsubscribe(self, subscription_id: str) -> None:
        await self.net.run(self._need_subscriber().unsubscribe(subscription_id))

    async def renew(self, subscription_id: str) -> None:
        await self.net.run(self._need_subscriber().renew(subscription_id))

    async def wait_settled(
        self,
        subscription: Subscription,
        timeout: float | None = None,
    ) -> State:
        """Until the subscription is active, ended or failed (or ``timeout`` passes)."""
        return await self.net.run(self._need_subscriber().wait_settled(subscription, timeout))

    def subscriptions(self) -> list[Subscription]:
        return list(self.subscriber.subscriptions.values()) if self.subscriber else []

    def stored_notifications(self, limit: int = 5000) -> list[NotificationRecord]:
        """The latest stored deliveries (accepted and rejected), oldest first."""
        if self.store is None:
            return []
        # ids are dense (deliveries are never pruned), so skip straight to the last ``limit``
        total = self.store.count_notifications()
        return self.store.notifications(after_id=max(0, total - limit))[-limit:]

    def notification_body(self, notification_id: int | None) -> bytes | None:
        """The raw payload of a stored delivery (bodies are not kept in the feed's rows)."""
        if self.store is None or notification_id is None:
            return None
        records = self.store.notifications(after_id=notification_id - 1, limit=1)
        return records[0].body if records and records[0].id == notification_id else None

    def stored_exchanges(self, limit: int = 5000) -> list[ExchangeRecord]:
        if self.store is None:
            return []
        kept: deque[ExchangeRecord] = deque(maxlen=limit)  # read in pages, keep the newest
        after = 0
        while page := self.store.exchanges(after_id=after, limit=limit):
            kept.extend(page)
            after = page[-1].id or after + len(page)
        return list(kept)

    def _need_subscriber(self) -> Subscriber:
        if self.subscriber is None:
            raise RuntimeError("the callback server is stopped; start it to subscribe")
        return self.subscriber

    def _enrich(self, event: SubscriberEvent) -> SubscriberEvent:
        """Runs in the subscriber's worker thread: the tracker's diff, with refetched
        version pairs recorded under this notification's id."""
        token = _current_notification.set(event.notification_id)
        try:
            return self.tracker.enrich(event)
        finally:
            _current_notification.reset(token)

    # --- diffs for the feed's drill-down
    async def framework_line_diff(self, notification_id: int, url: str) -> LineDiff | str:
        """The canonical line diff of the document a framework notification named, computed
        in a worker; a string says why there is none."""
        pair = self.versions.pair(notification_id, url)
        if pair is None:
            return "the earlier version of this document is not held (e.g. after a restart)"
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
            return f"cannot diff: {exc}"

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
