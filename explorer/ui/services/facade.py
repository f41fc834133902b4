"""The engines the window drives, wired together and turned into Qt signals.

``ExplorerServices`` owns the engine objects (``Engines``, engines.py), opens and closes
them in order, and builds on them the named parts the widgets call, each a ``QObject``
with its dependencies in its constructor (a part another needs is passed to it):
``folder`` (folder.py), ``source`` (source.py), ``forwarding`` (forwarding.py),
``live`` (live.py), ``workbench`` (workbench.py), ``replay`` (replaying.py),
``evidence`` (evidence.py), ``recording`` (session_recording.py), ``history``
(snapshot_history.py), ``audit`` (audit.py), ``plan`` (planning.py) and ``fleet``
(fleet.py).

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
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, QObject, Signal

from explorer.net.http.credentials import Credential
from explorer.net.http.fetcher import Timeouts
from explorer.net.http.network_access import NetworkAccess, NetworkSettings
from explorer.net.live.hub_follow import follow_moved_hub, stored_demo_origin
from explorer.net.live.subscriber import SubscriberConfig
from explorer.net.loop_thread import LoopThread
from explorer.net.store.database import (
    Store,
    default_store_path,
)
from explorer.net.store.exchange_log import ExchangeLog
from explorer.ui.services.audit import AuditServices
from explorer.ui.services.engines import Engines
from explorer.ui.services.evidence import EvidenceServices
from explorer.ui.services.fleet import FleetServices
from explorer.ui.services.folder import FolderServices
from explorer.ui.services.forwarding import ForwardingServices
from explorer.ui.services.live import LiveServices
from explorer.ui.services.planning import PlanServices
from explorer.ui.services.replaying import ReplayServices
from explorer.ui.services.session_recording import SessionRecordingServices
from explorer.ui.services.snapshot_history import SnapshotHistory
from explorer.ui.services.source import SourceServices
from explorer.ui.services.workbench import WorkbenchServices
from explorer.ui.shared.thread_batch import ThreadBatch

log = logging.getLogger(__name__)
SELF_TEST_DEMO = {"rate": 4.0, "changes_per_list": 6}
"""A fast demo for --self-test: a framework notification within a couple of seconds."""


class ExplorerServices(QObject):
    """Owns every engine object and builds the named parts on them; ``start()`` opens
    them, ``aclose()`` closes them in order."""

    exchanges_logged = Signal(list)  # ExchangeRecords, oldest first

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
        self.engines = Engines(LoopThread())
        self.net = self.engines.net
        self.demo: Any = None
        self.want_demo = demo  # started in ``start``, before stored subscriptions are checked
        self.demo_note: str | None = None  # where the demo went, when not where it was
        self._exchanges = ThreadBatch(self.exchanges_logged.emit, parent=self)
        self.folder = FolderServices(self.engines, parent=self)
        self.source = SourceServices(self.engines, self.folder, parent=self)
        self.forwarding = ForwardingServices(self.engines, parent=self)
        self.live = LiveServices(
            self.engines,
            self.source,
            self.forwarding.forwarders,
            read_only=read_only,
            host=host,
            port=port,
            public_url=public_url,
            subscriber_config=subscriber_config,
            parent=self,
        )
        self.workbench = WorkbenchServices(self.engines, self.live, parent=self)
        self.replay = ReplayServices(self.engines, self._exchanges.put, parent=self)
        self.evidence = EvidenceServices(self.engines, parent=self)
        self.recording = SessionRecordingServices(self.engines, parent=self)
        self.history = SnapshotHistory(self.engines, parent=self)
        self.audit = AuditServices(self.engines, parent=self)
        self.plan = PlanServices(self.engines, parent=self)
        self.fleet = FleetServices(parent=self)

    @property
    def store(self) -> Store | None:
        """The engines' store (``Engines.store``): opened by ``start``."""
        return self.engines.store

    @property
    def exchange_log(self) -> ExchangeLog | None:
        """The engines' exchange log (``Engines.exchange_log``): opened by ``start``."""
        return self.engines.exchange_log

    # The GUI side's request settings live in ``Engines`` (the parts' fetchers read them).
    @property
    def fetch_timeouts(self) -> Timeouts:
        return self.engines.fetch_timeouts

    @property
    def fetch_retries(self) -> int:
        return self.engines.fetch_retries

    @property
    def access(self) -> NetworkAccess:
        return self.engines.access

    def set_credential(self, origin: str, credential: Credential) -> None:
        """Send ``credential`` to ``origin`` from now on (replacing any), from every client."""
        self.engines.access.credentials.set(origin, credential)
        self._on_net(self.engines.live_access.credentials.set, origin, credential)

    def remove_credential(self, origin: str) -> None:
        self.engines.access.credentials.remove(origin)
        self._on_net(self.engines.live_access.credentials.remove, origin)

    def configure_network(self, settings: NetworkSettings) -> None:
        """Proxy and TLS trust for documents opened from now on (a fetcher already made is
        retired, as in ``SourceServices.configure_fetcher``); hub requests use them once
        the callback server restarts."""
        engines = self.engines
        if settings == engines.access.settings:
            return
        engines.access = NetworkAccess(engines.access.credentials, settings)
        engines.live_access = NetworkAccess(engines.live_access.credentials, settings)
        self.source.retire_fetcher()

    def _on_net(self, function: Callable[..., Any], *args: Any) -> None:
        if self.net.running:
            self.net.call(function, *args)
        else:  # no net loop yet (or any more): nothing there reads it now
            function(*args)

    async def start(self) -> None:
        """Open the store and start the live side; raises ``StoreLocked`` or
        ``StoreDamaged`` (the window offers to open read-only) or ``StoreError``."""
        # Opening runs PRAGMA quick_check, which reads the whole file: off the GUI loop.
        # Store makes a missing folder 0700 itself.
        store = await asyncio.to_thread(Store, self.store_path, read_only=self.read_only)
        self.engines.store = store
        exchange_log = ExchangeLog(store)
        self.engines.exchange_log = exchange_log
        exchange_log.listeners.append(self._exchanges.put)
        self.recording.mark_session()  # File ▸ Save recording… writes what is stored after it
        if self.read_only:
            self.live.show_stored(store)
            return
        self.net.start()
        old_origin = stored_demo_origin(store) if self.want_demo else None
        if self.want_demo:
            await self.start_demo(old_origin)
        await self.live.start()
        new_origin = self.demo.base_url if self.demo is not None else None
        subscriber = self.live.subscriber
        if old_origin and new_origin and old_origin != new_origin and subscriber:
            moved = await self.net.run(follow_moved_hub(subscriber, old_origin, new_origin))
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
            steps.append(self.live.stop_callback_server)
            steps.append(self.forwarding.close_forwarding)
        steps.append(self.source.aclose)
        steps.append(self.folder.aclose)
        if self.demo is not None:
            steps.append(self.demo.stop)
        if self.net.running:
            steps.append(lambda: self.net.run(self.live.tracker.aclose()))
        for step in steps:
            try:
                await step()
            except Exception:
                log.exception("closing failed")
        self.net.stop()
        if self.engines.store is not None:
            self.engines.store.close()
            self.engines.store = None
        # No reference cycles back to this QObject: they would be collected on whichever
        # thread the garbage collector happens to run.
        self.live.release()
        self._exchanges.close()
