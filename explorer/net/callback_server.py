"""The embedded callback server (aiohttp.web) that hubs call back: verifications and deliveries.

Routing is by the last path segment only: tunnels and reverse proxies rewrite Host
(and may add or strip a path prefix), so neither Host nor X-Forwarded-* takes part in
routing. Each subscription owns one unguessable segment (WebSub §5.1.1, §8.2). The
server handles the HTTP side (body limits, slow senders, the exchange log) and hands
verifications and deliveries to the ``CallbackTarget`` registered for the segment.

Bad input never stops the server: a body over ``max_body`` gets 413 before it is read
into memory, a sender slower than ``body_timeout`` gets 408, unknown paths get 404.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import unquote_to_bytes

from aiohttp import web

from explorer.net.exchange_log import ExchangeLog

DEFAULT_MAX_BODY = 50 * 1024 * 1024
DEFAULT_BODY_TIMEOUT = 30.0
CALLBACK_PREFIX = "/callback/"
TOPIC_PREFIX = "/topic/"
_CHUNK = 256 * 1024


@dataclass(frozen=True, slots=True)
class Delivery:
    """A content distribution request as received (WebSub §7); ``body`` is the raw bytes."""

    url: str
    body: bytes
    headers: list[tuple[str, str]]
    received: float

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
        exchange_log: ExchangeLog | None = None,
    ):
        self.host = host
        self.port = port
        self.public_url = public_url.rstrip("/") if public_url else None
        self.max_body = max_body
        self.body_timeout = body_timeout
        self.exchange_log = exchange_log
        self._targets: dict[str, CallbackTarget] = {}
        self._topics: dict[str, Callable[[], Reply]] = {}
        self._runner: web.AppRunner | None = None

    # --- lifecycle ------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=self.max_body + 1)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        server = site._server
        if server is not None and server.sockets:  # the real port when port was 0
            self.port = server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

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

    # --- requests ---------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        started = time.time()
        # Built once: the delivery and its exchange-log record share the url and headers.
        url = str(request.url)
        request_headers = list(request.headers.items())
        token = request.path.rstrip("/").rsplit("/", 1)[-1]
        target = self._targets.get(token) if token else None
        request_body: bytes | None = None
        request_size: int | None = None
        kind = "other"
        topic = self._topics.get(token) if token else None
        if topic is not None and request.method in ("GET", "HEAD"):
            kind = "topic"
            reply = topic()
        elif target is None:
            reply = Reply(404, b"unknown callback\n")
        elif request.method == "GET":
            kind = "verification"
            raw_query = request.raw_path.partition("?")[2]
            reply = await target.on_verification(token, query_params(raw_query))
        elif request.method == "POST":
            kind = "delivery"
            outcome = await self._read_body(request)
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
                request_body = outcome
                delivery = Delivery(url, outcome, request_headers, started)
                reply = await target.on_delivery(token, delivery)
        else:
            reply = Reply(405, b"GET (verification) or POST (delivery) only\n")
        response = web.Response(
            status=reply.status,
            body=reply.body,
            content_type=reply.content_type,
            headers=dict(reply.headers),
        )
        if reply.status in (408, 413):
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

    async def _read_body(self, request: web.Request) -> bytes | Reply:
        """The body, or a 413/408 reply; never holds more than ``max_body`` bytes."""
        declared = request.content_length
        if declared is not None and declared > self.max_body:
            return Reply(413, f"body over the {self.max_body}-byte limit\n".encode())
        content = request.content
        if content.is_eof() and content.exception() is None:
            # The whole body came with the headers (the usual small notification): it is
            # already buffered, so there is nothing to time out or to read in steps.
            body = content.read_nowait()
            if len(body) > self.max_body:
                return Reply(413, f"body over the {self.max_body}-byte limit\n".encode())
            return body
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.body_timeout):
                while True:
                    chunk = await request.content.read(_CHUNK)
                    if not chunk:
                        break
                    size += len(chunk)
                    if size > self.max_body:
                        return Reply(413, f"body over the {self.max_body}-byte limit\n".encode())
                    chunks.append(chunk)
        except TimeoutError:
            return Reply(408, f"body not received within {self.body_timeout} s\n".encode())
        return b"".join(chunks)
