"""The engines the window drives, wired together and turned into Qt signals.

``ExplorerServices`` owns the engine objects, opens and closes them, and composes the
sides the widgets call: ``SourceServices`` (source.py), ``LiveServices`` (live.py) and
``WorkbenchServices`` (workbench.py), still mixed in, and the named parts built on the
shared ``Engines`` (engines.py) with their dependencies in their constructors:
``replay`` (replaying.py), ``evidence`` (evidence.py), ``recording``
(session_recording.py), ``history`` (snapshot_history.py) and ``audit`` (audit.py).

This is the GUI's only door to I/O: one ``Fetcher`` and ``Crawler`` for the Source,
one store and exchange log, a ``LiveSession`` for the live side (``live.py``), a
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
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, QObject, Signal

from explorer.net.http.credentials import Credential
from explorer.net.http.fetcher import Fetcher, Timeouts
from explorer.net.http.network_access import NetworkAccess, NetworkSettings
from explorer.net.live.callback.callback_server import CallbackServer
from explorer.net.live.forwarders import Forwarders
from explorer.net.live.hub_follow import follow_moved_hub, stored_demo_origin
from explorer.net.live.probe_payloads import ProbePayloads
from explorer.net.live.refetch import ChangeTracker
from explorer.net.live.refetch_bounds import refetch_fetcher
from explorer.net.live.session import LiveSession
from explorer.net.live.subscriber import Subscriber, SubscriberConfig
from explorer.net.live.subscription import Subscription, SubscriptionView
from explorer.net.loop_thread import LoopThread
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_tree import Channel, CrawlResult
from explorer.net.source.disk_source import DiskSource, SetAside
from explorer.net.store.database import (
    Store,
    default_store_path,
)
from explorer.net.store.exchange_log import ExchangeLog
from explorer.ui.services.audit import AuditServices
from explorer.ui.services.engines import Engines
from explorer.ui.services.evidence import EvidenceServices
from explorer.ui.services.forwarding import ForwardingServices
from explorer.ui.services.replaying import ReplayServices
from explorer.ui.services.session_recording import SessionRecordingServices
from explorer.ui.services.snapshot_history import SnapshotHistory
from explorer.ui.services.source import SourceServices
from explorer.ui.services.versions import VersionHistory
from explorer.ui.services.workbench import WorkbenchServices
from explorer.ui.shared.thread_batch import ThreadBatch

log = logging.getLogger(__name__)
SELF_TEST_DEMO = {"rate": 4.0, "changes_per_list": 6}
"""A fast demo for --self-test: a framework notification within a couple of seconds."""


class ExplorerServices(
    SourceServices,
    WorkbenchServices,
    ForwardingServices,
    QObject,
):
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
        demo: bool = False,
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
        self._retired_fetchers: list[Fetcher] = []
        self.engines = Engines(LoopThread())
        self._fetcher: Fetcher | None = None
        self.net = self.engines.net
        self.exchange_log: ExchangeLog | None = None
        self.server: CallbackServer | None = None
        self.subscriber: Subscriber | None = None
        self.versions = VersionHistory()
        # Credentials and network settings: ``access`` for the GUI loop's clients, a copy
        # for the net loop's (hub requests, refetches), each changed on its own thread only.
        self._live_access = NetworkAccess()
        self.tracker = ChangeTracker(self.versions, fetcher_factory=self._refetch_fetcher)
        self.crawler: Crawler | None = None
        self.crawl_result: CrawlResult | None = None
        self.crawl_started = datetime.now(UTC)
        self.checks_run: set[str] = set()
        self.folders: dict[str, str] = {}
        self.disk: DiskSource | None = None
        self._disk_fetcher: Fetcher | None = None
        self._aside: SetAside | None = None
        self.demo: Any = None
        self.want_demo = demo  # started in ``start``, before stored subscriptions are checked
        self.demo_note: str | None = None  # where the demo went, when not where it was
        self._primed: set[str] = set()
        self._channels: dict[str, Channel] = {}
        self.probe_payloads = ProbePayloads()
        self.public_url_tests: dict[str, bool] = {}
        self.move_wait = 20.0
        self._views: list[SubscriptionView] = []
        self.forwarders = Forwarders()  # by subscription id (ForwardingServices)
        self._note: str | None = None
        self.live_session: LiveSession | None = None  # on the net loop, while it runs
        # The one batching stage between the net loop and the window. One signal per
        # batch, not per event: each emission is a trip from Python into Qt and back,
        # and while the network thread is busy each trip waits for the GIL.
        self._events = ThreadBatch(self._hand_over, parent=self)
        self._exchanges = ThreadBatch(self.exchanges_logged.emit, parent=self)
        self.replay = ReplayServices(self.engines, self._exchanges.put, parent=self)
        self.evidence = EvidenceServices(self.engines, parent=self)
        self.recording = SessionRecordingServices(self.engines, parent=self)
        self.history = SnapshotHistory(self.engines, parent=self)
        self.audit = AuditServices(self.engines, parent=self)

    @property
    def store(self) -> Store | None:
        """The engines' store (``Engines.store``): opened by ``start``."""
        return self.engines.store

    @store.setter
    def store(self, store: Store | None) -> None:
        self.engines.store = store

    # The GUI side's request settings live in ``Engines`` (the parts' fetchers read them).
    @property
    def fetch_timeouts(self) -> Timeouts:
        return self.engines.fetch_timeouts

    @fetch_timeouts.setter
    def fetch_timeouts(self, timeouts: Timeouts) -> None:
        self.engines.fetch_timeouts = timeouts

    @property
    def fetch_retries(self) -> int:
        return self.engines.fetch_retries

    @fetch_retries.setter
    def fetch_retries(self, retries: int) -> None:
        self.engines.fetch_retries = retries

    @property
    def access(self) -> NetworkAccess:
        return self.engines.access

    @access.setter
    def access(self, access: NetworkAccess) -> None:
        self.engines.access = access

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

    async def start(self) -> None:
        """Open the store and start the live side; raises ``StoreLocked`` or
        ``StoreDamaged`` (the window offers to open read-only) or ``StoreError``."""
        # Opening runs PRAGMA quick_check, which reads the whole file: off the GUI loop.
        # Store makes a missing folder 0700 itself.
        self.store = await asyncio.to_thread(Store, self.store_path, read_only=self.read_only)
        self.exchange_log = ExchangeLog(self.store)
        self.exchange_log.listeners.append(self._exchanges.put)
        self.recording.mark_session()  # File ▸ Save recording… writes what is stored after it
        if self.read_only:
            self._views = [
                SubscriptionView.of(Subscription.from_row(row), serving_url=None)
                for row in self._stored(self.store.subscriptions)
            ]
            return
        self.net.start()
        old_origin = stored_demo_origin(self.store) if self.want_demo else None
        if self.want_demo:
            await self.start_demo(old_origin)
        await self.start_callback_server(self.callback_host, self.callback_port, self.public_url)
        new_origin = self.demo.base_url if self.demo is not None else None
        if old_origin and new_origin and old_origin != new_origin and self.subscriber:
            moved = await self.net.run(follow_moved_hub(self.subscriber, old_origin, new_origin))
            if moved:
                self.demo_note = QCoreApplication.translate(
                    "ExplorerServices",
                    "the demo could not have its port again and runs at {new}: {count} "
                    "subscription(s) subscribed again there",
                ).format(new=new_origin, count=len(moved))

    async def start_demo(self, where: str | None = None) -> str:
        """Start the embedded demo Source and hub in-process (once); returns its base URL.
        ``where``: the origin it had before, bound again when the port is free, so stored
        subscriptions to it still reach it."""
        from explorer.demo import start_demo

        if self.demo is not None:
            return str(self.demo.base_url)
        port = urlsplit(where).port if where else None
        if port:
            try:
                self.demo = await start_demo(**{**self.demo_options, "port": port})
            except OSError:
                self.demo = None  # taken by another program: any free port, and follow
        if self.demo is None:
            self.demo = await start_demo(**self.demo_options)
        return str(self.demo.base_url)

    async def aclose(self) -> None:
        """Close in reverse order of dependence; each step runs even if one fails."""
        steps: list[Callable[[], Any]] = []
        if self.net.running:
            steps.append(self.stop_callback_server)
            steps.append(self.close_forwarding)
        if self._fetcher is not None:
            steps.append(self._fetcher.aclose)
        if self._disk_fetcher is not None:
            steps.append(self._disk_fetcher.aclose)
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
