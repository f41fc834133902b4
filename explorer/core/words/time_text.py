"""POSIX seconds said as a W3C Datetime, the form the Source's own lists use."""

from __future__ import annotations

from datetime import UTC, datetime

from explorer.core.push.payload_templates import w3c_datetime


def seconds_text(seconds: float) -> str:
    """``2024-03-01T10:00:00Z``: UTC, to the second (core 1.1 §7)."""
    return w3c_datetime(datetime.fromtimestamp(seconds, UTC))
