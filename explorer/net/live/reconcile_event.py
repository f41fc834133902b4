"""A watchdog check's verdicts as a ``reconcile`` event, worded from the catalog: what
``listen --reconcile`` prints and the window's feed row and notification show."""

from __future__ import annotations

from explorer.core.words.messages import said
from explorer.net.live.reconcile import ReconcileReport
from explorer.net.live.subscriber_events import RECONCILE, SubscriberEvent


def reconcile_event(report: ReconcileReport, subscription: str | None = None) -> SubscriberEvent:
    """The verdicts as one event; its message is said in the reader's language where it
    is shown (``--json`` gives its English)."""
    parts = [
        said(
            "reconcile.summary",
            unannounced=len(report.unannounced),
            unlisted=len(report.unlisted),
        )
    ]
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
