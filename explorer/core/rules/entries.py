"""Per-entry rules, in one pass over the entries (core 1.1 §7-§13, notification specs §3/§5).

A 50,000-entry list must validate in a fraction of its parse time, so the loop does
a cheap, precompiled check of each value and only calls the helper that words a
finding when that check fails. Everything the loop needs to know about the document
type is decided once, before it starts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from operator import attrgetter

from explorer.core.codes import CODES
from explorer.core.findings import Finding, finding
from explorer.core.model import Document, Entry, MdLayout, has_extras, md_reader
from explorer.core.rules import capabilities as caps
from explorer.core.rules.capability_hints import index_capability_finding
from explorer.core.rules.context import ValidationContext
from explorer.core.rules.datetimes import (
    datetime_hint,
    is_w3c_datetime,
    parse_w3c_datetime,
)
from explorer.core.rules.document_links import check_link_attributes
from explorer.core.rules.md_merge import change_in_second_md, second_md_changes
from explorer.core.rules.phrases import and_list, loc_or_this_entry, none_if_empty, place
from explorer.core.rules.time_attributes import check_time_attributes
from explorer.core.rules.values import MEDIA_TYPE as _MEDIA_TYPE
from explorer.core.rules.values import check_hash, length_invalid, type_invalid

MAX_LOC_LENGTH = 2048
_HASH_OK = re.compile(
    r"\s*(?:(?:md5:[0-9a-fA-F]{32}|sha-1:[0-9a-fA-F]{40}|sha-256:[0-9a-fA-F]{64}"
    r"|sha-512:[0-9a-fA-F]{128})(?:\s+|\Z))+"
).fullmatch
# Bulk form: every hash value, one per line, each a list of known-algorithm digests. The
# quantifiers are possessive: no match ever needs to give back a digest or a line (the
# algorithm prefixes differ and digests end at a space or newline), and not keeping
# backtracking state makes the run over 50,000 values a third faster.
_DIGEST = (
    r"(?:md5:[0-9a-fA-F]{32}|sha-1:[0-9a-fA-F]{40}|sha-256:[0-9a-fA-F]{64}"
    r"|sha-512:[0-9a-fA-F]{128})"
)
_ALL_HASHES_OK = re.compile(rf"(?: *{_DIGEST}(?: +{_DIGEST})*+ *\n)*+").fullmatch
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S").match

_AT_TIMES = frozenset({"at", "completed"})
_FROM_TIMES = frozenset({"from", "until"})
_ALL_TIMES = _AT_TIMES | _FROM_TIMES


def _entry_times(capability: str | None, is_index: bool) -> tuple[frozenset[str], bool] | None:
    """(time attributes entries may carry, whether from is recommended), per Table 4.

    None when Table 4 says nothing about this document type.
    """
    if capability in (caps.RESOURCELIST, caps.RESOURCEDUMP):
        return (_AT_TIMES if is_index or capability == caps.RESOURCEDUMP else frozenset()), False
    if capability in (caps.CHANGELIST, caps.CHANGEDUMP):
        recommended = is_index or capability == caps.CHANGEDUMP
        return (_FROM_TIMES if recommended else frozenset()), recommended
    if capability in caps.MANIFESTS:
        return frozenset(), False
    if capability in (caps.RESOURCELIST_ARCHIVE, caps.RESOURCEDUMP_ARCHIVE):
        return _AT_TIMES, False
    if capability in (caps.CHANGELIST_ARCHIVE, caps.CHANGEDUMP_ARCHIVE):
        return _FROM_TIMES, False
    return None


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    capability = doc.capability
    is_index = doc.is_index
    name = caps.display_name(capability, is_index)
    requires_change = caps.requires_change(capability, is_index)
    # a notification sent as a <sitemapindex> is reported once, as document.notification-index
    change_used = requires_change or capability in caps.NOTIFICATIONS
    manifest = capability in caps.MANIFESTS and not is_index
    capability_list = capability == caps.CAPABILITYLIST and not is_index
    description = capability == caps.DESCRIPTION and not is_index
    lists_capabilities = capability_list or description or is_index
    resources_listed = capability in caps.RESOURCE_ENTRY_DOCUMENTS and not is_index
    allowed_children = caps.allowed_child_capabilities(capability, is_index)
    times = _entry_times(capability, is_index)
    allowed_times, from_recommended = times if times is not None else (_ALL_TIMES, False)
    interval = capability in caps.INTERVAL_DOCUMENTS or capability in caps.NOTIFICATIONS
    doc_from = doc_until = None
    if interval and not is_index:
        raw = doc.md.get("from")
        doc_from = parse_w3c_datetime(raw) if raw is not None else None
        raw = doc.md.get("until")
        doc_until = parse_w3c_datetime(raw) if raw is not None else None
    check_range = doc_from is not None or doc_until is not None
    # Entries whose rs:md holds only hash/length/type can skip the rest of the loop body,
    # unless this document type makes some other attribute mandatory.
    always_full = requires_change or manifest or lists_capabilities or from_recommended
    names_checked = not doc.legacy  # the 2012 alpha's xhtml:link named attributes its own way
    seen_capabilities: dict[str, int | None] = {}
    merges: dict[int, int | None] | None = None  # read on the first missing change
    missing_from = 0
    first_missing_from: int | None = None
    # Values checked in bulk after the loop (one regex run instead of 50,000 calls).
    lastmods: set[str] = set()
    hashes: list[str] = []
    lengths: list[str] = []
    types: set[str] = set()
    add_lastmod, add_hash, add_length, add_type = (
        lastmods.add,
        hashes.append,
        lengths.append,
        types.add,
    )

    plans: dict[int, _BulkPlan] = {}  # by id: each layout lives on in the entries
    last_layout: MdLayout | None = None  # entries mostly repeat the one before's layout
    plan: _BulkPlan = (None, None, None, False)
    in_entry = place("in-entry")
    columns = None if always_full else _plain_columns(doc.entries)
    if columns is not None:
        lastmods, hashes, lengths, types = columns
    for entry in doc.entries if columns is None else ():
        line = entry.line
        loc = entry.loc
        if loc is None or len(loc) > MAX_LOC_LENGTH or not loc.startswith(("http://", "https://")):
            _check_loc(loc, line, out)
        lastmod = entry.lastmod
        if lastmod is not None:
            add_lastmod(lastmod)
        layout = entry.md_layout  # entries share a few layouts: positions found once each
        if layout is not last_layout:
            last_layout = layout
            known = plans.get(id(layout))
            plan = plans[id(layout)] = _bulk_plan(layout) if known is None else known
        read_hash, read_length, read_type, only_bulk = plan
        if read_hash is not None:
            add_hash(read_hash(entry))
        if read_length is not None:
            add_length(read_length(entry))
        if read_type is not None:
            add_type(read_type(entry))
        if only_bulk and not always_full:
            # Nothing else on this rs:md and nothing mandatory missing to report.
            if has_extras(entry) and entry.links:
                for link in entry.links:
                    check_link_attributes(link, out, in_entry, names_checked)
            continue
        md = entry.md
        value = md.get("change")
        if value is None:
            if requires_change:
                if merges is None:
                    merges = second_md_changes(doc.findings)
                _change_missing(entry, name, capability, out, merges)
        elif value not in caps.CHANGE_VALUES:
            out.append(
                finding(
                    "document.change-invalid",
                    line=line,
                    params={"value": value},
                )
            )
        elif not change_used and capability is not None:
            out.append(
                finding(
                    "document.change-not-used",
                    line=line,
                    params={"name": name},
                )
            )
        value = md.get("datetime")
        if value is not None and not change_used and capability is not None:
            out.append(finding("document.datetime-not-used", line=line, params={"name": name}))
        elif value is not None:
            moment = parse_w3c_datetime(value)
            if moment is None:
                out.append(
                    finding(
                        "document.datetime-invalid",
                        line=line,
                        params={
                            "attribute": "datetime",
                            "value": value,
                            "explanation": datetime_hint(value),
                        },
                    )
                )
            elif check_range and (
                (doc_from is not None and moment < doc_from)
                or (doc_until is not None and moment > doc_until)
            ):
                _outside_interval(doc, entry, value, name, out)
        value = md.get("path")
        if value is None:
            if manifest and md.get("change") != "deleted":
                _path_missing(entry, name, requires_change, out)
        elif not value.startswith("/"):
            out.append(
                finding(
                    "document.path-not-absolute",
                    line=line,
                    params={"value": value},
                )
            )
        elif not manifest and capability is not None:
            out.append(
                finding(
                    "document.path-not-used",
                    line=line,
                    params={"name": name},
                )
            )
        if not lists_capabilities and resources_listed and "capability" in md:
            out.append(
                finding(
                    "document.entry-capability-not-used",
                    line=line,
                    params={"name": name, "value": md["capability"]},
                )
            )
        elif lists_capabilities:
            entry_capability = md.get("capability")
            if entry_capability is None:
                # §8 makes a Source Description entry's rs:md optional: only one that is
                # there must say capabilitylist. A Capability List entry always needs it (§9).
                if capability_list or (description and md):
                    _entry_capability_missing(entry, capability_list, out)
            else:
                if entry_capability not in allowed_children:
                    _capability_not_allowed(entry_capability, name, allowed_children, line, out)
                if capability_list:
                    _check_capability_list_entry(entry, entry_capability, seen_capabilities, out)
        if not md.keys().isdisjoint(_ALL_TIMES):
            _check_entry_times(entry, name, allowed_times, times is not None, out)
        if from_recommended and "from" not in md:
            missing_from += 1
            if first_missing_from is None:
                first_missing_from = line
        if entry.links:
            for link in entry.links:
                check_link_attributes(link, out, in_entry, names_checked)

    if lastmods:
        _check_lastmods(doc, lastmods, out)
    if hashes and _ALL_HASHES_OK("\n".join(hashes) + "\n") is None:
        _report_hashes(doc, out)
    if lengths and ("" in lengths or not _digits("".join(lengths))):
        _report_lengths(doc, out)
    if types:
        bad_types = {value for value in types if _MEDIA_TYPE(value) is None}
        if bad_types:
            _report_types(doc, bad_types, out)
    if missing_from:
        out.append(
            finding(
                "document.entry-from-missing",
                line=first_missing_from,
                params={"count": missing_from, "total": len(doc.entries), "name": name},
            )
        )


_LASTMOD_OF = attrgetter("lastmod")
_LOC_OF = attrgetter("loc")
_LAYOUT_OF = attrgetter("md_layout")
_PLAIN_LOCS = re.compile(r"(?:(?:http://[^\n]{0,2041}+|https://[^\n]{0,2040}+)\n)*+").fullmatch
"""Locs one per line, each one the loop passes without a look (an http(s) URL of at most
``MAX_LOC_LENGTH`` characters): one run of the pattern over a whole list."""


def _plain_columns(
    entries: list[Entry],
) -> tuple[set[str], list[str], list[str], set[str]] | None:
    """The loop's bulk values (lastmods, hashes, lengths, types) read by ``map`` in C, for a
    list whose loop would find nothing per entry: every entry of one layout holding only
    hash, length and type (or nothing), with no links, and each loc an http(s) URL within
    ``MAX_LOC_LENGTH``; None for any other list, which goes through the loop. A Resource
    List's 50,000 entries then cost no Python step each (the loop was a third of its
    validation)."""
    if not entries:
        return None
    layout = entries[0].md_layout
    if list(map(_LAYOUT_OF, entries)).count(layout) != len(entries):
        return None
    read_hash, read_length, read_type, only_bulk = _bulk_plan(layout)
    if not only_bulk or any(map(has_extras, entries)):
        return None
    locs = list(map(_LOC_OF, entries))
    if None in locs:
        return None
    lines = "\n".join(locs) + "\n"
    # one line per loc (a loc holding a line break is left to the loop), each one plain
    if lines.count("\n") != len(locs) or _PLAIN_LOCS(lines) is None:
        return None
    lastmods = set(map(_LASTMOD_OF, entries))
    lastmods.discard(None)
    hashes = list(map(read_hash, entries)) if read_hash is not None else []
    lengths = list(map(read_length, entries)) if read_length is not None else []
    types = set(map(read_type, entries)) if read_type is not None else set()
    return lastmods, hashes, lengths, types


def _digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _check_lastmods(doc: Document, values: set[str], out: list[Finding]) -> None:
    bad = {value for value in values if not is_w3c_datetime(value)}
    if not bad:
        return
    for entry in doc.entries:
        lastmod = entry.lastmod
        if lastmod in bad:
            out.append(
                finding(
                    "document.lastmod-invalid",
                    line=entry.line,
                    params={"value": lastmod, "explanation": datetime_hint(lastmod)},
                )
            )


def _report_hashes(doc: Document, out: list[Finding]) -> None:
    for entry in doc.entries:
        value = entry.md.get("hash")
        if value is not None and _HASH_OK(value) is None:
            check_hash(value, entry.line, out)


def _report_lengths(doc: Document, out: list[Finding]) -> None:
    for entry in doc.entries:
        value = entry.md.get("length")
        if value is not None and not _digits(value):
            out.append(length_invalid(value, entry.line))


def _report_types(doc: Document, bad: set[str], out: list[Finding]) -> None:
    for entry in doc.entries:
        value = entry.md.get("type")
        if value in bad:
            out.append(type_invalid(value, entry.line))


def _change_missing(
    entry: Entry,
    name: str,
    capability: str | None,
    out: list[Finding],
    merges: dict[int, int | None],
) -> None:
    merge = change_in_second_md(entry, name, merges)
    if merge is not None:
        out.append(merge)
        return
    section = _change_section(capability)
    out.append(
        finding(
            "document.change-missing",
            line=entry.line,
            params={"name": name, "loc": loc_or_this_entry(entry.loc), "section": section},
            # The code cites §12.1 after the message: the section is said in the message
            # only when this document's rule is elsewhere, never twice.
            variant="" if section == CODES["document.change-missing"].spec else "section",
        )
    )


def _path_missing(entry: Entry, name: str, change_manifest: bool, out: list[Finding]) -> None:
    out.append(
        finding(
            "document.path-missing",
            line=entry.line,
            params={"name": name, "section": "§13.2" if change_manifest else "§11.2"},
        )
    )


def _entry_capability_missing(entry: Entry, capability_list: bool, out: list[Finding]) -> None:
    if capability_list:
        out.append(
            finding(
                "document.entry-capability-missing",
                line=entry.line,
                params={"loc": loc_or_this_entry(entry.loc)},
            )
        )
    else:
        out.append(
            finding(
                "document.description-entry-capability-missing",
                line=entry.line,
                params={"loc": loc_or_this_entry(entry.loc)},
            )
        )


def _check_capability_list_entry(
    entry: Entry, capability: str, seen: dict[str, int | None], out: list[Finding]
) -> None:
    if capability in seen:
        out.append(
            finding(
                "document.capability-repeated",
                line=entry.line,
                params={"capability": capability, "first": seen[capability]},
            )
        )
    else:
        seen[capability] = entry.line
    if caps.is_channel(capability) and not entry.links_with("hub"):
        out.append(
            finding(
                "document.channel-hub-missing",
                line=entry.line,
                params={"name": caps.display_name(capability), "loc": entry.loc},
            )
        )


def _outside_interval(
    doc: Document, entry: Entry, value: str, name: str, out: list[Finding]
) -> None:
    bounds = f'from="{doc.md.get("from")}"'
    if "until" in doc.md:
        bounds += f' until="{doc.md["until"]}"'
    out.append(
        finding(
            "document.datetime-outside-interval",
            line=entry.line,
            params={"value": value, "name": name, "bounds": bounds},
        )
    )


def _change_section(capability: str | None) -> str:
    if capability == caps.CHANGE_NOTIFICATION:
        return "change-notification 1.0.1 §3"
    if capability == caps.CHANGEDUMP_MANIFEST:
        return "core 1.1 §13.2"
    return "core 1.1 §12.1"


def _check_loc(loc: str | None, line: int | None, out: list[Finding]) -> None:
    if loc is None or not loc.strip():
        out.append(
            finding(
                "document.loc-missing",
                line=line,
                params={},
            )
        )
        return
    if len(loc) > MAX_LOC_LENGTH:
        out.append(
            finding(
                "document.loc-too-long",
                line=line,
                params={"length": len(loc), "limit": MAX_LOC_LENGTH},
            )
        )
    if _SCHEME(loc) is None:
        out.append(
            finding(
                "document.loc-not-absolute",
                line=line,
                params={"loc": loc[:200]},
            )
        )


def _capability_not_allowed(
    value: str, name: str, allowed: frozenset[str], line: int | None, out: list[Finding]
) -> None:
    params: dict[str, object] = {
        "capability": value,
        "name": name,
        "choices": none_if_empty(", ".join(sorted(allowed))),
    }
    hinted = index_capability_finding("document.entry-capability-not-allowed", value, line, params)
    out.append(
        hinted
        or finding(
            "document.entry-capability-not-allowed",
            line=line,
            params=params,
        )
    )


_Reader = Callable[[Entry], str] | None
_BulkPlan = tuple[_Reader, _Reader, _Reader, bool]


def _bulk_plan(layout: MdLayout) -> _BulkPlan:
    """Readers of hash, length and type for entries of this layout (None: absent), and
    whether they are all it has (nothing else to check on such an rs:md)."""
    at = [layout.get(name) for name in ("hash", "length", "type")]
    read = [None if index is None else md_reader(index) for index in at]
    return read[0], read[1], read[2], len(layout) == sum(1 for index in at if index is not None)


def _check_entry_times(
    entry: Entry, name: str, allowed: frozenset[str], judged: bool, out: list[Finding]
) -> None:
    md = entry.md
    line = entry.line
    check_time_attributes(md, place("entry-md"), line, out)
    if judged:
        unused = sorted(set(md) & (_ALL_TIMES - allowed))
        if unused:
            out.append(
                finding(
                    "document.entry-time-not-used",
                    line=line,
                    params={
                        "name": name,
                        "unused": and_list(unused),
                        "allowed": "/".join(sorted(allowed)),
                    },
                    variant="" if allowed else "remove",
                )
            )
