"""A watchdog check's verdicts as a ``reconcile`` event, worded from the catalog: what
``listen --reconcile`` prints and the window's feed row and notification show."""

from __future__ import annotations

from explorer.core.catalog import text
from explorer.net.live.reconcile import ReconcileReport
from explorer.net.live.subscriber_events import RECONCILE, SubscriberEvent


def reconcile_event(
    report: ReconcileReport, lang: str, subscription: str | None = None
) -> SubscriberEvent:
    message = text(
        "reconcile.summary",
        lang,
        unannounced=len(report.unannounced),
        unlisted=len(report.unlisted),
    )
    end = text("common.sentence-end", lang)  # "; " in English, 「。」 in Japanese
    if report.quiet is not None:
        message += end + text("reconcile.quiet", lang, seconds=f"{report.quiet:.0f}")
    for problem in report.problems:
        message += end + text("reconcile.partial", lang, problem=problem)
    return SubscriberEvent(
        RECONCILE,
        report.capability_list,
        subscription=subscription,
        message=message,
        unannounced=report.unannounced,
        unlisted=report.unlisted,
        quiet=report.quiet,
    )
