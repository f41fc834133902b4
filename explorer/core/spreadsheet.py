"""CSV for spreadsheets: text from the network must be shown there, never run.

A cell that begins with ``=``, ``+``, ``-`` or ``@`` (or their full-width forms, which
spreadsheet programs in Japanese locales read as the same operators), a tab or a carriage
return is taken for a formula by Excel, LibreOffice and Google Sheets: a hostile ``loc``,
topic or hub answer could then run one (CSV injection). As OWASP advises, such a cell is
prefixed with ``'``, which the spreadsheet shows as text. Every CSV the explorer writes
goes through ``csv_writer`` (the CLI's exports, the window's and the reports), so no
writer can forget it.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any, Protocol

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
"""ASCII ``= + - @``, tab, CR, and full-width ＝ ＋ － ＠."""


class _Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def safe_cell(value: object) -> object:
    """``value``, prefixed with ' when it is text that starts like a formula; numbers the
    explorer itself counted stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeCsvWriter:
    """``csv.writer`` with CRLF line ends (RFC 4180) and every cell made safe."""

    def __init__(self, stream: _Writable) -> None:
        self._writer = csv.writer(stream, lineterminator="\r\n")

    def writerow(self, cells: Iterable[object]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in cells])


def csv_writer(stream: _Writable) -> SafeCsvWriter:
    """The one way the explorer writes CSV rows to ``stream`` (a text stream opened with
    ``newline=""``, or ``io.StringIO``)."""
    return SafeCsvWriter(stream)
