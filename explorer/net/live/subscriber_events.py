"""Events the subscriber emits, one plain dataclass for all; ``to_json()`` is ``listen --json``.

The GUI turns them into Qt signals, the CLI prints them. A notification event also
carries the parsed ``document`` (not serialised) so later stages can enrich it: the
change tracker sets ``diff`` through the subscriber's ``enrich`` hook. A diff that needs
the network (a framework notification's refetched documents) comes later, as a ``diff``
event naming the notification it belongs to.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from explorer.core.findings import Finding
from explorer.core.model import Document
from explorer.core.phrase import Phrase

SUBSCRIBE_REQUESTED = "subscribe-requested"
VERIFIED = "verified"
DENIED = "denied"
RENEWED = "renewed"
NOTIFICATION = "notification"
REJECTED = "rejected"
UNSUBSCRIBED = "unsubscribed"
CHECKING = "checking"  # a restored subscription: its hub is asked to confirm it
CONFIRMED = "confirmed"  # the hub confirmed the restored subscription (a fresh lease)
NOT_CONFIRMED = "not-confirmed"  # the hub did not: gone, refused, or never verified
MOVED = "callback-moved"  # subscribed again on a new callback URL; the old one retired
DIFF = "diff"  # the later diff of the notification ``notification_id``
RECONCILE = "reconcile"  # the watchdog's verdicts: Change Lists against notifications
ERROR = "error"


def iso_time(epoch: float) -> str:
    """UTC, millisecond precision, with Z: the explorer's one timestamp format."""
    moment = datetime.fromtimestamp(epoch, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


@dataclass(slots=True)
class SubscriberEvent:
    """One thing that happened to a subscription. Fields not relevant to ``event`` are None."""

    event: str
    topic: str
    subscription: str | None = None
    time: float = field(default_factory=time.time)
    hub: str | None = None
    state: str | None = None
    flavour: str | None = None
    lease_seconds: int | None = None
    # notification / rejected
    notification_id: int | None = None
    capability: str | None = None
    entries: list[dict[str, Any]] | None = None
    signature: str | None = None
    # rejected / denied / unsubscribed
    reason: Phrase | None = None
    # error
    message: Phrase | None = None
    findings: list[Finding] = field(default_factory=list)
    # set by an enrich hook (change tracking); any JSON-serialisable value
    diff: Any = None
    document: Document | None = field(default=None, repr=False)
    # reconcile: locs of changes listed but never notified, and notified but never listed
    unannounced: list[str] | None = None
    unlisted: list[str] | None = None
    quiet: float | None = None  # seconds without a delivery while the lists changed

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "event": self.event,
            "topic": self.topic,
            "time": iso_time(self.time),
        }
        for name in (
            "subscription",
            "hub",
            "state",
            "flavour",
            "lease_seconds",
            "notification_id",
            "capability",
            "entries",
            "signature",
            "reason",
            "message",
            "diff",
            "unannounced",
            "unlisted",
            "quiet",
        ):
            value = getattr(self, name)
            if isinstance(value, Phrase):  # scripts read the English
                data[name] = str(value)
            elif value is not None:
                data[name] = value
        if self.findings or self.event in (NOTIFICATION, REJECTED, DIFF):
            data["findings"] = [item.to_json() for item in self.findings]
        return data
