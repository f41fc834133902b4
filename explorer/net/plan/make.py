"""Make a plan of a Source: the one path the ``plan`` command and the window's "Plan…"
both take, so both give the same figures for the same Source and options.

The runs come from ``gather_plan``; with a local copy (``mappings``) the incremental and
audit runs are joined by what the copy needs; then each section builder (incremental
safety, the OAI-PMH cost and the parity table: ``explorer.net.plan.checks``) adds its part.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from explorer.core.plan.report import Plan, Section
from explorer.net.plan import checks
from explorer.net.plan.options import PlanOptions

if TYPE_CHECKING:  # the command imports this module to parse its arguments: no network yet
    from explorer.net.http.fetcher import Fetcher


def last_snapshot_time(store: Path | None, source: str) -> float | None:
    """When the newest finished snapshot of ``source`` in the store was taken, if any: the
    incremental run starts there unless told where (as ``resync-sync --incremental
    --from`` would with that time). Raises ``StoreError`` (it says why and what to do)."""
    from explorer.net.history.snapshot_store import SnapshotStore
    from explorer.net.store.database import Store, default_store_path

    opened = Store(store or default_store_path())
    try:
        latest = SnapshotStore(opened).latest(source, before=2**62)
    finally:
        opened.close()
    return latest.taken if latest is not None else None


SectionBuilder = Callable[[PlanOptions, Plan, "Fetcher"], Awaitable[Section | None]]
SECTIONS: tuple[SectionBuilder, ...] = checks.BUILDERS
"""Builders of the plan's other parts, in the order they print."""


async def make_plan(
    start: str,
    options: PlanOptions,
    fetcher: Fetcher,
    sections: Sequence[SectionBuilder] = SECTIONS,
) -> Plan:
    """The plan of the Source at ``start`` read through ``fetcher``. Raises a
    ``SaidError`` (the plan's, the store's, the local copy's audit) naming the cause."""
    from explorer.net.plan.copy_needs import copy_needs
    from explorer.net.plan.gather import PlanRequest, add_copy_runs, gather_plan

    reading = checks.open_reading(options, start)
    request = PlanRequest(
        start,
        options.profile,
        options.delay,
        options.since,
        options.limits(),
        also=(reading.add_document,),
    )
    try:
        plan, gathered = await gather_plan(request, fetcher)
        if options.mappings is not None:
            needs = await copy_needs(
                start,
                fetcher,
                options.mappings,
                gathered.changes.fetched_urls() if options.since is not None else None,
                request.limits,
            )
            add_copy_runs(plan, gathered, needs)
        for builder in sections:
            section = await builder(options, plan, fetcher)
            if section is not None:
                plan.sections.append(section)
    finally:
        reading.close()
        options.plan_reading = None
    return plan
