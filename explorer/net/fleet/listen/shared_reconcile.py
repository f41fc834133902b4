"""``listen --reconcile`` on a shared store: each process watches what it holds.

On a shared store a channel's deliveries reach every process, so no process can
reconcile from what it received itself. Each one reads, from the database, the change
notifications stored (by any process) for the subscriptions it holds the lease of, feeds
them to a ``Reconciler`` for the Capability List they name as ``up``
(change-notification 1.0.1 §3), and every period writes each check's verdict as a row of
``fleet_reconcile``, where the fleet's health view reads it. A subscription taken over
from a dead process is watched from its new holder's next period on.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection
from typing import Any

from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.phrase import Phrase
from explorer.core.rules import capabilities as caps
from explorer.net.fleet.listen.shared_store import SharedStore
from explorer.net.http.fetcher import Fetcher
from explorer.net.live.reconcile import Reconciler, ReconcileReport

BATCH = 200
"""Deliveries read from the database at a time: their bodies are held while parsed."""


class SharedReconcile:
    """The Reconcilers of one process, fed from the store's deliveries."""

    def __init__(self, store: SharedStore, period: float) -> None:
        self.store = store
        self.period = period
        self.started = time.time()
        self.reconcilers: dict[str, Reconciler] = {}
        self._last_id = 0

    async def start(self) -> None:
        """Count from the deliveries stored from now on (as ``listen --reconcile`` does)."""
        self._last_id = await self.store.last_delivery_id()

    def close(self) -> None:
        for reconciler in self.reconcilers.values():
            reconciler.close()

    async def check(
        self, fetcher: Fetcher, held: Collection[int], now: float | None = None
    ) -> list[ReconcileReport]:
        """Take in the notifications stored since the last check for ``held``, then read
        each Capability List's Change Lists once and store the verdicts."""
        while rows := await self.store.deliveries_after(self._last_id, held, BATCH):
            for delivery_id, body, received in rows:
                self._last_id = max(self._last_id, delivery_id)
                await self._take(body, received)
        reports = []
        for url, reconciler in self.reconcilers.items():
            report = await reconciler.check(fetcher, now)
            outcome, params = verdict_row(report)
            await self.store.add_reconcile(url, outcome, params)
            reports.append(report)
        return reports

    async def _take(self, body: bytes, received: float) -> None:
        try:
            document = await asyncio.to_thread(parse_document, body)
        except DocumentParseError:
            return  # stored as received; nothing to reconcile
        up = document.link_href("up")
        if document.capability != caps.CHANGE_NOTIFICATION or up is None:
            return
        reconciler = self.reconcilers.get(up)
        if reconciler is None:
            reconciler = self.reconcilers[up] = Reconciler(up, self.period, started=self.started)
        entries: list[dict[str, object]] = [
            {"loc": entry.loc, "datetime": entry.datetime} for entry in document.entries
        ]
        reconciler.notified(entries, received)


def verdict_row(report: ReconcileReport) -> tuple[str, dict[str, Any]]:
    """``fleet_reconcile``'s outcome and params for one check: ``ok``, ``findings``, or
    ``partial`` when a list could not be read (nothing is then called unlisted)."""
    outcome = "partial" if report.problems else "ok" if report.empty else "findings"
    params: dict[str, Any] = {
        "unannounced": report.unannounced,
        "unlisted": report.unlisted,
        "more_unannounced": report.more_unannounced,
        "more_unlisted": report.more_unlisted,
        "quiet": report.quiet,
        "problems": [_problem(problem) for problem in report.problems],
    }
    return outcome, params


def _problem(problem: str | Phrase) -> dict[str, Any]:
    """A problem as its stored phrase (key and params, said in the reader's language
    where it is shown), or as the outside words it was."""
    return problem.to_json() if isinstance(problem, Phrase) else {"text": problem}
