"""The watchdog's memory of changes, on disk: what the Change Lists listed in one read,
which listed changes wait for their period, and which were matched or reported.

A Change List Index may list millions of changes, and a watchdog keeps what it saw for
``RETENTION_PERIODS`` periods; held as Python sets, 30 lists of 100,000 changes took
``listen`` to 2.8 GB. Here they are rows of a private SQLite file
(``sqlite3.connect("")``: made in the temporary folder, unlinked at once, so it is gone
when the connection closes or the process dies), and a check costs the page cache, not a
Python object per change. The rule itself is ``Reconciler``'s (``reconcile.py``); each
step below says which line of it the SQL does.

One thread at a time: the owner calls from a worker thread (``asyncio.to_thread``) and
waits for it, so no two calls overlap; ``close`` from another thread while a call runs
is deferred until it returns.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from explorer.net.store.schema import RECONCILE_WORK, UNTRUSTED, create_scratch

ChangeKey = tuple[str, float]  # (loc, datetime in POSIX seconds)

CACHE_KIB = 8 * 1024
"""SQLite's page cache for the file: what a check may hold of it in memory."""


@dataclass(frozen=True, slots=True)
class Verdicts:
    """What one step named: the first ``limit`` locs of each kind, in (loc, datetime)
    order, and how many there were in all."""

    unannounced: list[str]
    unannounced_count: int
    unlisted: list[str]
    unlisted_count: int


class ReconcileTable:
    """The working tables of one reconciler (``RECONCILE_WORK``)."""

    def __init__(self) -> None:
        self._db = sqlite3.connect("", isolation_level=None, check_same_thread=False)
        self._db.execute(UNTRUSTED)
        self._db.executescript(
            f"PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-{CACHE_KIB};"
        )
        create_scratch(self._db, RECONCILE_WORK)
        self._busy = threading.Lock()
        self._closing = False

    def close(self) -> None:
        """Close now, or when the call running in a worker returns."""
        self._closing = True
        if self._busy.acquire(blocking=False):
            try:
                self._db.close()
            finally:
                self._busy.release()

    def _run(self, sql: str, params: Iterable[object] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, tuple(params))

    def __enter__(self) -> ReconcileTable:
        self._busy.acquire()
        return self

    def __exit__(self, *exc_info: object) -> None:
        try:
            if self._closing:
                self._db.close()
        finally:
            self._busy.release()

    # --- one read of the lists -----------------------------------------------------

    def clear_listed(self) -> None:
        with self:
            self._run("DELETE FROM listed")

    def add_listed(self, keys: Iterable[ChangeKey]) -> None:
        """Add changes to this read's (a change listed twice counts once)."""
        with self:
            self._db.executemany("INSERT OR IGNORE INTO listed VALUES (?, ?)", keys)

    def settled_among(self, keys: Iterable[ChangeKey]) -> set[ChangeKey]:
        """Which of ``keys`` (notifications since the last check) are settled already."""
        found: set[ChangeKey] = set()
        with self:
            for key in keys:
                if self._run("SELECT 1 FROM settled WHERE loc = ? AND moment = ?", key).fetchone():
                    found.add(key)
        return found

    # --- the step --------------------------------------------------------------------

    def step(
        self,
        notified: dict[ChangeKey, float],
        now: float,
        period: float,
        complete: bool,
        limit: int,
    ) -> Verdicts:
        """Settle the listed changes against ``notified`` (key -> when received), which
        loses what gets settled; ``complete``: the read failed nowhere, so a notified
        change it lacks may be called unlisted."""
        with self:
            return self._step(notified, now, period, complete, limit)

    def _step(
        self,
        notified: dict[ChangeKey, float],
        now: float,
        period: float,
        complete: bool,
        limit: int,
    ) -> Verdicts:
        self._run("DELETE FROM notified")
        self._db.executemany("INSERT INTO notified VALUES (?, ?)", notified)
        unsettled = (
            "NOT EXISTS (SELECT 1 FROM settled s WHERE s.loc = l.loc AND s.moment = l.moment)"
        )
        # a listed change someone notified: matched, settled, no longer waiting
        matched = self._run(
            f"SELECT l.loc, l.moment FROM listed l JOIN notified n USING (loc, moment)"
            f" WHERE {unsettled}"
        ).fetchall()
        self._db.executemany("INSERT INTO settled VALUES (?, ?, ?)", ((*k, now) for k in matched))
        self._db.executemany("DELETE FROM notified WHERE loc = ? AND moment = ?", matched)
        for key in matched:
            notified.pop(key, None)
        # any other unsettled listed change waits from the first read that showed it ...
        self._run(
            f"INSERT OR IGNORE INTO sighted SELECT l.loc, l.moment, ? FROM listed l"
            f" WHERE {unsettled} AND NOT EXISTS"
            f" (SELECT 1 FROM notified n WHERE n.loc = l.loc AND n.moment = l.moment)",
            (now,),
        )
        # ... and is unannounced once it waited a full period
        late = (
            f"FROM listed l JOIN sighted w USING (loc, moment) WHERE ? - w.first >= ?"
            f" AND {unsettled} AND NOT EXISTS"
            f" (SELECT 1 FROM notified n WHERE n.loc = l.loc AND n.moment = l.moment)"
        )
        unannounced: list[str] = []
        count = 0
        for (loc,) in self._run(f"SELECT l.loc {late} ORDER BY l.loc, l.moment", (now, period)):
            count += 1
            if len(unannounced) < limit:
                unannounced.append(loc)
        self._run(f"INSERT INTO settled SELECT l.loc, l.moment, ? {late}", (now, now, period))
        self._run(
            "DELETE FROM sighted WHERE EXISTS (SELECT 1 FROM settled s"
            " WHERE s.loc = sighted.loc AND s.moment = sighted.moment AND s.at = ?)",
            (now,),
        )
        unlisted: list[str] = []
        unlisted_count = 0
        if complete:
            absent = {
                (loc, moment)
                for loc, moment in self._run(
                    "SELECT n.loc, n.moment FROM notified n WHERE NOT EXISTS"
                    " (SELECT 1 FROM listed l WHERE l.loc = n.loc AND l.moment = n.moment)"
                )
            }
            for key, received in sorted(notified.items()):
                if key in absent and now - received >= period:
                    unlisted_count += 1
                    if len(unlisted) < limit:
                        unlisted.append(key[0])
                    self._run("INSERT OR REPLACE INTO settled VALUES (?, ?, ?)", (*key, now))
            for key in self._run(
                "SELECT n.loc, n.moment FROM notified n JOIN settled USING (loc, moment)"
            ).fetchall():
                notified.pop(key, None)
        return Verdicts(unannounced, count, unlisted, unlisted_count)

    def listed_moments(self) -> tuple[int, float | None]:
        """How many changes this read listed, and the latest datetime among them."""
        with self:
            count, latest = self._run("SELECT count(*), max(moment) FROM listed").fetchone()
        return int(count), latest

    def median_gap(self, count: int) -> float:
        """The median interval between consecutive listed datetimes (``sorted(gaps)
        [len(gaps) // 2]`` of the ``count - 1`` gaps), 0 for fewer than two."""
        if count < 2:
            return 0.0
        with self:
            row = self._run(
                "SELECT gap FROM (SELECT moment - lag(moment) OVER (ORDER BY moment) AS gap"
                " FROM listed) WHERE gap IS NOT NULL ORDER BY gap LIMIT 1 OFFSET ?",
                ((count - 1) // 2,),
            ).fetchone()
        return float(row[0])

    def forget(self, horizon: float) -> None:
        """Forget what was settled before ``horizon``, and waiting changes both dated and
        first read before it."""
        with self:
            self._run("DELETE FROM settled WHERE at < ?", (horizon,))
            self._run("DELETE FROM sighted WHERE moment < ? AND first < ?", (horizon, horizon))
