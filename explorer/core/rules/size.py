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
_SPLIT = "split it into several documents under an index (core 1.1 §10.2, §12.2)"


@dataclass(frozen=True, slots=True)
class _Limit:
    over_code: str
    near_code: str
    limit: int
    limit_text: str
    measure: Callable[[Document], int]
    describe: Callable[[int], str]  # "has 60,000 entries", "is 55.0 MB uncompressed"


_LIMITS = (
    _Limit(
        "document.too-many-entries",
        "document.near-entry-limit",
        MAX_ENTRIES,
        f"{MAX_ENTRIES:,}",
        lambda doc: len(doc.entries) + doc.unread_entries,
        lambda n: f"has {n:,} entries",
    ),
    _Limit(
        "document.too-large",
        "document.near-size-limit",
        MAX_BYTES,
        "50 MB",
        lambda doc: doc.size,
        lambda n: f"is {n / (1024 * 1024):.1f} MB uncompressed",
    ),
)


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    for limit in _LIMITS:
        value = limit.measure(doc)
        if value > limit.limit:
            out.append(
                finding(
                    limit.over_code,
                    f"The document {limit.describe(value)}; the limit is {limit.limit_text}. "
                    f"{_SPLIT.capitalize()}.",
                    line=doc.line,
                    params={
                        "value": value,
                        "limit": limit.limit,
                        "megabytes": value / (1024 * 1024),
                    },
                )
            )
        elif value > limit.limit * WARN_RATIO:
            out.append(
                finding(
                    limit.near_code,
                    f"The document {limit.describe(value)}, close to the {limit.limit_text} "
                    f"limit; plan to {_SPLIT}.",
                    line=doc.line,
                    params={
                        "value": value,
                        "limit": limit.limit,
                        "megabytes": value / (1024 * 1024),
                    },
                )
            )
