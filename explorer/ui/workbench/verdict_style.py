"""How a verdict looks in the workbench, the same for a hub's checks and a subscriber's
tests: its word (PASS, WARN, FAIL, NOT RUN, in the window's language) and its colour."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from explorer.core.subscribers import Verdict
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.conformance import Outcome

OUTCOME_COLOURS = {
    Outcome.PASS: "#2e9d48",
    Outcome.WARN: "#e09b00",
    Outcome.FAIL: "#d32f2f",
    Outcome.NOT_RUN: "#808080",  # grey: no verdict either way
}
OUTCOME_TEXT = {
    Outcome.PASS: QT_TRANSLATE_NOOP("HubWorkbench", "PASS"),
    Outcome.WARN: QT_TRANSLATE_NOOP("HubWorkbench", "WARN"),
    Outcome.FAIL: QT_TRANSLATE_NOOP("HubWorkbench", "FAIL"),
    Outcome.NOT_RUN: QT_TRANSLATE_NOOP("HubWorkbench", "NOT RUN"),
}


def outcome_label(outcome: Outcome) -> str:
    return QCoreApplication.translate("HubWorkbench", OUTCOME_TEXT[outcome])


def verdict_outcome(verdict: Verdict) -> Outcome:
    """A subscriber test's verdict as a hub check's outcome: the four are the same words,
    so both tables read alike."""
    return Outcome(str(verdict))
