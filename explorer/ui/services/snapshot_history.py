"""Snapshots of the open Source and comparisons between them, for the History view.

Saving crawls the whole Source into the store's snapshot tables (streamed: entries go to
disk as each list is parsed, ``explorer.net.history.snapshot_store``); comparing runs in SQLite
temporary tables (``explorer.net.history.snapshot_compare``). Both run off the GUI thread
(``off_gui``). The window gets immutable results: ``SnapshotInfo`` rows and a
``ComparisonView`` holding the counts and the first ``SHOWN_ROWS`` differences; an
export writes every difference to a file without holding them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject

from explorer.net.history.comparison_rows import ComparisonRow, comparison_rows, write_rows
from explorer.net.history.snapshot_compare import Comparison
from explorer.net.history.snapshot_store import SnapshotInfo, SnapshotStore, take_snapshot
from explorer.ui.services.worker import job_fetcher, off_gui, request_counter

if TYPE_CHECKING:
    from explorer.ui.services.engines import Engines

SHOWN_ROWS = 20_000
"""Differences a comparison hands to the window; an export writes them all."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ComparisonView:
    """Snapshot ``a`` against the later ``b``: counts, and the first rows."""

    a: SnapshotInfo
    b: SnapshotInfo
    documents: dict[str, int]
    entries: dict[str, dict[str, int]]  # capability -> kind -> count
    findings: dict[str, int]
    unannounced: int
    change_lists: int  # in b: without one, nothing could be checked for announcement
    rows: tuple[ComparisonRow, ...]
    complete: bool  # False: more rows than SHOWN_ROWS; the export has them all


class SnapshotHistory(QObject):
    """Snapshots in the window's store; every call runs off the GUI thread."""

    def __init__(self, engines: Engines, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engines = engines

    def _store_job(self, work: Callable[[SnapshotStore], T]) -> T:
        snapshots = SnapshotStore(self.engines.open_store())
        try:
            return work(snapshots)
        finally:
            snapshots.close()

    async def save(
        self, url: str, label: str | None, progress: Callable[[int], object] = lambda _n: None
    ) -> SnapshotInfo:
        """Crawl the Source at ``url`` into a new snapshot (removed again if cancelled);
        ``progress`` hears how many requests were made, on the GUI thread."""
        engines = self.engines
        counted = request_counter(progress)

        async def job() -> SnapshotInfo:
            snapshots = SnapshotStore(engines.open_store())
            fetcher = job_fetcher(engines, counted)
            try:
                info, result = await take_snapshot(url, fetcher, snapshots, label or None)
                if result.root is None:  # nothing found: nothing worth keeping
                    snapshots.delete(info.id)
                    raise LookupError(f"no ResourceSync Source found from {url}")
                return info
            finally:
                await fetcher.aclose()
                snapshots.close()

        return await off_gui(job(), "explorer-snapshot")

    async def snapshots(self, url: str) -> list[SnapshotInfo]:
        """The finished snapshots of the Source at ``url`` (its Source Description or the
        URL it was opened from), newest first."""

        def work(snapshots: SnapshotStore) -> list[SnapshotInfo]:
            return [
                SnapshotInfo(*row)
                for row in snapshots.db.execute(
                    "SELECT * FROM snapshots WHERE finished IS NOT NULL"
                    " AND (source = ? OR start_url = ?) ORDER BY id DESC",
                    (url, url),
                )
            ]

        return await self._off_gui(work)

    async def compare(self, a: int, b: int) -> ComparisonView:
        """Snapshot ``a`` against ``b`` (the older of the two is taken as the earlier)."""

        def work(snapshots: SnapshotStore) -> ComparisonView:
            early, late = sorted((snapshots.get(a), snapshots.get(b)), key=lambda s: s.id)
            comparison = Comparison(snapshots, early, late)
            counts = (
                comparison.document_counts(),
                comparison.entry_counts(),
                comparison.finding_counts(),
            )
            rows = tuple(islice(comparison_rows(comparison), SHOWN_ROWS + 1))
            return ComparisonView(
                early,
                late,
                *counts,
                comparison.unannounced_count(),
                comparison.change_lists,
                rows[:SHOWN_ROWS],
                complete=len(rows) <= SHOWN_ROWS,
            )

        return await self._off_gui(work)

    async def export(self, a: int, b: int, path: Path) -> int:
        """Every difference of ``a`` against ``b`` into ``path``: JSON for a ``.json``
        name, else CSV. Returns the rows written."""

        def work(snapshots: SnapshotStore) -> int:
            early, late = sorted((snapshots.get(a), snapshots.get(b)), key=lambda s: s.id)
            comparison = Comparison(snapshots, early, late)
            with path.open("w", encoding="utf-8", newline="") as out:
                return write_rows(comparison_rows(comparison), out, path.suffix.lower() == ".json")

        return await self._off_gui(work)

    async def _off_gui(self, work: Callable[[SnapshotStore], T]) -> T:
        async def job() -> T:
            return self._store_job(work)

        return await off_gui(job(), "explorer-history")
