"""Plan… for the window: ``explorer.net.plan.make.make_plan``, the path the ``plan``
command takes, run off the GUI thread with the window's network settings, so the window
shows the command's figures for the same Source and options."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from explorer.core.plan.report import Plan
from explorer.net.history.snapshot_store import SnapshotStore
from explorer.net.plan.make import make_plan
from explorer.net.plan.options import PlanOptions
from explorer.ui.services.worker import job_fetcher, off_gui, request_counter

if TYPE_CHECKING:
    from explorer.ui.services.engines import Engines


def _last_snapshot(engines: Engines, url: str) -> float | None:
    """When the newest finished snapshot of ``url`` in the window's store was taken (read
    through the window's own connection: the store is locked to this process)."""
    snapshots = SnapshotStore(engines.open_store())
    try:
        latest = snapshots.latest(url, before=2**62)
    finally:
        snapshots.close()
    return latest.taken if latest is not None else None


class PlanServices(QObject):
    """Plans of a Source; the crawl, the samples and the OAI-PMH walk run on a job's own
    thread, so the window never waits for them."""

    def __init__(self, engines: Engines, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engines = engines

    def store_options(self, options: PlanOptions) -> PlanOptions:
        """``options`` reading the window's store (its snapshots tell the incremental run
        where to start and which changes are backdated)."""
        store = self.engines.store
        return options if store is None else replace(options, store=store.path)

    async def run(self, url: str, options: PlanOptions, progress: Callable[[int], object]) -> Plan:
        """The plan of the Source at ``url``; ``progress`` hears how many requests were
        made so far, on the GUI thread. Without ``since`` the incremental run starts at
        the last snapshot of ``url`` in the window's store, as the command's does in its. Raises
        a ``SaidError`` naming the cause (no Source there, an unreadable store, an
        endpoint that is not OAI-PMH)."""
        engines = self.engines
        options = self.store_options(options)
        counted = request_counter(progress)

        async def job() -> Plan:
            chosen = options
            if chosen.since is None and engines.store is not None:
                chosen = replace(chosen, since=_last_snapshot(engines, url))
            fetcher = job_fetcher(engines, counted)
            try:
                return await make_plan(url, chosen, fetcher)
            finally:
                await fetcher.aclose()

        return await off_gui(job(), "explorer-plan")
