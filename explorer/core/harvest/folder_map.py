"""``URL_PREFIX=DIR`` mappings: where a Destination keeps the resources under a URL prefix.

``audit`` and ``plan`` take them as ``--map`` options, the window's Audit and Plan views as
lines of a text box; one parser gives both the same reading and the same refusal, said by a
catalog line so the window shows it in its language. Whether DIR is a folder is for the
caller to check: that is a question for the disk, and this module does no I/O.
"""

from __future__ import annotations

from explorer.core.said_error import SaidError

HTTP_SCHEMES = ("http://", "https://")


class MappingError(SaidError, ValueError):
    """A mapping that is not ``URL_PREFIX=DIR`` with an http or https prefix."""


def parse_mapping(value: str) -> tuple[str, str]:
    """``URL_PREFIX=DIR`` as (prefix, folder), both stripped; the first ``=`` splits them
    (a folder may hold one, a URL prefix's query may not be mapped)."""
    prefix, sep, folder = value.strip().partition("=")
    prefix, folder = prefix.strip(), folder.strip()
    if not sep or not folder or not prefix.lower().startswith(HTTP_SCHEMES):
        raise MappingError("audit.not-a-mapping", value=value.strip())
    return prefix, folder


def parse_mappings(text: str) -> list[tuple[str, str]]:
    """One mapping a line, blank lines skipped, in their order (the first prefix that
    matches a URL wins, as with repeated ``--map``)."""
    return [parse_mapping(line) for line in text.splitlines() if line.strip()]
