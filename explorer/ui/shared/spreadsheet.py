"""CSV the window writes for spreadsheets: text from the network must never run there."""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: str) -> str:
    """``value``, prefixed with ' when it starts like a formula (a hostile loc or topic
    would otherwise be run by the spreadsheet), so it is shown as text."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value
