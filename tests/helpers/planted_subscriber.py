"""A WebSub subscriber with ten switchable defects, for ``subscriber-check``'s own tests.

It acts as a ResourceSync Destination does: it discovers the hub (Link headers, else the
Capability List's ``rs:ln rel="hub"``), subscribes with a secret, confirms verifications
it asked for, checks ``X-Hub-Signature`` and fetches the created and updated resources a
notification names, renews at a quarter of the lease and unsubscribes when stopped. Each defect
in ``DEFECTS`` breaks exactly one of those behaviours; the engine must catch each with
exactly the test meant for it. In-process (one aiohttp callback server, a path per
launch), so a run of every test costs milliseconds of CPU, not a process per test.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import hmac
import itertools
import re
import secrets
from dataclasses import dataclass, field

import aiohttp
from aiohttp import web

from explorer.net.subscribers import ChannelUrls, Launched

DEFECTS = {
    "wrong-challenge": "verify-challenge",
    "no-2xx-verification": "verify-status",
    "acts-on-bad-signature": "signature-wrong",
    "acts-on-unsigned": "signature-missing",
    "500-on-valid-delivery": "deliver-valid",
    "ignores-self": "discovery-self",
    "no-301": "discovery-301",
    "never-renews": "lease-renew",
    "subscribes-twice": "subscribe-once",
    "confirms-unknown-topic": "verify-unknown-topic",
}
"""Each defect and the one test meant to catch it."""

ALGORITHMS = {
    "sha1": hashlib.sha1,
    "sha256": hashlib.sha256,
    "sha384": hashlib.sha384,
    "sha512": hashlib.sha512,
}
_LINK = re.compile(r'<([^>]*)>\s*;\s*rel="?([a-z]+)"?')
_CHANNEL = re.compile(
    r'<loc>([^<]+)</loc>\s*<rs:md capability="change-notification"/>\s*'
    r'<rs:ln rel="hub" href="([^"]+)"/>'
)
_ACT_ON = re.compile(r'<loc>([^<]+\.html)</loc>\s*<rs:md change="(?:created|updated)"')


@dataclass(slots=True)
class _Launch:
    owner: PlantedSubscriber
    urls: ChannelUrls
    callback: str
    secret: str = field(default_factory=lambda: secrets.token_hex(16))
    topic: str = ""
    hub: str = ""
    pending: set[str] = field(default_factory=set)  # modes awaiting verification
    subscribed: bool = False
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def exit_status(self) -> int | None:
        return None

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.subscribed:
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                await self.request("unsubscribe")

    def spawn(self, coro: object) -> None:
        task = asyncio.get_running_loop().create_task(coro)  # type: ignore[arg-type]
        self.tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        """A background step that failed (a fetch after the bench stopped, as a subscriber
        started by hand outlives the run) is this subscriber's own trouble, which the
        verdicts see from outside: retrieved here, it is not an event-loop error."""
        self.tasks.discard(task)
        if not task.cancelled():
            task.exception()

    async def start(self) -> None:
        self.hub, self.topic = await self.discover()
        if not self.hub:
            return
        if "subscribes-twice" in self.owner.defects:  # both at once, as a racing start does
            await asyncio.gather(self.request("subscribe"), self.request("subscribe"))
        else:
            await self.request("subscribe")

    async def discover(self) -> tuple[str, str]:
        session = self.owner.session
        url = self.urls.topic
        for _ in range(5):
            async with session.get(url, allow_redirects=False) as response:
                if response.status in (301, 302, 307, 308):
                    if response.status == 301 and "no-301" in self.owner.defects:
                        break
                    url = str(response.url.join(aiohttp.client.URL(response.headers["Location"])))
                    continue
                links = {rel: href for href, rel in _LINK.findall(response.headers.get("Link", ""))}
                if "hub" in links:
                    self_url = links.get("self", url)
                    return links["hub"], url if "ignores-self" in self.owner.defects else self_url
                break
        async with session.get(self.urls.caplist) as response:
            found = _CHANNEL.search(await response.text())
        return (found.group(2), found.group(1)) if found else ("", "")

    async def request(self, mode: str) -> None:
        self.pending.add(mode)
        form = {
            "hub.mode": mode,
            "hub.topic": self.topic,
            "hub.callback": self.callback,
            "hub.secret": self.secret,
        }
        async with self.owner.session.post(self.hub, data=form) as response:
            await response.read()

    async def renew_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self.request("subscribe")

    def verification(self, query: dict[str, str]) -> web.Response:
        mode, topic = query.get("hub.mode", ""), query.get("hub.topic", "")
        challenge = query.get("hub.challenge", "")
        if mode == "denied":
            return web.Response(text="")
        ours = topic == self.topic and mode in self.pending
        if not ours and "confirms-unknown-topic" not in self.owner.defects:
            return web.Response(status=404)
        if mode == "subscribe":
            self.subscribed = True
            lease = int(query.get("hub.lease_seconds", "0") or 0)
            if lease and "never-renews" not in self.owner.defects:
                self.spawn(self.renew_after(lease / 4))  # early: a loaded machine may lag
        if mode == "unsubscribe":
            self.subscribed = False
        if "wrong-challenge" in self.owner.defects:
            challenge += "-not"
        status = 500 if "no-2xx-verification" in self.owner.defects else 200
        return web.Response(status=status, text=challenge)

    async def delivery(self, request: web.Request) -> web.Response:
        wire = await request.read()
        body = gzip.decompress(wire) if request.headers.get("Content-Encoding") == "gzip" else wire
        signature = request.headers.get("X-Hub-Signature")
        defects = self.owner.defects
        if signature is None:
            valid = False
            act = "acts-on-unsigned" in defects
        else:
            algorithm, _, digest = signature.partition("=")
            known = ALGORITHMS.get(algorithm)
            valid = known is not None and hmac.compare_digest(
                hmac.new(self.secret.encode(), wire, known).hexdigest(), digest
            )
            act = valid or (known is not None and "acts-on-bad-signature" in defects)
        if valid and "500-on-valid-delivery" in defects:
            return web.Response(status=500)
        if act:
            self.spawn(self.fetch(body))
        return web.Response(status=202)

    async def fetch(self, body: bytes) -> None:
        for loc in _ACT_ON.findall(body.decode("utf-8", "replace")):
            async with self.owner.session.get(loc) as response:
                await response.read()


class PlantedSubscriber:
    """The ``SubscriberUnderTest``; use as ``async with PlantedSubscriber(defects) as it``."""

    reads_topic = True
    reads_caplist = True
    can_stop = True

    def __init__(self, *defects: str) -> None:
        unknown = set(defects) - set(DEFECTS)
        assert not unknown, unknown
        self.defects = frozenset(defects)
        self._launches: dict[str, _Launch] = {}
        self._numbers = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self.base = ""
        self.session: aiohttp.ClientSession

    async def __aenter__(self) -> PlantedSubscriber:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_route("*", "/cb/{number}", self._callback)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, auto_decompress=False
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base = f"http://127.0.0.1:{port}/cb/"
        self.session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        for launch in self._launches.values():
            await launch.stop()
        await self.session.close()
        assert self._runner is not None
        await self._runner.cleanup()

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched:
        number = str(next(self._numbers))
        made = _Launch(self, urls, self.base + number)
        self._launches[number] = made
        made.spawn(made.start())
        return made

    async def _callback(self, request: web.Request) -> web.Response:
        launch = self._launches.get(request.match_info["number"])
        if launch is None:
            return web.Response(status=404)
        if request.method == "GET":
            return launch.verification(dict(request.query))
        return await launch.delivery(request)
