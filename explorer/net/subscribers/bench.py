"""The test bench of ``subscriber-check``: one loopback server that is the test Source
and the hub a subscriber under test talks to.

Each test gets a ``Channel`` of its own below ``/<id>/``: the topic (its ``self`` URL),
a URL whose ``rel="self"`` points elsewhere, the topic behind a 302 and behind a 301, a
Capability List advertising the channel with ``rs:ln rel="hub"``
(change-notification 1.0.1 §5), and the resources notifications name, whose GETs are
counted. ``/hub`` takes subscription requests (WebSub §5.1), answers 202 and verifies
intent (§5.3) or denies (§5.2) as the channel says; the test itself delivers
notifications with the signature it chooses (``deliver``). Every exchange, both ways, is
logged on the channel as evidence. Every read from the subscriber is bounded: a
subscription request by ``MAX_REQUEST_BYTES`` (aiohttp answers 413 past it), an answer
by ``MAX_ANSWER_BYTES`` and ``request_timeout`` seconds.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import httpx
from aiohttp import web

from explorer.core import catalog
from explorer.core.phrase import Phrase
from explorer.core.push.payload_templates import change_notification
from explorer.core.serialize import serialize_document
from explorer.core.subscribers import payloads
from explorer.core.subscribers.verdicts import Answer
from explorer.net.http.bounded_body import BodyError, failure_phrase, read_body
from explorer.net.live.callback.callback_server import said_on_the_wire
from explorer.net.live.callback.connection_guard import ConnectionGuard
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord

MAX_REQUEST_BYTES = 64 * 1024
"""A subscription request is a short form (WebSub §5.1); anything longer is refused."""
MAX_ANSWER_BYTES = 64 * 1024
"""What is read of the subscriber's answer to a verification or a delivery."""
XML = "application/xml"
TOPIC, ASKED, MOVED_302, MOVED_301 = "topic", "asked", "moved302", "moved301"
MOVED_HUB = "hub"  # + "307" or "308": a channel's redirecting hub
CAPLIST = payloads.RESOURCES + "capabilitylist.xml"
MAX_LEASE_DIGITS = 12
"""A hub.lease_seconds longer than this is no lease (and no int() of 60,000 digits)."""
READ_METHODS = ", ".join(("GET", "HEAD"))  # the Source answers reads only


@dataclass(frozen=True, slots=True)
class HubRequest:
    """A subscription request the subscriber under test sent to the bench's hub."""

    mode: str
    topic: str
    callback: str
    secret: str | None
    lease: int | None
    at: float  # time.monotonic()


@dataclass(frozen=True, slots=True)
class Verification:
    """The subscriber's answer to one verification (or denial) request."""

    request: HubRequest
    mode: str
    status: int | None
    body: str
    echoed: bool  # the body was hub.challenge exactly
    error: Phrase | None
    at: float

    @property
    def answer(self) -> Answer:
        return self.status if self.status is not None else self.error

    @property
    def confirmed(self) -> bool:
        return self.status is not None and 200 <= self.status < 300 and self.echoed


@dataclass(slots=True)
class Channel:
    """One test's topic, its Source paths, what the subscriber did, and the evidence."""

    id: str
    base_url: str  # ends with "/"
    hub_url: str
    lease: int
    link_headers: bool = True  # the topic URL itself names hub and self
    deny: bool = False  # answer subscription requests with hub.mode=denied
    advertised: str = TOPIC  # what the Capability List names as the channel
    hub_moved: int | None = None  # the hub it names answers with this redirect (307, 308)
    requests: list[HubRequest] = field(default_factory=list)
    verifications: list[Verification] = field(default_factory=list)
    fetches: Counter[str] = field(default_factory=Counter)
    evidence: list[ExchangeRecord] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def url(self, name: str) -> str:
        return self.base_url + name

    @property
    def topic(self) -> str:
        """The channel's ``self`` URL: the topic a subscription must name."""
        return self.url(TOPIC)

    @property
    def caplist(self) -> str:
        return self.url(CAPLIST)

    @property
    def named_hub(self) -> str:
        """The hub the topic and the Capability List name: the bench's own, or a URL that
        redirects a subscription request there (WebSub §5.1.2)."""
        return self.hub_url if self.hub_moved is None else self.url(f"{MOVED_HUB}{self.hub_moved}")

    def active(self) -> Verification | None:
        """The first subscription the subscriber confirmed, if any."""
        return next((v for v in self.verifications if v.mode == "subscribe" and v.confirmed), None)

    def subscribes(self) -> list[HubRequest]:
        return [r for r in self.requests if r.mode == "subscribe"]

    def fetched(self, paths: tuple[str, ...]) -> int:
        return sum(self.fetches[path] for path in paths)

    def note(self, record: ExchangeRecord) -> None:
        self.evidence.append(record)
        self.changed.set()

    async def wait_for(self, condition: Callable[[], Any], seconds: float) -> Any:
        """``condition()`` once it is true, else its last value after ``seconds``."""
        deadline = time.monotonic() + seconds
        while not (value := condition()):
            left = deadline - time.monotonic()
            if left <= 0:
                return value
            self.changed.clear()
            try:
                async with asyncio.timeout(min(left, 0.5)):
                    await self.changed.wait()
            except TimeoutError:
                pass
        return value


class Bench:
    """The loopback test Source and hub; ``start`` before use, ``stop`` after."""

    def __init__(self, client: httpx.AsyncClient, log: ExchangeLog, request_timeout: float):
        self._client = client
        self._log = log
        self._timeout = request_timeout
        self._channels: dict[str, Channel] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        # connections, header and idle time bounded as on the explorer's own callback server
        self._guard = ConnectionGuard()
        self.base_url = ""

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        app = web.Application(client_max_size=MAX_REQUEST_BYTES)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        assert self._runner.server is not None
        loop = asyncio.get_running_loop()
        self._listener = await loop.create_server(self._guard.wrap(self._runner.server), host, port)
        bound = self._listener.sockets[0].getsockname()[1]
        self.base_url = f"http://{host}:{bound}/"

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._guard.close_all()

    @property
    def hub_url(self) -> str:
        return self.base_url + "hub"

    def channel(self, lease: int) -> Channel:
        """A fresh channel (a fresh topic) for one test."""
        cid = secrets.token_hex(6)
        made = Channel(cid, f"{self.base_url}{cid}/", self.hub_url, lease)
        self._channels[cid] = made
        return made

    def close(self, channel: Channel) -> None:
        """Forget the channel: later requests for it are answered 404, as strays."""
        self._channels.pop(channel.id, None)

    # --- the hub's side: verification, denial, distribution ------------------------------

    async def verify(
        self, channel: Channel, request: HubRequest, *, mode: str | None = None, topic: str = ""
    ) -> Verification:
        """Ask the callback to confirm ``mode`` for ``topic`` (WebSub §5.3)."""
        mode = mode or request.mode
        challenge = secrets.token_urlsafe(24)
        params = {"hub.mode": mode, "hub.topic": topic or request.topic, "hub.challenge": challenge}
        if mode == "subscribe":
            params["hub.lease_seconds"] = str(channel.lease)
        status, body, error = await self._get(channel, request.callback, params, "verification")
        text = body.decode("utf-8", "replace")
        echoed = text == challenge
        answer = Verification(request, mode, status, text[:200], echoed, error, time.monotonic())
        channel.verifications.append(answer)
        channel.changed.set()
        return answer

    async def deny(self, channel: Channel, request: HubRequest) -> Verification:
        """Tell the callback the subscription was denied (WebSub §5.2)."""
        params = {
            "hub.mode": "denied",
            "hub.topic": request.topic,
            "hub.reason": catalog.text("subscribers.wire.denied"),
        }
        status, body, error = await self._get(channel, request.callback, params, "verification")
        text = body.decode("utf-8", "replace")[:200]
        answer = Verification(request, "denied", status, text, False, error, time.monotonic())
        channel.verifications.append(answer)
        channel.changed.set()
        return answer

    async def deliver(
        self,
        channel: Channel,
        callback: str,
        body: bytes,
        *,
        signature: str | None = None,
        encoding: str | None = None,
    ) -> Answer:
        """POST a notification to ``callback`` as a hub distributes it (WebSub §7):
        ``Link`` rel=hub and rel=self, ``signature`` as ``X-Hub-Signature``, ``body`` as
        given (already coded when ``encoding`` names its ``Content-Encoding``)."""
        headers = {
            "Content-Type": XML,
            "Link": f'<{channel.topic}>; rel="self", <{channel.hub_url}>; rel="hub"',
        }
        if signature is not None:
            headers["X-Hub-Signature"] = signature
        if encoding is not None:
            headers["Content-Encoding"] = encoding
        started = time.time()
        status: int | None = None
        error: Phrase | None = None
        answer_body = b""
        answer_headers: list[tuple[str, str]] = []
        try:
            async with asyncio.timeout(self._timeout):
                request = self._client.build_request(
                    "POST", callback, content=body, headers=headers
                )
                response = await self._client.send(request, stream=True)
                try:
                    status = response.status_code
                    answer_headers = list(response.headers.multi_items())
                    answer_body = await read_body(response, MAX_ANSWER_BYTES)
                finally:
                    await response.aclose()
        except BodyError as exc:
            error = exc.said if status is None else None
        except (httpx.HTTPError, TimeoutError, OSError) as exc:
            if status is None:
                error = failure_phrase(exc, self._timeout)
        channel.note(
            self._log.record(
                direction="out",
                kind="delivery",
                method="POST",
                url=callback,
                status=status,
                request_headers=list(headers.items()),
                request_body=body,
                response_headers=answer_headers,
                response_body=answer_body,
                started=started,
                error=None if error is None else str(error),
            )
        )
        return status if status is not None else error

    async def _get(
        self, channel: Channel, callback: str, params: dict[str, str], kind: str
    ) -> tuple[int | None, bytes, Phrase | None]:
        base = callback.partition("#")[0]
        joiner = "&" if "?" in base else "?"
        url = base + joiner + urlencode(params)
        started = time.time()
        status: int | None = None
        error: Phrase | None = None
        body = b""
        headers: list[tuple[str, str]] = []
        try:
            async with asyncio.timeout(self._timeout):
                response = await self._client.send(
                    self._client.build_request("GET", url), stream=True
                )
                try:
                    status = response.status_code
                    headers = list(response.headers.multi_items())
                    body = await read_body(response, MAX_ANSWER_BYTES)
                finally:
                    await response.aclose()
        except BodyError as exc:
            error = exc.said
        except (httpx.HTTPError, TimeoutError, OSError) as exc:
            error = failure_phrase(exc, self._timeout)
        channel.note(
            self._log.record(
                direction="out",
                kind=kind,
                method="GET",
                url=url,
                status=status,
                response_headers=headers,
                response_body=body,
                started=started,
                error=None if error is None else str(error),
            )
        )
        return status, body, error

    # --- what the subscriber asks of the bench ------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        started = time.time()
        if request.path == "/hub":
            return await self._hub(request, started)
        cid, _, name = request.path.lstrip("/").partition("/")
        channel = self._channels.get(cid)
        if channel is not None and channel.hub_moved and name == f"{MOVED_HUB}{channel.hub_moved}":
            moved = web.Response(status=channel.hub_moved, headers={"Location": self.hub_url})
            channel.note(self._incoming(request, "subscribe", moved, started))
            return moved
        response = self._source(channel, name, request.method) if channel else _not_found()
        if channel is not None:
            if name.startswith(payloads.RESOURCES) and name != CAPLIST:
                channel.fetches[request.path] += 1
            kind = "fetch" if name.startswith(payloads.RESOURCES) else "discovery"
            channel.note(self._incoming(request, kind, response, started))
        return response

    def _source(self, channel: Channel, name: str, method: str) -> web.Response:
        if method not in ("GET", "HEAD"):
            return web.Response(status=405, headers={"Allow": READ_METHODS})
        links = f'<{channel.named_hub}>; rel="hub", <{channel.topic}>; rel="self"'
        if name == TOPIC:
            return _xml(
                _empty_notification(channel), {"Link": links} if channel.link_headers else {}
            )
        if name == ASKED:
            return _xml(_empty_notification(channel), {"Link": links})
        if name in (MOVED_302, MOVED_301):
            status = 302 if name == MOVED_302 else 301
            return web.Response(status=status, headers={"Location": channel.topic})
        if name == CAPLIST:
            advertised = channel.url(channel.advertised)
            return _xml(payloads.capability_list(channel.base_url, advertised, channel.named_hub))
        if name.startswith(payloads.RESOURCES) and name.endswith(".xml"):
            return _xml(_empty_notification(channel))
        if name.startswith(payloads.RESOURCES):
            return web.Response(
                text="<!doctype html><title>resource</title>", content_type="text/html"
            )
        return _not_found()

    async def _hub(self, request: web.Request, started: float) -> web.StreamResponse:
        try:
            async with asyncio.timeout(self._timeout):
                raw = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return web.Response(status=413)
        except TimeoutError:
            return web.Response(status=408)
        form = dict(parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True))
        mode = form.get("hub.mode", "")
        topic = form.get("hub.topic", "")
        callback = form.get("hub.callback", "")
        channel = self._channels.get(_first_segment(topic))
        if mode not in ("subscribe", "unsubscribe") or not _is_http(callback) or channel is None:
            refused = said_on_the_wire("subscribers.wire.refused")
            return web.Response(status=400 if channel else 404, body=refused)
        lease = form.get("hub.lease_seconds", "")
        hub_request = HubRequest(
            mode,
            topic,
            callback,
            form.get("hub.secret") or None,
            int(lease) if lease.isdigit() and len(lease) <= MAX_LEASE_DIGITS else None,
            time.monotonic(),
        )
        channel.requests.append(hub_request)
        response = web.Response(status=202)
        channel.note(self._incoming(request, mode, response, started, raw))
        if channel.deny and mode == "subscribe":
            self._spawn(_ignore(self.deny(channel, hub_request)))
        else:
            self._spawn(_ignore(self.verify(channel, hub_request)))
        return response

    def _incoming(
        self,
        request: web.Request,
        kind: str,
        response: web.Response,
        started: float,
        body: bytes | None = None,
    ) -> ExchangeRecord:
        return self._log.record(
            direction="in",
            kind=kind,
            method=request.method,
            url=str(request.url),
            status=response.status,
            request_headers=list(request.headers.items()),
            request_body=body,
            response_headers=list(response.headers.items()),
            response_body=response.body if isinstance(response.body, bytes) else None,
            started=started,
        )

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


async def _ignore(coro: Coroutine[Any, Any, object]) -> None:
    """A verification's result lives on its channel; the task returns nothing."""
    await coro


def _xml(body: bytes, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(body=body, content_type=XML, headers=headers or {})


def _not_found() -> web.Response:
    return web.Response(status=404)


def _is_http(url: str) -> bool:
    try:
        parts = urlsplit(url)
        return parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:  # "http://[::1" and the like
        return False


def _first_segment(url: str) -> str:
    """The channel id a topic URL names (its path's first segment), '' for no URL."""
    try:
        return urlsplit(url).path.lstrip("/").partition("/")[0]
    except ValueError:
        return ""


def _empty_notification(channel: Channel) -> bytes:
    """What the topic URL serves: the channel's latest (empty) change notification."""
    return serialize_document(change_notification(0, datetime.now(UTC), base_url=channel.base_url))
