"""Forward chronological order (core 1.1 §12.1, §12.2, §13.1, §13.2; change-notification §3).

Only the first entry that is earlier than one before it is reported: after one
misplaced entry every later comparison is noise, and one line is what a librarian
needs to find the fault.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import Document, Entry
from explorer.core.rules import capabilities as caps
from explorer.core.rules.context import ValidationContext
from explorer.core.rules.datetimes import parse_w3c_datetime


def _change_time(entry: Entry) -> str | None:
    return entry.md.get("datetime")


def _lastmod(entry: Entry) -> str | None:
    return entry.lastmod


def _interval_start(entry: Entry) -> str | None:
    md = entry.md
    return md.get("from") or md.get("until") or entry.lastmod


def _order_rule(doc: Document) -> tuple[str, object, str] | None:
    """(code, key function, what is compared) for documents with an order rule."""
    capability = doc.capability
    if doc.is_index:
        if capability == caps.CHANGELIST:
            return "document.index-out-of-order", _interval_start, "from"
        return None
    if capability == caps.CHANGELIST:
        if not any("datetime" in entry.md_layout for entry in doc.entries):
            # Without any datetime the only time of a change is its <lastmod> (as 1.0-era
            # publishers write Change Lists): newest-first lists must not go unnoticed.
            return "document.out-of-order-by-lastmod", _lastmod, "lastmod"
        return "document.out-of-order", _change_time, "datetime"
    if capability == caps.CHANGEDUMP_MANIFEST:
        return "document.manifest-out-of-order", _change_time, "datetime"
    if capability == caps.CHANGE_NOTIFICATION:
        return "document.notification-out-of-order", _change_time, "datetime"
    if capability == caps.CHANGEDUMP:
        return "document.change-dump-out-of-order", _interval_start, "from"
    return None


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    if doc.is_index and doc.capability == caps.CHANGELIST:
        _check_open_lists(doc, out)
    rule = _order_rule(doc)
    if rule is None:
        return
    code, key, compared = rule
    latest: float | None = None
    latest_entry: Entry | None = None
    latest_raw = ""
    for entry in doc.entries:
        raw = key(entry)  # type: ignore[operator]
        if raw is None:
            continue
        moment = parse_w3c_datetime(raw)
        if moment is None:
            continue
        if latest is not None and moment < latest:
            assert latest_entry is not None
            name = caps.display_name(doc.capability, doc.is_index)
            out.append(
                finding(
                    code,
                    line=entry.line,
                    params={
                        "name": name,
                        "loc": entry.loc,
                        "compared": compared,
                        "value": raw,
                        "previous_line": latest_entry.line,
                        "previous_loc": latest_entry.loc,
                        "previous_value": latest_raw,
                    },
                )
            )
            return
        latest, latest_entry, latest_raw = moment, entry, raw


def _check_open_lists(doc: Document, out: list[Finding]) -> None:
    """Closed Change Lists carry until, the open one does not (core 1.1 §12.2), and since
    the index is chronological only its last Change List can still be open."""
    entries = doc.entries
    for entry in entries[:-1]:
        md = entry.md
        if "from" in md and "until" not in md:
            out.append(
                finding(
                    "document.open-list-not-last",
                    line=entry.line,
                    params={"loc": entry.loc},
                )
            )
            return
