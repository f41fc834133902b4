"""The demo's 2012-style dataset: one set of the world told the way the 2012 alpha draft
(core 0.1-alpha) told it, so the legacy path can be seen offline.

``/legacy2012/sitemap.xml`` is a 2012 Sitemap of the set's resources pointing at
``/legacy2012/changeset.xml``, a Change Set (``rs:type="changeset"``, ``lastmod rs:type``,
``expires``) of the set's recent changes that advertises both push forms of §5.2: the HTTP
callback (§5.2.2), served here at ``/legacy2012/subscribe``, and XMPP PubSub (§5.2.1), whose
link only shows how one looks (no XMPP server runs offline). A Destination that POSTs
``callbackURI=<URL>`` gets every later change of the set POSTed to that URL as a Change
Set, unsigned and unverified as the draft has it; a 410 answer drops the callback.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit
from xml.sax.saxutils import quoteattr

import aiohttp
from aiohttp import web

from explorer.demo.world import Change, DemoWorld, w3c_datetime

PREFIX = "legacy2012"
SET = "dataset2"  # the set the 2012 documents describe
XMPP_SERVICE = "xmpp:pubsub.example.org"  # shown only: the demo runs no XMPP server
XMPP_NODE = "demo-dataset2-changes"
MAX_CALLBACKS = 100
RECENT = 50  # changes of the open Change List the served Change Set lists
QUEUE = 100  # Change Sets waiting per callback; more are dropped for it
ATTEMPTS = 3
_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset{type} '
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/" '
    'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
)


def change_set(changes: list[Change], resource_url: str, links: str = "") -> bytes:
    """A 2012 Change Set (Table 5.1): created/updated as ``lastmod rs:type``, deleted as
    ``expires``. ``resource_url`` is the base URL the resource paths are joined to."""
    lines = [_HEAD.format(type=' rs:type="changeset"')]
    if changes:
        modified = w3c_datetime(changes[-1].at)
        lines.append(f'<xhtml:meta name="DCTERMS.modified" content="{modified}"/>\n')
    lines.append(links)
    for change in changes:
        when = w3c_datetime(change.at)
        mark = (
            f"<expires>{when}</expires>"
            if change.kind == "deleted"
            else f'<lastmod rs:type="{change.kind}">{when}</lastmod>'
        )
        loc = resource_url + change.resource.path
        lines.append(f"<url><loc>{loc}</loc>{mark}</url>\n")
    lines.append("</urlset>\n")
    return "".join(lines).encode()


class Legacy2012:
    """The 2012 documents of ``SET``, the callback subscriptions, and their pushes."""

    def __init__(self, world: DemoWorld) -> None:
        self.world = world
        self.base_url = ""
        self.callbacks: dict[str, asyncio.Queue[bytes]] = {}
        self._workers: list[asyncio.Task[None]] = []
        self._session: aiohttp.ClientSession | None = None

    async def start(self, base_url: str) -> None:
        self.base_url = base_url
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=15))

    async def stop(self) -> None:
        for task in self._workers:
            task.cancel()
        for task in self._workers:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._workers.clear()
        self.callbacks.clear()
        if self._session is not None:
            await self._session.close()
            self._session = None

    def add_routes(self, app: web.Application) -> None:
        """Before the set routes, which would take ``/legacy2012/...`` for a set's."""
        app.router.add_get(f"/{PREFIX}/sitemap.xml", self._sitemap)
        app.router.add_get(f"/{PREFIX}/changeset.xml", self._changeset)
        app.router.add_post(f"/{PREFIX}/subscribe", self._subscribe)

    def push(self, change: Change) -> None:
        """A live change of ``SET``: pushed to every callback as a one-change Change Set."""
        if change.resource.set_name != SET:
            return
        body = change_set([change], self.base_url)
        for queue in self.callbacks.values():
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(body)

    # --- routes -------------------------------------------------------------------------

    async def _sitemap(self, _: web.Request) -> web.Response:
        lines = [_HEAD.format(type="")]
        changeset = self.base_url + f"{PREFIX}/changeset.xml"
        lines.append(
            f"<xhtml:link href={quoteattr(changeset)}"
            ' rel="current http://www.openarchives.org/rs/changeset"/>\n'
        )
        for resource in self.world.sets[SET].resources.values():
            lastmod = w3c_datetime(resource.lastmod)
            loc = self.base_url + resource.path
            lines.append(f"<url><loc>{loc}</loc><lastmod>{lastmod}</lastmod></url>\n")
        lines.append("</urlset>\n")
        return web.Response(body="".join(lines).encode(), content_type="application/xml")

    async def _changeset(self, _: web.Request) -> web.Response:
        subscribe = self.base_url + f"{PREFIX}/subscribe"
        links = (
            f'<xhtml:link href="{XMPP_SERVICE}"'
            ' rs:protocol="http://xmpp.org/extensions/xep-0060.html"'
            f' rs:pubsubnode="{XMPP_NODE}"/>\n'
            f"<xhtml:link href={quoteattr(subscribe)}"
            ' rs:protocol="http://www.openarchives.org/rs/protocol/callback"/>\n'
        )
        recent = self.world.sets[SET].open_list.changes[-RECENT:]
        body = change_set(recent, self.base_url, links)
        return web.Response(body=body, content_type="application/xml")

    async def _subscribe(self, request: web.Request) -> web.Response:
        """§5.2.2's subscription interface: a form with ``callbackURI``."""
        form = await request.post()
        callback = str(form.get("callbackURI", "")).strip()
        if urlsplit(callback).scheme not in ("http", "https") or len(callback) > 2000:
            return web.Response(status=400, text="callbackURI must be an http(s) URL\n")
        if callback not in self.callbacks:
            if len(self.callbacks) >= MAX_CALLBACKS:
                return web.Response(status=503, text="too many callbacks\n")
            queue: asyncio.Queue[bytes] = asyncio.Queue(QUEUE)
            self.callbacks[callback] = queue
            self._workers.append(asyncio.ensure_future(self._deliver_loop(callback, queue)))
        return web.Response(status=200, text="subscribed\n")

    async def _deliver_loop(self, callback: str, queue: asyncio.Queue[bytes]) -> None:
        """In order, a few tries each; a 410 ends the callback (as a WebSub hub does)."""
        assert self._session is not None
        while True:
            body = await queue.get()
            for attempt in range(ATTEMPTS):
                try:
                    async with self._session.post(callback, data=body) as answer:
                        status = answer.status
                except (aiohttp.ClientError, TimeoutError):
                    status = None
                if status == 410:
                    self.callbacks.pop(callback, None)
                    return
                if status is not None and status < 500:
                    break
                await asyncio.sleep(2**attempt)
