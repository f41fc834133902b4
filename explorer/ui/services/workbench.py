"""The hub workbench's and the HTTP inspector's side of the services: topics hosted on
the callback server, publishing, conformance runs, subscriber checks, the exchange log,
replaying a delivery."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from urllib.parse import urlsplit

from PySide6.QtCore import QObject

from explorer.net.conformance import CheckResult, ConformanceSettings, run_conformance
from explorer.net.http.bounded_body import bounded_client
from explorer.net.live.callback.callback_server import Reply
from explorer.net.live.publisher import PublishResult, publish
from explorer.net.store.records import ExchangeRecord
from explorer.net.subscribers import (
    ChannelUrls,
    CommandLauncher,
    ManualLauncher,
    SubscriberResult,
    SubscriberUnderTest,
    run_subscriber_check,
    settings_for,
)
from explorer.ui.services.engines import Engines, stored_rows
from explorer.ui.services.live import LiveServices


class WorkbenchServices(QObject):
    """What the workbench and the inspector ask of the ``live`` part's callback server
    and subscriber, run on the net loop."""

    def __init__(self, engines: Engines, live: LiveServices, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engines = engines
        self.net = engines.net
        self.live = live
        self._subscriber_run: asyncio.Task[list[SubscriberResult]] | None = None  # net thread
        self._stopping: set[asyncio.Task[list[SubscriberResult]]] = set()  # net thread

    def stored_exchanges(self, limit: int = 5000) -> list[ExchangeRecord]:
        """The newest exchanges of the log, oldest first (the inspector's rows)."""
        store = self.engines.store
        if store is None:
            return []
        return stored_rows(store.latest_exchanges, limit)

    def host_topic(self, token: str, reply: Callable[[], Reply]) -> str | None:
        """Serve a topic URI on the callback server (on the net loop); its URL, or None
        when the server is stopped. ``reply`` runs on the net thread: it must read only
        plain values, never widgets."""
        server = self.live.server
        if server is None:
            return None
        self.net.call(server.host_topic, token, reply)
        return server.topic_url(token)

    def unhost_topic(self, token: str) -> None:
        server = self.live.server
        if server is not None and self.net.running:
            self.net.call(server.unhost_topic, token)

    async def publish(self, hub: str, topic: str, data: bytes) -> PublishResult:
        """POST ``data`` to ``hub`` (notification §4.1) with the subscriber's client."""
        subscriber = self.live.need_subscriber()
        return await self.net.run(
            publish(subscriber.client, hub, topic, data, exchange_log=self.engines.exchange_log)
        )

    async def run_conformance(
        self,
        hub: str,
        topic: str | None,
        settings: ConformanceSettings,
        on_result: Callable[[CheckResult], None],
        *,
        only: list[str] | None = None,
    ) -> list[CheckResult]:
        """A conformance run on the net loop. Its probes are the workbench's: the run has
        a client of its own that marks every payload it publishes, so a hub fanning them
        out to the user's own subscriptions adds nothing to the live feed."""
        self.live.need_subscriber()
        server = self.live.server
        assert server is not None

        async def run() -> list[CheckResult]:
            client = bounded_client(settings.request_timeout, access=self.engines.live_access)
            client.event_hooks["request"].append(self.live.probe_payloads.note_request)
            try:
                return await run_conformance(
                    hub,
                    server,
                    client,
                    topic=topic,
                    settings=settings,
                    only=only,
                    on_result=on_result,
                )
            finally:
                await client.aclose()

        return await self.net.run(run())

    async def check_subscriber(
        self,
        command: str,
        only: list[str] | None,
        timeout: float,
        on_result: Callable[[SubscriberResult], None],
        on_announce: Callable[[str, ChannelUrls], None],
    ) -> list[SubscriberResult]:
        """``subscriber-check`` on the net loop: ``command`` as its ``--run`` (empty: a
        subscriber started by hand, whose URLs ``on_announce`` is given per test), ``only``
        as ``--only``, ``timeout`` as ``--timeout``. Both callbacks run on the net thread.
        A command that cannot be used raises ``CommandError`` here, before anything starts.
        After ``stop_subscriber_check`` it returns the results made so far, once every
        subscriber it started is stopped, its process group included."""
        subscriber: SubscriberUnderTest = (
            CommandLauncher(command) if command.strip() else ManualLauncher(on_announce)
        )
        settings = settings_for(timeout)
        made: list[SubscriberResult] = []

        def keep(result: SubscriberResult) -> None:
            made.append(result)
            on_result(result)

        async def run() -> list[SubscriberResult]:
            task = asyncio.current_task()
            assert task is not None
            self._subscriber_run = task
            try:
                return await run_subscriber_check(
                    subscriber, settings=settings, only=only, on_result=keep
                )
            except asyncio.CancelledError:
                if task not in self._stopping:  # the window closing, not Stop
                    raise
                return made
            finally:
                self._stopping.discard(task)
                self._subscriber_run = None

        return await self.net.run(run())

    def stop_subscriber_check(self) -> None:
        """Stop the running subscriber check (its subscribers are stopped on the way out);
        ``check_subscriber`` then returns what it has."""

        def stop() -> None:  # on the net thread, which owns the run's task
            task = self._subscriber_run
            if task is not None and not task.done():
                self._stopping.add(task)
                task.cancel()

        if self.net.running:
            self.net.call(stop)

    async def replay_delivery(self, record: ExchangeRecord) -> str:
        """POST a received delivery again, byte for byte, to its callback path on the local
        address (not through a tunnel); returns what the callback answered."""
        server, subscriber = self.live.server, self.live.subscriber
        if server is None or subscriber is None:
            raise RuntimeError("the callback server is stopped")
        if record.request_body is None or (record.request_size or 0) > len(record.request_body):
            raise RuntimeError("the log kept only part of this body; it cannot be replayed")
        path = urlsplit(record.url).path
        url = f"http://{server.host}:{server.port}{path}"
        keep = {"content-type", "link", "x-hub-signature"}
        headers = [(name, value) for name, value in record.request_headers if name.lower() in keep]

        async def post() -> str:  # on the net loop, which owns the subscriber's client
            response = await subscriber.client.post(
                url, content=record.request_body, headers=headers
            )
            return f"{response.status_code} {response.reason_phrase}"

        return await self.net.run(post())
