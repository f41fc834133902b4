"""``inspect --report FILE.csv``: one finding per row, for a spreadsheet or a ticket."""

from __future__ import annotations

import io

from explorer.core.spreadsheet import csv_writer
from explorer.core.words.messages import ENGLISH, render_message, render_spec
from explorer.net.reports.report_words import severity_group
from explorer.net.source.inspection import Inspection, located_findings

COLUMNS = ("group", "severity", "code", "document", "channel", "line", "column", "spec", "message")


def report_csv(inspection: Inspection, lang: str = ENGLISH) -> bytes:
    """UTF-8 with a byte-order mark, so spreadsheet programs read Japanese correctly.
    A cell that starts like a formula is neutralised by ``csv_writer`` (a hostile loc
    must not run)."""
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(COLUMNS)
    for place in located_findings(inspection.result):
        item = place.finding
        writer.writerow(
            (
                severity_group(item.severity, lang),
                str(item.severity),
                item.code,
                place.document or "",
                place.channel or "",
                "" if item.line is None else str(item.line),
                "" if item.column is None else str(item.column),
                render_spec(item.spec, lang) or "",
                render_message(item, lang),
            )
        )
    return ("\ufeff" + out.getvalue()).encode("utf-8")
