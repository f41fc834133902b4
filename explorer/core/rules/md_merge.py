"""An entry's change that sits in a second ``<rs:md>``: the fix is to merge, not to add.

The parser reads only an entry's first ``<rs:md>`` (core 1.1 §7) and notes a second one
that carries attributes the first lacks (``parse.entry-md-repeated``, variant "merge").
When the missing attribute is the change, "add the change" would send the publisher to
write what is already there; the message says to merge the two instead.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import Entry
from explorer.core.rules.phrases import loc_or_this_entry


def second_md_changes(parsed: list[Finding]) -> dict[int, int | None]:
    """Entry line → line of that entry's second rs:md, for entries whose second rs:md has
    the change the first lacks (one pass over the parser's findings per document)."""
    found: dict[int, int | None] = {}
    for item in parsed:
        if item.code == "parse.entry-md-repeated" and item.variant == "merge":
            params = item.params or {}
            entry_line = params.get("line")
            if isinstance(entry_line, int) and 'change="' in str(params.get("attributes", "")):
                found.setdefault(entry_line, item.line)
    return found


def change_in_second_md(entry: Entry, name: str, merges: dict[int, int | None]) -> Finding | None:
    """``document.change-missing`` saying "merge" when ``entry``'s change is in its second
    rs:md (``merges`` from ``second_md_changes``), else None."""
    if entry.line is None or entry.line not in merges:
        return None
    md_line = merges[entry.line]
    return finding(
        "document.change-missing",
        line=entry.line,
        params={"name": name, "md_line": md_line, "loc": loc_or_this_entry(entry.loc)},
        variant="merge",
    )
