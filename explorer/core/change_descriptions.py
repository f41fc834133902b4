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

from explorer.core import catalog
from explorer.core.words.engine_words import quoted
from explorer.core.words.messages import Phrase, render_phrase, verbatim

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
    reason: Phrase | None = None


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
            ChangeKind.NO_DIFF, change, loc, capability=capability, reason=_reason_of(item)
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


def _reason_of(item: Mapping[str, Any]) -> Phrase | None:
    """Why an entry has no diff: the refetch's words (``said``: key and params), or its
    English alone, said as it came."""
    if isinstance(said := item.get("said"), Mapping):
        return Phrase.from_json(said)
    reason = item.get("reason")
    return verbatim(str(reason)) if reason else None


def reason_text(entry: EntryChange, lang: str = catalog.ENGLISH) -> str:
    """Why a refetched document has no diff, in ``lang``: the explorer's own words said
    anew, anything else quoted as it came."""
    if entry.reason is None:
        return ""
    if entry.reason.key or lang == catalog.ENGLISH:
        return render_phrase(entry.reason, lang)
    return quoted(entry.reason.english, lang)


def change_text(entry: EntryChange, lang: str = catalog.ENGLISH) -> str:
    """One plain-text line for a log or a terminal, in ``lang``."""
    if entry.kind is ChangeKind.DOCUMENT:
        listed = catalog.text("common.list-separator", lang).join(entry.added_locs)
        more = catalog.text("events.more-locs", lang) if entry.more_added else ""
        added = catalog.text("events.added-locs", lang, locs=listed + more)
        return catalog.text(
            "events.change-document",
            lang,
            change=entry.change,
            capability=entry.capability,
            loc=entry.loc,
            added=entry.added,
            removed=entry.removed,
            changed=entry.changed,
            locs=added if entry.added_locs else "",
        )
    if entry.kind is ChangeKind.NO_DIFF:
        return catalog.text(
            "events.change-no-diff",
            lang,
            change=entry.change,
            capability=entry.capability,
            loc=entry.loc,
            reason=reason_text(entry, lang),
        )
    if entry.kind is ChangeKind.FIELDS:
        fields = [
            catalog.text("events.field-change", lang, name=f.name, old=f.old, new=f.new)
            for f in entry.fields
        ]
        detail = catalog.text("common.sentence-end", lang).join(fields)
    elif entry.kind is ChangeKind.LAST_KNOWN and entry.values:
        values = catalog.text("common.list-separator", lang).join(
            f"{name} {value}" for name, value in entry.values.items()
        )
        detail = catalog.text("events.last-known", lang, values=values)
    elif entry.kind in (ChangeKind.LAST_KNOWN, ChangeKind.NEW):
        detail = catalog.text("events.not-seen-before", lang)
    else:
        detail = catalog.text("events.unchanged", lang)
    return catalog.text("events.change", lang, change=entry.change, loc=entry.loc, detail=detail)


def change_lines(items: Iterable[Mapping[str, Any]], lang: str = catalog.ENGLISH) -> list[str]:
    """One plain-text line per entry of an event's ``diff``, in ``lang``."""
    return [change_text(entry, lang) for entry in describe_changes(items)]
