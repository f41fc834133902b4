"""Counts and durations in the interface language: "1 error", "2 warnings", "10 days left".

Every counted phrase is one Qt plural message (``%Ln``: the count in the locale's digits
and grouping), so each language chooses its own forms; English has its two in
``explorer_en.ts``. Callers name the noun; the phrase itself lives here, in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QObject

from explorer.core.findings import Severity


class Counts(QObject):
    """The phrases, as methods of a QObject so that ``tr`` gives them plural forms."""

    def phrases(self) -> dict[str, Callable[[int], str]]:
        return {
            "error": lambda n: self.tr("%Ln error(s)", "", n),
            "warning": lambda n: self.tr("%Ln warning(s)", "", n),
            "note": lambda n: self.tr("%Ln note(s)", "", n),
            "entry": lambda n: self.tr("%Ln entry(s)", "", n),
            # a document's size after its kind, as the command line says it (エントリ 2 件)
            "entries held": lambda n: self.tr("%Ln entry(s)", "a document's size", n),
            "document": lambda n: self.tr("%Ln document(s)", "", n),
            "finding": lambda n: self.tr("%Ln finding(s)", "", n),
            "notification": lambda n: self.tr("%Ln notification(s)", "", n),
            "exchange": lambda n: self.tr("%Ln exchange(s)", "", n),
            "origin": lambda n: self.tr("%Ln origin(s)", "", n),
            "more link": lambda n: self.tr("%Ln more link(s)", "", n),
        }

    def duration(self, days: int, hours: int, minutes: int, seconds: int) -> str:
        if days:
            return self.tr("%Ln day(s) {hours} h", "", days).format(hours=hours)
        if hours:
            return self.tr("{hours} h {minutes:02d} min").format(hours=hours, minutes=minutes)
        if minutes:
            return self.tr("{minutes} min {seconds:02d} s").format(minutes=minutes, seconds=seconds)
        return self.tr("{seconds} s").format(seconds=seconds)

    def listing(self, parts: list[str]) -> str:
        return self.tr(", ", "between the items of a list").join(parts)


_counts: dict[str, Counts] = {}


def _wording() -> Counts:
    """One instance, made on first use (after the translators are installed)."""
    if "counts" not in _counts:
        _counts["counts"] = Counts()
    return _counts["counts"]


def count_text(count: int, noun: str) -> str:
    """``1 error``, ``0 errors``, ``1,234 entries``; ``noun`` is one of ``Counts.phrases``."""
    phrases = _wording().phrases()
    if noun not in phrases:
        raise KeyError(f"no counted phrase for {noun!r}: add one to Counts.phrases")
    return phrases[noun](count)


def list_text(parts: list[str]) -> str:
    """Items of a list joined as the interface language joins them (、 in Japanese)."""
    return _wording().listing(parts)


def severity_counts(counts: Mapping[Severity, int], notes: bool = True) -> str:
    """``1 error, 2 warnings, 1 note`` (notes are the INFO findings)."""
    parts = [
        count_text(counts.get(Severity.ERROR, 0), "error"),
        count_text(counts.get(Severity.WARNING, 0), "warning"),
    ]
    if notes:
        parts.append(count_text(counts.get(Severity.INFO, 0), "note"))
    return _wording().listing(parts)


def duration_text(seconds: float) -> str:
    """A coarse countdown that reads at a glance: ``9 days 23 h``, ``3 h 05 min``,
    ``4 min 10 s``, ``12 s``."""
    left = max(0, int(seconds))
    days, rest = divmod(left, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return _wording().duration(days, hours, minutes, secs)
