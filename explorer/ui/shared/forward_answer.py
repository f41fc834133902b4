"""A forwarded delivery's answer from the user's application, as plain text: the feed's
Forwarded tab and the inspector's status line say it the same way."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication

from explorer.core.words.engine_words import known_reason
from explorer.net.live.forwarding.forward_outbox import ForwardAnswer
from explorer.ui.language import ui_language


def answer_text(answer: ForwardAnswer | None) -> str:
    """The target's answer to a delivery as plain text: status, time, its first 4 KiB."""
    if answer is None:
        return QCoreApplication.translate(
            "ForwardAnswerView", "Not forwarded (or not answered yet)."
        )
    when = datetime.fromtimestamp(answer.time, UTC).isoformat(timespec="seconds")
    if answer.attempts == 0:  # withheld, never sent: why (not verified)
        return QCoreApplication.translate("ForwardAnswerView", "{reason} (at {time})").format(
            time=when, reason=known_reason(answer.error, ui_language())
        )
    if answer.status is None:
        head = QCoreApplication.translate(
            "ForwardAnswerView", "{target}: no answer at {time} ({error}), attempt {attempts}"
        ).format(
            target=answer.target,
            time=when,
            error=known_reason(answer.error, ui_language()),
            attempts=answer.attempts,
        )
    else:
        head = QCoreApplication.translate(
            "ForwardAnswerView",
            "{target} answered {status} at {time} in {ms:.0f} ms, attempt {attempts}",
        )
        head = head.format(
            target=answer.target,
            status=answer.status,
            time=when,
            ms=answer.duration_ms or 0.0,
            attempts=answer.attempts,
        )
    return f"{head}\n\n{answer.body}" if answer.body else head
