"""Lexical checks the consumers apply to text values: XML Schema's ``date``, ``dateTime`` and
``decimal`` (what ``xmllint --schema`` accepts in the sitemaps.org schemas), and the W3C
datetime forms the ResourceSync reference client accepts (its ``str_to_datetime``).

Written out here rather than borrowed from a library: the point is to predict exactly what
each consumer accepts, and neither Python's ``datetime.fromisoformat`` nor ``dateutil``
draws the same lines.
"""

from __future__ import annotations

import calendar
import datetime
import functools
import re

_XSD_DATE = re.compile(r"(-?)(\d{4,})-(\d\d)-(\d\d)(Z|[+-]\d\d:\d\d)?")
_XSD_DATETIME = re.compile(
    r"(-?)(\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d(?:\.\d+)?)(Z|[+-]\d\d:\d\d)?"
)
_XSD_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)")
_COLLAPSE = re.compile(r"[ \t\r\n]+")


_WHITESPACE = re.compile(r"[\t\r\n]|  |^ | $")


def collapse(value: str) -> str:
    """XML Schema's whiteSpace="collapse": runs of whitespace to one space, ends trimmed."""
    if _WHITESPACE.search(value) is None:  # the usual case: nothing to collapse
        return value
    return _COLLAPSE.sub(" ", value).strip(" ")


def _valid_date(year: str, month: str, day: str) -> bool:
    if len(year) > 4 and year.startswith("0"):
        return False
    number = int(year)
    if number == 0 or not 1 <= int(month) <= 12:
        return False
    days = calendar.monthrange(min(number, 9999), int(month))[1]
    return 1 <= int(day) <= days


def _valid_zone(zone: str | None) -> bool:
    if not zone or zone == "Z":
        return True
    hours, minutes = int(zone[1:3]), int(zone[4:6])
    return minutes <= 59 and (hours < 14 or (hours == 14 and minutes == 0))


def _valid_time(hours: int, minutes: int, seconds: float) -> bool:
    """XML Schema 1.0 allows 24:00:00, the end of a day, besides 00:00:00 to 23:59:59.x."""
    if hours == 24:
        return minutes == 0 and seconds == 0
    return hours <= 23 and minutes <= 59 and seconds < 60


@functools.lru_cache(maxsize=4096)  # a list repeats its dates many times
def is_xsd_date_or_datetime(value: str) -> bool:
    """True when ``value`` (already collapsed) is an ``xsd:date`` or an ``xsd:dateTime``."""
    date = _XSD_DATE.fullmatch(value)
    if date is not None:
        return _valid_date(date[2], date[3], date[4]) and _valid_zone(date[5])
    stamp = _XSD_DATETIME.fullmatch(value)
    if stamp is None:
        return False
    return (
        _valid_date(stamp[2], stamp[3], stamp[4])
        and _valid_time(int(stamp[5]), int(stamp[6]), float(stamp[7]))
        and _valid_zone(stamp[8])
    )


@functools.lru_cache(maxsize=4096)
def is_xsd_date_or_datetime_text(raw: str) -> bool:
    """``is_xsd_date_or_datetime`` on an element's text as written (collapsed here): a list
    repeats its lastmod texts, so the collapse is cached with the verdict."""
    return is_xsd_date_or_datetime(collapse(raw))


def xsd_decimal(value: str) -> float | None:
    """The number an ``xsd:decimal`` (already collapsed) stands for, or None if it is not one."""
    return float(value) if _XSD_DECIMAL.fullmatch(value) else None


# The reference client's steps, in its order: a bare date gets a midnight UTC time, a
# fraction of a second is cut out, then one form with a zone designator remains. Its
# patterns end in ``$``, which also matches before a final newline.
_W3C_DATE = re.compile(r"\d\d\d\d(\-\d\d(\-\d\d)?)?$")
_W3C_FRACTION = re.compile(r"(.*\d{2}:\d{2}:\d{2})(\.\d+)([^\d].*)?$")
_W3C_FULL = re.compile(r"(\d\d\d\d\-\d\d\-\d\dT\d\d:\d\d(:\d\d)?)(Z|([+-])(\d\d):(\d\d))$")


@functools.lru_cache(maxsize=4096)
def is_w3c_datetime_for_resync(value: str) -> bool:
    """True when the ResourceSync reference client (resync 2.0.1) accepts ``value`` as a
    W3C datetime; it refuses a document holding one it does not."""
    if value == "":
        return False
    date = _W3C_DATE.match(value)
    if date is not None:
        if date.group(1) is None:
            value += "-01-01"
        elif date.group(2) is None:
            value += "-01"
        value += "T00:00:00Z"
    fraction = _W3C_FRACTION.match(value)
    if fraction is not None:
        value = fraction.group(1) + (fraction.group(3) or "")
    full = _W3C_FULL.match(value)
    if full is None:
        return False
    stamp = full.group(1)
    try:
        datetime.datetime(
            int(stamp[0:4]),
            int(stamp[5:7]),
            int(stamp[8:10]),
            int(stamp[11:13]),
            int(stamp[14:16]),
            int(stamp[17:19]) if len(stamp) > 16 else 0,
        )
    except ValueError:
        return False
    return full.group(3) == "Z" or (int(full.group(5)) <= 23 and int(full.group(6)) <= 59)
