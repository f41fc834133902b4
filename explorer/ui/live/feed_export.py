"""The live feed's visible rows as a file, one notification per row or line: JSON lines
for scripts, CSV for a spreadsheet or a ticket. Its formats are an ``ExportRegistry`` like
every export's (``explorer/net/reports/export_formats.py``): the file name's ending chooses, and
the Save dialog lists them."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import IO

from explorer.core.spreadsheet import csv_writer
from explorer.net.live.subscriber_events import iso_time
from explorer.net.reports.export_formats import ExportFormat, ExportRegistry
from explorer.ui.live.feed_model import FeedItem

FEED_CSV_COLUMNS = (
    "time",
    "kind",
    "topic",
    "notification_id",
    "entries",
    "created",
    "updated",
    "deleted",
    "signature",
    "reason",
    "findings",
)


def feed_csv(items: Iterable[FeedItem], out: IO[str]) -> int:
    """The rows, with a header; a cell from the network that starts like a formula is
    neutralised by ``csv_writer`` so a spreadsheet shows it rather than runs it."""
    writer = csv_writer(out)
    writer.writerow(FEED_CSV_COLUMNS)
    count = 0
    for item in items:
        writer.writerow(
            (
                iso_time(item.time),
                item.kind,
                item.topic,
                "" if item.notification_id is None else str(item.notification_id),
                str(item.entry_count),
                *(str(item.changes.get(change, 0)) for change in ("created", "updated", "deleted")),
                item.signature or "",
                str(item.reason or ""),  # its English: the file is for scripts, as the JSON
                " ".join(finding.code for finding in item.findings),
            )
        )
        count += 1
    return count


def feed_jsonl(items: Iterable[FeedItem], out: IO[str]) -> int:
    """One JSON object per row, the diff and findings included."""
    count = 0
    for item in items:
        row = {
            "time": iso_time(item.time),
            "kind": item.kind,
            "topic": item.topic,
            "notification_id": item.notification_id,
            "entries": item.entry_count,
            "changes": item.changes,
            "reason": str(item.reason) if item.reason is not None else None,
            "diff": item.diff,
            "findings": [f.to_json() for f in item.findings],
        }
        out.write(json.dumps(row) + "\n")
        count += 1
    return count


FeedWriter = Callable[[Iterable[FeedItem], IO[str]], int]

FEED_FORMATS: ExportRegistry[FeedWriter] = ExportRegistry(
    (
        ExportFormat("jsonl", (".jsonl",), "export.title-jsonl", feed_jsonl),
        ExportFormat("csv", (".csv",), "export.title-csv", feed_csv),
    ),
    default="jsonl",
)
"""The feed's Export…: the visible rows."""
