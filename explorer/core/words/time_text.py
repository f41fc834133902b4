"""POSIX seconds said as a W3C Datetime, the form the Source's own lists use."""

from __future__ import annotations

from datetime import UTC, datetime


def w3c_datetime(moment: datetime) -> str:
    """UTC W3C datetime with seconds precision (core 1.1 §7). Kept here, not with the
    payload templates that also use it: saying a time must not load the templates and the
    serializer (lxml) behind them, as ``compare`` of two stored snapshots did."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def seconds_text(seconds: float) -> str:
    """``2024-03-01T10:00:00Z``: UTC, to the second (core 1.1 §7)."""
    return w3c_datetime(datetime.fromtimestamp(seconds, UTC))
