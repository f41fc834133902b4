"""What each change notification entry changed, relative to what the explorer knew.

For every entry of a change notification (change-notification 1.0.1 §3) the diff holds
the last known metadata (``before``), what the notification states (``after``) and the
fields whose values differ. Contradictions with the known state become findings:
updated/deleted for a resource never seen (only once a full Resource List was read),
created for one known and not deleted, a change datetime older than the last known one,
and updated with the same hash and length.

A field the notification leaves out is "not stated", not "removed": it never counts as
changed. Hashes compare per algorithm (core 1.1 §7 allows several, space separated).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from explorer.core import catalog
from explorer.core.changes.resource_state import (
    CHANGE_KINDS,
    Provenance,
    ResourceRecord,
    ResourceState,
    metadata_of,
    moment_of,
)
from explorer.core.findings import Finding, finding
from explorer.core.model import Document, Entry

COMPARED_FIELDS = ("hash", "length", "type", "lastmod")
"""Fields whose change an 'updated' entry reports; ``datetime`` moves with every change."""


@dataclass(frozen=True, slots=True)
class EntryDiff:
    """One notification entry against the previous known state of its resource."""

    loc: str
    change: str
    before: dict[str, str] | None
    after: dict[str, str]
    changed: tuple[str, ...]
    line: int | None = None
    known_from: Provenance | None = None
    findings: tuple[Finding, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The per-entry ``diff`` of ``listen --json`` notification events."""
        return {
            "loc": self.loc,
            "change": self.change,
            "before": self.before,
            "after": self.after,
            "changed": list(self.changed),
            "known_from": self.known_from.to_json() if self.known_from else None,
        }


@dataclass(slots=True)
class NotificationDiff:
    """Every entry diff of one change notification, with the anomalies found."""

    entries: list[EntryDiff] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "entries": [item.to_json() for item in self.entries],
            "findings": [item.to_json() for item in self.findings],
        }


def same_hash(old: str | None, new: str | None) -> bool:
    """True when two ``hash`` values agree on every algorithm both state."""
    if old is None or new is None:
        return old == new
    old_parts, new_parts = _hash_parts(old), _hash_parts(new)
    common = old_parts.keys() & new_parts.keys()
    if not common:
        return old.split() == new.split()
    return all(old_parts[name] == new_parts[name] for name in common)


def _hash_parts(value: str) -> dict[str, str]:
    parts: dict[str, str] = {}
    for token in value.split():
        algorithm, _, digest = token.partition(":")
        parts[algorithm.lower()] = digest.lower()
    return parts


def _same_value(name: str, old: str | None, new: str | None) -> bool:
    if name == "hash":
        return same_hash(old, new)
    if name == "length" and old is not None and new is not None:
        try:
            return int(old) == int(new)
        except ValueError:
            return old.strip() == new.strip()
    return old == new


def changed_fields(before: dict[str, str], after: dict[str, str]) -> tuple[str, ...]:
    """The compared fields the new metadata states with a value different from before."""
    return tuple(
        name
        for name in COMPARED_FIELDS
        if name in after and not _same_value(name, before.get(name), after[name])
    )


def diff_entry(
    record: ResourceRecord | None,
    entry: Entry,
    *,
    url: str | None = None,
    baseline: bool = False,
) -> EntryDiff | None:
    """Diff one notification entry against the resource's last known record.

    Returns None for an entry without loc or with a change kind outside created/updated/
    deleted: the validator reports those, and there is nothing to compare. ``baseline``
    (a full Resource List was read) is what lets a resource be "never seen": without it
    an update or deletion of an unknown resource is not a finding.
    """
    loc, change = entry.loc, entry.change
    if not loc or change not in CHANGE_KINDS:
        return None
    after = metadata_of(entry)
    before = dict(record.metadata) if record is not None else None
    found: list[Finding] = []

    def report(code: str, params: dict[str, object]) -> None:
        found.append(finding(code, line=entry.line, url=url, params=params))

    # "Never seen" means something only once a full Resource List was read: before that
    # (a topic URL listened to directly, subscriptions resumed after a restart) nearly every
    # entry would be "unknown" because the list was simply not read, so nothing is said.
    if record is None and change == "updated" and baseline:
        report("changes.update-unknown-resource", {"loc": loc})
    elif record is None and change == "deleted" and baseline:
        report("changes.delete-unknown-resource", {"loc": loc})
    elif record is not None and change == "created" and not record.deleted:
        report(
            "changes.create-known-resource",
            {"loc": loc, "known_from": _describe(record.provenance)},
        )

    if record is not None:
        moment, known = moment_of(after), record.changed_at
        if moment is not None and known is not None and moment < known:
            stated = after.get("datetime") or after.get("lastmod")
            last = record.metadata.get("datetime") or record.metadata.get("lastmod")
            report(
                "changes.out-of-order",
                {"loc": loc, "stated": stated, "last": last},
            )

    changed: tuple[str, ...] = ()
    if record is not None and before is not None and change != "deleted":
        changed = changed_fields(before, after)
        if (
            change == "updated"
            and not record.deleted
            and "hash" in after
            and "length" in after
            and "hash" in before
            and "length" in before
            and "hash" not in changed
            and "length" not in changed
        ):
            report(
                "changes.update-without-change",
                {"loc": loc, "hash": after["hash"], "length": after["length"]},
            )

    return EntryDiff(
        loc=loc,
        change=change,
        before=before,
        after=after,
        changed=changed,
        line=entry.line,
        known_from=record.provenance if record is not None else None,
        findings=tuple(found),
    )


def apply_notification(
    state: ResourceState,
    doc: Document,
    provenance: Provenance,
) -> NotificationDiff:
    """Diff every entry of a change notification against ``state``, then fold it in.

    Entries are handled in document order (the spec requires forward chronological order),
    so a resource changed twice in one notification is diffed against its first change.
    """
    result = NotificationDiff()
    for entry in doc.entries:
        loc = entry.loc
        item = diff_entry(
            state.get(loc) if loc else None, entry, url=provenance.url, baseline=state.baseline
        )
        if item is None:
            continue
        result.entries.append(item)
        result.findings.extend(item.findings)
        state.apply_entry(entry, provenance)
    return result


def _describe(provenance: Provenance) -> str:
    where = provenance.url or catalog.text("diffing.earlier-document", catalog.ENGLISH)
    if provenance.kind:
        where = f"{provenance.kind} {where}"
    if provenance.received:
        where = f"{where} at {provenance.received}"
    return where
