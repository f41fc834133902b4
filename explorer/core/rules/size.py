"""Sitemap limits adopted by ResourceSync: 50,000 entries and 50 MB per document (core 1.1 §7).

A warning comes early (above 90 %) so that a Source splits a growing list into an
index before it breaks the limit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.rules.context import ValidationContext

MAX_ENTRIES = 50_000
MAX_BYTES = 50 * 1024 * 1024
WARN_RATIO = 0.9


@dataclass(frozen=True, slots=True)
class _Limit:
    over_code: str
    near_code: str
    limit: int
    measure: Callable[[Document], int]


_LIMITS = (
    _Limit(
        "document.too-many-entries",
        "document.near-entry-limit",
        MAX_ENTRIES,
        lambda doc: len(doc.entries) + doc.unread_entries,
    ),
    _Limit(
        "document.too-large",
        "document.near-size-limit",
        MAX_BYTES,
        lambda doc: doc.size,
    ),
)


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    for limit in _LIMITS:
        value = limit.measure(doc)
        if value > limit.limit:
            out.append(
                finding(
                    limit.over_code,
                    line=doc.line,
                    params=_measured(value, limit.limit),
                )
            )
        elif value > limit.limit * WARN_RATIO:
            out.append(
                finding(
                    limit.near_code,
                    line=doc.line,
                    params=_measured(value, limit.limit),
                )
            )


def _measured(value: int, limit: int) -> dict[str, object]:
    """The params of a limit's findings: entries count by ``value``, sizes by ``megabytes``."""
    return {"value": value, "limit": limit, "megabytes": value / (1024 * 1024)}
