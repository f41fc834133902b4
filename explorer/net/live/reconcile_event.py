"""A watchdog check's verdicts as a ``reconcile`` event, worded from the catalog: what
``listen --reconcile`` prints and the window's feed row and notification show. The
message is a phrase, said in the reader's language where it is shown (``--json`` gives
its English)."""

from __future__ import annotations

from explorer.core.words.messages import Phrase, said
from explorer.net.live.reconcile import ReconcileReport
from explorer.net.live.subscriber_events import RECONCILE, SubscriberEvent

MAX_LOCS_SAID = 5
"""Locs named in one line; the rest are counted (the JSON event carries the first
``MAX_LOCS_REPORTED``)."""


def reconcile_event(report: ReconcileReport, subscription: str | None = None) -> SubscriberEvent:
    parts = [
        said(
            "reconcile.summary",
            unannounced=_counted("reconcile.unannounced", report.unannounced_count),
            unlisted=_counted("reconcile.unlisted", report.unlisted_count),
        )
    ]
    if report.unannounced:
        locs = _locs(report.unannounced, report.unannounced_count)
        parts.append(said("reconcile.unannounced-locs", locs=locs))
    if report.unlisted:
        parts.append(
            said("reconcile.unlisted-locs", locs=_locs(report.unlisted, report.unlisted_count))
        )
    if report.quiet is not None:
        parts.append(said("reconcile.quiet", seconds=f"{report.quiet:.0f}"))
    parts += [said("reconcile.partial", problem=problem) for problem in report.problems]
    return SubscriberEvent(
        RECONCILE,
        report.capability_list,
        subscription=subscription,
        message=said("reconcile.verdict", parts=parts),
        unannounced=report.unannounced,
        unlisted=report.unlisted,
        quiet=report.quiet,
    )


def _counted(key: str, count: int) -> Phrase:
    return said(f"{key}-one" if count == 1 else f"{key}-other", count=count)


def _locs(locs: list[str], count: int) -> str | Phrase:
    """The first locs, and how many more of ``count`` (the event names at most
    ``MAX_LOCS_REPORTED`` of them)."""
    named = ", ".join(locs[:MAX_LOCS_SAID])
    rest = count - min(len(locs), MAX_LOCS_SAID)
    return said("reconcile.more-locs", locs=named, count=rest) if rest > 0 else named
