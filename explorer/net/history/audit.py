"""Audit a Destination's local copy against a Source: what is the same, to create, to
update, to delete, and why.

The Source's state is its Resource Lists (core 1.1 §10.1, with their indexes §10.2), then
the Change List entries dated after the snapshot they describe (§12.1): a later
``created`` or ``updated`` entry replaces the listed metadata, a later ``deleted`` entry
removes the resource. Each local file under a mapped folder stands for one URL. Both sides
stream into a working SQLite file as they are read, and the verdicts are written there
too, so a Source of millions of resources is never held in memory; the report reads the
verdicts back in order. The file has a budget (``work_budget`` bytes, enforced by SQLite's
``max_page_count``) and lives in a known folder, so one that a kill left behind is removed
when the next audit starts (``audit_work``).

The rule for one resource is ``explorer.core.audit_rules.compare_copy`` (the reference
client's). Verdicts hold the facts (fields, values, documents); the words are the CLI's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter

from explorer.core.audit_rules import (
    LASTMOD_TOLERANCE,
    SECTION,
    Difference,
    Listed,
    LocalCopy,
    Mapping,
    Origin,
    Verdict,
    compare_copy,
    first_mapping,
    parse_length,
)
from explorer.core.digests import Digester, parse_hash
from explorer.core.model import md_column
from explorer.core.rules import capabilities as caps
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.core.said_error import SaidError
from explorer.net.history.audit_limits import MAX_LOCAL_FILES as MAX_LOCAL_FILES
from explorer.net.history.audit_limits import MEGABYTE as MEGABYTE
from explorer.net.history.audit_limits import WORK_BUDGET as WORK_BUDGET
from explorer.net.history.audit_work import WorkFile
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.crawl_tree import DocumentNode, NodeState
from explorer.net.source.streamed_crawl import crawl_streamed, entry_url, entry_urls
from explorer.net.store.entry_sets import json_each_text
from explorer.net.store.schema import AUDIT_VERDICTS_ORDER, AUDIT_WORK, create_scratch

DISK_ROOM = 1024 * 1024
"""Free bytes on the disk past which a full working file is the budget's doing."""
READ_CHUNK = 1024 * 1024
_BATCH = 5000
_LOCAL_BATCH = 50_000
"""Local files written by one statement: in loc order within a batch, and a folder's files
(hash order on ext4) mostly in one, so its rows go into the B-tree as one run."""
_by_loc = itemgetter(0)
_LOC, _LASTMOD = attrgetter("loc"), attrgetter("lastmod")
_CHANGED = (
    "INSERT INTO changes (loc, stamp, change, lastmod, length, hash, document, datetime,"
    " seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_UPSERT_LISTED = (
    " ON CONFLICT (loc) DO UPDATE SET stamp = excluded.stamp, lastmod = excluded.lastmod,"
    " length = excluded.length, hash = excluded.hash, document = excluded.document,"
    " seconds = excluded.seconds WHERE excluded.stamp >= source.stamp"
)
_LISTED = (
    "INSERT INTO source (loc, stamp, origin, lastmod, length, hash, document, seconds)"
    " VALUES (?, ?, 'resourcelist', ?, ?, ?, ?, ?)" + _UPSERT_LISTED
)
_LISTED_JSON = (
    "INSERT INTO source (loc, stamp, origin, lastmod, length, hash, document, seconds)"
    " SELECT json_extract(value, '$[0]'), :stamp, 'resourcelist', json_extract(value, '$[1]'),"
    " json_extract(value, '$[2]'), json_extract(value, '$[3]'), :document,"
    " json_extract(value, '$[4]') FROM json_each(:rows) WHERE true" + _UPSERT_LISTED
)
"""A Resource List's rows (loc, lastmod, length, hash, seconds) written by one statement
from their JSON array, in array order (``WHERE true`` lets SQLite tell the upsert from a
join): SQLite reads it with the GIL released for the whole list. ``executemany`` takes the
GIL back after every row, and beside the crawl's parsing threads each row waited for it
(6.6 s of a million-entry audit, against 1.2 s for the statement)."""
_LOCAL = "INSERT OR IGNORE INTO local VALUES (?, ?, ?, ?)"
_LOCAL_JSON = (
    "INSERT OR IGNORE INTO local SELECT json_extract(value, '$[0]'), json_extract(value,"
    " '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]') FROM json_each(?)"
)
"""The scan's rows, written the same way. Both sides' rows are written in the order of
the table's key (loc), not the folders' (hash order on ext4) nor the list's: a B-tree
filled in order touches a few pages per batch instead of one or more per row (200,000
rows, in batches of 5,000: 0.94 s unsorted, 0.64 s sorted)."""
SAME_COPY = (
    "s.seconds IS NOT NULL AND abs(s.seconds - l.mtime) < :tolerance AND (s.length IS NULL"
    " OR (s.length GLOB '[0-9]*' AND s.length NOT GLOB '*[^0-9]*'"
    " AND CAST(s.length AS INTEGER) = l.size))"
)
"""A listed resource (``s``) whose local copy (``l``) ``compare_copy`` finds the same,
said in SQL for the cases it can decide there: a lastmod within the tolerance and a length
of plain ASCII digits equal to the size, or none. A million copies judged in Python were a
third of an audit; now only the others (and, with ``--checksum``, those with a listed
hash, whose files must be read) reach ``compare_copy``, which has the last word on them."""


class AuditError(SaidError):
    """The audit cannot give counts that mean anything (no Resource List, a list that
    could not be read, too many local files)."""


@dataclass(frozen=True, slots=True)
class AuditItem:
    """One resource's verdict: where it was described (``origin``, ``document``, and for a
    Change List entry its ``change`` and ``datetime``) and what proves it different."""

    verdict: Verdict
    loc: str
    path: str | None
    origin: Origin
    document: str | None
    change: str | None
    datetime: str | None
    differences: list[Difference]

    @property
    def section(self) -> str:
        return SECTION[self.origin]

    def to_json(self) -> dict[str, object]:
        return {
            "verdict": str(self.verdict),
            "loc": self.loc,
            "path": self.path,
            "origin": str(self.origin),
            "document": self.document,
            "change": self.change,
            "datetime": self.datetime,
            "fields": [
                {"field": d.field, "listed": d.listed, "local": d.local} for d in self.differences
            ],
            "section": self.section,
        }


@dataclass(slots=True)
class AuditReport:
    """Counts per verdict; ``items()`` reads the differing resources back from disk."""

    source: str | None
    counts: dict[Verdict, int]
    resource_lists: int
    change_lists: int
    _state: AuditState | None = field(default=None, repr=False)

    @property
    def in_sync(self) -> bool:
        return all(self.counts[v] == 0 for v in Verdict if v is not Verdict.SAME)

    def items(self) -> Iterator[AuditItem]:
        """Every resource that is not the same, by verdict then URL."""
        assert self._state is not None
        yield from self._state.verdicts()

    def close(self) -> None:
        if self._state is not None:
            self._state.close()
            self._state = None


class AuditState:
    """The working SQLite file holding both sides (``audit_work.WorkFile``: removed on
    close, and by the next audit when a kill left it), at most ``budget`` bytes."""

    def __init__(self, budget: int = WORK_BUDGET) -> None:
        self.work = WorkFile()
        self.budget = budget
        try:
            self.db = sqlite3.connect(self.work.path, isolation_level=None, check_same_thread=False)
            self.db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;")
            page_size = self.db.execute("PRAGMA page_size").fetchone()[0]
            self.db.execute(f"PRAGMA max_page_count={max(1, budget // page_size)}")
            create_scratch(self.db, AUDIT_WORK)
        except BaseException:
            self.work.close()
            raise
        self.resource_lists: list[float | None] = []
        self.change_lists = 0
        self.unreadable: list[str] = []

    def close(self) -> None:
        self.db.close()
        self.work.close()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A write that would take the file past its budget (SQLite's ``max_page_count``
        says SQLITE_FULL) ends the audit with ``audit.work-budget``; a full disk with
        ``audit.work-disk-full``."""
        try:
            yield
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode != sqlite3.SQLITE_FULL:
                raise
            try:
                room = shutil.disk_usage(self.work.folder).free
            except OSError:
                room = 0
            if room > DISK_ROOM:
                raise AuditError("audit.work-budget", megabytes=self.budget // MEGABYTE) from None
            raise AuditError("audit.work-disk-full", folder=self.work.folder) from None

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction, rolled back if the write fails (the budget, the disk)."""
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            if self.db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # --- the Source side, as the crawl reads it ---------------------------------

    def add_document(self, node: DocumentNode) -> Callable[[], None] | None:
        """Read a loaded Resource List's or Change List's entries into rows (a crawl
        sink); the write it returns runs on the crawl's writer thread."""
        document = node.document
        capability = node.capability
        if capability not in (caps.RESOURCELIST, caps.CHANGELIST) or node.is_index:
            return None
        if node.state is not NodeState.LOADED or document is None:
            self.unreadable.append(node.url)
            return None
        if document.unread_entries:
            self.unreadable.append(node.url)
        if capability == caps.RESOURCELIST:
            at = _snapshot_time(node)
            self.resource_lists.append(at)
            stamp, listing = at if at is not None else -math.inf, node.url
            rows = _resource_rows(node)
            text = json_each_text(rows)

            def write_listed() -> None:
                with self._writing(), self._transaction():
                    if text is None:
                        self.db.executemany(
                            _LISTED,
                            [
                                (loc, stamp, lastmod, length, hash_, listing, seconds)
                                for loc, lastmod, length, hash_, seconds in rows
                            ],
                        )
                    else:
                        self.db.execute(
                            _LISTED_JSON, {"stamp": stamp, "document": listing, "rows": text}
                        )

            return write_listed
        changed = self._change_list_rows(node)

        def write_changed() -> None:
            with self._writing(), self._transaction():
                self.db.executemany(_CHANGED, changed)

        return write_changed

    def _change_list_rows(self, node: DocumentNode) -> list[tuple[object, ...]]:
        assert node.document is not None
        self.change_lists += 1
        rows: list[tuple[object, ...]] = []
        for entry in node.document.entries:
            loc = entry_url(node, entry)
            when = entry.datetime or entry.lastmod
            stamp = parse_w3c_datetime(when) if when else None
            if loc is None or stamp is None or entry.change is None:
                continue
            lastmod = entry.lastmod
            seconds = parse_w3c_datetime(lastmod) if lastmod else None
            change = entry.change
            rows.append(
                (loc, stamp, change, lastmod, entry.length, entry.hash, node.url, when, seconds)
            )
        return rows

    def apply_changes(self) -> None:
        """Let each Change List entry dated after the snapshot that listed its resource
        (after the earliest snapshot, for a resource no Resource List names) replace it,
        in the order the changes happened (core 1.1 §12.1)."""
        with self._writing():
            self._apply_changes()

    def _apply_changes(self) -> None:
        known = [at for at in self.resource_lists if at is not None]
        baseline = min(known) if len(known) == len(self.resource_lists) and known else -math.inf
        with self._transaction():
            self._apply_after(baseline)

    def _apply_after(self, baseline: float) -> None:
        self.db.execute(
            "INSERT INTO source (loc, stamp, origin, change, lastmod, length, hash, document,"
            " datetime, seconds) SELECT loc, stamp, 'changelist', change, lastmod, length,"
            " hash, document, datetime, seconds FROM changes WHERE stamp > ?"
            " ORDER BY stamp, seq "
            "ON CONFLICT (loc) DO UPDATE SET stamp = excluded.stamp, origin = excluded.origin,"
            " change = excluded.change, lastmod = excluded.lastmod, length = excluded.length,"
            " hash = excluded.hash, document = excluded.document, datetime = excluded.datetime,"
            " seconds = excluded.seconds WHERE excluded.stamp > source.stamp",
            (baseline,),
        )

    # --- the local side -------------------------------------------------------

    def scan(self, mappings: list[Mapping], max_files: int = MAX_LOCAL_FILES) -> None:
        """Record every regular file (not symbolic links, as the reference client) under
        the mapped folders with the URL it stands for (the first mapping that covers it),
        a batch of files per transaction."""
        with self._writing():
            self._scan(mappings, max_files)

    def _scan(self, mappings: list[Mapping], max_files: int) -> None:
        count = 0
        rows: list[tuple[str, str, float, int]] = []
        # A file's URL is its folder's and its name; only a file that is itself a mapped
        # folder may fall under another mapping than its folder (``_url_of``).
        mapped = {m.folder.rstrip("/") for m in mappings}
        at, base = "", None
        for folder in dict.fromkeys(m.folder for m in mappings):
            for current, path, info in _walk(folder):
                count += 1
                if count > max_files:
                    raise AuditError("audit.too-many-files", limit=max_files)
                if current != at:
                    at, base = current, _url_of(mappings, current)
                if base is None or path in mapped:
                    url = _url_of(mappings, path)
                else:
                    url = base + path[len(current) :]
                if url is not None:
                    if not path.isascii():
                        url, path = _as_text(url), _as_text(path)
                    rows.append((url, path, info.st_mtime, info.st_size))
                if len(rows) >= _LOCAL_BATCH:
                    self._add_local(rows)
        self._add_local(rows)

    def _add_local(self, rows: list[tuple[str, str, float, int]]) -> None:
        rows.sort(key=_by_loc)  # stable: of two files for one URL, the first scanned stays
        text = json_each_text(rows)  # type: ignore[arg-type]
        with self._transaction():
            if text is None:
                self.db.executemany(_LOCAL, rows)
            else:
                self.db.execute(_LOCAL_JSON, (text,))
        rows.clear()

    # --- the verdicts ---------------------------------------------------------

    def judge(self, mappings: list[Mapping], checksum: bool) -> dict[Verdict, int]:
        """Write one verdict per resource; returns the counts."""
        with self._writing():
            return self._judge(mappings, checksum)

    def _judge(self, mappings: list[Mapping], checksum: bool) -> dict[Verdict, int]:
        counts = dict.fromkeys(Verdict, 0)
        # The copies SQLite can show the same (SAME_COPY) never leave it: they are the
        # listed resources less those judged here, by the rule itself.
        same = (
            f"l.loc IS NOT NULL AND {SAME_COPY}"
            if not checksum
            else f"l.loc IS NOT NULL AND s.hash IS NULL AND {SAME_COPY}"
        )
        live = "(s.change IS NULL OR s.change != 'deleted')"
        resources = self.db.execute(f"SELECT count(*) FROM source s WHERE {live}").fetchone()[0]
        with self._transaction():
            self._judge_each(mappings, checksum, same, live, counts)
            counts[Verdict.SAME] += resources - sum(counts.values())
            self._judge_local(counts)
        self.db.execute(AUDIT_VERDICTS_ORDER)
        return counts

    def _judge_each(
        self,
        mappings: list[Mapping],
        checksum: bool,
        same: str,
        live: str,
        counts: dict[Verdict, int],
    ) -> None:
        """A verdict for each listed resource that SQLite could not show the same."""
        reader = self.db.cursor()
        rows: list[tuple[object, ...]] = []
        for (
            loc,
            origin,
            change,
            seconds,
            length,
            hash_,
            document,
            when,
            path,
            mtime,
            size,
        ) in reader.execute(
            "SELECT s.loc, s.origin, s.change, s.seconds, s.length, s.hash, s.document,"
            " s.datetime, l.path, l.mtime, l.size FROM source s LEFT JOIN local l"
            f" ON l.loc = s.loc WHERE {live} AND NOT coalesce({same}, 0)",
            {"tolerance": LASTMOD_TOLERANCE},
        ):
            if path is None:
                verdict, differences = Verdict.CREATE, []
                mapped = first_mapping(mappings, loc)
                path = mapped[1] if mapped is not None else None
            else:
                listed = Listed(
                    seconds, parse_length(length), parse_hash(hash_) if checksum else {}
                )
                digests = _file_digests(path, list(listed.digests)) if listed.digests else {}
                differences = compare_copy(listed, LocalCopy(mtime, size, digests))
                verdict = Verdict.UPDATE if differences else Verdict.SAME
            counts[verdict] += 1
            if verdict is not Verdict.SAME:
                rows.append(
                    _verdict_row(verdict, loc, path, origin, document, change, when, differences)
                )
            if len(rows) >= _BATCH:
                self._add_verdicts(rows)
        self._add_verdicts(rows)

    def _judge_local(self, counts: dict[Verdict, int]) -> None:
        """A ``delete`` verdict for each local file no live resource stands for."""
        rows: list[tuple[object, ...]] = []
        for loc, path, origin, document, change, when in self.db.execute(
            "SELECT l.loc, l.path, s.origin, s.document, s.change, s.datetime FROM local l"
            " LEFT JOIN source s ON s.loc = l.loc WHERE s.loc IS NULL OR s.change = 'deleted'"
        ):
            counts[Verdict.DELETE] += 1
            rows.append(
                _verdict_row(
                    Verdict.DELETE, loc, path, origin or Origin.LOCAL, document, change, when, []
                )
            )
            if len(rows) >= _BATCH:
                self._add_verdicts(rows)
        self._add_verdicts(rows)

    def _add_verdicts(self, rows: list[tuple[object, ...]]) -> None:
        self.db.executemany("INSERT INTO verdicts VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
        rows.clear()

    def verdicts(self) -> Iterator[AuditItem]:
        for verdict in (Verdict.CREATE, Verdict.UPDATE, Verdict.DELETE):
            for loc, path, origin, document, change, when, fields in self.db.execute(
                "SELECT loc, path, origin, document, change, datetime, fields FROM verdicts"
                " WHERE verdict = ? ORDER BY loc",
                (str(verdict),),
            ):
                differences = [Difference(*item) for item in json.loads(fields)]
                yield AuditItem(
                    verdict, loc, path, Origin(origin), document, change, when, differences
                )


def _verdict_row(
    verdict: Verdict,
    loc: str,
    path: str | None,
    origin: str,
    document: str | None,
    change: str | None,
    when: str | None,
    differences: list[Difference],
) -> tuple[object, ...]:
    fields = json.dumps([[d.field, d.listed, d.local] for d in differences])
    return (str(verdict), loc, path, str(origin), document, change, when, fields)


def _resource_rows(node: DocumentNode) -> list[tuple[object, ...]]:
    """A Resource List's rows for the ``source`` table (loc, lastmod, length, hash,
    lastmod's seconds), one per entry with a loc, in loc order (stable: of a loc listed
    twice, the later still wins), built a column at a time by ``map`` and ``zip`` in C
    rather than a Python loop per entry."""
    assert node.document is not None
    entries = node.document.entries
    lastmods = list(map(_LASTMOD, entries))
    if all(lastmods):
        seconds = list(map(parse_w3c_datetime, lastmods))
    else:
        seconds = [parse_w3c_datetime(lastmod) if lastmod else None for lastmod in lastmods]
    urls = entry_urls(node.final_url, list(map(_LOC, entries)))
    rows: list[tuple[object, ...]] = list(
        zip(
            urls,
            lastmods,
            md_column(entries, "length"),
            md_column(entries, "hash"),
            seconds,
            strict=True,
        )
    )
    if None in urls:
        rows = [row for row in rows if row[0] is not None]
    rows.sort(key=_by_loc)
    return rows


def _snapshot_time(node: DocumentNode) -> float | None:
    """When the Resource List's snapshot started (``at``, else ``completed``), or its
    index's when the list itself does not say (core 1.1 §10.1, §10.2)."""
    for holder in (node, node.parent):
        document = holder.document if holder is not None else None
        if document is None:
            continue
        for name in ("at", "completed"):
            value = document.md.get(name)
            if value and (moment := parse_w3c_datetime(value)) is not None:
                return moment
    return None


def _walk(folder: str) -> Iterator[tuple[str, str, os.stat_result]]:
    """Regular files below ``folder`` (symbolic links are not followed nor counted), each
    with the folder listing it: one ``scandir`` per folder, one ``stat`` per file. Where
    the system lists a folder by its descriptor, each ``stat`` names the file relative to
    it (``fstatat``), so the kernel does not walk the whole path again for every file: a
    sixth less time for a million files."""
    pending = [folder]
    while pending:
        current = pending.pop()
        within = current if current.endswith(os.sep) else current + os.sep
        try:
            descriptor = os.open(current, os.O_RDONLY) if _BY_DESCRIPTOR else None
            try:
                with os.scandir(current if descriptor is None else descriptor) as listing:
                    for item in listing:
                        if item.is_symlink():
                            continue
                        if item.is_dir():
                            pending.append(within + item.name)
                        elif item.is_file():
                            yield current, within + item.name, item.stat()
            finally:
                if descriptor is not None:
                    os.close(descriptor)
        except OSError:
            continue


_BY_DESCRIPTOR = os.scandir in os.supports_fd
"""Whether ``os.scandir`` takes a folder's descriptor here (POSIX systems, not Windows)."""


def _as_text(name: str) -> str:
    """A local name as text SQLite and a report can hold. A file name that is not UTF-8 (a
    folder copied from a Shift_JIS server, say) reaches Python with its odd bytes as lone
    surrogates, which no text encoding writes: they are written as ``\\xNN`` instead. Such a
    name stands for no URL a Source lists, so the file is listed to delete, under a name
    that shows its bytes."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:  # a surrogate no byte stands for (a Windows name)
            return name.encode("utf-8", "backslashreplace").decode("utf-8")
    return name


def _url_of(mappings: list[Mapping], path: str) -> str | None:
    for mapping in mappings:
        url = mapping.url_of(path)
        if url is not None:
            return url
    return None


def _file_digests(path: str, algorithms: list[str]) -> dict[str, str]:
    digester = Digester(algorithms)
    try:
        with open(path, "rb") as stream:
            while chunk := stream.read(READ_CHUNK):
                digester.update(chunk)
    except OSError:
        return {}
    return digester.hexdigests()


async def audit(
    url: str,
    fetcher: Fetcher,
    mappings: list[Mapping],
    *,
    checksum: bool = False,
    limits: CrawlLimits | None = None,
    max_files: int = MAX_LOCAL_FILES,
    work_budget: int = WORK_BUDGET,
) -> AuditReport:
    """Read the Source from ``url``, scan the mapped folders, judge every resource.
    A ``url`` that is a Capability List audits that set of resources alone (its report's
    ``source`` is the Capability List). ``close()`` the report when done with its items.
    The working file holds at most ``work_budget`` bytes. Raises ``AuditError``."""
    state = AuditState(work_budget)
    scope: list[str] = []  # the Capability List given, whose set alone is audited
    try:
        result = await crawl_streamed(url, fetcher, state.add_document, limits, scoped=scope.append)
        if result.root is None:
            raise AuditError("audit.no-source", url=url)
        audited = scope[0] if scope else result.root.url
        if not state.resource_lists:
            raise AuditError("audit.no-resource-list", url=audited)
        state.unreadable += [
            node.url
            for node in result.nodes()
            if node.capability in (caps.RESOURCELIST, caps.CHANGELIST)
            and node.state not in (NodeState.LOADED, NodeState.FAILED, NodeState.DUPLICATE)
        ]
        if state.unreadable:
            raise AuditError("audit.list-unreadable", url=state.unreadable[0])
        await asyncio.to_thread(state.apply_changes)
        await asyncio.to_thread(state.scan, mappings, max_files)
        counts = await asyncio.to_thread(state.judge, mappings, checksum)
    except BaseException:
        state.close()
        raise
    return AuditReport(audited, counts, len(state.resource_lists), state.change_lists, state)
