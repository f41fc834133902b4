"""Restored subscriptions are checked against their hub before they are called active.

A subscription read back from the store says what was true when the explorer stopped:
its hub may be gone (the embedded demo came back on another port), may have dropped it,
or may no longer reach the callback. So on start each live restored subscription is
renewed at once (re-subscribing before expiry renews it, WebSub §5.1 and §5.3.1): the
hub's verification proves the hub is there, knows the topic and reaches the callback,
and grants a fresh lease. Until then the subscription is *checking*; the hub's answer
makes it *confirmed* or *not confirmed* with the reason, and a hub that does not answer
is said at once (no retries for this first request). A subscription that was not
confirmed is asked again after ``recheck_delay``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from explorer.core.phrase import Phrase

RECHECK_DELAY = 60.0  # seconds before an unconfirmed restored subscription is asked again


@dataclass(slots=True)
class RestoreCheck:
    """Which restored subscriptions await their hub's word, and why others lack it."""

    checking: set[str] = field(default_factory=set)
    unconfirmed: dict[str, Phrase] = field(default_factory=dict)
    recheck_delay: float = RECHECK_DELAY

    def begin(self, sub_id: str) -> None:
        self.checking.add(sub_id)
        self.unconfirmed.pop(sub_id, None)

    def confirmed(self, sub_id: str) -> bool:
        """The hub verified the subscription; True when this ended a check (or a doubt)."""
        was = sub_id in self.checking or sub_id in self.unconfirmed
        self.checking.discard(sub_id)
        self.unconfirmed.pop(sub_id, None)
        return was

    def refused(self, sub_id: str, why: Phrase) -> bool:
        """The check failed for ``why``; True when a check was running (say it once)."""
        if sub_id not in self.checking:
            if sub_id in self.unconfirmed:
                self.unconfirmed[sub_id] = why
            return False
        self.checking.discard(sub_id)
        self.unconfirmed[sub_id] = why
        return True

    def forget(self, sub_id: str) -> None:
        """The subscription ended or failed outright: no check stands for it any more."""
        self.checking.discard(sub_id)
        self.unconfirmed.pop(sub_id, None)

    def doubtful(self, sub_id: str) -> bool:
        """Checking, or not confirmed: its renewals go out once, without retries."""
        return sub_id in self.checking or sub_id in self.unconfirmed
