"""A snapshot comparison as flat rows, for a table or a file.

``Comparison`` (``explorer.net.history.snapshot_compare``) keeps its results in SQLite and reads
them back in order; here each result becomes rows of one shape: section, kind,
capability, key, field, the A (earlier) and B (later) value, and the spec section. A
changed document or entry gives one row per changed field, so the two snapshots' values
stand side by side. The rows are a generator: a window takes the first few thousand, an
export writes them all without holding them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import astuple, dataclass, fields
from typing import TextIO

from explorer.core.spreadsheet import csv_writer
from explorer.net.history.snapshot_compare import Changed, Comparison

DOCUMENT, ENTRY, FINDING, UNANNOUNCED = "document", "entry", "finding", "unannounced"
SECTIONS = (DOCUMENT, ENTRY, FINDING, UNANNOUNCED)


@dataclass(frozen=True, slots=True)
class ComparisonRow:
    section: str  # one of SECTIONS
    kind: str  # added, removed, changed (documents, entries); new, fixed (findings); unannounced
    capability: str
    key: str  # a document URL, an entry's loc, a finding's subject
    field: str  # the changed field, or the finding's code
    a: str  # the value in the earlier snapshot
    b: str  # the value in the later one
    spec: str = ""


COLUMNS = tuple(item.name for item in fields(ComparisonRow))


def comparison_rows(comparison: Comparison) -> Iterator[ComparisonRow]:
    """Every difference: documents, then entries per capability, findings, and the
    changes the Change Lists did not announce (core 1.1 §12.1)."""
    for change in comparison.documents():
        yield from _changed_rows(DOCUMENT, change)
    for capability in sorted(comparison.entry_counts()):
        for change in comparison.entries(capability):
            yield from _changed_rows(ENTRY, change)
    for item in comparison.findings():
        before, after = (item.message, "") if item.kind == "fixed" else ("", item.message)
        yield ComparisonRow(
            FINDING, item.kind, "", item.subject, item.code, before, after, item.spec or ""
        )
    for unannounced in comparison.unannounced():
        loc = str((unannounced.params or {}).get("loc", unannounced.url or ""))
        yield ComparisonRow(
            UNANNOUNCED,
            UNANNOUNCED,
            "",
            loc,
            unannounced.code,
            "",
            unannounced.message,
            unannounced.spec or "",
        )


def _changed_rows(section: str, change: Changed) -> Iterator[ComparisonRow]:
    capability = change.capability or ""
    if not change.fields:
        yield ComparisonRow(section, change.kind, capability, change.key, "", "", "")
        return
    for name, (old, new) in change.fields.items():
        yield ComparisonRow(
            section, change.kind, capability, change.key, name, _text(old), _text(new)
        )


def _text(value: object) -> str:
    return "" if value is None else str(value)


def write_rows(rows: Iterator[ComparisonRow], out: TextIO, as_json: bool) -> int:
    """Write ``rows`` as CSV (a header line, then one row each; a cell that starts like a
    formula is prefixed with ', as in the inspection report) or as a JSON array of
    objects, streamed; returns how many rows were written."""
    count = 0
    if as_json:
        out.write("[")
        for row in rows:
            out.write(
                ("\n" if not count else ",\n")
                + json.dumps(dict(zip(COLUMNS, astuple(row), strict=True)))
            )
            count += 1
        out.write("\n]\n")
        return count
    out.write("\ufeff")  # spreadsheet programs then read Japanese correctly
    writer = csv_writer(out)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(str(value) for value in astuple(row))
        count += 1
    return count
