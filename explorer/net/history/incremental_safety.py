"""Incremental safety: which changes a harvester that runs incrementally would never read.

Two checks, both read while the Source is crawled (``add_document`` is a crawl sink):

- **backdated changes**: each Change List entry read now is held against the stored
  snapshots of the same Source (``inspect --save``); an entry that no snapshot taken at
  moment T held, but that is dated before T, appeared after a harvester running at T had
  closed its window, and ``resync-sync --incremental --from T`` skips it
  (``explorer.core.harvest.backdating``). The snapshots tried are the newest
  ``MAX_SNAPSHOTS``; an entry is flagged once, against the newest snapshot it escaped.
- **windows**: the ``from``/``until`` of the Change Lists under one Change List Index,
  for gaps and overlaps between them.

The entries read now go to a working SQLite file, and the store is attached read-only,
so the comparison runs in SQL over millions of entries without holding them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from explorer.core.findings import Finding, finding
from explorer.core.harvest.backdating import Window, window_problems
from explorer.core.rules import capabilities as caps
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.net.history.snapshot_store import ENTRIES
from explorer.net.source.crawl_tree import DocumentNode
from explorer.net.source.streamed_crawl import entry_url
from explorer.net.store.schema import SAFETY_NOW_ORDER, SAFETY_WORK, open_scratch

MAX_SNAPSHOTS = 10
"""Stored snapshots of the Source a reading is held against (the newest ones)."""
MAX_NAMED = 10_000
"""Findings named; past it they are only counted."""


@dataclass(slots=True)
class SafetyReport:
    """The findings (backdated changes, then windows), their full count, and the ids of
    the snapshots the changes were held against."""

    findings: list[Finding] = field(default_factory=list)
    count: int = 0
    snapshots: list[int] = field(default_factory=list)

    def add(self, item: Finding) -> None:
        self.count += 1
        if len(self.findings) < MAX_NAMED:
            self.findings.append(item)

    def backdated(self) -> list[str]:
        """The locs flagged as backdated, in order."""
        return [str(f.url) for f in self.findings if f.code == "harvest.backdated-change"]


class BackdatingWork:
    """The working database; ``close`` removes it (``with`` does too)."""

    def __init__(self, store: Path | None, start_url: str) -> None:
        self.store = store
        self.start_url = start_url
        self.windows: dict[str, list[Window]] = defaultdict(list)
        # uri: the store is attached read-only by its file: URI (``_backdated``)
        self.db = open_scratch(SAFETY_WORK, uri=True)

    def __enter__(self) -> BackdatingWork:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    def add_document(self, node: DocumentNode) -> None:
        """A crawled Change List: its entries, and its window under its index."""
        document = node.document
        if document is None or document.is_index or node.capability != caps.CHANGELIST:
            return
        parent = node.parent
        if parent is not None and parent.is_index:
            window = Window(node.url, document.md.get("from"), document.md.get("until"))
            self.windows[parent.url].append(window)
        rows = (
            (loc, entry.change or "", stamp, parse_w3c_datetime(stamp), node.url)
            for entry in document.entries
            if (loc := entry_url(node, entry)) is not None
            and (stamp := entry.datetime or entry.lastmod) is not None
        )
        self.db.executemany("INSERT INTO now VALUES (?, ?, ?, ?, ?)", rows)

    def finish(self) -> SafetyReport:
        self.db.execute("COMMIT")
        report = SafetyReport()
        if self.store is not None and self.store.exists():
            self._backdated(report)
        for index in sorted(self.windows):
            for problem in window_problems(self.windows[index]):
                first, second = problem.first, problem.second
                report.add(
                    finding(
                        f"harvest.window-{problem.kind}",
                        url=second.url,
                        params={
                            "first": first.url,
                            "second": second.url,
                            "until": first.end or "-",
                            "start": second.start or "-",
                        },
                    )
                )
        return report

    def _backdated(self, report: SafetyReport) -> None:
        assert self.store is not None
        uri = Path(self.store).resolve().as_uri() + "?mode=ro"
        self.db.execute("ATTACH DATABASE ? AS store", (uri,))
        self.db.execute(SAFETY_NOW_ORDER)
        snapshots = self.db.execute(
            "SELECT id, taken FROM store.snapshots WHERE (start_url = ? OR source = ?)"
            " AND finished IS NOT NULL ORDER BY taken DESC LIMIT ?",
            (self.start_url, self.start_url, MAX_SNAPSHOTS),
        ).fetchall()
        for snapshot, taken in snapshots:
            report.snapshots.append(snapshot)
            self.db.execute("DELETE FROM held")
            self.db.execute(
                f"INSERT INTO held SELECT e.loc, coalesce(e.change, ''),"
                f" coalesce(e.datetime, e.lastmod) FROM {ENTRIES} AS e"
                " WHERE e.snapshot = ? AND e.capability = ?",
                (snapshot, caps.CHANGELIST),
            )
            escaped = self.db.execute(
                "SELECT n.rowid, n.loc, n.change, n.stamp, n.document FROM now n"
                " WHERE n.at < ? AND n.rowid NOT IN flagged AND NOT EXISTS (SELECT 1 FROM held h"
                " WHERE h.loc = n.loc AND h.change = n.change AND h.stamp = n.stamp)"
                " ORDER BY n.loc, n.stamp",
                (taken,),
            ).fetchall()
            moment = _w3c(taken)
            for row, loc, change, stamp, document in escaped:
                self.db.execute("INSERT INTO flagged VALUES (?)", (row,))
                report.add(
                    finding(
                        "harvest.backdated-change",
                        url=loc,
                        params={
                            "loc": loc,
                            "change": change or "-",
                            "stated": stamp,
                            "document": document,
                            "taken": moment,
                        },
                    )
                )


def _w3c(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
