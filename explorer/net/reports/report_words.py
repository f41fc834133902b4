"""Words the hand-over report and CSV share."""

from __future__ import annotations

from explorer.core import catalog
from explorer.core.findings import Severity


def severity_group(severity: Severity, lang: str) -> str:
    """Required, Recommended, Informational: the grades repository managers already read
    (errors are what the spec says must be, warnings what it says should be)."""
    return catalog.text(f"report.group-{severity}", lang)


_NOUNS = {
    "documents": "counts.document",
    "channels": "counts.channel",
    "errors": "counts.error",
    "warnings": "counts.warning",
    "notes": "counts.note",
}


def counted_totals(totals: dict[str, int], lang: str) -> dict[str, str]:
    """``CrawlResult.totals`` (or a part of it) as the summary lines' parameters, each
    count said with its noun: "1 warning", "2 errors"."""
    return {name: catalog.counted(_NOUNS[name], count, lang) for name, count in totals.items()}
