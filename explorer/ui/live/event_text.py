"""A subscription event as the Subscriptions log says it, in the interface language.

An event carries its reasons as phrases (catalog key and params): they are said anew in
the interface language, as ``listen`` says them, and outside words (a hub's or a
library's own) are quoted behind a lead-in.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from explorer.core.words.engine_words import event_detail, event_name
from explorer.net.live.subscriber_events import SubscriberEvent, iso_time
from explorer.ui.language import ui_language
from explorer.ui.live.subscriptions_model import STATE_TEXT
from explorer.ui.shared.wording import duration_text


def event_line(event: SubscriberEvent) -> str:
    """One line: time, event, topic, state, lease and why. A message that only repeats
    one of the event's findings is left to the finding's own line, which is translated."""
    lang = ui_language()
    parts = [iso_time(event.time), event_name(event.event, lang), event.topic]
    if event.state:
        state = STATE_TEXT.get(event.state)
        shown = QCoreApplication.translate("SubscriptionsModel", state) if state else event.state
        parts.append(f"[{shown}]")
    if event.lease_seconds is not None:
        lease = QCoreApplication.translate("SubscriptionPanel", "lease {seconds} s ({duration})")
        seconds = event.lease_seconds
        parts.append(lease.format(seconds=seconds, duration=duration_text(seconds)))
    shown_already = {item.message for item in event.findings}
    for said in dict.fromkeys((event.reason, event.message)):
        if said and str(said) not in shown_already:
            parts.append(event_detail(said, lang))
    return " ".join(parts)
