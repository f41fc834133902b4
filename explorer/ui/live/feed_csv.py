"""The live feed as CSV, one notification per row, for a spreadsheet or a ticket."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from explorer.net.live.subscriber_events import iso_time
from explorer.ui.live.feed_model import FeedItem
from explorer.ui.shared.spreadsheet import safe_cell

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


def feed_csv(items: Iterable[FeedItem]) -> str:
    """The rows, with a header. A cell from the network that starts like a formula is
    prefixed with ' so a spreadsheet shows it rather than runs it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(FEED_CSV_COLUMNS)
    for item in items:
        cells = (
            iso_time(item.time),
            item.kind,
            item.topic,
            "" if item.notification_id is None else str(item.notification_id),
            str(item.entry_count),
            *(str(item.changes.get(change, 0)) for change in ("created", "updated", "deleted")),
            item.signature or "",
            item.reason or "",
            " ".join(finding.code for finding in item.findings),
        )
        writer.writerow(safe_cell(cell) for cell in cells)
    return out.getvalue()
