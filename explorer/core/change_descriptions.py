"""What each entry of a notification's diff says, decided once for every renderer.

A delivery's ``diff`` (made by the change tracker) is a list of plain dicts: for a change
notification entry, the tracked fields before and after; for a framework notification
entry, the counts of the refetched document's diff. The command line prints it as text
and the feed as HTML; both read the same ``EntryChange`` so they never disagree on what
happened, only on how it looks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

ADDED_LOCS_SHOWN = 5
"""A framework entry names at most this many of the locations its document added."""


class ChangeKind(StrEnum):
    """The one thing an entry's description says."""

    FIELDS = "fields"  # tracked fields changed: each old → new
    LAST_KNOWN = "last-known"  # deleted: the fields last known (maybe none)
    NEW = "new"  # the tracker had not seen this resource: its fields now
    UNCHANGED = "unchanged"  # seen before, no tracked field changed
    DOCUMENT = "document"  # a refetched document's diff: counts and added locations
    NO_DIFF = "no-diff"  # a refetched document without a diff, and why


@dataclass(frozen=True, slots=True)
class FieldChange:
    name: str
    old: Any
    new: Any


@dataclass(frozen=True, slots=True)
class EntryChange:
    """One entry of a diff, described: ``kind`` says which of the other fields apply."""

    kind: ChangeKind
    change: str
    loc: str
    fields: tuple[FieldChange, ...] = ()
    values: Mapping[str, Any] = field(default_factory=dict)
    capability: str | None = None
    added: int = 0
    removed: int = 0
    changed: int = 0
    added_locs: tuple[str, ...] = ()
    more_added: bool = False
    reason: str | None = None


def describe_entry(item: Mapping[str, Any]) -> EntryChange:
    """The description of one diff entry (either kind)."""
    change, loc = str(item.get("change")), str(item.get("loc"))
    if "before" in item:  # a change notification entry
        before, after = item.get("before") or {}, item.get("after") or {}
        if item.get("changed"):
            fields = tuple(
                FieldChange(name, before.get(name), after.get(name)) for name in item["changed"]
            )
            return EntryChange(ChangeKind.FIELDS, change, loc, fields=fields)
        if change == "deleted":
            return EntryChange(ChangeKind.LAST_KNOWN, change, loc, values=before)
        if not before:
            return EntryChange(ChangeKind.NEW, change, loc, values=after)
        return EntryChange(ChangeKind.UNCHANGED, change, loc)
    capability = item.get("capability")
    counts = item.get("diff")
    if counts is None:
        return EntryChange(
            ChangeKind.NO_DIFF, change, loc, capability=capability, reason=item.get("reason")
        )
    locs = [str(x) for x in item.get("added_locs", [])]
    return EntryChange(
        ChangeKind.DOCUMENT,
        change,
        loc,
        capability=capability,
        added=int(counts.get("added", 0)),
        removed=int(counts.get("removed", 0)),
        changed=int(counts.get("changed", 0)),
        added_locs=tuple(locs[:ADDED_LOCS_SHOWN]),
        more_added=int(counts.get("added", 0)) > ADDED_LOCS_SHOWN,
    )


def describe_changes(items: Iterable[Mapping[str, Any]]) -> list[EntryChange]:
    """Every entry of an event's ``diff``, described in order."""
    return [describe_entry(item) for item in items]


def change_text(entry: EntryChange) -> str:
    """One plain-text line for a log or a terminal."""
    if entry.kind is ChangeKind.FIELDS:
        detail = "; ".join(f"{f.name} {f.old} → {f.new}" for f in entry.fields)
    elif entry.kind is ChangeKind.LAST_KNOWN and entry.values:
        detail = "last known " + ", ".join(f"{k} {v}" for k, v in entry.values.items())
    elif entry.kind in (ChangeKind.LAST_KNOWN, ChangeKind.NEW):
        detail = "not seen before"
    elif entry.kind is ChangeKind.UNCHANGED:
        detail = "no tracked field changed"
    elif entry.kind is ChangeKind.DOCUMENT:
        more = ", ..." if entry.more_added else ""
        added = f" (+ {', '.join(entry.added_locs)}{more})" if entry.added_locs else ""
        return (
            f"{entry.change} {entry.capability} {entry.loc}: {entry.added} added, "
            f"{entry.removed} removed, {entry.changed} changed{added}"
        )
    else:
        return f"{entry.change} {entry.capability} {entry.loc}: no diff ({entry.reason})"
    return f"{entry.change} {entry.loc}: {detail}"


def change_lines(items: Iterable[Mapping[str, Any]]) -> list[str]:
    """One plain-text line per entry of an event's ``diff``."""
    return [change_text(entry) for entry in describe_changes(items)]
