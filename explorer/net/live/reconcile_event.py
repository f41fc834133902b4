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
        unannounced=_counted("reconcile.unannounced", len(report.unannounced), lang),
        unlisted=_counted("reconcile.unlisted", len(report.unlisted), lang),
    )
    end = text("common.sentence-end", lang)  # "; " in English, 「。」 in Japanese
    if report.unannounced:
        message += end + text(
            "reconcile.unannounced-locs", lang, locs=_locs(report.unannounced, lang)
        )
    if report.unlisted:
        message += end + text("reconcile.unlisted-locs", lang, locs=_locs(report.unlisted, lang))
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


MAX_LOCS_SAID = 5
"""Locs named in one line; the rest are counted (the JSON event carries every one)."""


def _counted(key: str, count: int, lang: str) -> str:
    return text(f"{key}-one" if count == 1 else f"{key}-other", lang, count=count)


def _locs(locs: list[str], lang: str) -> str:
    said = ", ".join(locs[:MAX_LOCS_SAID])
    rest = len(locs) - MAX_LOCS_SAID
    return text("reconcile.more-locs", lang, locs=said, count=rest) if rest > 0 else said
