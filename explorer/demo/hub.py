"""The reference WebSub hub served at ``/hub`` (W3C WebSub Recommendation).

It accepts subscription requests (WebSub §5.1), verifies intent asynchronously (§5.3),
denies topics it does not serve (§5.2), clamps leases and enforces expiry (§5.3.1),
takes publications as the ResourceSync notification specs define them
(change-notification 1.0.1 §4.1: POST application/xml with Link self and hub) and
delivers them (§7) with an HMAC signature when a secret was given (§7.1), retrying
with backoff and dropping a subscription whose callback answers 410 (§7).
Faults from the live ``FaultSet`` bend each step on purpose.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import re
import secrets
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

import aiohttp
from aiohttp import web

from explorer.demo.faults import FaultSet

# Lease range. The notification specs (change-notification 1.0.1 §4.2) recommend
# granting 300 s .. 2,678,400 s (one month); WebSub §8.2 suggests 10 days by default.
DEFAULT_MIN_LEASE = 300
DEFAULT_MAX_LEASE = 2_678_400
DEFAULT_LEASE = 864_000
MAX_SECRET_BYTES = 200  # WebSub §5.1: hub.secret MUST be less than 200 bytes
XML = "application/xml"
FORM = "application/x-www-form-urlencoded"
LOSSY_EVERY = 5
"""The lossy-hub fault withholds the 5th, 10th, … delivery to each subscriber."""
FORGET_AFTER = 3
"""The forgetful-hub fault forgets a subscription once it has had this many deliveries."""

_LINK_RE = re.compile(r"<([^>]*)>\s*((?:;\s*[^;,]+)*)")
_REL_RE = re.compile(r"""rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))""", re.IGNORECASE)


def parse_link_header(value: str) -> dict[str, str]:
    """rel -> href for each link in an HTTP Link header (RFC 8288); first href per rel wins."""
    rels: dict[str, str] = {}
    for match in _LINK_RE.finditer(value or ""):
        href, params = match.group(1).strip(), match.group(2)
        rel_match = _REL_RE.search(params)
        if rel_match is None:
            continue
        for rel in (rel_match.group(1) or rel_match.group(2) or "").split():
            rels.setdefault(rel.lower(), href)
    return rels


def link_header(topic: str, hub_url: str) -> str:
    """The Link header a publication and a delivery carry (change-notification 1.0.1 §4.1, §4.3)."""
    return f'<{topic}>; rel="self", <{hub_url}>; rel="hub"'


def sign(secret: str, body: bytes) -> str:
    """``X-Hub-Signature`` value: HMAC-SHA256 over the raw body (WebSub §7.1)."""
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def _is_http_url(value: str) -> bool:
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def _with_query(callback: str, params: dict[str, str]) -> str:
    """Append hub parameters, keeping the callback's own query first (WebSub §5.1.1)."""
    base = callback.partition("#")[0]
    joiner = "&" if "?" in base else "?"
    if base.endswith(("?", "&")):
        joiner = ""
    return base + joiner + urlencode(params)


@dataclass(slots=True)
class HubEvent:
    """Something the hub did, for tests, the GUI and the CLI log."""

    kind: str
    topic: str
    callback: str | None = None
    status: int | None = None
    detail: str = ""
    at: float = field(default_factory=time.time)


@dataclass(slots=True)
class HubSubscription:
    topic: str
    callback: str
    secret: str | None
    lease_seconds: int
    expires_at: float  # time.monotonic() deadline
    queue: asyncio.Queue[bytes] = field(default_factory=asyncio.Queue)
    worker: asyncio.Task[None] | None = None
    delivered: int = 0
    offered: int = 0  # publications taken from the queue, delivered or withheld

    @property
    def expired(self) -> bool:
        return time.monotonic() >= self.expires_at

    @property
    def seconds_left(self) -> float:
        """Lease time remaining, for display."""
        return max(0.0, self.expires_at - time.monotonic())


class SubscriptionRequestError(ValueError):
    """An invalid subscription request; the message is the plain-text reason."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.status = status


@dataclass(frozen=True, slots=True)
class SubscriptionRequest:
    mode: str
    topic: str
    callback: str
    lease_seconds: int | None
    secret: str | None


def parse_subscription_request(form: dict[str, str]) -> SubscriptionRequest:
    """Check a subscription form (WebSub §5.1); raise ``SubscriptionRequestError`` when invalid."""
    callback = form.get("hub.callback", "")
    mode = form.get("hub.mode", "")
    topic = form.get("hub.topic", "")
    if mode == "publish":
        raise SubscriptionRequestError(
            "this hub takes notifications as a POST of application/xml with Link rel=self "
            "and rel=hub (change-notification 1.0.1 §4.1), not hub.mode=publish"
        )
    if not callback:
        raise SubscriptionRequestError("hub.callback is required (WebSub §5.1)")
    if not _is_http_url(callback):
        raise SubscriptionRequestError(
            "hub.callback must be an absolute http(s) URL (WebSub §5.1.1)"
        )
    if not mode:
        raise SubscriptionRequestError("hub.mode is required (WebSub §5.1)")
    if mode not in ("subscribe", "unsubscribe"):
        raise SubscriptionRequestError(
            f"hub.mode must be 'subscribe' or 'unsubscribe', not {mode!r} (WebSub §5.1)"
        )
    if not topic:
        raise SubscriptionRequestError("hub.topic is required (WebSub §5.1)")
    if not _is_http_url(topic):
        raise SubscriptionRequestError("hub.topic must be an absolute http(s) URL (WebSub §5.1.1)")
    lease: int | None = None
    raw_lease = form.get("hub.lease_seconds")
    if raw_lease is not None and mode == "subscribe":  # ignored for unsubscribe (§5.1)
        if not raw_lease.isdigit() or int(raw_lease) <= 0:
            raise SubscriptionRequestError(
                f"hub.lease_seconds must be a positive decimal integer, not {raw_lease!r} "
                "(WebSub §5.1)"
            )
        lease = int(raw_lease)
    secret = form.get("hub.secret")
    if secret is not None and len(secret.encode("utf-8")) >= MAX_SECRET_BYTES:
        raise SubscriptionRequestError(
            f"hub.secret must be less than {MAX_SECRET_BYTES} bytes (WebSub §5.1)"
        )
    return SubscriptionRequest(mode, topic, callback, lease, secret or None)


@dataclass(slots=True)
class HubSettings:
    """Lease range and delivery policy; tests shorten them."""

    min_lease: int = DEFAULT_MIN_LEASE
    max_lease: int = DEFAULT_MAX_LEASE
    default_lease: int = DEFAULT_LEASE
    delivery_attempts: int = 5
    retry_delay: float = 1.0  # doubled after each failed attempt
    request_timeout: float = 10.0
    slow_delivery_seconds: float = 5.0

    def clamp(self, requested: int | None) -> int:
        lease = self.default_lease if requested is None else requested
        return max(self.min_lease, min(self.max_lease, lease))


class Hub:
    """A WebSub hub for a fixed set of topics, run on the current asyncio loop."""

    def __init__(
        self,
        hub_url: str,
        topics: Callable[[], set[str]],
        faults: FaultSet,
        settings: HubSettings | None = None,
    ) -> None:
        self.hub_url = hub_url
        self._topics = topics
        self.faults = faults
        self.settings = settings or HubSettings()
        self.events: deque[HubEvent] = deque(maxlen=2000)
        self.listeners: list[Callable[[HubEvent], None]] = []  # called with each new event
        self._subscriptions: dict[tuple[str, str], HubSubscription] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._session: aiohttp.ClientSession | None = None

    async def start(self) -> None:
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=self.settings.request_timeout)
        )

    async def stop(self) -> None:
        tasks = list(self._tasks) + [s.worker for s in self._subscriptions.values() if s.worker]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._subscriptions.clear()
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _log(
        self,
        kind: str,
        topic: str,
        callback: str | None = None,
        status: int | None = None,
        detail: str = "",
    ) -> None:
        event = HubEvent(kind, topic, callback, status, detail)
        self.events.append(event)
        for listener in list(self.listeners):
            listener(event)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def subscriptions(self, topic: str | None = None) -> list[HubSubscription]:
        """Active subscriptions; expired ones are dropped here (expiry enforced, §5.3.1)."""
        for key, sub in list(self._subscriptions.items()):
            if self._lapsed(sub):
                self._remove(key, "expired", "lease ended")
        return [s for s in self._subscriptions.values() if topic is None or s.topic == topic]

    def _lapsed(self, sub: HubSubscription) -> bool:
        """The lease ran out, and the hub acts on it (not so under the ignore-lease fault)."""
        return sub.expired and "ignore-lease" not in self.faults

    async def restart(self) -> None:
        """Stop every delivery worker and start again from what the hub keeps, as a hub
        restarted over its store does; queued deliveries are lost, as in a crash. Under
        the restart-forgets fault the hub kept its subscriptions in memory only."""
        kept = list(self._subscriptions.values())
        for sub in kept:
            if sub.worker is not None:
                sub.worker.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sub.worker
        self._subscriptions.clear()
        if "restart-forgets" not in self.faults:
            for sub in kept:
                fresh = HubSubscription(
                    sub.topic, sub.callback, sub.secret, sub.lease_seconds, sub.expires_at
                )
                fresh.worker = asyncio.ensure_future(self._deliver_loop(fresh))
                self._subscriptions[(sub.topic, sub.callback)] = fresh
        self._log("restarted", "", detail=f"{len(self._subscriptions)} subscription(s) kept")

    def _remove(self, key: tuple[str, str], kind: str, detail: str) -> None:
        sub = self._subscriptions.pop(key, None)
        if sub is None:
            return
        if sub.worker is not None and sub.worker is not asyncio.current_task():
            sub.worker.cancel()
        self._log(kind, sub.topic, sub.callback, detail=detail)

    # HTTP entry point
    async def handle(self, request: web.Request) -> web.Response:
        """POST /hub: subscription forms (WebSub §5.1) or publications (notification §4.1)."""
        if request.content_type == FORM:
            return await self._handle_form(request)
        if request.content_type == XML:
            body = await request.read()
            status, reason = self.publish(request.headers.get("Link", ""), body, XML)
            return web.Response(status=status, text=reason)
        return web.Response(
            status=415,
            text="POST either an application/x-www-form-urlencoded subscription "
            "request (WebSub §5.1) or an application/xml notification with Link self and hub "
            "(change-notification 1.0.1 §4.1)",
        )

    async def _handle_form(self, request: web.Request) -> web.Response:
        form = {key: str(value) for key, value in (await request.post()).items()}
        try:
            sub_request = parse_subscription_request(form)
        except SubscriptionRequestError as exc:
            self._log(
                "rejected",
                form.get("hub.topic", ""),
                form.get("hub.callback"),
                exc.status,
                str(exc),
            )
            return web.Response(status=exc.status, text=str(exc))
        if "refuse-unknown-topic" in self.faults and sub_request.topic not in self._topics():
            reason = f"topic_not_supported: {sub_request.topic}"
            self._log("rejected", sub_request.topic, sub_request.callback, 400, reason)
            return web.Response(status=400, text=reason)
        self._log(f"{sub_request.mode}-request", sub_request.topic, sub_request.callback, 202)
        self._spawn(self._verify(sub_request))
        return web.Response(status=202, text="Accepted: verification of intent follows")

    # Verification of intent (§5.2, §5.3)
    async def _verify(self, req: SubscriptionRequest) -> None:
        assert self._session is not None
        if req.topic not in self._topics():
            reason = "this hub does not serve that topic"
            url = _with_query(
                req.callback, {"hub.mode": "denied", "hub.topic": req.topic, "hub.reason": reason}
            )
            status = await self._get_status(url)
            self._log("denied", req.topic, req.callback, status, reason)
            return
        lease = self.settings.clamp(req.lease_seconds)
        challenge = secrets.token_urlsafe(24)
        topic = req.topic
        if "verify-wrong-topic" in self.faults:
            topic = req.topic.rstrip("/") + "-never-requested"
        params = {"hub.mode": req.mode, "hub.topic": topic, "hub.challenge": challenge}
        if req.mode == "subscribe":
            params["hub.lease_seconds"] = "0" if "lease-zero" in self.faults else str(lease)
        started = time.monotonic()
        try:
            async with self._session.get(
                _with_query(req.callback, params), allow_redirects=False
            ) as response:
                body = await response.read()
                status = response.status
        except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
            self._log("verify-failed", req.topic, req.callback, None, f"GET failed: {exc}")
            return
        if not (200 <= status < 300 and body == challenge.encode("utf-8")):
            detail = "status not 2xx" if not 200 <= status < 300 else "body is not the challenge"
            self._log("verify-failed", req.topic, req.callback, status, detail)
            return
        key = (req.topic, req.callback)
        if req.mode == "unsubscribe":
            self._remove(key, "unsubscribed", "verified")
            return
        existing = self._subscriptions.get(key)
        if existing is not None:  # re-subscription replaces the old state (§5.1)
            existing.secret = req.secret
            existing.lease_seconds = lease
            existing.expires_at = started + lease
        else:
            sub = HubSubscription(req.topic, req.callback, req.secret, lease, started + lease)
            sub.worker = asyncio.ensure_future(self._deliver_loop(sub))
            self._subscriptions[key] = sub
        self._log("subscribed", req.topic, req.callback, status, f"lease {lease} s")

    async def _get_status(self, url: str) -> int | None:
        assert self._session is not None
        try:
            async with self._session.get(url, allow_redirects=False) as response:
                await response.read()
                return response.status
        except (aiohttp.ClientError, TimeoutError, ValueError):
            return None

    # Publishing (change-notification 1.0.1 §4.1) and distribution (§7)
    def publish(self, link_value: str, body: bytes, content_type: str) -> tuple[int, str]:
        """Accept a notification for a known topic and queue it for every subscriber.

        Returns the HTTP status and plain-text reason the publisher gets: 200 on
        success, 4xx when the Content-Type, the Link header or the topic is wrong.
        """
        if "publish-disabled" in self.faults:
            return 403, "publishing is disabled on this hub"
        if content_type.split(";")[0].strip().lower() != XML:
            return 415, "a notification must be POSTed as application/xml"
        rels = parse_link_header(link_value)
        topic, hub = rels.get("self"), rels.get("hub")
        if not topic or not hub:
            return 400, 'the Link header must carry rel="self" (topic) and rel="hub"'
        if hub != self.hub_url:
            return 400, f'Link rel="hub" names {hub}, not this hub ({self.hub_url})'
        if topic not in self._topics():
            return 404, f"unknown topic {topic}"
        subscribers = self.subscriptions(topic)
        for sub in subscribers:
            sub.queue.put_nowait(body)
        self._log("published", topic, None, 200, f"{len(subscribers)} subscriber(s)")
        return 200, "OK"

    async def _deliver_loop(self, sub: HubSubscription) -> None:
        """One worker per subscription keeps its deliveries in publication order."""
        key = (sub.topic, sub.callback)
        while True:
            body = await sub.queue.get()
            if self._lapsed(sub):
                self._remove(key, "expired", "lease ended")
                return
            sub.offered += 1
            if withheld := self._withheld(sub):
                self._log("withheld", sub.topic, sub.callback, detail=withheld)
                continue
            if "slow-delivery" in self.faults:
                self._log(
                    "delayed",
                    sub.topic,
                    sub.callback,
                    detail=f"{self.settings.slow_delivery_seconds} s (slow-delivery)",
                )
                await asyncio.sleep(self.settings.slow_delivery_seconds)
            if dropped := await self._deliver(sub, body):
                self._remove(key, "dropped", dropped)
                return
            if "forgetful-hub" in self.faults and sub.delivered >= FORGET_AFTER:
                self._remove(key, "forgotten", f"forgetful-hub: after {sub.delivered} deliveries")
                return

    def _withheld(self, sub: HubSubscription) -> str:
        """Why this delivery is silently not made (a fault), or "" to make it. The lossy
        hub counts per subscription, so which deliveries vanish is the same every run."""
        if "silent-hub" in self.faults:
            return "silent-hub"
        if "lossy-hub" in self.faults and sub.offered % LOSSY_EVERY == 0:
            return f"lossy-hub: publication {sub.offered}"
        return ""

    async def _deliver(self, sub: HubSubscription, body: bytes) -> str:
        """Try a delivery with retries and backoff; why the subscription ends (the
        subscriber said 410; a fault), or "" when it goes on."""
        assert self._session is not None
        headers = {"Content-Type": "text/plain" if "wrong-content-type" in self.faults else XML}
        if "missing-link-header" not in self.faults:
            headers["Link"] = link_header(sub.topic, self.hub_url)
        if sub.secret and "no-signature" not in self.faults:
            key = sub.secret + "-wrong" if "bad-signature" in self.faults else sub.secret
            headers["X-Hub-Signature"] = sign(key, body)
        delay = self.settings.retry_delay
        attempts = 1 if "never-retry" in self.faults else self.settings.delivery_attempts
        for attempt in range(1, attempts + 1):
            try:
                async with self._session.post(
                    sub.callback, data=body, headers=headers, allow_redirects=False
                ) as response:
                    status: int | None = response.status
                    await response.read()
            except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
                status, detail = None, f"POST failed: {exc}"
            else:
                detail = f"attempt {attempt}"
            if status is not None and 200 <= status < 300:
                sub.delivered += 1
                self._log("delivered", sub.topic, sub.callback, status, detail)
                return ""
            if status == 410 and "ignore-410" not in self.faults:
                return "callback answered 410 Gone"
            self._log("delivery-failed", sub.topic, sub.callback, status, detail)
            if attempt < attempts:
                await asyncio.sleep(delay)
                delay *= 2
        self._log("gave-up", sub.topic, sub.callback, None, f"after {attempts} attempts")
        if "drop-failing" in self.faults:  # WebSub §7 keeps it until its lease ends
            return "drop-failing: a delivery failed past its retries"
        return ""
