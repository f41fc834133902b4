"""Push transports by kind: the one place that knows their names and what each one is.

A transport is one class implementing ``PushTransport`` and one line in ``REGISTRY``
stating its facts. Everything else (the session, the subscription book, the intake, the
command line and the window) asks these facts and never compares a transport's or a hub
dialect's name; ``tests/net/test_transport_registry.py`` fails on such a comparison.

Two things were once one ``flavour`` string: the *transport* (WebSub, the 2012 draft's
HTTP callback or XMPP PubSub: how notifications are pushed) and, for WebSub only, the
hub's *dialect* (WebSub, or a PubSubHubbub 0.4 hub answering 204). They are separate
fields now. What is stored and printed keeps the one string it always had
(``stored_mark``: the dialect of a WebSub row, the kind of a 2012 one), so stores and
scripts of earlier releases read the same.

Implementations are named, not imported, here (``LiveSession`` loads them): this module
stays importable by the modules the transports themselves are made of, with no circle.
"""

from __future__ import annotations

from dataclasses import dataclass

WEBSUB = "websub"
HTTP_CALLBACK_2012 = "2012-callback"
XMPP_PUBSUB_2012 = "2012-xmpp"

DIALECT_WEBSUB = "websub"
DIALECT_PUBSUBHUBBUB_04 = "pubsubhubbub-0.4"


@dataclass(frozen=True, slots=True)
class TransportFacts:
    """What a transport is, as the rest of the live side needs to know it."""

    kind: str  # the stored and printed name (a 2012 link's form is the same string)
    leases: bool  # subscriptions have a lease to renew (WebSub §5.1)
    signed: bool  # deliveries may carry a signature over the body (WebSub §7.1)
    verifies_intent: bool  # the hub confirms (un)subscriptions with a GET (WebSub §5.3)
    resumes_after_restart: bool  # a live stored row is resumed (else ended at the start)
    serves_callback_url: bool  # deliveries arrive on the callback server (else: elsewhere)
    needs_xmpp_account: bool  # subscribing logs in with the user's own XMPP account
    delivery_headers: bool  # WebSub's Content-Type and Link rules apply to deliveries
    change_set_section: str | None  # pushes 2012 Change Sets, read as change notifications


@dataclass(frozen=True, slots=True)
class TransportEntry:
    """One registry line: the facts, and where the class implementing them lives."""

    facts: TransportFacts
    implementation: str  # "module:Class", loaded by the session that makes it


REGISTRY: tuple[TransportEntry, ...] = (
    TransportEntry(
        TransportFacts(
            kind=WEBSUB,
            leases=True,
            signed=True,
            verifies_intent=True,
            resumes_after_restart=True,
            serves_callback_url=True,
            needs_xmpp_account=False,
            delivery_headers=True,
            change_set_section=None,
        ),
        "explorer.net.live.subscriber:Subscriber",
    ),
    TransportEntry(
        TransportFacts(
            kind=HTTP_CALLBACK_2012,
            leases=False,
            signed=False,
            verifies_intent=False,
            resumes_after_restart=False,  # no unsubscription either: one run each
            serves_callback_url=True,
            needs_xmpp_account=False,
            delivery_headers=False,
            change_set_section="§5.2.2",
        ),
        "explorer.net.live.legacy.legacy_callback:CallbackPush",
    ),
    TransportEntry(
        TransportFacts(
            kind=XMPP_PUBSUB_2012,
            leases=False,
            signed=False,
            verifies_intent=False,
            resumes_after_restart=False,
            serves_callback_url=False,  # items come over XMPP, to the account's JID
            needs_xmpp_account=True,
            delivery_headers=False,
            change_set_section="§5.2.1",
        ),
        "explorer.net.live.legacy.xmpp_push:XmppPush",
    ),
)

_BY_KIND = {entry.facts.kind: entry for entry in REGISTRY}


def entry(kind: str | None) -> TransportEntry:
    """The registry line of ``kind`` (None, or a name no entry has: WebSub's)."""
    return _BY_KIND.get(kind or WEBSUB, _BY_KIND[WEBSUB])


def facts(kind: str | None) -> TransportFacts:
    """The facts of the transport ``kind`` names (a channel's form, a row's transport)."""
    return entry(kind).facts


def kinds() -> tuple[str, ...]:
    """Every registered transport kind, in registry order."""
    return tuple(_BY_KIND)


def stored_mark(kind: str, dialect: str | None) -> str | None:
    """The one string a row and an event keep (their ``flavour``): a WebSub row's
    dialect, or the kind of any other transport."""
    return dialect if kind == WEBSUB else kind


def read_mark(mark: str | None) -> tuple[str, str | None]:
    """(transport kind, dialect) of a stored ``flavour`` (see ``stored_mark``)."""
    if mark in _BY_KIND and mark != WEBSUB:
        return mark, None
    return WEBSUB, mark


def dialect_answered(status: int | None) -> str:
    """The hub's dialect from its answer to a subscription request: a PubSubHubbub 0.4
    hub answers 204 where WebSub requires 202 (WebSub §5.1.2)."""
    return DIALECT_PUBSUBHUBBUB_04 if status == 204 else DIALECT_WEBSUB


def dialect_is_legacy(dialect: str | None) -> bool:
    """Whether ``dialect`` is PubSubHubbub 0.4 rather than WebSub."""
    return dialect == DIALECT_PUBSUBHUBBUB_04
