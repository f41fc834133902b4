"""The discovery routes of core 1.1 §6.3, apart from ``discovery`` (which loads the HTTP
client and the parser): ``inspect --route`` offers them as its choices, and parsing the
arguments must not load what only a crawl uses."""

from __future__ import annotations

from enum import StrEnum


class Route(StrEnum):
    DIRECT = "direct"
    LINK_HEADER = "link-header"
    HTML_LINK = "html-link"
    WELL_KNOWN = "well-known"
    ROBOTS = "robots"


ROUTE_ORDER = (Route.DIRECT, Route.LINK_HEADER, Route.HTML_LINK, Route.WELL_KNOWN, Route.ROBOTS)
"""The order routes are tried and reported in."""
