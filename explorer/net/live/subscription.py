"""The subscription state machine (WebSub §5) and the intent rule for verifications.

    requested -> pending -> active <-> renewing
                       \\        \\-> unsubscribing -> ended
                        \\-> denied / failed (with a reason)

``requested`` is the moment the form POST is being sent; a PubSubHubbub 0.4 hub
verifying synchronously (hub.verify=sync) calls back before the POST returns, so the
intent is already pending then.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from explorer.core.phrase import Phrase
from explorer.core.words.messages import said
from explorer.net.live import transports
from explorer.net.store.reasons import reason_of, stored_reason


class State(StrEnum):
    REQUESTED = "requested"
    PENDING = "pending"  # the hub accepted the request; verification of intent awaited
    ACTIVE = "active"
    RENEWING = "renewing"
    UNSUBSCRIBING = "unsubscribing"
    ENDED = "ended"
    DENIED = "denied"
    FAILED = "failed"


FINAL_STATES = frozenset({State.ENDED, State.DENIED, State.FAILED})

_ALLOWED: dict[State, frozenset[State]] = {
    State.REQUESTED: frozenset(
        {State.PENDING, State.ACTIVE, State.DENIED, State.FAILED, State.UNSUBSCRIBING}
    ),
    State.PENDING: frozenset({State.ACTIVE, State.DENIED, State.FAILED, State.UNSUBSCRIBING}),
    State.ACTIVE: frozenset(
        {State.RENEWING, State.UNSUBSCRIBING, State.DENIED, State.FAILED, State.ACTIVE}
    ),
    State.RENEWING: frozenset({State.ACTIVE, State.UNSUBSCRIBING, State.DENIED, State.FAILED}),
    State.UNSUBSCRIBING: frozenset({State.ENDED, State.FAILED, State.DENIED}),
    State.ENDED: frozenset(),
    State.DENIED: frozenset(),
    State.FAILED: frozenset({State.REQUESTED}),
}

# States in which a subscribe verification is wanted: the request is in flight or
# pending, or the hub re-confirms an active lease (WebSub §5 lets hubs reconfirm).
_WANTS_SUBSCRIBE = frozenset({State.REQUESTED, State.PENDING, State.ACTIVE, State.RENEWING})


class TransitionError(RuntimeError):
    """A state change the machine does not allow (a programming error)."""


def new_callback_token() -> str:
    """The unguessable callback path segment: 24 random bytes = 192 bits (WebSub §5.1.1)."""
    return secrets.token_urlsafe(24)


def new_secret() -> str:
    """A random hub.secret: 32 bytes as 43 URL-safe characters, far under 200 (WebSub §5.1)."""
    return secrets.token_urlsafe(32)


@dataclass(slots=True)
class Subscription:
    """One subscription to one topic at one hub, at its own callback path."""

    id: str
    topic: str
    hub: str
    callback_path: str
    callback_url: str
    secret: str | None = field(repr=False)  # hub.secret (WebSub §5.1.1): kept out of repr
    state: State = State.REQUESTED
    reason: Phrase | None = None  # the engine's words, or a hub's verbatim
    transport: str = transports.WEBSUB  # the kind of push transport (``live.transports``)
    dialect: str | None = None  # a WebSub hub's dialect, as it behaved (None: not yet known)
    channel_capability: str | None = None
    requested_lease: int | None = None
    lease_seconds: int | None = None
    lease_expires: float | None = None
    verify_mode: str | None = None  # hub.verify to send (PubSubHubbub 0.4), or None
    created: float = 0.0
    updated: float = 0.0

    def transition(self, new: State, reason: Phrase | None = None) -> None:
        if new not in _ALLOWED[self.state]:
            raise TransitionError(f"{self.state} -> {new} is not a subscription transition")
        self.state = new
        self.reason = reason
        self.updated = time.time()

    def wants(self, mode: str, topic: str) -> bool:
        """Whether a verification (mode, topic) on this callback matches a pending intent.

        WebSub §5.3.1: echo the challenge only for a (un)subscription we wish to carry
        out; everything else is 404. The callback is implied: this object owns the path.
        """
        if topic != self.topic:
            return False
        if mode == "subscribe":
            return self.state in _WANTS_SUBSCRIBE
        if mode == "unsubscribe":
            return self.state == State.UNSUBSCRIBING
        return False

    @property
    def final(self) -> bool:
        return self.state in FINAL_STATES

    @property
    def flavour(self) -> str | None:
        """The one string rows and events keep for transport and dialect (as ever)."""
        return transports.stored_mark(self.transport, self.dialect)

    def to_row(self) -> dict[str, Any]:
        """The store's columns: the reason as its English, key and params."""
        row = {name: getattr(self, name) for name in self.__dataclass_fields__}
        row["state"] = str(self.state)
        row["flavour"] = self.flavour
        del row["transport"], row["dialect"]
        row["reason"], row["reason_key"], row["reason_params"] = stored_reason(self.reason)
        return row

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Subscription:
        data = dict(row)
        data["state"] = State(data["state"])
        key, params = data.pop("reason_key", None), data.pop("reason_params", None)
        data["reason"] = reason_of(data["reason"], key, params)
        data["transport"], data["dialect"] = transports.read_mark(data.pop("flavour", None))
        return cls(**data)


# What a subscription row shows besides the state machine's own states: the machine says
# what the explorer asked for, these say whether the hub can still reach it.
NOT_SERVED = "not served"
STALE_CALLBACK = "stale callback"
LEASE_EXPIRED = "lease expired"
RENEWAL_FAILING = "renewal failing"
CHECKING = "checking"  # restored: the hub has not yet confirmed it still holds it
NOT_CONFIRMED = "not confirmed"  # restored, and the hub did not confirm it (gone, refused)


@dataclass(frozen=True, slots=True)
class SubscriptionView:
    """An immutable copy of a ``Subscription`` made on the loop that owns it, with what
    only that loop knows: whether its callback URL is served and how the last renewal
    went. Windows and other threads read these, never the live objects."""

    id: str
    topic: str
    hub: str
    callback_url: str
    state: State
    reason: Phrase | None
    transport: str
    dialect: str | None
    lease_seconds: int | None
    lease_expires: float | None
    created: float
    secret: str | None = field(default=None, repr=False)
    served: bool = True  # a running callback server answers ``callback_url``
    serving_url: str | None = None  # the URL it answers instead, when that differs
    renewal_error: Phrase | None = None  # the hub's answer to the last failed renewal
    checking: bool = False  # restored, its hub asked to confirm it, no answer yet
    unconfirmed: Phrase | None = None  # why the hub did not confirm the restored subscription

    @classmethod
    def of(
        cls,
        sub: Subscription,
        *,
        serving_url: str | None,
        renewal_error: Phrase | None = None,
        checking: bool = False,
        unconfirmed: Phrase | None = None,
        served: bool | None = None,
    ) -> SubscriptionView:
        """``serving_url``: the URL the running server answers for this path (None: stopped)."""
        return cls(
            sub.id,
            sub.topic,
            sub.hub,
            sub.callback_url,
            sub.state,
            sub.reason,
            sub.transport,
            sub.dialect,
            sub.lease_seconds,
            sub.lease_expires,
            sub.created,
            sub.secret,
            served=serving_url is not None
            and (serving_url == sub.callback_url if served is None else served),
            serving_url=serving_url,
            renewal_error=renewal_error,
            checking=checking,
            unconfirmed=unconfirmed,
        )

    @property
    def flavour(self) -> str | None:
        """The one string rows and events keep for transport and dialect (as ever)."""
        return transports.stored_mark(self.transport, self.dialect)

    def health(self, now: float) -> tuple[str, Phrase | None]:
        """What the row may honestly say, and why: ``active`` only while the hub can reach
        the callback and the lease holds (WebSub §5.3: the lease bounds the subscription)."""
        if self.state in FINAL_STATES:
            return str(self.state), self.reason
        if self.serving_url is None:
            return NOT_SERVED, said("events.reason-not-served")
        if not self.served:
            return STALE_CALLBACK, said(
                "events.reason-stale-callback",
                callback=self.callback_url,
                serving=self.serving_url,
            )
        if self.checking:
            return CHECKING, said("events.reason-checking")
        if self.unconfirmed is not None:
            return NOT_CONFIRMED, self.unconfirmed
        if self.state in (State.ACTIVE, State.RENEWING):
            if self.lease_expires is not None and self.lease_expires <= now:
                return LEASE_EXPIRED, said("events.reason-lease-ran-out")
            if self.renewal_error is not None:
                return RENEWAL_FAILING, self.renewal_error
        return str(self.state), self.reason
