"""Store records for tests: one builder, so a new ``NotificationRecord`` field is added
in one place. Every field can be overridden by keyword."""

from __future__ import annotations

import time
from typing import Any

from explorer.net.store.records import NotificationRecord


def notification_record(n: int = 0, **fields: Any) -> NotificationRecord:
    """A stored-notification row: subscription ``sub``, topic ``http://t/``, received now,
    a valid signature and a body unique to ``n``, unless ``fields`` say otherwise."""
    values: dict[str, Any] = {
        "subscription_id": "sub",
        "topic": "http://t/",
        "received": time.time(),
        "status": "notification",
        "signature": "valid",
        "body": f"<urlset n='{n}'/>".encode(),
        "headers": [],
    }
    values.update(fields)
    return NotificationRecord(**values)
