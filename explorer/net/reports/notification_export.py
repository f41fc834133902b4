"""Stored notifications written out, one delivery per line or row: the writers behind
``export --format jsonl|csv`` (registered in ``export_formats.NOTIFICATION_FORMATS``).

Rejected deliveries (bad or missing signature) are written too, marked ``"status":
"rejected"``: the store keeps them for debugging.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Mapping
from typing import IO, Any

from explorer.core.spreadsheet import csv_writer
from explorer.net.live.subscriber_events import iso_time
from explorer.net.reports.evidence import NOTIFICATION_CSV_COLUMNS, notification_csv_row
from explorer.net.store.records import NotificationRecord

Subscriptions = Mapping[str, Mapping[str, Any]]
"""Stored subscriptions by id (for each delivery's hub)."""


def metadata(record: NotificationRecord, subscriptions: Subscriptions) -> dict[str, Any]:
    """What is known of a delivery, its body aside (``index.json`` of the xml form too)."""
    sub = subscriptions.get(record.subscription_id, {})
    return {
        "id": record.id,
        "subscription": record.subscription_id,
        "topic": record.topic,
        "hub": sub.get("hub"),
        "received": iso_time(record.received),
        "status": record.status,
        "signature": record.signature,
        "reason": str(record.reason) if record.reason is not None else None,  # its English
        "content_type": record.content_type,
        "headers": record.headers,
        "capability": record.capability,
        "from": record.from_time,
        "until": record.until_time,
        "summary": record.summary,
        "findings": [item.to_json() for item in record.findings],
    }


def notifications_jsonl(
    records: Iterable[NotificationRecord], subscriptions: Subscriptions, out: IO[str]
) -> int:
    """One object per delivery, the body as text (or ``body_base64`` when not UTF-8)."""
    count = 0
    for record in records:
        data = metadata(record, subscriptions)
        try:
            data["body"] = record.body.decode("utf-8")
        except UnicodeDecodeError:
            data["body_base64"] = base64.b64encode(record.body).decode("ascii")
        out.write(json.dumps(data) + "\n")
        count += 1
    return count


def notifications_csv(
    records: Iterable[NotificationRecord], subscriptions: Subscriptions, out: IO[str]
) -> int:
    """One row per delivery, the feed's columns."""
    writer = csv_writer(out)
    writer.writerow(NOTIFICATION_CSV_COLUMNS)
    count = 0
    for record in records:
        writer.writerow(
            notification_csv_row(record, subscriptions.get(record.subscription_id, {}).get("hub"))
        )
        count += 1
    return count
