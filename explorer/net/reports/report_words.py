"""Words the hand-over report and CSV share."""

from __future__ import annotations

from explorer.core import catalog
from explorer.core.findings import Severity


def severity_group(severity: Severity, lang: str) -> str:
    """Required, Recommended, Informational: the grades repository managers already read
    (errors are what the spec says must be, warnings what it says should be)."""
    return catalog.text(f"report.group-{severity}", lang)
