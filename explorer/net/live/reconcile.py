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
reported is forgotten once older than ``RETENTION_PERIODS`` periods, so its memory stays
bounded by the Source's change rate, not by how long it runs.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from urllib.parse import urljoin

from explorer.core.model import Document
from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.rules import capabilities as caps
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.net.http.fetcher import Fetcher

MAX_CHANGE_LISTS = 200
"""Change List documents read per check (an index's components included)."""
RETENTION_PERIODS = 20
QUIET_FACTOR = 3.0

ChangeKey = tuple[str, float]  # (loc, datetime in POSIX seconds)


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    """One check's verdicts; ``problems`` says what could not be read (the check is then
    partial: nothing is called unlisted on a read that failed)."""

    capability_list: str
    unannounced: list[str]
    unlisted: list[str]
    problems: list[str] = field(default_factory=list)
    quiet: float | None = None  # seconds without a delivery, when that is news

    @property
    def empty(self) -> bool:
        return not (self.unannounced or self.unlisted or self.problems or self.quiet)


@dataclass(slots=True)
class Reconciler:
    """Reconciles the notifications received with the Change Lists of one Capability List."""

    capability_list: str
    period: float
    started: float = field(default_factory=time.time)
    _notified: dict[ChangeKey, float] = field(default_factory=dict)  # key -> when received
    _sighted: dict[ChangeKey, float] = field(default_factory=dict)  # key -> first read
    _settled: dict[ChangeKey, float] = field(default_factory=dict)  # matched or reported
    _last_delivery: float | None = None
    _quiet_said: bool = False

    def notified(self, entries: list[dict[str, object]], at: float | None = None) -> None:
        """Record the changes one change notification carried (its ``entries``)."""
        now = time.time() if at is None else at
        self._last_delivery, self._quiet_said = now, False
        for entry in entries:
            key = _key(entry.get("loc"), entry.get("datetime"))
            if key is not None and key[1] >= self.started and key not in self._settled:
                self._notified.setdefault(key, now)

    async def check(self, fetcher: Fetcher, now: float | None = None) -> ReconcileReport:
        """Read the Change Lists once and say what is unannounced or unlisted."""
        now = time.time() if now is None else now
        problems: list[str] = []
        listed = {
            key
            async for key in _listed_changes(fetcher, self.capability_list, problems)
            if key[1] >= self.started
        }
        return self.reconcile(listed, now, problems)

    def reconcile(
        self, listed: set[ChangeKey], now: float, problems: list[str] | None = None
    ) -> ReconcileReport:
        """The verdicts for one read of the lists (``listed``) at ``now``."""
        unannounced: list[str] = []
        for key in sorted(listed):
            if key in self._settled:
                continue
            if self._notified.pop(key, None) is not None:
                self._settled[key] = now
                self._sighted.pop(key, None)
            elif now - self._sighted.setdefault(key, now) >= self.period:
                unannounced.append(key[0])
                self._settled[key] = now
                del self._sighted[key]
        unlisted = []
        if not problems:
            for key, received in sorted(self._notified.items()):
                if key not in listed and now - received >= self.period:
                    unlisted.append(key[0])
                    self._settled[key] = now
            for key in self._settled:
                self._notified.pop(key, None)
        quiet = self._quiet(listed, now)
        self._forget(now)
        return ReconcileReport(self.capability_list, unannounced, unlisted, problems or [], quiet)

    def _quiet(self, listed: set[ChangeKey], now: float) -> float | None:
        """How long no delivery came, if the lists changed since and that is much longer
        than the Source's usual interval between changes; None otherwise or if said."""
        since = self._last_delivery if self._last_delivery is not None else self.started
        moments = sorted(moment for _, moment in listed)
        if self._quiet_said or not moments or moments[-1] <= since:
            return None
        gaps = sorted(b - a for a, b in itertools.pairwise(moments))
        usual = max(gaps[len(gaps) // 2] if gaps else 0.0, self.period)
        if now - since < QUIET_FACTOR * usual:
            return None
        self._quiet_said = True
        return now - since

    def _forget(self, now: float) -> None:
        horizon = now - RETENTION_PERIODS * self.period
        self._settled = {k: v for k, v in self._settled.items() if v >= horizon}
        self._sighted = {k: v for k, v in self._sighted.items() if k[1] >= horizon or v >= horizon}


def _key(loc: object, moment: object) -> ChangeKey | None:
    if not isinstance(loc, str) or not isinstance(moment, str):
        return None
    seconds = parse_w3c_datetime(moment)
    return (loc, seconds) if seconds is not None else None


async def _listed_changes(
    fetcher: Fetcher, capability_list: str, problems: list[str]
) -> AsyncIterator[ChangeKey]:
    """Every change the Capability List's Change Lists (and their indexes) list."""
    document = await _read(fetcher, capability_list, problems)
    if document is None:
        return
    pending = [
        urljoin(capability_list, entry.loc)
        for entry in document.entries
        if entry.loc and entry.capability == caps.CHANGELIST
    ]
    read = 0
    while pending and read < MAX_CHANGE_LISTS:
        url = pending.pop(0)
        read += 1
        listing = await _read(fetcher, url, problems)
        if listing is None:
            continue
        if listing.is_index:
            pending += [urljoin(url, entry.loc) for entry in listing.entries if entry.loc]
            continue
        for key in _changes(url, listing):
            yield key


def _changes(url: str, document: Document) -> Iterator[ChangeKey]:
    for entry in document.entries:
        key = _key(urljoin(url, entry.loc or ""), entry.datetime or entry.lastmod)
        if key is not None and entry.loc:
            yield key


async def _read(fetcher: Fetcher, url: str, problems: list[str]) -> Document | None:
    result = await fetcher.fetch(url, use_cache=False)
    if not result.ok:
        problems.append(f"{url}: {result.describe_error()}")
        return None
    try:
        return await asyncio.to_thread(parse_document, result.body)
    except DocumentParseError as exc:
        problems.append(f"{url}: {exc.finding.message}")
        return None
