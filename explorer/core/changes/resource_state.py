"""What the explorer knows about each resource of one set of resources.

One ``ResourceState`` per Capability List (a set of resources, core 1.1 §6.1): loc →
the last known metadata and where that knowledge came from. Notifications are judged
against it (``entry_diff``), so it must be cheap to update one entry at a time: a dict
keyed by loc, O(1) per entry.

It is fed by Resource Lists (snapshots, core 1.1 §10.1), Change Lists (core 1.1 §12.1)
and change notifications (change-notification 1.0.1 §3). A list never overwrites newer
knowledge: a Resource List read after a notification must not roll the state back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from explorer.core.model import Document, Entry
from explorer.core.rules.datetimes import parse_w3c_datetime

METADATA_FIELDS = ("hash", "length", "type", "lastmod", "datetime")
"""The per-resource metadata kept and shown as before/after (core 1.1 §7)."""

CHANGE_KINDS = frozenset({"created", "updated", "deleted"})


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a piece of knowledge came from: a document or notification URL, its kind, when.

    ``kind`` is the capability of the source document (``resourcelist``, ``changelist``,
    ``change-notification``); ``received`` is when the explorer read it (ISO 8601, or None).
    """

    url: str | None
    kind: str | None
    received: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url, "kind": self.kind, "received": self.received}


@dataclass(frozen=True, slots=True)
class ResourceRecord:
    """The last known state of one resource; ``change`` is the last change seen (None from
    a Resource List, which describes a state, not a change)."""

    loc: str
    metadata: dict[str, str]
    change: str | None
    provenance: Provenance

    @property
    def deleted(self) -> bool:
        return self.change == "deleted"

    @property
    def changed_at(self) -> float | None:
        """POSIX seconds of the last known change: its datetime, else the lastmod."""
        return moment_of(self.metadata)

    def to_json(self) -> dict[str, Any]:
        return {
            "loc": self.loc,
            "metadata": dict(self.metadata),
            "change": self.change,
            "provenance": self.provenance.to_json(),
        }


def metadata_of(entry: Entry) -> dict[str, str]:
    """The tracked metadata an entry states; absent attributes are left out, not emptied."""
    md = entry.md
    found: dict[str, str] = {
        name: md[name] for name in ("hash", "length", "type", "datetime") if name in md
    }
    if entry.lastmod is not None:
        found["lastmod"] = entry.lastmod
    return {name: found[name] for name in METADATA_FIELDS if name in found}


def moment_of(metadata: dict[str, str]) -> float | None:
    """When the described change happened: ``datetime`` if valid, else ``lastmod`` (core 1.1 §7)."""
    for name in ("datetime", "lastmod"):
        value = metadata.get(name)
        if value is not None:
            seconds = parse_w3c_datetime(value)
            if seconds is not None:
                return seconds
    return None


class ResourceState:
    """loc → ``ResourceRecord`` for one set of resources.

    ``baseline`` becomes true once a complete Resource List has been read: from then on
    a notification about an unknown resource is a finding (see ``entry_diff``); before,
    an unknown resource may simply be one whose list was not read.
    """

    def __init__(self, capability_list: str | None = None) -> None:
        self.capability_list = capability_list
        self.baseline = False
        self._records: dict[str, ResourceRecord] = {}

    def __len__(self) -> int:
        return len(self._records)

    def __contains__(self, loc: object) -> bool:
        return loc in self._records

    def __iter__(self) -> Iterator[ResourceRecord]:
        return iter(self._records.values())

    def get(self, loc: str) -> ResourceRecord | None:
        return self._records.get(loc)

    def record(
        self, loc: str, metadata: dict[str, str], change: str | None, provenance: Provenance
    ) -> ResourceRecord:
        """Store what is now known about ``loc``, replacing the previous record."""
        item = ResourceRecord(loc, metadata, change, provenance)
        self._records[loc] = item
        return item

    def apply_entry(self, entry: Entry, provenance: Provenance) -> ResourceRecord | None:
        """Fold one Resource List, Change List or notification entry into the state.

        The entry is skipped (None returned) when it has no loc, names an unknown change
        kind, or describes a moment older than the one already known.
        """
        loc = entry.loc
        change = entry.change
        if not loc or (change is not None and change not in CHANGE_KINDS):
            return None
        metadata = metadata_of(entry)
        previous = self._records.get(loc)
        if previous is not None and _is_older(moment_of(metadata), previous.changed_at):
            return None
        if change == "deleted" and previous is not None:
            # Keep the last known metadata: a deletion rarely restates hash or length.
            metadata = {**previous.metadata, **metadata}
        return self.record(loc, metadata, change, provenance)

    def load_document(self, doc: Document, provenance: Provenance) -> int:
        """Fold every entry of a Resource List or Change List in document order (Change Lists
        are chronological, core 1.1 §12.1); returns how many entries were applied."""
        applied = 0
        for entry in doc.entries:
            if self.apply_entry(entry, provenance) is not None:
                applied += 1
        if doc.capability == "resourcelist":
            self.baseline = True
        return applied


def _is_older(moment: float | None, known: float | None) -> bool:
    return moment is not None and known is not None and moment < known
