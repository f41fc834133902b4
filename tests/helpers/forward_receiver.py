"""The user's application as forwarding sees it: a plain HTTP server that checks
X-Hub-Signature with its own HMAC code (not the explorer's), and notes each delivery's
``X-ResourceSync-Explorer-Delivery`` id and the resource number in its body. It can go
down (its port closed) and come back on the same port. And a hub that sends numbered,
signed notifications in order, each again until it is acknowledged, as a hub retries.

``forwarding_listen`` is the set-up the forwarding tests share: the application up,
``listen --forward`` to it, and both stopped on the way out; ``forward_answers`` reads
what forwarding wrote down for each stored delivery."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

import httpx
from aiohttp import web

from explorer.core.push.signatures import sign
from explorer.net.live.forwarding.forward_outbox import ForwardAnswer, ForwardOutbox
from explorer.net.store.database import Store
from helpers.listen_process import (
    ListenProcess,
    SubscribeForms,
    running_listen,
    start_listen,
    until,
)

NUMBER = re.compile(rb"/res/(\d+)<")
ALGORITHMS = {"sha1": hashlib.sha1, "sha256": hashlib.sha256, "sha512": hashlib.sha512}


@dataclass
class Received:
    delivery: str
    number: int
    verified: bool
    headers: dict[str, str]


@dataclass
class Receiver:
    secret: bytes
    received: list[Received] = field(default_factory=list)
    port: int = 0
    _runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/inbox"

    async def up(self) -> None:
        app = web.Application()
        app.router.add_post("/inbox", self._take)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port, reuse_address=True)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def down(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Receiver:
        await self.up()
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.down()

    async def _take(self, request: web.Request) -> web.Response:
        body = await request.read()
        method, _, digest = request.headers.get("X-Hub-Signature", "").partition("=")
        expected = hmac.new(self.secret, body, ALGORITHMS.get(method, hashlib.sha256))
        match = NUMBER.search(body)
        self.received.append(
            Received(
                request.headers.get("X-ResourceSync-Explorer-Delivery", ""),
                int(match.group(1)) if match else -1,
                method in ALGORITHMS and hmac.compare_digest(expected.hexdigest(), digest),
                dict(request.headers),
            )
        )
        return web.Response(text="thanks")

    def first_seen(self) -> list[int]:
        """Resource numbers in the order they first arrived (duplicates dropped by id)."""
        seen: dict[str, int] = {}
        for item in self.received:
            seen.setdefault(item.delivery, item.number)
        return list(seen.values())


async def deliver_in_order(
    callback: str, secret: str, bodies: list[bytes], acknowledged: list[int]
) -> None:
    """Send ``bodies`` one after another, each until a 2xx (the hub's order); appends each
    acknowledged index to ``acknowledged``."""
    async with httpx.AsyncClient(timeout=10) as client:
        for index, body in enumerate(bodies):
            headers = {
                "Content-Type": "application/xml",
                "X-Hub-Signature": sign(secret, body),
                "Link": '<http://example.org/topic>; rel="self"',
            }
            while True:
                try:
                    response = await client.post(callback, content=body, headers=headers)
                    if response.status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.05)
            acknowledged.append(index)


@dataclass
class ForwardRun:
    """A ``listen --forward`` run whose receiver went down a third of the way in."""

    listener: ListenProcess
    drain: asyncio.Task[None]
    acknowledged: list[int]
    sending: asyncio.Task[None]


async def run_into_outage(
    hub: SubscribeForms, store: Path, receiver: Receiver, bodies: list[bytes], *args: str
) -> ForwardRun:
    """Start ``listen`` with ``args``, have the hub send ``bodies`` in order, take the
    receiver down once a third has arrived, and return once two thirds are acknowledged
    (the hub goes on sending)."""
    listener, drain = await start_listen(hub, store, *args)
    acknowledged: list[int] = []
    sending = asyncio.create_task(
        deliver_in_order(listener.callback, listener.secret, bodies, acknowledged)
    )
    await until(lambda: len(receiver.received) >= len(bodies) // 3, bound=300)
    await receiver.down()
    await until(lambda: len(acknowledged) >= 2 * len(bodies) // 3, bound=300)
    return ForwardRun(listener, drain, acknowledged, sending)


@asynccontextmanager
async def forwarding_listen(
    hub: SubscribeForms,
    store: Path,
    *args: str,
    secret: str,
    secret_option: tuple[str, ...] = (),
) -> AsyncIterator[tuple[ListenProcess, Receiver]]:
    """The application up, checking ``secret``, and ``listen --forward`` to it with
    ``args``, the forward secret on its command line unless ``secret_option`` gives it
    another way. The receiver goes down after listen stopped, so ``received`` then holds
    all that listen sent."""
    given = secret_option or ("--forward-secret", secret)
    async with (
        Receiver(secret.encode()) as receiver,
        running_listen(hub, store, *args, "--forward", receiver.url, *given) as listener,
    ):
        yield listener, receiver


def forward_answers(store_path: Path) -> list[ForwardAnswer]:
    """What forwarding wrote down for each stored delivery so far (read from outside)."""
    store = Store(store_path, read_only=True)
    try:
        outbox = ForwardOutbox(store)
        found = [outbox.answer(record.id) for record in store.notifications()]
    finally:
        store.close()
    return [answer for answer in found if answer is not None]
