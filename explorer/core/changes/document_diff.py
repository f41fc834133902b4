"""Structural diff of two versions of one document: what a reader wants to see first.

Entries are matched by loc (core 1.1 §7: ``<loc>`` identifies the resource) and compared
field by field: lastmod, changefreq, each ``rs:md`` attribute and the ``rs:ln`` links.
A Change List lists a resource once per change (core 1.1 §12.1), so the key is the loc
and its occurrence number: the second entry for a loc is matched with the second one.
Order alone is not a change; ``reordered`` says whether the common entries moved.
Document-level ``rs:md`` (capability, at, completed, from, until) and links are compared
too. One pass over each document with dicts: linear in the number of entries. The counts
are whole; what is listed of each kind stops at ``MAX_LISTED_ENTRIES``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from explorer.core.model import Document, Entry, Link

EntryKey = tuple[str | None, int]
_Item = TypeVar("_Item")
MAX_LISTED_ENTRIES = 10_000
"""Entries listed per kind (added, removed, changed) in the JSON and the terminal: the
counts stay whole, the lists stop here, as findings stop at a cap per code. Two reordered
63 MB lists otherwise print 150,000 entries and build a 400 MB JSON text."""


@dataclass(frozen=True, slots=True)
class FieldDiff:
    """One field, old → new; None means the field is absent on that side."""

    name: str
    old: str | None
    new: str | None

    def to_json(self) -> dict[str, Any]:
        return {"field": self.name, "old": self.old, "new": self.new}


@dataclass(frozen=True, slots=True)
class ChangedEntry:
    """An entry present in both versions whose fields differ."""

    loc: str | None
    occurrence: int
    fields: tuple[FieldDiff, ...]
    old_line: int | None
    new_line: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "loc": self.loc,
            "occurrence": self.occurrence,
            "old_line": self.old_line,
            "new_line": self.new_line,
            "fields": [item.to_json() for item in self.fields],
        }


@dataclass(slots=True)
class DocumentDiff:
    """Entries added, removed and changed, plus document-level metadata and link changes."""

    added: list[tuple[int, Entry]] = field(default_factory=list)
    removed: list[tuple[int, Entry]] = field(default_factory=list)
    changed: list[ChangedEntry] = field(default_factory=list)
    metadata: list[FieldDiff] = field(default_factory=list)
    links_added: list[Link] = field(default_factory=list)
    links_removed: list[Link] = field(default_factory=list)
    root: FieldDiff | None = None
    reordered: bool = False
    totals: dict[str, int] | None = None
    """The counts when the lists were trimmed (``trimmed``); None: the lists are whole."""

    @property
    def is_empty(self) -> bool:
        """True when nothing but (possibly) the order of entries differs."""
        return not (
            self.added
            or self.removed
            or self.changed
            or self.metadata
            or self.links_added
            or self.links_removed
            or self.root
        )

    def summary(self) -> dict[str, int]:
        """The counts framework events of ``listen --json`` carry."""
        if self.totals is not None:
            return dict(self.totals)
        return {
            "added": len(self.added),
            "removed": len(self.removed),
            "changed": len(self.changed),
        }

    def trimmed(self, limit: int) -> DocumentDiff:
        """A copy listing at most ``limit`` entries of each kind, its counts whole: what a
        feed keeps of a diff (the full lists hold a whole parsed document alive)."""
        return replace(
            self,
            added=self.added[:limit],
            removed=self.removed[:limit],
            changed=self.changed[:limit],
            totals=self.summary(),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            **self.summary(),
            "reordered": self.reordered,
            "root": self.root.to_json() if self.root else None,
            "metadata": [item.to_json() for item in self.metadata],
            "links_added": [link_json(link) for link in self.links_added],
            "links_removed": [link_json(link) for link in self.links_removed],
            "added_entries": [entry_json(entry, n) for n, entry in listed(self.added)],
            "removed_entries": [entry_json(entry, n) for n, entry in listed(self.removed)],
            "changed_entries": [item.to_json() for item in listed(self.changed)],
        }


def listed(items: list[_Item]) -> list[_Item]:
    """The first ``MAX_LISTED_ENTRIES`` of ``items`` (the count says how many there are)."""
    return items[:MAX_LISTED_ENTRIES]


def link_json(link: Link) -> dict[str, Any]:
    return {
        "rel": link.rel,
        "href": link.href,
        "attributes": dict(link.attributes),
        "line": link.line,
    }


def entry_json(entry: Entry, occurrence: int = 0) -> dict[str, Any]:
    return {
        "loc": entry.loc,
        "occurrence": occurrence,
        "line": entry.line,
        "lastmod": entry.lastmod,
        "changefreq": entry.changefreq,
        "md": dict(entry.md),
        "links": [link_json(link) for link in entry.links],
    }


def _keyed(entries: list[Entry]) -> dict[EntryKey, Entry]:
    seen: dict[str | None, int] = {}
    keyed: dict[EntryKey, Entry] = {}
    for entry in entries:
        n = seen.get(entry.loc, 0)
        seen[entry.loc] = n + 1
        keyed[(entry.loc, n)] = entry
    return keyed


def _link_key(link: Link) -> tuple[Any, ...]:
    return (link.rel, link.href, tuple(sorted(link.attributes.items())))


def _describe_links(links: Sequence[Link]) -> str | None:
    if not links:
        return None
    return " ".join(sorted(f"{link.rel}={link.href}" for link in links))


def _dict_changes(old: dict[str, str], new: dict[str, str]) -> list[FieldDiff]:
    if old == new:
        return []
    names = list(old) + [name for name in new if name not in old]
    return [
        FieldDiff(name, old.get(name), new.get(name))
        for name in names
        if old.get(name) != new.get(name)
    ]


def diff_entries(old: Entry, new: Entry) -> tuple[FieldDiff, ...]:
    """Field-by-field differences of two entries for the same loc."""
    changes: list[FieldDiff] = []
    if old.lastmod != new.lastmod:
        changes.append(FieldDiff("lastmod", old.lastmod, new.lastmod))
    if old.changefreq != new.changefreq:
        changes.append(FieldDiff("changefreq", old.changefreq, new.changefreq))
    changes.extend(_dict_changes(old.md, new.md))
    if sorted(map(_link_key, old.links)) != sorted(map(_link_key, new.links)):
        changes.append(FieldDiff("links", _describe_links(old.links), _describe_links(new.links)))
    return tuple(changes)


def diff_documents(old: Document, new: Document) -> DocumentDiff:
    """Compare two versions of a document by loc, field by field."""
    result = DocumentDiff()
    if old.root != new.root:
        result.root = FieldDiff("root", old.root, new.root)
    result.metadata = _dict_changes(old.md, new.md)
    old_links = {_link_key(link): link for link in old.links}
    new_links = {_link_key(link): link for link in new.links}
    result.links_removed = [link for key, link in old_links.items() if key not in new_links]
    result.links_added = [link for key, link in new_links.items() if key not in old_links]

    old_keyed, new_keyed = _keyed(old.entries), _keyed(new.entries)
    common_order: list[EntryKey] = []
    for key, entry in old_keyed.items():
        other = new_keyed.get(key)
        if other is None:
            result.removed.append((key[1], entry))
            continue
        common_order.append(key)
        if (
            entry.lastmod == other.lastmod
            and entry.md == other.md
            and (entry.changefreq == other.changefreq)
            and not (entry.links or other.links)
        ):
            continue
        fields = diff_entries(entry, other)
        if fields:
            result.changed.append(ChangedEntry(key[0], key[1], fields, entry.line, other.line))
    result.added = [(key[1], entry) for key, entry in new_keyed.items() if key not in old_keyed]
    new_common = [key for key in new_keyed if key in old_keyed]
    result.reordered = new_common != common_order
    return result
