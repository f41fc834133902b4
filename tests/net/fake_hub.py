"""A scripted WebSub hub for subscriber tests: each test says how the hub should misbehave.

``FakeHub`` answers (un)subscription POSTs from a per-path script of ``HubReply`` items
(default: 202 and an asynchronous verification of intent), serves topics with or without
Link headers, and lets a test drive verifications, denials and deliveries by hand.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

import httpx
from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback

from explorer.core.push.signatures import sign

CHANGE_NOTIFICATION = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="change-notification" from="%(from)s" until="%(until)s"/>
  <url>
    <loc>http://example.org/res/%(n)s</loc>
    <rs:md change="updated" datetime="%(until)s"/>
  </url>
</urlset>
"""


def notification(
    n: int = 1, start: str = "2026-01-01T00:00:00Z", end: str = "2026-01-01T00:01:00Z"
) -> bytes:
    """A valid one-entry change notification covering [start, end]."""
    return CHANGE_NOTIFICATION % {
        b"from": start.encode(),
        b"until": end.encode(),
        b"n": str(n).encode(),
    }


@dataclass
class HubReply:
    """One scripted answer to a POST: status, body, headers; ``delay`` before answering;
    ``verify`` sends the verification of intent (after answering, or before when ``sync``)."""

    status: int = 202
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    verify: bool = True
    sync: bool = False


@dataclass
class Verification:
    mode: str
    topic: str
    callback: str
    challenge: str
    status: int
    body: bytes


class FakeHub:
    """Run with ``async with FakeHub() as hub``; ``hub.url`` is the hub endpoint."""

    def __init__(self, lease_seconds: int | None = 3600) -> None:
        self.lease_seconds = lease_seconds
        self.scripts: dict[str, list[HubReply]] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []  # (path, form)
        self.verifications: list[Verification] = []
        self.topics: dict[str, tuple[dict[str, str], bytes]] = {}  # path -> (headers, body)
        self._site: LoopbackSite | None = None
        self._client = httpx.AsyncClient(timeout=10)
        self._tasks: set[asyncio.Task[None]] = set()
        self.port = 0
        self.received = asyncio.Event()

    async def __aenter__(self) -> FakeHub:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._site = await start_loopback(app)
        self.port = self._site.port
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self._client.aclose()
        assert self._site is not None
        await self._site.stop()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.base}/hub"

    def script(self, path: str, *replies: HubReply) -> None:
        self.scripts.setdefault(path, []).extend(replies)

    def forms(self, mode: str | None = None) -> list[dict[str, str]]:
        return [form for _, form in self.requests if mode is None or form["hub.mode"] == mode]

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        if request.method == "GET" and request.path in self.topics:
            headers, body = self.topics[request.path]
            return web.Response(body=body, headers=headers, content_type="application/xml")
        if request.method != "POST":
            return web.Response(status=405)
        form = dict(parse_qsl((await request.read()).decode()))
        self.requests.append((request.path, form))
        self.received.set()
        queue = self.scripts.get(request.path, [])
        reply = queue.pop(0) if queue else HubReply()
        if reply.delay:
            await asyncio.sleep(reply.delay)
        if reply.verify and 200 <= reply.status < 300:
            if reply.sync:
                await self.verify(form)
            else:
                task = asyncio.create_task(self._verify_soon(form))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
        return web.Response(status=reply.status, body=reply.body, headers=reply.headers)

    async def _verify_soon(self, form: dict[str, str]) -> None:
        await asyncio.sleep(0.01)
        await self.verify(form)

    async def verify(
        self,
        form: dict[str, str],
        *,
        topic: str | None = None,
        mode: str | None = None,
        lease: str | None = "default",
        challenge: str | None = None,
    ) -> Verification:
        """Send a verification of intent for ``form`` (overrides let tests lie)."""
        params = {
            "hub.mode": mode or form["hub.mode"],
            "hub.topic": topic or form["hub.topic"],
            "hub.challenge": challenge or secrets.token_urlsafe(16),
        }
        if lease == "default":
            if params["hub.mode"] == "subscribe" and self.lease_seconds is not None:
                params["hub.lease_seconds"] = str(self.lease_seconds)
        elif lease is not None:
            params["hub.lease_seconds"] = lease
        response = await self._client.get(form["hub.callback"], params=params)
        done = Verification(
            params["hub.mode"],
            params["hub.topic"],
            form["hub.callback"],
            params["hub.challenge"],
            response.status_code,
            response.content,
        )
        self.verifications.append(done)
        return done

    async def deny(self, callback: str, topic: str, reason: str | None = None) -> int:
        params = {"hub.mode": "denied", "hub.topic": topic}
        if reason:
            params["hub.reason"] = reason
        return (await self._client.get(callback, params=params)).status_code

    async def deliver(
        self,
        callback: str,
        body: bytes,
        *,
        secret: str | None = None,
        algorithm: str = "sha256",
        topic: str | None = None,
        signature: str | None = None,
        content_type: str = "application/xml",
    ) -> httpx.Response:
        """POST a delivery as a hub would (WebSub §7), signed when ``secret`` is given."""
        headers = {"Content-Type": content_type}
        if topic:
            headers["Link"] = f'<{topic}>; rel="self", <{self.url}>; rel="hub"'
        if signature is not None:
            headers["X-Hub-Signature"] = signature
        elif secret:
            headers["X-Hub-Signature"] = sign(secret, body, algorithm)
        return await self._client.post(callback, content=body, headers=headers)
