"""The WebSub subscriber: subscribe, answer verifications, take deliveries, renew, unsubscribe.

Usage on its own (``listen`` and the window run it inside a ``LiveSession``, which makes
the server and shares these parts with the other transports)::

    store = Store(path)
    server = CallbackServer(host, port, public_url=public_url,
                            exchange_log=ExchangeLog(store))
    await server.start()
    async with Subscriber(store, server) as subscriber:   # start(): restores subscriptions
        subscriber.listeners.append(print_event)         # or: async for e in subscriber.events()
        sub = await subscriber.subscribe(topic, hub)     # hub=None: discover it (WebSub §4)
        await subscriber.wait_settled(sub)               # active, denied or failed
        ...
        await subscriber.unsubscribe(sub)

Rules and where they live: requests are form POSTs (WebSub §5.1); 202 is acceptance,
204 is accepted from PubSubHubbub 0.4 hubs, 307/308 are re-POSTed to Location, other
answers fail with the hub's body shown verbatim (§5.1.2); a verification is echoed only
for a pending intent, anything else is 404 (§5.3.1, see ``Subscription.wants``); denial
ends the subscription (§5.2); leases are renewed at ``renew_fraction`` of their length
(§5.3.1), but no more often than ``min_renew_delay``, so a lease shorter than that is
renewed at that pace after it ran out, with a warning (``lease_schedule``); deliveries
are taken by ``delivery_intake`` and events leave through ``event_pipeline``.

The subscriber is the WebSub ``PushTransport`` (``push_transport``): it composes the one
``HubClient`` (requests), a ``DeliveryIntake`` (checks, store, then 2xx, then the
``sinks``), a ``LeaseSchedule`` (renewals, verification deadlines), an ``EventPipeline``
and a ``SubscriptionBook`` (commits and views). Here: the state machine's moves.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import httpx

from explorer.core.findings import finding
from explorer.core.words.messages import Phrase, finding_words, said
from explorer.net.http.bounded_body import bounded_client
from explorer.net.live import subscriber_events as ev
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import CallbackServer, Delivery, Reply
from explorer.net.live.delivery_intake import PROBE_REPLY
from explorer.net.live.event_pipeline import Enrich, Refetch
from explorer.net.live.hub_client import HubAnswer, HubClient, intent_form
from explorer.net.live.hub_discovery import DiscoveredChannel, discover_channels
from explorer.net.live.intent_outcomes import IntentOutcomes
from explorer.net.live.parts import LiveParts, TransportOptions
from explorer.net.live.probe_payloads import ProbePayloads
from explorer.net.live.push_transport import DeliverySink
from explorer.net.live.subscriber_config import SubscriberConfig
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.live.subscription import (
    State,
    Subscription,
    SubscriptionView,
    new_callback_token,
    new_secret,
)
from explorer.net.live.subscription_book import ViewsListener
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog

__all__ = [
    "PROBE_REPLY",
    "HubAnswer",
    "Subscriber",
    "SubscriberConfig",
    "ViewsListener",
]


class Subscriber:
    """Owns the subscriptions of one callback server and one store: WebSub's ``PushTransport``.

    ``enrich`` and ``refetch`` plug the change tracker into the event pipeline (see
    ``EventPipeline``). ``probe_payloads`` names bodies a conformance run published:
    deliveries of them are acknowledged but neither stored nor published.
    ``view_listeners`` get fresh ``SubscriptionView``s after each change; ``sinks`` hear
    of each stored delivery after it is acknowledged.
    """

    def __init__(
        self,
        store: Store,
        server: CallbackServer,
        *,
        config: SubscriberConfig | None = None,
        client: httpx.AsyncClient | None = None,
        exchange_log: ExchangeLog | None = None,
        enrich: Enrich | None = None,
        refetch: Refetch | None = None,
        probe_payloads: ProbePayloads | None = None,
        parts: LiveParts | None = None,
    ):
        """``parts``: a session's shared parts (``LiveSession``), which it starts and
        closes; without them the subscriber makes and closes its own."""
        self.store = store
        self.server = server
        self.config = config or SubscriberConfig()
        self.exchange_log = exchange_log or server.exchange_log or ExchangeLog(store)
        self._own_client = client is None
        self._client = client  # made on first use: building its SSL context costs ~0.3 s
        self._own_parts = parts is None
        if parts is None:
            parts = LiveParts.build(
                store,
                server,
                exchange_log=self.exchange_log,
                settings=lambda: self.config,
                client=lambda: self.client,
                enrich=enrich,
                refetch=refetch,
                probe_payloads=probe_payloads,
            )
        self.parts = parts
        self.pipeline = parts.pipeline
        self.book = parts.book
        self.leases = parts.leases
        self.intake = parts.intake
        self.listeners = self.pipeline.listeners
        self.view_listeners = self.book.view_listeners
        self.subscriptions = self.book.subscriptions
        self.sinks: list[DeliverySink] = self.intake.sinks
        self._emit = self.pipeline.emit
        self.outcomes = IntentOutcomes(
            self.book,
            self.leases,
            self.pipeline,
            lambda: self.config.verification_timeout,
            self._renew,
        )

    @classmethod
    def for_session(cls, parts: LiveParts, options: TransportOptions) -> Subscriber:
        """WebSub's transport on a session's shared parts."""
        return cls(
            parts.store,
            parts.server,
            config=options.config,
            client=parts.client(),
            exchange_log=parts.exchange_log,
            parts=parts,
        )

    @property
    def enrich(self) -> Enrich | None:
        return self.pipeline.enrich

    @enrich.setter
    def enrich(self, value: Enrich | None) -> None:
        self.pipeline.enrich = value

    @property
    def refetch(self) -> Refetch | None:
        return self.pipeline.refetch

    @refetch.setter
    def refetch(self, value: Refetch | None) -> None:
        self.pipeline.refetch = value

    @property
    def probe_payloads(self) -> ProbePayloads | None:
        return self.intake.probe_payloads

    @probe_payloads.setter
    def probe_payloads(self, value: ProbePayloads | None) -> None:
        self.intake.probe_payloads = value

    # --- lifecycle -------------------------------------------------------------------

    async def start(self) -> None:
        """Restore stored subscriptions: register their callbacks, renew or report leases.
        Rows of a transport that does not resume after a restart are left to it."""
        if self._own_parts:
            self.pipeline.start()
        now = time.time()
        restored: list[Subscription] = []
        for row in self.store.subscriptions():
            sub = Subscription.from_row(row)
            self.book.adopt(sub, self)
            if sub.final or not transports.facts(sub.transport).resumes_after_restart:
                continue
            self.intake.last_until[sub.id] = self.store.last_until(sub.id)
            expired = sub.lease_expires is not None and sub.lease_expires <= now
            if sub.state in (State.ACTIVE, State.RENEWING) and expired:
                expired_here = finding("websub.lease-expired", params={}, variant="offline")
                await self.outcomes.fail(sub, None, finding_words(expired_here), [expired_here])
                continue
            if self.book.stale(sub):
                # The hub calls a URL this server no longer answers (new port or tunnel):
                # ``move`` subscribes again and retires this one.
                continue
            if sub.state in (State.ACTIVE, State.RENEWING):
                if sub.state == State.RENEWING:
                    sub.transition(State.ACTIVE, None)
                    await self.book.save(sub)
                self.book.restore.begin(sub.id)  # "checking" until its hub confirms it
                restored.append(sub)
            else:  # requested, pending or unsubscribing: wait for the verification again
                self.outcomes.arm_verification_timer(sub)
        self.book.views_changed()
        for sub in restored:
            self.outcomes.check_restored(sub)

    async def close(self, *, unsubscribe: bool = False) -> None:
        """Stop timers (optionally unsubscribe every live subscription first).

        A verification being committed is let finish first, so its event is published.
        """
        if unsubscribe:
            live = [sub for sub in self.subscriptions.values() if not sub.final]
            await asyncio.gather(*(self.unsubscribe(sub) for sub in live), return_exceptions=True)
        if self._own_parts:
            await self.parts.close()
        if self._own_client and self._client is not None:
            await self._client.aclose()
            self._client = None

    async def __aenter__(self) -> Subscriber:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def client(self) -> httpx.AsyncClient:
        """The HTTP client used for hub requests and topic checks (share it, don't close it)."""
        if self._client is None:
            self._client = bounded_client(self.config.request_timeout)
        return self._client

    @property
    def hub_client(self) -> HubClient:
        """Made at each request: tests and settings replace ``config`` on a live subscriber."""
        return HubClient(self.client, self.exchange_log, self.config.hub_requests())

    async def subscribe_channel(
        self, channel: DiscoveredChannel, *, secret: str | None = None
    ) -> Subscription:
        """``PushTransport``: a discovered WebSub channel (``subscribe_discovered``)."""
        return await self.subscribe_discovered(channel, secret=secret)

    # --- public actions --------------------------------------------------------------

    async def subscribe(
        self,
        topic: str,
        hub: str | None = None,
        *,
        channel_capability: str | None = None,
        secret: str | None = None,
        lease_seconds: int | None = None,
    ) -> Subscription:
        """Request a subscription; returns once the hub answered the POST.

        With ``hub`` None, the hub is discovered from the topic (WebSub §4). Follow the
        state with events or ``wait_settled``.
        """
        if hub is None:
            channels = await discover_channels(self.client, topic, exchange_log=self.exchange_log)
            return await self.subscribe_discovered(
                channels[0],
                channel_capability=channel_capability,
                secret=secret,
                lease_seconds=lease_seconds,
            )
        sub = self._new_subscription(topic, hub, channel_capability, secret)
        sub.requested_lease = lease_seconds or self.config.lease_seconds
        self.book.adopt(sub, self)
        await self.book.save(sub)
        await self._request(sub, "subscribe")
        for old in [
            old
            for old in self.subscriptions.values()
            if old.topic == topic and old.hub == hub and self.book.stale(old)
        ]:
            await self.unsubscribe(old, wait=False)
        return sub

    async def subscribe_discovered(
        self,
        channel: DiscoveredChannel,
        *,
        channel_capability: str | None = None,
        secret: str | None = None,
        lease_seconds: int | None = None,
    ) -> Subscription:
        """Subscribe to a channel the caller has already discovered (WebSub §4), so a slow
        topic is not asked twice: without a hub it fails with the discovery's findings,
        otherwise those findings are reported as notes and the hub is asked."""
        capability = channel_capability or channel.capability
        if channel.hub is None:
            sub = self._new_subscription(channel.topic, "", capability, secret)
            sub.transition(State.FAILED, said("events.reason-no-hub"))
            self._emit(sub, ev.ERROR, message=sub.reason, findings=channel.findings)
            return sub
        if channel.findings:
            self.pipeline.emit_topic(
                channel.topic,
                ev.ERROR,
                hub=channel.hub,
                findings=channel.findings,
                message=said("events.reason-discovery-notes"),
            )
        return await self.subscribe(
            channel.topic,
            channel.hub,
            channel_capability=capability,
            secret=secret,
            lease_seconds=lease_seconds,
        )

    async def unsubscribe(self, sub: Subscription | str, *, wait: bool = True) -> None:
        """Ask the hub to end ``sub``; from now on deliveries for it are answered 410."""
        sub = self.book.find(sub)
        if sub.final or sub.state is State.UNSUBSCRIBING:  # asked already (a second move)
            return
        self.leases.cancel(sub)
        sub.transition(State.UNSUBSCRIBING, said("events.reason-ended-by-user"))
        await self.book.save(sub)
        answer = await self._request(sub, "unsubscribe")
        if wait and answer.accepted:
            # Not just while UNSUBSCRIBING: a verification that came with the hub's answer
            # may have ended it already and still be committing before its event.
            await self.wait_settled(sub, timeout=self.config.verification_timeout)

    async def abandon(self, sub: Subscription | str, why: Phrase) -> None:
        """End ``sub`` here without the hub's verification (WebSub §5.3), saying ``why``:
        the row becomes final, with an event, and from now on the hub's verifications get
        404 and its deliveries 410, so it cannot keep the subscription alive."""
        sub = self.book.find(sub)
        async with self.book.settle(sub):
            if sub.final:
                return
            self.leases.cancel(sub)
            ended = finding(
                "websub.verification-timeout", params={"why": why}, variant="ended-here"
            )
            words = finding_words(ended)
            if sub.state != State.UNSUBSCRIBING:
                sub.transition(State.UNSUBSCRIBING, words)
            sub.transition(State.ENDED, words)
            await self.book.save(sub)
            self._emit(sub, ev.UNSUBSCRIBED, reason=words, findings=[ended])

    async def renew(self, sub: Subscription | str) -> None:
        """Renew an active lease now (the GUI's Renew button) instead of at its timer."""
        sub = self.book.find(sub)
        if sub.state == State.ACTIVE:
            self.leases.cancel(sub)
            await self._renew(sub)

    def live_subscription(self, topic: str, hub: str | None = None) -> Subscription | None:
        """A restored subscription to ``topic`` (at ``hub``, if given) still usable as is:
        not ended, and its callback URL is the one this server answers on."""
        for sub in self.subscriptions.values():
            if (
                sub.topic == topic
                and (hub is None or sub.hub == hub)
                and not self.book.stale(sub)
                and not sub.final
                and sub.state != State.UNSUBSCRIBING
            ):
                return sub
        return None

    def stale_subscriptions(self) -> list[Subscription]:
        """Live subscriptions the hub calls at a URL this server no longer answers."""
        return [
            sub
            for sub in self.subscriptions.values()
            if self.book.stale(sub) and sub.state != State.UNSUBSCRIBING
        ]

    async def move(self, sub: Subscription, *, secret: str | None = None) -> Subscription:
        """Subscribe ``sub``'s topic again on this server's callback URL; ``subscribe`` then
        unsubscribes ``sub`` at its old one (WebSub §5.1: the hub keys a subscription by
        topic and callback). One ``callback-moved`` event on ``sub`` says so."""
        new = await self.subscribe(
            sub.topic, sub.hub, channel_capability=sub.channel_capability, secret=secret
        )
        self._emit(
            sub,
            ev.MOVED,
            message=said(
                "events.reason-callback-moved",
                old=sub.callback_url,
                new=new.callback_url,
                id=new.id,
                state=new.state,
            ),
        )
        return new

    def view(self, sub: Subscription) -> SubscriptionView:
        """An immutable view of ``sub`` for other threads (made on this loop)."""
        return self.book.view(sub)

    def snapshot(self) -> list[SubscriptionView]:
        """Immutable views of every subscription."""
        return self.book.snapshot()

    async def wait_settled(self, sub: Subscription, timeout: float | None = None) -> State:
        """Wait until ``sub`` leaves requested/pending/renewing/unsubscribing, and the event
        of the change that made it leave is emitted."""
        return await self.book.wait_settled(sub, timeout)

    def events(self) -> AsyncIterator[SubscriberEvent]:
        """Every event from now on, in order, until the subscriber closes."""
        return self.pipeline.events()

    # --- callbacks from the server (CallbackTarget) ------------------------------------

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        sub = self.book.by_token[token]
        async with self.book.settle(sub):
            return await self.outcomes.verification(sub, params)

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        return await self.intake.take(self.book.by_token[token], delivery)

    def on_refused(self, token: str, code: str, message: str) -> None:
        self.parts.refused(token, code, message)

    # --- requests to the hub ------------------------------------------------------------

    async def _request(self, sub: Subscription, mode: str) -> HubAnswer:
        """Send the form POST (WebSub §5.1) and move the state on from the hub's answer."""
        lease, secret = sub.requested_lease, sub.secret
        form = intent_form(
            mode, sub.callback_url, sub.topic, lease=lease, secret=secret, verify=sub.verify_mode
        )
        # a restored subscription's check is answered at once: a gone hub is said, not retried
        retry = not (mode == "subscribe" and self.book.restore.doubtful(sub.id))
        self.pipeline.hold(sub.id)
        try:
            answer = await self.hub_client.post_form(sub.hub, form, mode, retry=retry)
            return await self.outcomes.answered(sub, mode, answer)
        finally:
            self.pipeline.release(sub.id)

    # --- leases and timers ------------------------------------------------------------------

    async def _renew(self, sub: Subscription) -> None:
        if sub.state != State.ACTIVE:
            return
        expired = sub.lease_expires is not None and sub.lease_expires <= time.time()
        short = sub.lease_seconds is not None and self.leases.too_short_to_renew(sub.lease_seconds)
        if expired and not short:
            await self.outcomes.fail(
                sub,
                "websub.lease-expired",
                said("events.reason-lease-ran-out-before-renewal"),
                params={},
            )
            return
        sub.transition(State.RENEWING, None)
        await self.book.save(sub)
        await self._request(sub, "subscribe")

    # --- bookkeeping --------------------------------------------------------------------

    def _new_subscription(
        self, topic: str, hub: str, capability: str | None, secret: str | None
    ) -> Subscription:
        token = new_callback_token()
        now = time.time()
        if secret is None and self.config.use_secret:
            secret = new_secret()
        return Subscription(
            id=token[:12],
            topic=topic,
            hub=hub,
            callback_path=token,
            callback_url=self.server.callback_url(token),
            secret=secret or None,
            channel_capability=capability,
            verify_mode=self.config.verify_mode,
            created=now,
            updated=now,
        )
