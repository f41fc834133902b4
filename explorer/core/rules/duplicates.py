"""A resource appears once in a Resource List (core 1.1 §10.1: one <url> per resource).

A snapshot gives each resource one state; a second entry for the same URI leaves a
Destination with two conflicting states. Change documents may repeat a URI (one entry
per change), so only Resource Lists (not their indexes) are checked.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.rules import capabilities as caps
from explorer.core.rules.context import ValidationContext


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    if doc.capability != caps.RESOURCELIST or doc.is_index:
        return
    locs = [entry.loc for entry in doc.entries]
    if len(set(locs)) == len(locs):
        return
    first_line: dict[str, int | None] = {}
    setdefault = first_line.setdefault
    for entry in doc.entries:
        loc = entry.loc
        if loc is None:
            continue
        known = len(first_line)
        first = setdefault(loc, entry.line)
        if len(first_line) == known:
            out.append(
                finding(
                    "document.duplicate-loc",
                    line=entry.line,
                    params={"loc": loc, "first": first},
                )
            )
