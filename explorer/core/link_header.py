"""HTTP Link header parsing (RFC 8288), enough for WebSub discovery and deliveries.

A header may hold several comma-separated links, each ``<uri>; param=value; ...``;
``rel`` may list several space-separated relation types. Commas inside ``<...>`` or
quoted strings do not split links.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urljoin

# One link: <target> followed by ;-separated parameters whose values may be quoted
# (commas inside quotes or angle brackets do not end the link).
_LINK = re.compile(r'<([^>]*)>((?:\s*;\s*[^;,=\s]+\s*(?:=\s*(?:"(?:[^"\\]|\\.)*"|[^;,"]*))?)*)')
_PARAM = re.compile(r';\s*([^;,=\s]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,"]*))?')


def parse_link_header(
    values: str | Iterable[str], base: str | None = None
) -> list[tuple[str, str]]:
    """(target, rel) pairs from one or more Link header values, in order.

    Relative targets are resolved against ``base`` when given. A link with several
    relation types yields one pair per type. Unparseable pieces are skipped.
    """
    if isinstance(values, str):
        values = [values]
    pairs: list[tuple[str, str]] = []
    for value in values:
        for match in _LINK.finditer(value):
            target = match.group(1).strip()
            for name, raw in _PARAM.findall(match.group(2)):
                if name.lower() != "rel":
                    continue
                if base:
                    target = urljoin(base, target)
                for rel in raw.strip().strip('"').split():
                    pairs.append((target, rel.lower()))
    return pairs


def links_by_rel(values: str | Iterable[str], base: str | None = None) -> dict[str, list[str]]:
    """Targets grouped by relation type."""
    grouped: dict[str, list[str]] = {}
    for target, rel in parse_link_header(values, base):
        grouped.setdefault(rel, []).append(target)
    return grouped
