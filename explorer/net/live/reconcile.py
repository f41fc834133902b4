"""The watchdog: push (change notifications) and poll (Change Lists) reconciled.

A Source announces each change twice: in its Change Lists (core 1.1 §12.1) and as a
change notification through its hub (change-notification 1.0.1 §3). A hub that takes
subscriptions but delivers nothing, or loses some deliveries, is silent about it; the
Change Lists are not. ``Reconciler`` is fed every notification ``listen`` receives and
re-reads the Capability List's Change Lists every period:

- *unannounced*: a change the Change Lists show in two consecutive reads (a full period)
  that no notification carried (the hub is silent or lossy);
- *unlisted*: a notified change the Change Lists still do not show a period later;
- *quiet*: no delivery for ``QUIET_FACTOR`` times the Source's usual interval between
  changes (the median gap in its Change Lists, at least one period) while the lists
  gained changes: said once per quiet spell, with how long it has lasted.

Changes are matched by loc and datetime (as POSIX seconds, so ``Z`` and ``+00:00``
agree). Only changes dated after the watchdog started count, and what was matched or
reported is forgotten once older than ``RETENTION_PERIODS`` periods, so what it keeps is
bounded by the Source's change rate, not by how long it runs.

What the lists show can still be millions of changes, so none of it is held in memory:
the lists are parsed as streams (``changelist_reading.py``) into a working table on disk
(``reconcile_table.py``), within a per-check budget of lists, entries, bytes and seconds;
only the notifications received, bounded by what the hub delivers, stay in memory. A
verdict names at most ``MAX_LOCS_REPORTED`` locs of each kind and counts the rest.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from explorer.core.words.messages import Phrase
from explorer.net.http.fetcher import Fetcher
from explorer.net.live.changelist_reading import ReadBudget, change_key, read_change_lists
from explorer.net.live.reconcile_table import ChangeKey, ReconcileTable

RETENTION_PERIODS = 20
QUIET_FACTOR = 3.0
MAX_LOCS_REPORTED = 1_000
"""Locs one verdict names of each kind; the rest are counted (``more_unannounced``...)."""


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    """One check's verdicts; ``problems`` says what could not be read (the check is then
    partial: nothing is called unlisted on a read that failed or stopped at a budget)."""

    capability_list: str
    unannounced: list[str]
    unlisted: list[str]
    problems: list[str | Phrase] = field(default_factory=list)
    quiet: float | None = None  # seconds without a delivery, when that is news
    more_unannounced: int = 0  # beyond the locs named
    more_unlisted: int = 0

    @property
    def empty(self) -> bool:
        return not (self.unannounced or self.unlisted or self.problems or self.quiet)

    @property
    def unannounced_count(self) -> int:
        return len(self.unannounced) + self.more_unannounced

    @property
    def unlisted_count(self) -> int:
        return len(self.unlisted) + self.more_unlisted


@dataclass(slots=True)
class Reconciler:
    """Reconciles the notifications received with the Change Lists of one Capability List.
    ``close`` removes its working table."""

    capability_list: str
    period: float
    started: float = field(default_factory=time.time)
    budget: ReadBudget = field(default_factory=ReadBudget)
    _fresh: dict[ChangeKey, float] = field(default_factory=dict)  # since the last check
    _notified: dict[ChangeKey, float] = field(default_factory=dict)  # key -> when received
    _table: ReconcileTable = field(default_factory=ReconcileTable)
    _last_delivery: float | None = None
    _quiet_said: bool = False

    def close(self) -> None:
        self._table.close()

    def notified(self, entries: list[dict[str, object]], at: float | None = None) -> None:
        """Record the changes one change notification carried (its ``entries``)."""
        now = time.time() if at is None else at
        self._last_delivery, self._quiet_said = now, False
        for entry in entries:
            key = change_key(entry.get("loc"), entry.get("datetime"))
            if key is not None and key[1] >= self.started:
                self._fresh.setdefault(key, now)

    async def check(self, fetcher: Fetcher, now: float | None = None) -> ReconcileReport:
        """Read the Change Lists once and say what is unannounced or unlisted."""
        problems: list[str | Phrase] = []
        await read_change_lists(
            fetcher, self.capability_list, self._table, self.started, self.budget, problems
        )
        now = time.time() if now is None else now
        fresh, self._fresh = self._fresh, {}
        return await asyncio.to_thread(self._step, fresh, now, problems)

    def reconcile(
        self,
        listed: Iterable[ChangeKey],
        now: float,
        problems: list[str | Phrase] | None = None,
    ) -> ReconcileReport:
        """The verdicts for one read of the lists (``listed``) at ``now``."""
        self._table.clear_listed()
        self._table.add_listed(listed)
        fresh, self._fresh = self._fresh, {}
        return self._step(fresh, now, problems or [])

    def _step(
        self, fresh: dict[ChangeKey, float], now: float, problems: list[str | Phrase]
    ) -> ReconcileReport:
        """Runs in a worker: the listed changes are in the table."""
        settled = self._table.settled_among(fresh)
        for key, received in fresh.items():
            if key not in settled:
                self._notified.setdefault(key, received)
        verdicts = self._table.step(
            self._notified, now, self.period, not problems, MAX_LOCS_REPORTED
        )
        quiet = self._quiet(now)
        self._table.forget(now - RETENTION_PERIODS * self.period)
        return ReconcileReport(
            self.capability_list,
            verdicts.unannounced,
            verdicts.unlisted,
            problems,
            quiet,
            verdicts.unannounced_count - len(verdicts.unannounced),
            verdicts.unlisted_count - len(verdicts.unlisted),
        )

    def _quiet(self, now: float) -> float | None:
        """How long no delivery came, if the lists changed since and that is much longer
        than the Source's usual interval between changes; None otherwise or if said."""
        since = self._last_delivery if self._last_delivery is not None else self.started
        if self._quiet_said:
            return None
        count, latest = self._table.listed_moments()
        if not count or latest is None or latest <= since:
            return None
        usual = max(self._table.median_gap(count), self.period)
        if now - since < QUIET_FACTOR * usual:
            return None
        self._quiet_said = True
        return now - since
