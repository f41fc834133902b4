"""The callback server of a listen process on a shared store: any subscription, any process.

The hub calls the user's load balancer, which picks any process; so each one looks the
callback path's token up in the database, not in its own memory: a subscription another
process made a moment ago is answered like its own. A verification of intent is
confirmed when the store wants it (WebSub §5.3); a delivery is checked for its signature
over the raw body (§7.1), committed, and only then answered 2xx. One the signature does
not hold for (or an unsigned one) is answered 2xx and not stored (§7.1.2). A database
error answers 500, so the hub retries; its retry is stored once
(``SharedStore.add_delivery``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import psycopg
from aiohttp import web

from explorer.core.push.signatures import SignatureState, verify_signature
from explorer.net.fleet.listen.shared_store import SharedStore, SharedSubscription
from explorer.net.live.callback.callback_server import (
    CALLBACK_PREFIX,
    DEFAULT_BODY_TIMEOUT,
    query_params,
)
from explorer.net.live.callback.connection_guard import ConnectionGuard

Tell = Callable[..., None]
"""``tell(key, **params)``: one line for the user, said by the command in its language."""


class SharedIntake:
    """An aiohttp server on ``host:port`` for every subscription of a shared store."""

    def __init__(
        self,
        store: SharedStore,
        owner: str,
        tell: Tell,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        max_body: int,
    ) -> None:
        self.store = store
        self.owner = owner
        self.host = host
        self.port = port
        self.max_body = max_body
        self._tell = tell
        # the callback server's caps on connections, header time and slow bodies
        self.guard = ConnectionGuard(is_known_path=lambda path: path.startswith(CALLBACK_PREFIX))
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        # aiohttp refuses a body over client_max_size with 413 before reading it whole;
        # no automatic decoding: the signature covers the bytes as sent.
        app = web.Application(client_max_size=self.max_body)
        app.router.add_route("*", CALLBACK_PREFIX + "{token}", self._answer)
        self._runner = web.AppRunner(app, access_log=None, auto_decompress=False)
        await self._runner.setup()
        assert self._runner.server is not None
        loop = asyncio.get_running_loop()
        try:
            self._listener = await loop.create_server(
                self.guard.wrap(self._runner.server), self.host, self.port, reuse_address=True
            )
        except OSError:
            await self.stop()
            raise
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

    @property
    def bound_url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        self.guard.request_started(request.transport)
        try:
            return await self._routed(request)
        finally:
            self.guard.request_finished(request.transport)

    async def _routed(self, request: web.Request) -> web.StreamResponse:
        sub = await self.store.by_token(request.match_info["token"])
        if sub is None:
            return web.Response(status=404)
        if request.method == "GET":
            return await self._verification(sub, query_params(request.query_string))
        if request.method != "POST":
            return web.Response(status=405)
        if sub.state in ("ended", "denied"):  # WebSub §7: 410 tells the hub it is gone
            return web.Response(status=410)
        return await self._delivery(sub, request)

    async def _verification(
        self, sub: SharedSubscription, params: dict[str, bytes]
    ) -> web.StreamResponse:
        mode = params.get("hub.mode", b"").decode("utf-8", "replace")
        topic = params.get("hub.topic", b"").decode("utf-8", "replace")
        if topic != sub.topic:
            return web.Response(status=404)
        if mode == "denied":
            await self.store.denied(sub.id)
            self._tell("fleetlisten.denied", topic=sub.topic, hub=sub.hub)
            return web.Response(status=200)
        lease_text = params.get("hub.lease_seconds", b"").decode("ascii", "replace")
        # a lease of more digits than any sane one is none (it would not fit the column)
        lease = int(lease_text) if lease_text.isdigit() and len(lease_text) <= 9 else None
        challenge = params.get("hub.challenge")
        if mode not in ("subscribe", "unsubscribe") or not challenge:
            return web.Response(status=404)
        if not await self.store.verified(sub.id, mode, lease):
            return web.Response(status=404)
        self._tell("fleetlisten.verified", topic=sub.topic, hub=sub.hub, mode=mode)
        return web.Response(status=200, body=challenge, content_type="text/plain")

    async def _delivery(self, sub: SharedSubscription, request: web.Request) -> web.StreamResponse:
        declared = request.content_length
        if declared is not None and declared > self.max_body:
            return web.Response(status=413)
        self.guard.body_started(request.transport, request.content.total_bytes)
        try:
            async with asyncio.timeout(DEFAULT_BODY_TIMEOUT):
                body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return web.Response(status=413)
        except TimeoutError:
            return web.Response(status=408)
        finally:
            self.guard.body_finished(request.transport)
        header = request.headers.get("X-Hub-Signature")
        check = verify_signature(header, body, sub.secret)
        if check.state is not SignatureState.VALID:  # WebSub §7.1.2: 2xx, not a notification
            # (unsigned ones too: the store has no quota for them, see ``listen_shared``)
            self._tell("fleetlisten.rejected", topic=sub.topic, signature=str(check.state))
            return web.Response(status=200)
        try:
            stored = await self.store.add_delivery(
                sub.id,
                signature_header=header,
                signature=str(check.state),
                body=body,
                content_type=request.headers.get("Content-Type"),
                headers=list(request.headers.items()),
                taken_by=self.owner,
            )
        except (
            psycopg.Error,
            OSError,
        ) as exc:  # the database went away: not acknowledged, the hub retries
            self._tell("fleetlisten.not-stored", topic=sub.topic, reason=type(exc).__name__)
            return web.Response(status=500)
        if stored is None:
            self._tell("fleetlisten.again", topic=sub.topic)
        else:
            self._tell("fleetlisten.stored", topic=sub.topic, id=stored)
        return web.Response(status=200)
