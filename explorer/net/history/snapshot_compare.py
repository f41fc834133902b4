"""What changed in a Source between two snapshots, and whether its Change Lists said so.

Documents are matched by URL (changed: the fields of ``DOCUMENT_FIELDS`` that differ).
Entries are matched per capability by loc, and by occurrence for a loc listed more than
once; in Change Lists and Change Dumps, where an entry is one change, by its datetime
too, so a new change is an added entry rather than an old one rewritten. Findings are
matched by subject, code and message: new ones and fixed ones.

The Source is then checked against itself (core 1.1 §12.1): every resource whose Resource
List entry appeared, vanished or changed its lastmod, hash or length between the two
snapshots should have a Change List entry in the later snapshot dated after the earlier
snapshot's Resource List (``at``, else when it was taken), of a fitting change
(``created`` or ``updated`` for a new or changed resource, ``deleted`` for a vanished
one). Each one without is an ``changes.unannounced-change`` finding.

Everything is computed by SQLite into temporary tables of the snapshot connection, so two
snapshots of millions of entries compare in bounded memory; the lists are read back in
order when reported. A capability whose documents name the same entry sets in both
snapshots (Change Lists aside) is not read at all: none of its entries can have changed.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

from explorer.core.findings import Finding, finding
from explorer.core.rules import capabilities as caps
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.core.words.messages import Phrase, said
from explorer.core.words.time_text import seconds_text
from explorer.net.history.snapshot_store import (
    DOCUMENT_FIELDS,
    ENTRIES,
    ENTRY_FIELDS,
    SnapshotInfo,
    SnapshotStore,
)

EVENT_CAPABILITIES = (caps.CHANGELIST, caps.CHANGEDUMP, caps.CHANGEDUMP_MANIFEST)
"""Capabilities whose entries are changes (core 1.1 §12, §13): matched by datetime too."""
CHANGED_RESOURCE_FIELDS = ("lastmod", "hash", "length")
"""The Resource List metadata whose change the Source should announce (core 1.1 §12.1)."""
FITTING_CHANGES = {
    "added": ("created", "updated"),
    "changed": ("updated", "created"),
    "removed": ("deleted",),
}


@dataclass(frozen=True, slots=True)
class Changed:
    """One added, removed or changed document or entry; ``fields`` maps a changed field
    to its (old, new) values (empty for added and removed)."""

    kind: str  # "added" | "removed" | "changed"
    key: str  # a document URL or an entry loc
    capability: str | None
    fields: dict[str, tuple[object, object]]

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind, "key": self.key}
        if self.fields:
            data["fields"] = {name: list(pair) for name, pair in self.fields.items()}
        return data


@dataclass(frozen=True, slots=True)
class FindingChange:
    kind: str  # "new" | "fixed"
    subject: str
    code: str
    severity: str
    line: int | None
    message: str
    spec: str | None

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "subject": self.subject,
            "code": self.code,
            "severity": self.severity,
            "line": self.line,
            "message": self.message,
            "spec": self.spec,
        }


class Comparison:
    """The comparison of snapshots ``a`` and ``b``, held in temporary tables of the
    snapshot connection (one comparison at a time per ``SnapshotStore``)."""

    def __init__(
        self, snapshots: SnapshotStore, a: SnapshotInfo, b: SnapshotInfo, *, entries: bool = True
    ) -> None:
        """``entries=False`` compares documents and findings only (the cheap part)."""
        self.db = snapshots.db
        self.a, self.b = a, b
        self.since = _since(snapshots, a)
        self.change_lists = self.db.execute(
            "SELECT count(*) FROM snapshot_documents WHERE snapshot = ? AND capability = ?",
            (b.id, caps.CHANGELIST),
        ).fetchone()[0]
        self._compare_documents()
        self._compare_findings()
        self.closed_grown: list[Finding] = []
        if entries:
            self._compare_entries()
            self._check_announced()
            self._check_closed_lists()

    # --- documents ---------------------------------------------------------------

    def _compare_documents(self) -> None:
        self.db.executescript(
            "DROP TABLE IF EXISTS temp.doc_changes;"
            "CREATE TEMP TABLE doc_changes (kind TEXT, url TEXT, capability TEXT, fields TEXT);"
        )
        differs = " OR ".join(f"a.{name} IS NOT b.{name}" for name in DOCUMENT_FIELDS)
        pairs = ", ".join(f"a.{name}, b.{name}" for name in DOCUMENT_FIELDS)
        cursor = self.db.execute(
            f"SELECT a.url, b.capability, {pairs} FROM snapshot_documents a"
            " JOIN snapshot_documents b ON b.url = a.url AND b.snapshot = ?"
            f" WHERE a.snapshot = ? AND ({differs})",
            (self.b.id, self.a.id),
        )
        while batch := cursor.fetchmany(5000):
            self.db.executemany(
                "INSERT INTO doc_changes VALUES ('changed', ?, ?, ?)",
                [
                    (row[0], row[1], json.dumps(_changed_fields(DOCUMENT_FIELDS, row[2:])))
                    for row in batch
                ],
            )
        for kind, old, new in (("added", self.a.id, self.b.id), ("removed", self.b.id, self.a.id)):
            self.db.execute(
                "INSERT INTO doc_changes SELECT ?, n.url, n.capability, '{}'"
                " FROM snapshot_documents n WHERE n.snapshot = ? AND NOT EXISTS"
                " (SELECT 1 FROM snapshot_documents o WHERE o.snapshot = ? AND o.url = n.url)",
                (kind, new, old),
            )

    def document_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(("added", "removed", "changed"), 0)
        counts.update(self.db.execute("SELECT kind, count(*) FROM doc_changes GROUP BY kind"))
        return counts

    def documents(self) -> Iterator[Changed]:
        for kind, url, capability, fields in self.db.execute(
            "SELECT kind, url, capability, fields FROM doc_changes ORDER BY kind, url"
        ):
            yield Changed(kind, url, capability, _fields(fields))

    # --- entries -----------------------------------------------------------------

    def _compare_entries(self) -> None:
        """Each side's entries into a temporary table indexed by their key, then one pass
        over the later side and, when some earlier entries are unmatched, one over the
        earlier side. An entry's ``occurrence`` (its rank among the entries of the same
        capability, loc and moment, in document and position order) is 1 unless its key
        repeats; only the repeated keys are ranked, since ranking every entry (a window
        function over the whole side) sorted all the rows' columns and was half the
        command's time."""
        unchanged = json.dumps(self._unchanged_capabilities())
        for side, snapshot in (("ea", self.a.id), ("eb", self.b.id)):
            self._side_table(side, snapshot, unchanged)
        self.db.executescript(
            "DROP TABLE IF EXISTS temp.entry_changes;"
            "CREATE TEMP TABLE entry_changes (kind TEXT, capability TEXT, loc TEXT,"
            " fields TEXT);"
        )
        key = "{o}.capability = {n}.capability AND {o}.loc = {n}.loc AND {o}.moment = {n}.moment"
        key += " AND {o}.occurrence = {n}.occurrence"
        differs = " OR ".join(f"ea.{name} IS NOT eb.{name}" for name in ENTRY_FIELDS)
        pairs = ", ".join(f"ea.{name}, eb.{name}" for name in ENTRY_FIELDS)
        # one pass over the later side finds both: no earlier entry (added), or one that
        # differs (changed); the key's columns are never NULL, so a missing one is
        cursor = self.db.execute(
            f"SELECT eb.capability, eb.loc, ea.loc IS NULL, {pairs} FROM eb LEFT JOIN ea ON"
            f" {key.format(o='ea', n='eb')} WHERE ea.loc IS NULL OR {differs}"
        )
        while batch := cursor.fetchmany(5000):
            self.db.executemany(
                "INSERT INTO entry_changes VALUES (?, ?, ?, ?)",
                [
                    ("added", row[0], row[1], "{}")
                    if row[2]
                    else (
                        "changed",
                        row[0],
                        row[1],
                        json.dumps(_changed_fields(ENTRY_FIELDS, row[3:])),
                    )
                    for row in batch
                ],
            )
        # each side's key is unique, so every earlier entry not matched by a later one was
        # removed: when the later side's matches account for all of them, none was, and
        # the pass that looks each one up is not needed (a tenth of a comparison)
        sizes = "(SELECT count(*) FROM ea) - (SELECT count(*) FROM eb)"
        added = "(SELECT count(*) FROM entry_changes WHERE kind = 'added')"
        if self.db.execute(f"SELECT {sizes} + {added}").fetchone()[0]:
            self.db.execute(
                "INSERT INTO entry_changes SELECT 'removed', n.capability, n.loc, '{}' FROM ea n"
                f" WHERE NOT EXISTS (SELECT 1 FROM eb o WHERE {key.format(o='o', n='n')})"
            )
        self.db.execute(
            "CREATE INDEX temp.entry_changes_order ON entry_changes (capability, kind, loc)"
        )

    def _unchanged_capabilities(self) -> list[str]:
        """The capabilities (of entry sets) whose documents name the same entry sets in
        both snapshots, Change Lists aside: every entry of theirs is in both at the same
        document and position, so each is matched with itself and none changed. Reading
        them would be most of a comparison of a Source whose Resource Lists held still
        (a scheduled snapshot's usual case). Change Lists are always read: they say which
        of the other changes were announced."""
        listed: dict[str, list[list[tuple[str, int]]]] = {}
        for side, snapshot in enumerate((self.a.id, self.b.id)):
            for capability, url, entry_set in self.db.execute(
                "SELECT coalesce(s.capability, ''), d.url, d.entry_set FROM snapshot_documents d"
                " JOIN snapshot_entry_sets s ON s.id = d.entry_set WHERE d.snapshot = ?",
                (snapshot,),
            ):
                listed.setdefault(capability, [[], []])[side].append((url, entry_set))
        return sorted(
            capability
            for capability, (a, b) in listed.items()
            if capability != caps.CHANGELIST and sorted(a) == sorted(b)
        )

    def _side_table(self, side: str, snapshot: int, unchanged: str) -> None:
        """``side`` (``ea`` or ``eb``): the snapshot's entries with their match key
        (capability, loc, moment, occurrence) under a unique index, the entries of the
        ``unchanged`` capabilities (a JSON list) left out. The unique index is built
        first, with every occurrence 1: it succeeds unless a key repeats, which a valid
        Source never does, so ranking (an index by capability, loc, moment, document and
        position, and a pass grouping every key) is only paid for a side that needs it:
        skipping it was a quarter of a comparison's CPU."""
        events = ", ".join(f"'{name}'" for name in EVENT_CAPABILITIES)
        columns = ", ".join(ENTRY_FIELDS)
        self.db.executescript(f"DROP TABLE IF EXISTS temp.{side};")
        self.db.execute(
            f"CREATE TEMP TABLE {side} AS SELECT coalesce(capability, '') AS capability,"
            f" loc, CASE WHEN capability IN ({events}) THEN coalesce(datetime, lastmod, '')"
            " ELSE '' END AS moment, 1 AS occurrence, document, position,"
            f" {columns} FROM {ENTRIES} WHERE snapshot = ? AND coalesce(capability, '') NOT IN"
            " (SELECT value FROM json_each(?))",
            (snapshot, unchanged),
        )
        key_index = (
            f"CREATE UNIQUE INDEX temp.{side}_key ON {side} (capability, loc, moment, occurrence)"
        )
        try:  # a Source's usual case: no key repeats, so every occurrence stays 1
            self.db.execute(key_index)
            return
        except sqlite3.IntegrityError:
            pass
        self.db.execute(
            f"CREATE INDEX temp.{side}_order ON {side} (capability, loc, moment, document,"
            " position)"
        )
        same = (
            f"y.capability = {side}.capability AND y.loc = {side}.loc AND y.moment ="
            f" {side}.moment AND (y.document, y.position) < ({side}.document, {side}.position)"
        )
        self.db.execute(
            f"UPDATE {side} SET occurrence = 1 + (SELECT count(*) FROM {side} y WHERE {same})"
            f" WHERE (capability, loc, moment) IN (SELECT capability, loc, moment FROM {side}"
            " GROUP BY capability, loc, moment HAVING count(*) > 1)"
        )
        self.db.execute(key_index)

    def entry_counts(self) -> dict[str, dict[str, int]]:
        """{capability: {"added": n, "removed": n, "changed": n}}."""
        counts: dict[str, dict[str, int]] = {}
        for capability, kind, count in self.db.execute(
            "SELECT capability, kind, count(*) FROM entry_changes GROUP BY capability, kind"
        ):
            counts.setdefault(capability, dict.fromkeys(("added", "removed", "changed"), 0))
            counts[capability][kind] = count
        return counts

    def entries(self, capability: str) -> Iterator[Changed]:
        for kind, loc, fields in self.db.execute(
            "SELECT kind, loc, fields FROM entry_changes WHERE capability = ? ORDER BY kind, loc",
            (capability,),
        ):
            yield Changed(kind, loc, capability, _fields(fields))

    # --- findings ----------------------------------------------------------------

    def _compare_findings(self) -> None:
        self.db.executescript(
            "DROP TABLE IF EXISTS temp.finding_changes;"
            "CREATE TEMP TABLE finding_changes (kind TEXT, subject TEXT, code TEXT,"
            " severity TEXT, line INTEGER, message TEXT, spec TEXT);"
        )
        for kind, old, new in (("new", self.a.id, self.b.id), ("fixed", self.b.id, self.a.id)):
            self.db.execute(
                "INSERT INTO finding_changes SELECT DISTINCT ?, n.subject, n.code, n.severity,"
                " n.line, n.message, n.spec FROM snapshot_findings n WHERE n.snapshot = ? AND"
                " NOT EXISTS (SELECT 1 FROM snapshot_findings o WHERE o.snapshot = ? AND"
                " o.subject = n.subject AND o.code = n.code AND o.message = n.message)",
                (kind, new, old),
            )

    def finding_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(("new", "fixed"), 0)
        counts.update(self.db.execute("SELECT kind, count(*) FROM finding_changes GROUP BY kind"))
        return counts

    def findings(self) -> Iterator[FindingChange]:
        for row in self.db.execute(
            "SELECT * FROM finding_changes ORDER BY kind, subject, code, line"
        ):
            yield FindingChange(*row)

    # --- the Source against its own Change Lists ----------------------------------

    def _check_announced(self) -> None:
        self.db.executescript(
            "DROP TABLE IF EXISTS temp.unannounced;"
            "CREATE TEMP TABLE unannounced (kind TEXT, loc TEXT, fields TEXT);"
        )
        if not self.change_lists:
            return
        self.db.create_function("w3c_seconds", 1, _seconds, deterministic=True)
        relevant = " OR ".join(
            f"json_extract(c.fields, '$.{name}') IS NOT NULL" for name in CHANGED_RESOURCE_FIELDS
        )
        self.db.execute(
            "INSERT INTO unannounced SELECT c.kind, c.loc, c.fields FROM entry_changes c"
            f" WHERE c.capability = ? AND (c.kind != 'changed' OR {relevant}) AND NOT EXISTS"
            " (SELECT 1 FROM eb WHERE eb.capability = ? AND eb.loc = c.loc"
            " AND CASE c.kind WHEN 'removed' THEN eb.change = 'deleted'"
            " ELSE eb.change IN ('created', 'updated') END"
            " AND w3c_seconds(eb.moment) > ?)",
            (caps.RESOURCELIST, caps.CHANGELIST, self.since),
        )

    def _check_closed_lists(self) -> None:
        """A Change List with ``until`` is closed: it will not be updated any more (core
        1.1 §12.1), so a Destination that read it to the end never reads it again. Each
        closed list of the earlier snapshot that holds entries in the later one that it
        did not hold then (matched by loc and time, as changes are) gives one
        ``changes.closed-list-grew`` finding, naming the first of them."""
        rows = self.db.execute(
            "SELECT n.document, d.md, count(*), min(n.position), n.loc FROM eb n"
            " JOIN snapshot_documents d ON d.snapshot = ? AND d.url = n.document"
            " AND d.capability = ? AND json_extract(d.md, '$.until') IS NOT NULL"
            " WHERE n.capability = ? AND NOT EXISTS (SELECT 1 FROM ea o"
            " WHERE o.capability = n.capability AND o.loc = n.loc AND o.moment = n.moment"
            " AND o.document = n.document) GROUP BY n.document ORDER BY n.document",
            (self.a.id, caps.CHANGELIST, caps.CHANGELIST),
        )
        # n.loc: SQLite takes a bare column from the row that gave min(n.position)
        for url, md, count, _position, first in rows:
            self.closed_grown.append(
                finding(
                    "changes.closed-list-grew",
                    url=url,
                    params={
                        "url": url,
                        "until": json.loads(md).get("until", ""),
                        "count": count,
                        "loc": first or "",
                    },
                )
            )

    def unannounced_count(self) -> int:
        counted = self.db.execute("SELECT count(*) FROM unannounced").fetchone()[0]
        return int(counted) + len(self.closed_grown)

    def unannounced(self) -> Iterator[Finding]:
        """One ``changes.unannounced-change`` finding per resource, in loc order, then one
        ``changes.closed-list-grew`` per closed Change List that gained entries: both are
        changes a Destination following the Change Lists would not see."""
        yield from self._unannounced_changes()
        yield from self.closed_grown

    def _unannounced_changes(self) -> Iterator[Finding]:
        since = seconds_text(self.since)
        for kind, loc, fields in self.db.execute(
            "SELECT kind, loc, fields FROM unannounced ORDER BY loc"
        ):
            what = _what_changed(kind, ", ".join(_fields(fields)))
            expected = _fitting_changes(kind)
            yield finding(
                "changes.unannounced-change",
                url=loc,
                params={"loc": loc, "kind": what, "expected": expected, "since": since},
            )


def _what_changed(kind: str, fields: str) -> Phrase:
    """``changed (lastmod, hash)``: how a resource changed, said in the finding's language."""
    how = said(f"snapshot.change-{kind}")
    return said("snapshot.change-fields", kind=how, fields=fields) if fields else how


def _fitting_changes(kind: str) -> Phrase | str:
    """``updated or created``: the change types a Change List would announce it with."""
    first, *rest = FITTING_CHANGES[kind]
    return said("snapshot.either", first=first, second=rest[0]) if rest else first


def _since(snapshots: SnapshotStore, a: SnapshotInfo) -> float:
    """When the earlier snapshot's Source state was taken: its Resource Lists' earliest
    ``at`` (core 1.1 §10.1), else the moment the snapshot was taken."""
    moments = []
    for (md,) in snapshots.db.execute(
        "SELECT md FROM snapshot_documents WHERE snapshot = ? AND capability = ?",
        (a.id, caps.RESOURCELIST),
    ):
        value = json.loads(md).get("at")
        stamp = parse_w3c_datetime(value) if value else None
        if stamp is not None:
            moments.append(stamp)
    return min(moments) if moments else a.taken if math.isfinite(a.taken) else 0.0


def _changed_fields(
    names: tuple[str, ...], values: tuple[object, ...]
) -> dict[str, tuple[object, object]]:
    pairs = zip(values[0::2], values[1::2], strict=True)
    return {name: (old, new) for name, (old, new) in zip(names, pairs, strict=True) if old != new}


def _fields(text: str) -> dict[str, tuple[object, object]]:
    return {name: (pair[0], pair[1]) for name, pair in json.loads(text).items()}


def _seconds(moment: str | None) -> float | None:
    return parse_w3c_datetime(moment) if moment else None
