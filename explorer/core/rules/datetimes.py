"""W3C Datetime (the profile of ISO 8601 the core spec prescribes, core 1.1 §7).

Values are turned into POSIX seconds so that at/completed, from/until and entry
datetimes can be compared across time zones. Parses are cached because the same
strings repeat across a document (from, until, batches of identical datetimes).
"""

from __future__ import annotations

import re

from explorer.core.words.messages import Phrase, said

# YYYY, YYYY-MM, YYYY-MM-DD, or a date with hh:mm[:ss[.s]] and a mandatory zone.
_W3C = re.compile(
    r"(\d{4})(?:-(\d{2})(?:-(\d{2})"
    r"(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2}))?)?)?"
)
# The common, certainly valid shape (days 01-28 only), checked without building a datetime.
_FAST = re.compile(
    r"\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])"
    r"(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?"
    r"(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?"
).fullmatch

_CACHE_LIMIT = 100_000
_cache: dict[str, float | None] = {}

EXAMPLE = "2013-01-03T09:00:00Z"


def _parse(value: str) -> float | None:
    match = _W3C.fullmatch(value)
    if match is None:
        return None
    # here, not at the top: most lists' datetimes pass ``_FAST`` and never get here, and
    # importing ``datetime`` was 2 % of a one-file validate's start
    from datetime import UTC, datetime, timedelta, timezone

    year, month, day, hour, minute, second, fraction, zone = match.groups()
    try:
        if zone is None or zone == "Z":
            tz = UTC
        else:
            hours, minutes = int(zone[1:3]), int(zone[4:6])
            if hours > 23 or minutes > 59:
                return None
            offset = timedelta(hours=hours, minutes=minutes)
            tz = timezone(-offset if zone[0] == "-" else offset)
        moment = datetime(
            int(year),
            int(month or 1),
            int(day or 1),
            int(hour or 0),
            int(minute or 0),
            int(second or 0),
            tzinfo=tz,
        )
    except ValueError:
        return None
    seconds = moment.timestamp()
    if fraction:
        seconds += float("0." + fraction)
    return seconds


def parse_w3c_datetime(value: str) -> float | None:
    """POSIX seconds for a W3C Datetime, or None when the value is not one."""
    try:
        return _cache[value]
    except KeyError:
        pass
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    result = _cache[value] = _parse(value.strip())
    return result


def is_w3c_datetime(value: str) -> bool:
    """True for a syntactically and calendrically valid W3C Datetime."""
    return _FAST(value) is not None or parse_w3c_datetime(value) is not None


def explain_invalid(value: str) -> str:
    """A short hint, in English, saying how to fix a value that failed ``is_w3c_datetime``."""
    return datetime_hint(value).english


def datetime_hint(value: str) -> Phrase:
    """``explain_invalid`` as a catalog phrase, for a finding's params: each language says
    the hint in its own words."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?", value.strip()):
        return said("document.datetime-hint.no-zone", example=EXAMPLE)
    if _W3C.fullmatch(value.strip()):
        return said("document.datetime-hint.out-of-range")
    return said("document.datetime-hint.form", example=EXAMPLE)
