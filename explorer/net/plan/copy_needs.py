"""What a Destination's local copy needs of the runs: the audit of the copy
(``explorer.net.history.audit``, resync's own rule) says which resources are to create or
to update; an incremental's resources that the copy already has the same are not needed.

Read once, streamed: the audit keeps its verdicts on disk, and only the incremental's
URLs (a Change List's worth) are held to match them against."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from explorer.core.audit_rules import Mapping, Verdict
from explorer.net.history.audit import audit
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl_budget import CrawlLimits


@dataclass(frozen=True, slots=True)
class CopyNeeds:
    """Resources the copy needs after the audit (to create and to update), and of an
    incremental's resources those the copy does not already have the same (None without
    an incremental run)."""

    after_audit: int
    of_incremental: int | None


async def copy_needs(
    url: str,
    fetcher: Fetcher,
    mappings: list[Mapping],
    incremental: Iterable[str] | None,
    limits: CrawlLimits | None = None,
) -> CopyNeeds:
    """Audit the copy under ``mappings`` against the Source at ``url``. Raises
    ``AuditError`` (its message names the cause) when no audit can be made."""
    report = await audit(url, fetcher, mappings, limits=limits)
    try:
        needed = report.counts[Verdict.CREATE] + report.counts[Verdict.UPDATE]
        wanted = set(incremental) if incremental is not None else None
        of_incremental = None
        if wanted is not None:
            of_incremental = sum(
                1
                for item in report.items()
                if item.verdict in (Verdict.CREATE, Verdict.UPDATE) and item.loc in wanted
            )
    finally:
        report.close()
    return CopyNeeds(needed, of_incremental)
