"""The embedded callback server (aiohttp.web) that hubs call back: verifications and deliveries.

Routing is by the last path segment only: tunnels and reverse proxies rewrite Host
(and may add or strip a path prefix), so neither Host nor X-Forwarded-* takes part in
routing. Each subscription owns one unguessable segment (WebSub §5.1.1, §8.2). The
server handles the HTTP side (body limits, slow senders, the exchange log) and hands
verifications and deliveries to the ``CallbackTarget`` registered for the segment.

Bad input never stops the server: a body over ``max_body`` gets 413 before it is read
into memory, a sender slower than ``body_timeout`` gets 408, unknown paths get 404 and
are counted and sampled rather than logged (``StraySampler``). A connection must finish
each request's headers within ``header_timeout``, a body must keep up with
``min_body_rate`` past ``body_grace``, and a newcomer beyond the per-address and total
connection caps evicts one waiting for its headers or the slowest body, or is refused
(``ConnectionGuard``). A delivery whose connection closes before its body ends is
counted and sampled like an unknown path, not reported one by one: an attacker makes as
many as it likes.

aiohttp's own body decoding is off: the signature covers the bytes as sent (WebSub §7.1),
so a delivery keeps them, and its ``Content-Encoding`` is undone here with the bounded
decoder, in a thread of the server's own so a bomb holds neither the event loop nor the
subscriber's check workers.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Protocol
from urllib.parse import unquote_to_bytes

from aiohttp import web
from aiohttp.log import server_logger

from explorer.core import catalog
from explorer.core.findings import Finding, finding
from explorer.core.inflate import InflateError, InflateLimit, inflate, parse_content_encoding
from explorer.net.live.callback.body_limits import DEFAULT_MAX_BODY as DEFAULT_MAX_BODY
from explorer.net.live.callback.connection_guard import (
    DEFAULT_BODY_GRACE,
    DEFAULT_HEADER_TIMEOUT,
    DEFAULT_MAX_PER_ADDRESS,
    DEFAULT_MAX_TOTAL,
    DEFAULT_MIN_BODY_RATE,
    ConnectionGuard,
)
from explorer.net.live.callback.received_body import ReceivedBody
from explorer.net.live.callback.stray_requests import StraySampler
from explorer.net.store.exchange_log import ExchangeLog

DEFAULT_BODY_TIMEOUT = 30.0
CALLBACK_PREFIX = "/callback/"
TOPIC_PREFIX = "/topic/"
_CHUNK = 256 * 1024
_DECODE_THREADS = 1


@dataclass(frozen=True, slots=True)
class DecodeFailure:
    """Why a delivery's body could not be decoded, and the status that answers it."""

    status: int
    finding: Finding


@dataclass(frozen=True, slots=True)
class CutOff:
    """A body whose connection closed before its end, after ``received`` bytes of it."""

    received: int


@dataclass(frozen=True, slots=True)
class Delivery:
    """A content distribution request as received (WebSub §7).

    ``raw`` is the body as it came on the wire, which the signature covers (WebSub
    §7.1), spooled to disk past a small size; ``decoded`` is the body with its
    ``Content-Encoding`` undone by ``CallbackServer.decode`` (None when it had none or it
    could not be decoded, and then ``decode_failure`` says why). The server deletes a
    spooled body once its target has answered: a target that keeps a delivery keeps
    ``kept()``.
    """

    url: str
    raw: ReceivedBody
    headers: list[tuple[str, str]]
    received: float
    decoded: bytes | None = None
    decode_failure: DecodeFailure | None = None

    @classmethod
    def of(cls, url: str, body: bytes, headers: list[tuple[str, str]], received: float) -> Delivery:
        return cls(url, ReceivedBody.of(body), headers, received)

    @property
    def body(self) -> bytes:
        """The wire bytes, whole: read only for a delivery that is to be parsed or kept."""
        return self.raw.read()

    @property
    def content(self) -> bytes:
        """The document to parse and keep: decoded when it could be, else the raw body."""
        return self.decoded if self.decoded is not None else self.body

    def kept(self) -> Delivery:
        """This delivery with its body in memory, to outlive the request."""
        return replace(self, raw=ReceivedBody.of(self.body)) if self.raw.spooled else self

    def header(self, name: str) -> str | None:
        lowered = name.lower()
        return next((v for k, v in self.headers if k.lower() == lowered), None)

    def header_values(self, name: str) -> list[str]:
        lowered = name.lower()
        return [v for k, v in self.headers if k.lower() == lowered]


@dataclass(frozen=True, slots=True)
class Reply:
    status: int
    body: bytes = b""
    content_type: str = "text/plain"
    headers: tuple[tuple[str, str], ...] = ()


class CallbackTarget(Protocol):
    """What the server hands requests to (the Subscriber implements it)."""

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply: ...

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply: ...

    def on_refused(self, token: str, code: str, message: str) -> None:
        """A delivery refused by the server itself (``code``: a websub.* finding code)."""


def query_params(raw_query: str) -> dict[str, bytes]:
    """Query parameters as raw bytes, the last occurrence winning.

    Bytes, because the challenge is echoed byte-for-byte (WebSub §5.3.1); the last
    occurrence, because hubs append their parameters to a callback URL that may
    already have a query string (WebSub §5.1.1).
    """
    params: dict[str, bytes] = {}
    for piece in raw_query.split("&"):
        if not piece:
            continue
        name, _, value = piece.partition("=")
        key = unquote_to_bytes(name.replace("+", " ")).decode("utf-8", "replace")
        params[key] = unquote_to_bytes(value.replace("+", " "))
    return params


def _token(path: str) -> str:
    """The path's last segment, which alone routes a request (see the module's docstring)."""
    return path.rstrip("/").rsplit("/", 1)[-1]


class CallbackServer:
    """Serve callbacks on ``host:port`` (port 0 picks a free one); ``public_url`` for tunnels."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        public_url: str | None = None,
        max_body: int = DEFAULT_MAX_BODY,
        body_timeout: float = DEFAULT_BODY_TIMEOUT,
        header_timeout: float = DEFAULT_HEADER_TIMEOUT,
        max_connections_per_address: int = DEFAULT_MAX_PER_ADDRESS,
        max_connections: int = DEFAULT_MAX_TOTAL,
        min_body_rate: float = DEFAULT_MIN_BODY_RATE,
        body_grace: float = DEFAULT_BODY_GRACE,
        exchange_log: ExchangeLog | None = None,
    ):
        self.host = host
        self.port = port
        self.public_url = public_url.rstrip("/") if public_url else None
        self.max_body = max_body
        self.body_timeout = body_timeout
        self.exchange_log = exchange_log
        self.guard = ConnectionGuard(
            header_timeout=header_timeout,
            max_per_address=max_connections_per_address,
            max_total=max_connections,
            min_body_rate=min_body_rate,
            body_grace=body_grace,
            is_known_path=self._knows,
        )
        self.strays = StraySampler(exchange_log)
        self.cut_off = StraySampler(exchange_log, summary="evidence.cut-off")
        self._targets: dict[str, CallbackTarget] = {}
        self._topics: dict[str, Callable[[], Reply]] = {}
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None
        self._decoder: ThreadPoolExecutor | None = None

    # --- lifecycle ------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=self.max_body + 1)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        # No automatic decoding: aiohttp would inflate before the signature is checked.
        self._runner = web.AppRunner(
            app,
            access_log=None,
            handle_signals=False,
            auto_decompress=False,
            logger=self.strays.error_logger(server_logger),
        )
        await self._runner.setup()
        assert self._runner.server is not None
        self._decoder = ThreadPoolExecutor(_DECODE_THREADS, thread_name_prefix="explorer-decode")
        loop = asyncio.get_running_loop()
        self._listener = await loop.create_server(
            self.guard.wrap(self._runner.server), self.host, self.port, reuse_address=True
        )
        if self._listener.sockets:  # the real port when port was 0
            self.port = self._listener.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.guard.close_all()
        self.strays.flush()
        self.cut_off.flush()
        if self._decoder is not None:
            self._decoder.shutdown(wait=True, cancel_futures=True)
            self._decoder = None

    async def __aenter__(self) -> CallbackServer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """Where hubs reach this server: the public URL if set, else the bound address."""
        if self.public_url:
            return self.public_url
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def callback_url(self, token: str) -> str:
        return f"{self.base_url}{CALLBACK_PREFIX}{token}"

    def answers(self, url: str, token: str) -> bool:
        """Whether a hub calling ``url`` reaches this server for ``token``: the callback URL
        hubs are given now, or the bound address itself (still served after a public URL
        was set, so a subscription made locally keeps working until it is moved)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        local = f"http://{host}:{self.port}{CALLBACK_PREFIX}{token}"
        return self.port != 0 and url in (self.callback_url(token), local)

    def register(self, token: str, target: CallbackTarget) -> None:
        self._targets[token] = target

    def unregister(self, token: str) -> None:
        self._targets.pop(token, None)

    def host_topic(self, token: str, reply: Callable[[], Reply]) -> str:
        """Serve HEAD/GET at ``topic_url(token)`` with whatever ``reply()`` gives at the time,
        so a hub that checks the topic can (change-notification 1.0.1 §4.1)."""
        self._topics[token] = reply
        return self.topic_url(token)

    def unhost_topic(self, token: str) -> None:
        self._topics.pop(token, None)

    def topic_url(self, token: str) -> str:
        return f"{self.base_url}{TOPIC_PREFIX}{token}"

    def _knows(self, path: str) -> bool:
        """Whether ``path`` names a registered callback or a hosted topic."""
        token = _token(path)
        return bool(token) and (token in self._targets or token in self._topics)

    # --- requests ---------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        self.guard.request_started(request.transport)
        try:
            return await self._answer(request)
        finally:
            self.guard.request_finished(request.transport)

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        started = time.time()
        token = _token(request.path)
        target = self._targets.get(token) if token else None
        topic = self._topics.get(token) if token else None
        is_topic = topic is not None and request.method in ("GET", "HEAD")
        if target is None and not is_topic:
            return self._stray(request)
        # Built once: the delivery and its exchange-log record share the url and headers.
        url = str(request.url)
        request_headers = list(request.headers.items())
        request_body: bytes | None = None
        request_size: int | None = None
        if is_topic and topic is not None:
            kind, reply = "topic", topic()
        elif target is not None and request.method == "GET":
            kind = "verification"
            raw_query = request.raw_path.partition("?")[2]
            reply = await target.on_verification(token, query_params(raw_query))
        elif target is not None and request.method == "POST":
            kind = "delivery"
            outcome = await self._read_body(request)
            if isinstance(outcome, CutOff):
                return self._cut_off(request, url, outcome)
            if isinstance(outcome, Reply):
                reply = outcome
                request_size = request.content_length
                code = (
                    "websub.delivery-too-large"
                    if reply.status == 413
                    else "websub.delivery-timeout"
                )
                target.on_refused(token, code, reply.body.decode().strip())
            else:
                request_body, request_size = outcome.prefix, outcome.size
                try:
                    delivery = Delivery(url, outcome, request_headers, started)
                    reply = await target.on_delivery(token, delivery)
                finally:
                    outcome.close()
        else:
            kind = "other"
            reply = reply_saying(405, "callback.reply-methods")
        response = web.Response(
            status=reply.status,
            body=reply.body,
            content_type=reply.content_type,
            headers=dict(reply.headers),
        )
        if reply.status in (400, 408, 413):
            response.force_close()
        if self.exchange_log is not None:
            self.exchange_log.record(
                direction="in",
                kind=kind,
                method=request.method,
                url=url,
                status=reply.status,
                request_headers=request_headers,
                request_body=request_body,
                request_size=request_size,
                response_headers=[("Content-Type", reply.content_type), *reply.headers],
                response_body=reply.body,
                started=started,
            )
        return response

    def _stray(self, request: web.Request) -> web.StreamResponse:
        """A request that matches nothing: counted and sampled, never logged in full, since
        anyone who finds the address can send it as large and as often as they like."""
        self.strays.note(
            method=request.method,
            url=str(request.url),
            headers=request.headers,
            size=request.content_length,
            status=404,
        )
        response = web.Response(status=404, text=catalog.text("callback.reply-unknown") + "\n")
        response.force_close()
        return response

    def _cut_off(self, request: web.Request, url: str, cut: CutOff) -> web.StreamResponse:
        """A delivery whose connection closed before its body ended: counted and sampled
        (``StraySampler``), since an attacker who knows the callback URL can send as many
        as the guard cuts. The answer is never sent: the connection is gone."""
        self.cut_off.note(
            method=request.method,
            url=url,
            headers=request.headers,
            size=cut.received,
            status=None,
            error=catalog.text("callback.body-cut-off", received=cut.received),
        )
        return web.Response(status=400)

    async def decode(self, delivery: Delivery) -> Delivery:
        """Undo the delivery's ``Content-Encoding`` within ``max_body`` decoded bytes.

        Asked by the target once the signature over the wire bytes holds (WebSub §7.1), so
        an unsigned body is never read whole; a body that cannot be decoded comes back
        with a ``decode_failure`` instead of ``decoded``.
        """
        codings = parse_content_encoding(delivery.header("Content-Encoding"))
        if all(coding == "identity" for coding in codings):
            return delivery
        assert self._decoder is not None
        loop = asyncio.get_running_loop()
        try:
            decoded = await loop.run_in_executor(
                self._decoder, inflate, delivery.body, codings, self.max_body
            )
        except InflateLimit as exc:
            failure = DecodeFailure(
                413,
                finding(
                    "websub.delivery-too-large",
                    params={"limit": exc.limit, "detail": str(exc)},
                    variant="decoded",
                ),
            )
            return replace(delivery, decode_failure=failure)
        except InflateError as exc:
            undecodable = finding(
                "websub.delivery-undecodable",
                params={"codings": ", ".join(codings), "reason": str(exc)},
            )
            failure = DecodeFailure(400, undecodable)
            return replace(delivery, decode_failure=failure)
        return replace(delivery, decoded=decoded)

    def _too_large(self) -> Reply:
        return reply_saying(413, "callback.reply-too-large", limit=self.max_body)

    async def _read_body(self, request: web.Request) -> ReceivedBody | Reply | CutOff:
        """The body (spooled past a small size), a 413/408 reply, or ``CutOff`` when the
        connection closed first (the guard cut a body too slow, or the sender hung up);
        never more than ``max_body`` bytes."""
        declared = request.content_length
        if declared is not None and declared > self.max_body:
            return self._too_large()
        body = ReceivedBody()
        content = request.content
        if content.is_eof() and content.exception() is None:
            # The whole body came with the headers (the usual small notification): it is
            # already buffered, so there is nothing to time out or to read in steps.
            body.write(content.read_nowait())
            if body.size > self.max_body:
                body.close()
                return self._too_large()
            return body
        # From here the body is budgeted by rate as well as by this deadline.
        self.guard.body_started(request.transport, content.total_bytes)
        try:
            async with asyncio.timeout(self.body_timeout):
                while chunk := await content.read(_CHUNK):
                    body.write(chunk)
                    if body.size > self.max_body:
                        body.close()
                        return self._too_large()
        except TimeoutError:
            body.close()
            return reply_saying(408, "callback.reply-too-slow", seconds=self.body_timeout)
        except ConnectionError:  # aiohttp's "Connection lost" once the transport is gone
            body.close()
            return CutOff(body.size)
        finally:
            self.guard.body_finished(request.transport)
        return body


def reply_saying(status: int, key: str, **params: object) -> Reply:
    """A reply whose body is one catalog line in English: the hub's developer reads it (and
    a refusal's is the detail of the finding that reports it here)."""
    return Reply(status, said_on_the_wire(key, **params))


def said_on_the_wire(key: str, **params: object) -> bytes:
    """A catalog line as a reply's body: English, one line."""
    return (catalog.text(key, **params) + "\n").encode()
