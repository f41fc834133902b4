"""Periods written as the fleet file writes them: ``"20s"``, ``"15m"``, ``"1h"``, ``"2d"``.

One unit per value, no fractions: a period is read by people scanning a file of hundreds
of Sources, and ``"90m"`` says what ``"1.5h"`` or ``"1h30m"`` would, with one shape to check.
"""

from __future__ import annotations

import re

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_SHAPE = re.compile(r"([1-9][0-9]{0,6})([smhd])")


def parse_duration(value: str) -> int | None:
    """Seconds of a duration such as ``"15m"``, or None when ``value`` has another shape."""
    matched = _SHAPE.fullmatch(value.strip())
    if matched is None:
        return None
    return int(matched.group(1)) * UNITS[matched.group(2)]


def format_duration(seconds: int) -> str:
    """The shortest whole-unit form of ``seconds`` (``3600`` -> ``"1h"``), as written."""
    for unit in ("d", "h", "m"):
        if seconds % UNITS[unit] == 0:
            return f"{seconds // UNITS[unit]}{unit}"
    return f"{seconds}s"
