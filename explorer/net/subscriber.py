"""The WebSub subscriber: subscribe, answer verifications, take deliveries, renew, unsubscribe.

Usage (the CLI's ``listen`` and the GUI do the same)::

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
renewed at that pace after it ran out, with a warning; deliveries are identified by
callback path only, never by their Link headers (§7), checked for X-Hub-Signature over
the raw body (§7.1), committed to the store before the 2xx, and answered 410 once the
user ended the subscription (§7).

Events leave in order as soon as they are stored. A notification's diff that needs the
network (``refetch``, for framework notifications) is computed afterwards, concurrently,
and arrives as its own ``diff`` event, so a slow Source never holds up later rows.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urljoin

import httpx

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.notification_checks import (
    DeliveryContext,
    check_continuity,
    check_delivery_headers,
    check_notification,
    summarize_notification,
)
from explorer.core.signatures import verify_signature
from explorer.core.validator import ValidationContext, check_bytes
from explorer.net import subscriber_events as ev
from explorer.net.bounded_body import (
    HUB_REPLY_LIMIT,
    BodyError,
    BodyTooLarge,
    bounded_client,
    describe_failure,
    read_body,
)
from explorer.net.callback_server import CallbackServer, Delivery, Reply
from explorer.net.exchange_log import ExchangeLog
from explorer.net.hub_discovery import Channel, discover_channels
from explorer.net.probe_payloads import ProbePayloads
from explorer.net.retry_policy import RetryPolicy
from explorer.net.store import NotificationRecord, Store, StoreError
from explorer.net.subscriber_events import SubscriberEvent
from explorer.net.subscription import (
    State,
    Subscription,
    SubscriptionView,
    new_callback_token,
    new_secret,
)

FLAVOUR_WEBSUB = "websub"
FLAVOUR_PUSH = "pubsubhubbub-0.4"
RECOMMENDED_LEASE = (300, 2_678_400)  # change-notification 1.0.1 §4.2
MAX_LEASE = 10 * 365 * 86_400  # longer grants are recorded as this
VERY_SHORT_LEASE = 1  # seconds; a lease this short is reported whatever the renewal floor
REFETCHES_AT_ONCE = 4
REFETCHES_WAITING = 256
"""Framework notifications whose refetch may wait for a turn; past that their diff event
says it was skipped, so a flood cannot queue unbounded work behind a slow Source."""
PROBE_REPLY = b"a conformance probe's payload: kept out of the live feed\n"


@dataclass(frozen=True, slots=True)
class SubscriberConfig:
    """Tunables; the defaults suit real hubs, tests shorten the times."""

    lease_seconds: int | None = None  # hub.lease_seconds to ask for; None lets the hub choose
    use_secret: bool = True  # generate a hub.secret per subscription (WebSub §5.1, §8.2)
    verify_mode: str | None = None  # hub.verify to send ("sync"/"async") for PuSH 0.4 hubs
    renew_fraction: float = 0.8
    min_renew_delay: float = 5.0  # renew no more often than this, however short the lease
    request_timeout: float = 15.0  # one hub request, connect to last byte
    retries: int = 4  # extra attempts after a 5xx or a network error
    backoff: float = 0.5  # first retry delay; doubles each attempt, with jitter
    max_backoff: float = 30.0  # longest wait, and the longest Retry-After honoured
    max_redirects: int = 5
    verification_timeout: float = 120.0
    inline_parse_bytes: int = 256 * 1024  # larger bodies are parsed in a worker thread


@dataclass(slots=True)
class HubAnswer:
    """What came of a (un)subscription request, after redirects and retries."""

    accepted: bool
    status: int | None = None
    hub: str | None = None  # the hub URL finally answering (after 307/308)
    body: str = ""
    message: str | None = None
    findings: list[Finding] = field(default_factory=list)


Enrich = Callable[[SubscriberEvent], SubscriberEvent | None]
Refetch = Callable[[SubscriberEvent], Awaitable[SubscriberEvent | None]]
ViewsListener = Callable[[list[SubscriptionView]], None]


@dataclass(slots=True)
class _Checked:
    status: str
    signature: str
    reason: str | None
    document: Document | None
    findings: list[Finding]
    summary: dict[str, Any] | None


class Subscriber:
    """Owns the subscriptions of one callback server and one store.

    ``enrich`` (optional, called in a worker thread for each notification event after
    it is stored, before it is published) may return an event with ``diff`` set; it must
    not wait for the network. ``refetch`` (optional, a coroutine on this loop) is called
    for each framework notification after it is published; what it returns goes out as a
    ``diff`` event. The change tracker plugs into both. ``probe_payloads`` names bodies a
    conformance run published: deliveries of them are acknowledged but neither stored
    nor published. ``view_listeners`` get fresh ``SubscriptionView``s after each change.
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
    ):
        self.store = store
        self.server = server
        self.config = config or SubscriberConfig()
        self.exchange_log = exchange_log or server.exchange_log or ExchangeLog(store)
        self.enrich = enrich
        self.refetch = refetch
        self.probe_payloads = probe_payloads
        self.listeners: list[Callable[[SubscriberEvent], None]] = []
        self.view_listeners: list[ViewsListener] = []
        self._renewal_errors: dict[str, str] = {}
        self._refetches: set[asyncio.Task[None]] = set()
        self._refetch_turns = asyncio.Semaphore(REFETCHES_AT_ONCE)
        self.subscriptions: dict[str, Subscription] = {}
        self._by_token: dict[str, Subscription] = {}
        self._own_client = client is None
        self._client = client  # made on first use: building its SSL context costs ~0.3 s
        self._last_until: dict[str, str | None] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._outbox: asyncio.Queue[SubscriberEvent | None] = asyncio.Queue()
        self._publisher: asyncio.Task[None] | None = None
        self._in_flight: dict[str, list[SubscriberEvent]] = {}
        self._settling: dict[str, int] = {}  # sub id -> changes whose event is not out yet
        self._streams: list[asyncio.Queue[SubscriberEvent | None]] = []
        self._workers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="explorer-check")
        self._changed: asyncio.Condition = asyncio.Condition()

    # --- lifecycle -------------------------------------------------------------------

    async def start(self) -> None:
        """Restore stored subscriptions: register their callbacks, renew or report leases."""
        self._publisher = asyncio.create_task(self._publish_loop())
        now = time.time()
        for row in self.store.subscriptions():
            sub = Subscription.from_row(row)
            self._adopt(sub)
            if sub.final:
                continue
            self._last_until[sub.id] = self.store.last_until(sub.id)
            expired = sub.lease_expires is not None and sub.lease_expires <= now
            if sub.state in (State.ACTIVE, State.RENEWING) and expired:
                await self._fail(
                    sub,
                    "websub.lease-expired",
                    "the lease expired while the explorer was not running",
                    params={},
                    variant="offline",
                )
                continue
            if self._stale(sub):
                # The hub calls a URL this server no longer answers (new port or tunnel):
                # ``move`` subscribes again and retires this one (GUIDE §9).
                continue
            if sub.state in (State.ACTIVE, State.RENEWING):
                if sub.state == State.RENEWING:
                    sub.transition(State.ACTIVE, None)
                    await self._save(sub)
                self._schedule_renewal(sub)
            else:  # requested, pending or unsubscribing: wait for the verification again
                self._arm_verification_timer(sub)
        self._views_changed()

    async def close(self, *, unsubscribe: bool = False) -> None:
        """Stop timers (optionally unsubscribe every live subscription first).

        A verification being committed is let finish first, so its event is published.
        """
        if unsubscribe:
            live = [sub for sub in self.subscriptions.values() if not sub.final]
            await asyncio.gather(*(self.unsubscribe(sub) for sub in live), return_exceptions=True)
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.config.request_timeout):
                    await self._changed.wait_for(lambda: not self._settling)
        timers = [*self._timers.values(), *self._refetches]
        self._timers.clear()
        for task in timers:
            task.cancel()
        await asyncio.gather(*timers, return_exceptions=True)
        if self._publisher is not None:
            await self._outbox.put(None)
            await self._publisher
            self._publisher = None
        if self._own_client and self._client is not None:
            await self._client.aclose()
            self._client = None
        self._workers.shutdown(wait=True)

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
        self._adopt(sub)
        await self._save(sub)
        await self._request(sub, "subscribe")
        for old in [
            old
            for old in self.subscriptions.values()
            if old.topic == topic and old.hub == hub and self._stale(old)
        ]:
            await self.unsubscribe(old, wait=False)
        return sub

    async def subscribe_discovered(
        self,
        channel: Channel,
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
            sub.transition(State.FAILED, "no hub found for the topic")
            self._emit(sub, ev.ERROR, message=sub.reason, findings=channel.findings)
            return sub
        if channel.findings:
            self._emit_topic(
                channel.topic,
                ev.ERROR,
                hub=channel.hub,
                findings=channel.findings,
                message="hub discovery notes",
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
        sub = self.subscriptions[sub] if isinstance(sub, str) else sub
        if sub.final:
            return
        self._cancel_timer(sub)
        sub.transition(State.UNSUBSCRIBING, "ended by the user")
        await self._save(sub)
        answer = await self._request(sub, "unsubscribe")
        if wait and answer.accepted:
            # Not just while UNSUBSCRIBING: a verification that came with the hub's answer
            # may have ended it already and still be committing before its event.
            await self.wait_settled(sub, timeout=self.config.verification_timeout)

    async def abandon(self, sub: Subscription | str, why: str) -> None:
        """End ``sub`` here without the hub's verification (WebSub §5.3), saying ``why``:
        the row becomes final, with an event, and from now on the hub's verifications get
        404 and its deliveries 410, so it cannot keep the subscription alive."""
        sub = self.subscriptions[sub] if isinstance(sub, str) else sub
        async with self._settle(sub):
            if sub.final:
                return
            self._cancel_timer(sub)
            message = f"{why}; ended here without the hub's word"
            if sub.state != State.UNSUBSCRIBING:
                sub.transition(State.UNSUBSCRIBING, message)
            sub.transition(State.ENDED, message)
            await self._save(sub)
            notes = [
                finding(
                    "websub.verification-timeout",
                    message,
                    params={"why": why},
                    variant="ended-here",
                )
            ]
            self._emit(sub, ev.UNSUBSCRIBED, reason=message, findings=notes)

    async def renew(self, sub: Subscription | str) -> None:
        """Renew an active lease now (the GUI's Renew button) instead of at its timer."""
        sub = self.subscriptions[sub] if isinstance(sub, str) else sub
        if sub.state == State.ACTIVE:
            self._cancel_timer(sub)
            await self._renew(sub)

    def live_subscription(self, topic: str, hub: str | None = None) -> Subscription | None:
        """A restored subscription to ``topic`` (at ``hub``, if given) still usable as is:
        not ended, and its callback URL is the one this server answers on."""
        for sub in self.subscriptions.values():
            if (
                sub.topic == topic
                and (hub is None or sub.hub == hub)
                and not self._stale(sub)
                and not sub.final
                and sub.state != State.UNSUBSCRIBING
            ):
                return sub
        return None

    def _stale(self, sub: Subscription) -> bool:
        """Live, but registered at a callback URL this server no longer answers on."""
        return not sub.final and sub.callback_url != self.server.callback_url(sub.callback_path)

    def stale_subscriptions(self) -> list[Subscription]:
        """Live subscriptions the hub calls at a URL this server no longer answers."""
        return [
            sub
            for sub in self.subscriptions.values()
            if self._stale(sub) and sub.state != State.UNSUBSCRIBING
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
            message=(
                f"the callback moved from {sub.callback_url} to {new.callback_url}: "
                f"subscribed again as {new.id} ({new.state}); the old one is unsubscribed"
            ),
        )
        return new

    def view(self, sub: Subscription) -> SubscriptionView:
        """An immutable view of ``sub`` for other threads (made on this loop)."""
        return SubscriptionView.of(
            sub,
            serving_url=self.server.callback_url(sub.callback_path),
            renewal_error=self._renewal_errors.get(sub.id),
        )

    def snapshot(self) -> list[SubscriptionView]:
        """Immutable views of every subscription."""
        return [self.view(sub) for sub in self.subscriptions.values()]

    def _views_changed(self) -> None:
        if self.view_listeners:
            views = self.snapshot()
            for listener in list(self.view_listeners):
                listener(views)

    async def wait_settled(self, sub: Subscription, timeout: float | None = None) -> State:
        """Wait until ``sub`` leaves requested/pending/renewing/unsubscribing, and the event
        of the change that made it leave is emitted."""
        busy = (State.REQUESTED, State.PENDING, State.RENEWING, State.UNSUBSCRIBING)
        async with self._changed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._changed.wait_for(
                        lambda: sub.state not in busy and sub.id not in self._settling
                    )
        return sub.state

    async def events(self) -> AsyncIterator[SubscriberEvent]:
        """Every event from now on, in order, until the subscriber closes."""
        queue: asyncio.Queue[SubscriberEvent | None] = asyncio.Queue()
        self._streams.append(queue)
        try:
            while (item := await queue.get()) is not None:
                yield item
        finally:
            self._streams.remove(queue)

    # --- callbacks from the server (CallbackTarget) ------------------------------------

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        sub = self._by_token[token]
        async with self._settle(sub):
            return await self._verification(sub, params)

    async def _verification(self, sub: Subscription, params: dict[str, bytes]) -> Reply:
        mode = params.get("hub.mode", b"").decode("utf-8", "replace")
        topic = params.get("hub.topic", b"").decode("utf-8", "replace")
        if mode == "denied":  # WebSub §5.2: the hub may deny at any time
            if topic != sub.topic or sub.final:
                return self._unknown_intent(sub, mode, topic)
            self._cancel_timer(sub)
            reason = params.get("hub.reason", b"").decode("utf-8", "replace") or None
            sub.transition(State.DENIED, reason or "denied without a reason")
            await self._save(sub)
            message = f"{sub.hub} denied {sub.topic}: {reason or '(no reason given)'}"
            denied = finding(
                "websub.denied",
                message,
                params={"hub": sub.hub, "topic": sub.topic, "reason": reason or "—"},
            )
            self._emit(sub, ev.DENIED, reason=reason, findings=[denied])
            return Reply(200)
        challenge = params.get("hub.challenge")
        if challenge is None or not sub.wants(mode, topic):
            return self._unknown_intent(sub, mode, topic)
        self._cancel_timer(sub)
        if mode == "unsubscribe":
            sub.transition(State.ENDED, sub.reason)
            await self._save(sub)
            self._emit(sub, ev.UNSUBSCRIBED, reason=sub.reason)
            return Reply(200, challenge)  # WebSub §5.3.1: the body is the challenge, nothing else
        notes, lease = self._lease(sub, params.get("hub.lease_seconds"))
        renewed = sub.state in (State.ACTIVE, State.RENEWING)
        sub.lease_seconds = lease
        sub.lease_expires = time.time() + lease if lease else None
        self._renewal_errors.pop(sub.id, None)
        sub.transition(State.ACTIVE, None)
        await self._save(sub)
        self._emit(sub, ev.RENEWED if renewed else ev.VERIFIED, lease_seconds=lease, findings=notes)
        self._schedule_renewal(sub)
        return Reply(200, challenge)

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        sub = self._by_token[token]
        if sub.final:  # WebSub §7: 410 tells the hub the subscription is gone
            return Reply(410, b"subscription ended\n")
        if self.probe_payloads is not None and self.probe_payloads.holds(delivery.content):
            # The hub fanned a conformance run's publication out to this subscription too:
            # acknowledged, and left in the exchange log, but no row and no continuity check.
            return Reply(200, PROBE_REPLY)
        context = DeliveryContext(sub.topic, sub.hub, sub.channel_capability)
        if len(delivery.content) > self.config.inline_parse_bytes:
            loop = asyncio.get_running_loop()
            checked = await loop.run_in_executor(
                self._workers, _check_delivery, delivery, sub.secret, context
            )
        else:
            checked = _check_delivery(delivery, sub.secret, context)
        doc = checked.document
        if checked.status == "notification" and doc is not None:
            # In arrival order: the previous until is updated before awaiting the commit.
            checked.findings.extend(check_continuity(doc, self._last_until.get(sub.id)))
            if doc.md.get("until"):
                self._last_until[sub.id] = doc.md["until"]
        record = NotificationRecord(
            subscription_id=sub.id,
            topic=sub.topic,
            received=delivery.received,
            status=checked.status,
            signature=checked.signature,
            body=delivery.content,
            headers=delivery.headers,
            content_type=delivery.header("Content-Type"),
            reason=checked.reason,
            capability=doc.capability if doc is not None else None,
            from_time=doc.md.get("from") if doc is not None else None,
            until_time=doc.md.get("until") if doc is not None else None,
            summary=checked.summary,
            findings=checked.findings,
        )
        try:
            await self.store.add_notification(record)
        except StoreError as exc:  # not acknowledged: the hub will retry
            self._emit(sub, ev.ERROR, message=f"could not store a delivery: {exc}")
            return Reply(500, b"could not store the delivery\n")
        if record.status == "notification":
            entries = checked.summary["entries"] if checked.summary else []
            self._emit(
                sub,
                ev.NOTIFICATION,
                notification_id=record.id,
                capability=record.capability,
                entries=entries,
                signature=record.signature,
                findings=record.findings,
                document=doc,
            )
        else:
            self._emit(
                sub,
                ev.REJECTED,
                notification_id=record.id,
                reason=record.reason,
                signature=record.signature,
                findings=record.findings,
            )
        failure = delivery.decode_failure
        if failure is not None:  # kept raw as rejected; the hub learns the body was unreadable
            return Reply(failure.status, failure.finding.message.encode() + b"\n")
        # WebSub §7.1.2: a rejected delivery is still acknowledged with 2xx.
        return Reply(200)

    def on_refused(self, token: str, code: str, message: str) -> None:
        sub = self._by_token[token]
        refused = finding(code, message, params={"detail": message})
        self._emit(sub, ev.ERROR, message=message, findings=[refused])

    # --- requests to the hub ------------------------------------------------------------

    async def _request(self, sub: Subscription, mode: str) -> HubAnswer:
        """Send the form POST (WebSub §5.1) and move the state on from the hub's answer."""
        form = {"hub.callback": sub.callback_url, "hub.mode": mode, "hub.topic": sub.topic}
        if mode == "subscribe":
            if sub.requested_lease:
                form["hub.lease_seconds"] = str(sub.requested_lease)
            if sub.secret:
                form["hub.secret"] = sub.secret
        if sub.verify_mode:
            form["hub.verify"] = sub.verify_mode
        # A hub may verify before its answer to the POST arrives (hub.verify=sync, or just
        # fast); events about the verification wait so they follow the request's event.
        self._in_flight[sub.id] = []
        try:
            answer = await self._post_form(sub.hub, form, mode)
            return await self._answered(sub, mode, answer)
        finally:
            for event in self._in_flight.pop(sub.id, []):
                self._outbox.put_nowait(event)

    async def _answered(self, sub: Subscription, mode: str, answer: HubAnswer) -> HubAnswer:
        if answer.hub and answer.hub != sub.hub and answer.status is not None:
            sub.hub = answer.hub
        if not answer.accepted:
            if mode == "unsubscribe":
                sub.transition(State.ENDED, f"the hub refused to unsubscribe: {answer.message}")
                await self._save(sub)
                self._emit(sub, ev.ERROR, message=answer.message, findings=answer.findings)
                return answer
            if sub.state == State.RENEWING and (sub.lease_expires or 0) > time.time():
                self._renewal_errors[sub.id] = f"renewal failed: {answer.message}"
                sub.transition(State.ACTIVE, f"renewal failed: {answer.message}")
                await self._save(sub)
                self._emit(sub, ev.ERROR, message=answer.message, findings=answer.findings)
                self._schedule_renewal(sub, retry=True)
                return answer
            await self._fail(sub, None, answer.message or "the hub refused", answer.findings)
            return answer
        flavour = FLAVOUR_PUSH if answer.status == 204 else FLAVOUR_WEBSUB
        sub.flavour = flavour
        notes = list(answer.findings)
        if answer.status == 204:
            notes.append(
                finding(
                    "websub.legacy-hub",
                    f"{sub.hub} answered 204: PubSubHubbub 0.4 style",
                    params={"hub": sub.hub},
                )
            )
        elif answer.status != 202:
            notes.append(
                finding(
                    "websub.hub-status",
                    f"{sub.hub} answered {answer.status}, expected 202",
                    params={"hub": sub.hub, "status": answer.status},
                )
            )
        if sub.state == State.REQUESTED:
            sub.transition(State.PENDING, None)
        await self._save(sub)
        if mode == "subscribe":
            self._emit(sub, ev.SUBSCRIBE_REQUESTED, flavour=flavour, findings=notes)
        elif notes:
            self._emit(sub, ev.ERROR, message="unsubscription notes", findings=notes)
        if sub.state in (State.PENDING, State.RENEWING, State.UNSUBSCRIBING):
            self._arm_verification_timer(sub)
        return answer

    async def _post_form(self, hub: str, form: dict[str, str], mode: str) -> HubAnswer:
        """POST with 307/308 re-POSTs and retries with backoff on 5xx and network errors."""
        url, seen, attempt = hub, {hub}, 0
        notes: list[Finding] = []
        while True:
            started = time.time()
            try:
                # request_timeout bounds the whole exchange, so a trickling hub cannot hold it.
                async with asyncio.timeout(self.config.request_timeout):
                    async with self.client.stream(
                        "POST", url, data=form, follow_redirects=False
                    ) as response:
                        body = await read_body(response, HUB_REPLY_LIMIT)
            except (httpx.HTTPError, BodyError, TimeoutError) as exc:
                detail = describe_failure(exc, self.config.request_timeout)
                self.exchange_log.record(
                    direction="out",
                    kind=mode,
                    method="POST",
                    url=url,
                    status=None,
                    request_body=_form_bytes(form),
                    started=started,
                    error=detail,
                )
                if isinstance(exc, BodyTooLarge):  # not retried: the hub would send it again
                    message = f"{url}'s answer to the {mode} request was not read: {exc}"
                    too_large = finding(
                        "http.too-large",
                        message,
                        url=url,
                        params={"url": url, "mode": mode, "reason": str(exc)},
                        variant="hub-answer",
                    )
                    return HubAnswer(False, None, url, "", message, [*notes, too_large])
                delay = self._retry.delay(attempt + 1)
                if delay is not None:
                    await asyncio.sleep(delay)
                    attempt += 1
                    continue
                message = f"{url} unreachable after {attempt + 1} attempts: {detail}"
                unreachable = finding(
                    "websub.hub-unreachable",
                    message,
                    url=url,
                    params={"url": url, "attempts": attempt + 1, "reason": detail},
                )
                return HubAnswer(False, None, url, "", message, [*notes, unreachable])
            self.exchange_log.record(
                direction="out",
                kind=mode,
                method="POST",
                url=url,
                status=response.status_code,
                request_headers=response.request.headers.items(),
                request_body=response.request.content,
                response_headers=response.headers.multi_items(),
                response_body=body,
                started=started,
            )
            status = response.status_code
            text = body.decode("utf-8", "replace")
            if 200 <= status < 300:
                return HubAnswer(True, status, url, text, None, notes)
            if status in (307, 308):  # WebSub §5.1.2: retry at the new hub URL
                location = response.headers.get("location")
                target = urljoin(url, location) if location else None
                if target is None or target in seen or len(seen) > self.config.max_redirects:
                    message = f"{url} answered {status} " + (
                        "without Location"
                        if target is None
                        else f"to {target}, a redirect loop or too many redirects"
                    )
                    bad = finding(
                        "websub.hub-bad-redirect",
                        message,
                        url=url,
                        params={"url": url, "status": status, "target": target or ""},
                        variant="no-location" if target is None else "loop",
                    )
                    return HubAnswer(False, status, url, text, message, [*notes, bad])
                notes.append(
                    finding(
                        "websub.hub-redirect",
                        f"{url} answered {status}; re-sent to {target}",
                        url=target,
                        params={"url": url, "status": status, "target": target},
                    )
                )
                seen.add(target)
                url = target
                continue
            delay = (
                self._retry.delay(attempt + 1, response.headers.get("retry-after"))
                if status >= 500
                else None
            )
            if delay is not None:
                await asyncio.sleep(delay)
                attempt += 1
                continue
            code = "websub.hub-bad-redirect" if 300 <= status < 400 else "websub.hub-error"
            # WebSub §5.1.2: the hub's error body is meant for the developer: show it as is.
            message = f"{url} answered {status}: {text}" if text else f"{url} answered {status}"
            refused = finding(
                code,
                message,
                url=url,
                params={"url": url, "status": status, "text": text},
                variant="" if text else "no-body",
            )
            return HubAnswer(False, status, url, text, message, [*notes, refused])

    @property
    def _retry(self) -> RetryPolicy:
        """Read at each request: tests and settings replace ``config`` on a live subscriber."""
        config = self.config
        return RetryPolicy(
            config.retries,
            config.backoff,
            max_retry_after=config.max_backoff,
            max_backoff=config.max_backoff,
            jitter=True,
        )

    # --- leases and timers ------------------------------------------------------------------

    def _lease(self, sub: Subscription, raw: bytes | None) -> tuple[list[Finding], int | None]:
        """The granted lease (WebSub §5.3: required for subscribe), with findings on oddities.

        A missing or unusable value falls back to the lease asked for, so renewal still
        happens; the finding says the hub misbehaved.
        """
        fallback = sub.requested_lease
        if raw is None:
            message = f"{sub.hub} gave no hub.lease_seconds"
            return [finding("websub.lease-missing", message, params={"hub": sub.hub})], fallback
        text = raw.decode("utf-8", "replace").strip()
        if not text.isdigit() or int(text) <= 0:
            message = f"hub.lease_seconds is {text[:40]!r}; not a positive integer"
            invalid = finding("websub.lease-invalid", message, params={"value": text[:40]})
            return [invalid], fallback
        lease = int(text)
        low, high = RECOMMENDED_LEASE
        if lease > MAX_LEASE:  # no perpetual leases (WebSub §5.3.1); keep it storable
            message = f"the hub granted {text[:40]} s; treated as {MAX_LEASE} s"
            unusual = finding(
                "websub.lease-unusual",
                message,
                params={"lease": text[:40], "cap": MAX_LEASE},
                variant="capped",
            )
            return [unusual], MAX_LEASE
        notes = []
        if not low <= lease <= high:
            notes.append(
                finding(
                    "websub.lease-unusual", f"the hub granted {lease} s", params={"lease": lease}
                )
            )
        if self._too_short_to_renew(lease):
            message = (
                f"the hub granted a lease of {lease} s; renewals are sent at most every "
                f"{self.config.min_renew_delay:g} s, so the lease may run out between them"
            )
            notes.append(
                finding(
                    "websub.lease-very-short",
                    message,
                    params={"lease": lease, "floor": self.config.min_renew_delay},
                )
            )
        return notes, lease

    def _too_short_to_renew(self, lease: int) -> bool:
        """A lease the renewal floor cannot keep up with (1 s always counts): it is renewed
        at the floor, after it ran out, instead of in a tight loop or not at all."""
        return lease <= max(VERY_SHORT_LEASE, self.config.min_renew_delay)

    def _schedule_renewal(self, sub: Subscription, *, retry: bool = False) -> None:
        """Renew at ``renew_fraction`` of the lease (WebSub §5.3.1: before it runs out)."""
        if sub.lease_seconds is None or sub.lease_expires is None:
            return
        remaining = sub.lease_expires - time.time()
        if retry:
            delay = remaining / 2
        else:
            delay = remaining - sub.lease_seconds * (1 - self.config.renew_fraction)
        self._set_timer(sub, max(delay, self.config.min_renew_delay), lambda: self._renew(sub))

    async def _renew(self, sub: Subscription) -> None:
        if sub.state != State.ACTIVE:
            return
        expired = sub.lease_expires is not None and sub.lease_expires <= time.time()
        short = sub.lease_seconds is not None and self._too_short_to_renew(sub.lease_seconds)
        if expired and not short:
            await self._fail(
                sub, "websub.lease-expired", "the lease ran out before renewal", params={}
            )
            return
        sub.transition(State.RENEWING, None)
        await self._save(sub)
        await self._request(sub, "subscribe")

    def _arm_verification_timer(self, sub: Subscription) -> None:
        self._set_timer(
            sub, self.config.verification_timeout, lambda: self._verification_overdue(sub)
        )

    async def _verification_overdue(self, sub: Subscription) -> None:
        async with self._settle(sub):
            await self._verification_overdue_now(sub)

    async def _verification_overdue_now(self, sub: Subscription) -> None:
        message = (
            f"{sub.hub} accepted the request but sent no verification within "
            f"{self.config.verification_timeout:g} s"
        )
        notes = [
            finding(
                "websub.verification-timeout",
                message,
                params={"hub": sub.hub, "seconds": self.config.verification_timeout},
            )
        ]
        if sub.state == State.UNSUBSCRIBING:
            sub.transition(State.ENDED, "unsubscribed; the hub never verified it")
            await self._save(sub)
            self._emit(sub, ev.UNSUBSCRIBED, reason=sub.reason, findings=notes)
        elif sub.state == State.RENEWING and (sub.lease_expires or 0) > time.time():
            self._renewal_errors[sub.id] = message
            sub.transition(State.ACTIVE, message)
            await self._save(sub)
            self._emit(sub, ev.ERROR, message=message, findings=notes)
            self._schedule_renewal(sub, retry=True)
        elif sub.state in (State.REQUESTED, State.PENDING, State.RENEWING):
            await self._fail(sub, None, message, notes)

    def _set_timer(
        self, sub: Subscription, delay: float, work: Callable[[], Awaitable[None]]
    ) -> None:
        """One timer per subscription (renewal or verification deadline); a new one replaces it."""
        self._cancel_timer(sub)

        async def later() -> None:
            await asyncio.sleep(delay)
            self._timers.pop(sub.id, None)
            await work()

        self._timers[sub.id] = asyncio.create_task(later())

    def _cancel_timer(self, sub: Subscription) -> None:
        task = self._timers.pop(sub.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

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

    def _adopt(self, sub: Subscription) -> None:
        self.subscriptions[sub.id] = sub
        self._by_token[sub.callback_path] = sub
        self.server.register(sub.callback_path, self)

    @contextlib.asynccontextmanager
    async def _settle(self, sub: Subscription) -> AsyncIterator[None]:
        """Bracket a state change made from outside the user's own call (a verification,
        a timer): its commit and its event.

        The state flips before the commit is awaited, so a duplicate verification gets 404
        meanwhile; but the change is done only once its event is emitted: until then
        ``wait_settled`` keeps waiting and ``close`` keeps the event feed open.
        """
        self._settling[sub.id] = self._settling.get(sub.id, 0) + 1
        try:
            yield
        finally:
            left = self._settling.pop(sub.id) - 1
            if left:
                self._settling[sub.id] = left
            async with self._changed:
                self._changed.notify_all()

    async def _save(self, sub: Subscription) -> None:
        await self.store.save_subscription(sub.to_row())
        self._views_changed()
        async with self._changed:
            self._changed.notify_all()

    async def _fail(
        self,
        sub: Subscription,
        code: str | None,
        message: str,
        notes: list[Finding] | None = None,
        *,
        params: dict[str, object] | None = None,
        variant: str = "",
    ) -> None:
        self._cancel_timer(sub)
        sub.transition(State.FAILED, message)
        await self._save(sub)
        findings = list(notes or [])
        if code is not None:
            findings.append(finding(code, message, params=params, variant=variant))
        self._emit(sub, ev.ERROR, message=message, findings=findings)

    def _unknown_intent(self, sub: Subscription, mode: str, topic: str) -> Reply:
        message = (
            f"verification for mode {mode!r}, topic {topic!r} matches no pending "
            f"intent on this callback ({sub.state}, topic {sub.topic}); answered 404"
        )
        unknown = finding(
            "websub.unknown-intent",
            message,
            params={"mode": mode, "topic": topic, "state": str(sub.state), "subscribed": sub.topic},
        )
        self._emit(sub, ev.ERROR, message=message, findings=[unknown])
        return Reply(404, b"no such pending intent\n")

    def _emit(self, sub: Subscription, name: str, **fields: Any) -> None:
        event = SubscriberEvent(
            name, sub.topic, sub.id, hub=sub.hub or None, state=str(sub.state), **fields
        )
        deferred = self._in_flight.get(sub.id)
        if deferred is not None and name in (ev.VERIFIED, ev.RENEWED, ev.DENIED, ev.UNSUBSCRIBED):
            deferred.append(event)
        else:
            self._outbox.put_nowait(event)

    def _emit_topic(self, topic: str, name: str, **fields: object) -> None:
        self._outbox.put_nowait(SubscriberEvent(name, topic, **fields))  # type: ignore[arg-type]

    async def _publish_loop(self) -> None:
        """Deliver events in order; enrichment runs in a worker so the loop stays free.

        Events queued meanwhile are enriched together, one worker hop per group: during
        a burst a hop per event made the feed fall seconds behind the acknowledgements.
        """
        loop = asyncio.get_running_loop()
        stop = False
        while not stop:
            group = [await self._outbox.get()]
            while group[-1] is not None and not self._outbox.empty():
                group.append(self._outbox.get_nowait())
            stop = group[-1] is None
            events = [event for event in group if event is not None]
            if self.enrich is not None and any(e.event == ev.NOTIFICATION for e in events):
                events = await loop.run_in_executor(self._workers, self._enrich_all, events)
            for event in events:
                self._publish(event)
                if self.refetch is not None and event.capability == "framework-notification":
                    self._start_refetch(event)
        for stream in self._streams:
            stream.put_nowait(None)

    def _publish(self, event: SubscriberEvent) -> None:
        for listener in list(self.listeners):
            listener(event)
        for stream in self._streams:
            stream.put_nowait(event)

    def _start_refetch(self, event: SubscriberEvent) -> None:
        if len(self._refetches) >= REFETCHES_WAITING:
            message = f"no diff: {REFETCHES_WAITING} refetches were already waiting"
            self._publish(self._diff_event(event, None, message=message))
            return
        task = asyncio.create_task(self._refetch_one(event))
        self._refetches.add(task)
        task.add_done_callback(self._refetches.discard)

    async def _refetch_one(self, event: SubscriberEvent) -> None:
        """The later diff of one framework notification; a failure is its event's message."""
        assert self.refetch is not None
        async with self._refetch_turns:
            try:
                enriched = await self.refetch(event) or event
            except Exception as exc:  # a refetch bug must not stop the feed
                self._publish(self._diff_event(event, None, message=f"refetch failed: {exc}"))
                return
        added = enriched.findings[len(event.findings) :]
        self._publish(self._diff_event(event, enriched.diff, findings=added))

    @staticmethod
    def _diff_event(
        event: SubscriberEvent,
        diff: object,
        *,
        findings: list[Finding] | None = None,
        message: str | None = None,
    ) -> SubscriberEvent:
        return SubscriberEvent(
            ev.DIFF,
            event.topic,
            event.subscription,
            hub=event.hub,
            notification_id=event.notification_id,
            capability=event.capability,
            diff=diff,
            findings=findings or [],
            message=message,
        )

    def _enrich_all(self, events: list[SubscriberEvent]) -> list[SubscriberEvent]:
        """In a worker: enrich each notification event; a failure marks only its event."""
        assert self.enrich is not None
        enriched = []
        for event in events:
            if event.event == ev.NOTIFICATION:
                try:
                    event = self.enrich(event) or event
                except Exception as exc:  # an enrich bug must not stop the feed
                    event = replace(event, message=f"enrich failed: {exc}")
            enriched.append(event)
        return enriched


def _check_delivery(delivery: Delivery, secret: str | None, context: DeliveryContext) -> _Checked:
    """Signature first (over the raw bytes, WebSub §7.1), then parse and validate (pure).

    Never raises: a bug in a check must not lose the delivery, so it becomes a finding.
    """
    signature = verify_signature(delivery.header("X-Hub-Signature"), delivery.body, secret)
    findings = list(signature.findings)
    state = str(signature.state)
    if not signature.state.accepted:  # WebSub §7.1.2: not a notification; kept as rejected
        return _Checked("rejected", state, signature.reason, None, findings, None)
    failure = delivery.decode_failure
    if failure is not None:
        findings.append(failure.finding)
        return _Checked("rejected", state, failure.finding.message, None, findings, None)
    try:
        findings += check_delivery_headers(
            delivery.header("Content-Type"), delivery.header_values("Link"), context
        )
        result = check_bytes(
            delivery.content,
            ValidationContext(declared_capability=context.channel_capability, url=context.topic),
        )
        findings += result.findings
        doc = result.document
        if doc is None:
            return _Checked("notification", state, None, None, findings, None)
        findings += check_notification(doc, context)
        return _Checked("notification", state, None, doc, findings, summarize_notification(doc))
    except Exception as exc:
        message = f"checking this delivery failed: {type(exc).__name__}: {exc}"
        return _Checked(
            "notification",
            state,
            None,
            None,
            [
                *findings,
                finding(
                    "websub.check-failed",
                    message,
                    params={"error": f"{type(exc).__name__}: {exc}"},
                ),
            ],
            None,
        )


def _form_bytes(form: dict[str, str]) -> bytes:
    return str(httpx.QueryParams(form)).encode()
