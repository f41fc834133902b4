"""The watchdog of ``listen --reconcile`` (the option: ``options/reconcile_option.py``):
the reconcilers of one run and the task that reads each Capability List again every
period, loaded only once the arguments are parsed and ``--reconcile`` is given."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from collections.abc import Callable

from explorer.cli.options.language_option import language_of
from explorer.core.catalog import text
from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.rules import capabilities as caps
from explorer.net.http.fetcher import Fetcher, Timeouts
from explorer.net.http.network_access import NetworkAccess
from explorer.net.live.reconcile import Reconciler
from explorer.net.live.reconcile_event import reconcile_event
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent


class Watchdog:
    """The reconcilers of one ``listen`` run and the task that checks them."""

    def __init__(
        self,
        args: argparse.Namespace,
        access: NetworkAccess,
        emit: Callable[[SubscriberEvent], None],
    ) -> None:
        self.period: float = args.reconcile
        self.lang = language_of(args)
        self.emit = emit
        self.topics: list[str] = list(args.topic)
        self.access = access
        self.reconcilers: list[Reconciler] = []
        self.channels: set[str] = set()  # topics whose Capability List comes by "up"
        self.started = time.time()
        self._task: asyncio.Task[None] | None = None

    def listener(self, event: SubscriberEvent) -> None:
        """A subscriber listener: every change notification goes to every reconciler."""
        if event.event == NOTIFICATION and event.capability == caps.CHANGE_NOTIFICATION:
            if event.topic in self.channels:
                self._follow_up_link(event)
            for reconciler in self.reconcilers:
                reconciler.notified(event.entries or [], event.time)

    def _follow_up_link(self, event: SubscriberEvent) -> None:
        """Reconcile the Capability List a channel's notification links to as ``up``."""
        document = event.document
        if document is None:
            return
        up = document.link_href("up")
        if up is None:
            return
        self.channels.discard(event.topic)
        if all(reconciler.capability_list != up for reconciler in self.reconcilers):
            self.reconcilers.append(Reconciler(up, self.period, started=self.started))
            note = text("reconcile.channel-followed", self.lang, topic=event.topic, url=up)
            print(f"listen: {note}", file=sys.stderr, flush=True)
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def start(self) -> None:
        """Keep the ``--topic`` URLs that are Capability Lists, then check every period."""
        async with self._fetcher() as fetcher:
            for url in self.topics:
                if await _is_capability_list(fetcher, url):
                    self.reconcilers.append(Reconciler(url, self.period, started=self.started))
                else:
                    self.channels.add(url)
                    note = text("reconcile.not-a-capability-list", self.lang, url=url)
                    print(f"listen: {note}", file=sys.stderr, flush=True)
        if self.reconcilers:
            self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for reconciler in self.reconcilers:
            reconciler.close()

    def _fetcher(self) -> Fetcher:
        return Fetcher(timeout=Timeouts.uniform(min(30.0, self.period)), access=self.access)

    async def _run(self) -> None:
        async with self._fetcher() as fetcher:
            while True:
                await asyncio.sleep(self.period)
                for reconciler in self.reconcilers:
                    report = await reconciler.check(fetcher)
                    if not report.empty:
                        self.emit(reconcile_event(report))


async def _is_capability_list(fetcher: Fetcher, url: str) -> bool:
    result = await fetcher.fetch(url)
    if not result.ok:
        return False
    try:
        document = await asyncio.to_thread(parse_document, result.body)
    except DocumentParseError:
        return False
    return document.capability == caps.CAPABILITYLIST
