"""Counts and durations in plain English: "1 error", "2 warnings", "10 days left".

Kept in one place so the later translation (Qt's ``%n`` plural forms) has one place
to change.
"""

from __future__ import annotations

from collections.abc import Mapping

from explorer.core.findings import Severity


def count_text(count: int, singular: str, plural: str | None = None) -> str:
    """``1 error``, ``0 errors``, ``1,234 entries`` (``plural`` defaults to ``singular`` + s)."""
    word = singular if count == 1 else (plural or f"{singular}s")
    return f"{count:,} {word}"


def severity_counts(counts: Mapping[Severity, int], notes: bool = True) -> str:
    """``1 error, 2 warnings, 1 note`` (notes are the INFO findings)."""
    parts = [
        count_text(counts.get(Severity.ERROR, 0), "error"),
        count_text(counts.get(Severity.WARNING, 0), "warning"),
    ]
    if notes:
        parts.append(count_text(counts.get(Severity.INFO, 0), "note"))
    return ", ".join(parts)


def duration_text(seconds: float) -> str:
    """A coarse countdown that reads at a glance: ``9 days 23 h``, ``3 h 05 min``,
    ``4 min 10 s``, ``12 s``."""
    left = max(0, int(seconds))
    days, rest = divmod(left, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{count_text(days, 'day')} {hours} h"
    if hours:
        return f"{hours} h {minutes:02d} min"
    if minutes:
        return f"{minutes} min {secs:02d} s"
    return f"{secs} s"
