"""The running demo: aiohttp.web routes for the Source and the hub, plus the live generator."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import html
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from email.utils import format_datetime

from aiohttp import web
from multidict import CIMultiDict

from explorer.core.model import RS_NS, Document
from explorer.core.serialize import serialize_document
from explorer.demo.documents import (
    SOURCE_DESCRIPTION_PATH,
    SourceDocuments,
    change_path,
    manifest_path,
)
from explorer.demo.faults import FAULTS, FaultSet, UnknownFaultError
from explorer.demo.flawed import FLAWED_PATH, flawed_changelist
from explorer.demo.hub import XML, Hub, HubSettings, link_header
from explorer.demo.legacy2012 import Legacy2012
from explorer.demo.packages import build_package
from explorer.demo.playback import Playback
from explorer.demo.world import Change, Clock, DemoWorld, w3c_datetime

WRONG_RS_NS = "http://www.openarchives.org/rs/terms"  # missing the trailing slash


@dataclass(frozen=True, slots=True)
class DemoChannel:
    """A notification channel the Capability Lists advertise (a WebSub topic)."""

    set_name: str
    capability: str  # "change-notification" or "framework-notification"
    topic: str
    hub: str


def _http_date(moment: datetime) -> str:
    return format_datetime(moment, usegmt=True)


class RunningDemo:
    """A started demo Source and hub. Build it with ``start_demo``."""

    def __init__(
        self, world: DemoWorld, faults: FaultSet, settings: HubSettings, rate: float
    ) -> None:
        self.world = world
        self.faults = faults
        self.rate = rate
        self._settings = settings
        self._runner: web.AppRunner | None = None
        self._hub_started = False
        self._generator: asyncio.Task[None] | None = None
        self._packages: dict[tuple[str, str], asyncio.Future[bytes]] = {}
        self._latest: dict[str, bytes] = {}  # topic -> latest notification payload
        self._notified_until: dict[str, str] = {}
        self._held: dict[str, tuple[str, bytes]] = {}  # out-of-order: set -> held payload
        self._touched_lists: dict[str, set[int]] = {name: set() for name in world.sets}
        self.base_url = ""
        self.hub_url = ""
        self.docs: SourceDocuments
        self.hub: Hub
        self.playback: Playback | None = None
        self._playback_task: asyncio.Task[None] | None = None
        self.legacy = Legacy2012(world)  # the 2012-style dataset (core 0.1-alpha)

    # Start and stop
    async def _start(self, host: str, port: int) -> None:
        app = web.Application(middlewares=[self._recorded_document])
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        bound_port = self._runner.addresses[0][1]
        shown = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
        shown = f"[{shown}]" if ":" in shown else shown
        self.base_url = f"http://{shown}:{bound_port}/"
        self.hub_url = self.base_url + "hub"
        self.docs = SourceDocuments(self.world, self.base_url, self.hub_url)
        self.hub = Hub(self.hub_url, self._topic_set, self.faults, self._settings)
        await self.hub.start()
        self._hub_started = True
        await self.legacy.start(self.base_url)
        for name, rs in self.world.sets.items():
            self._notified_until[name] = w3c_datetime(rs.latest)
        self.set_rate(self.rate)
        if self.playback is not None:
            self._start_playback(self.playback)

    async def stop(self) -> None:
        """Stop the generator, the playback, the hub's tasks and the HTTP server."""
        if self._playback_task is not None:
            playback, self._playback_task = self._playback_task, None
            playback.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await playback
        if self._generator is not None:
            generator, self._generator = self._generator, None
            generator.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await generator
        if self._hub_started:
            await self.hub.stop()
            self._hub_started = False
        await self.legacy.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> RunningDemo:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # Public description
    @property
    def source_description_url(self) -> str:
        return self.docs.url(SOURCE_DESCRIPTION_PATH)

    @property
    def flawed_document_url(self) -> str:
        """A Change List with problems on purpose, faults or not (not linked from the Source)."""
        return self.docs.url(FLAWED_PATH)

    @property
    def capability_list_urls(self) -> list[str]:
        return [self.docs.capability_list_url(name) for name in self.world.sets]

    @property
    def channels(self) -> list[DemoChannel]:
        return [
            DemoChannel(name, capability, self.docs.topic_url(name, capability), self.hub_url)
            for name in self.world.sets
            for capability in ("change-notification", "framework-notification")
        ]

    def _topic_set(self) -> set[str]:
        recorded = self.playback.topics if self.playback is not None else set()
        return {channel.topic for channel in self.channels} | recorded

    def latest_notification(self, topic: str) -> bytes:
        """The payload last published on a topic (empty before the first one)."""
        return self._latest.get(topic, b"")

    # Live changes
    def set_rate(self, rate: float) -> None:
        """Change the live-change rate while running; 0 pauses the generator."""
        if rate < 0:
            raise ValueError("rate must be >= 0")
        self.rate = rate
        if rate > 0 and self._generator is None:
            self._generator = asyncio.ensure_future(self._run_generator())
        elif rate == 0 and self._generator is not None:
            self._generator.cancel()
            self._generator = None

    async def _run_generator(self) -> None:
        while self.rate > 0:
            await asyncio.sleep(1.0 / self.rate)
            self.step()

    def step(self, count: int = 1) -> list[Change]:
        """Make ``count`` live changes now, publishing each (and any rollover) to the hub."""
        return [self._publish_change(self.world.random_change()) for _ in range(count)]

    def change(self, set_name: str, kind: str | None = None) -> Change:
        """Make one live change of a chosen kind in a chosen set and publish it."""
        if set_name not in self.world.sets:
            raise KeyError(f"unknown set {set_name!r}")
        if kind not in (None, "created", "updated", "deleted"):
            raise ValueError(f"unknown change kind {kind!r}")
        return self._publish_change(self.world.change_in(set_name, kind))

    publish_now = step

    def _publish_change(self, change: Change) -> Change:
        name = change.resource.set_name
        self._touched_lists[name].add(change.resource.list_number)
        self.legacy.push(change)
        start, until = self._notified_until[name], w3c_datetime(change.at)
        self._notified_until[name] = until
        doc = self.docs.change_notification(name, [change], start, until)
        topic = self.docs.topic_url(name, "change-notification")
        payload = self._notification_bytes(doc)
        if "out-of-order" in self.faults:
            held = self._held.pop(name, None)
            if held is None:
                self._held[name] = (topic, payload)
            else:
                self._submit(topic, payload)
                self._submit(*held)
        else:
            if (held := self._held.pop(name, None)) is not None:
                self._submit(*held)
            self._submit(topic, payload)
        if self.world.needs_rollover(name):
            self.rollover(name)
        return change

    def rollover(self, set_name: str) -> Document:
        """Close the open Change List, open the next and publish the framework notification."""
        closed, opened = self.world.rollover(set_name)
        touched = self._touched_lists[set_name]
        self._touched_lists[set_name] = set()
        doc = self.docs.rollover_notification(
            set_name, closed, opened, touched, index_links="drop-index-link" not in self.faults
        )
        self._submit(
            self.docs.topic_url(set_name, "framework-notification"), self._notification_bytes(doc)
        )
        return doc

    def _notification_bytes(self, doc: Document) -> bytes:
        return self._faulted_payload(serialize_document(doc))

    def _faulted_payload(self, data: bytes) -> bytes:
        data = self._apply_xml_faults(data)
        if "malformed-xml" in self.faults:
            data = data[: len(data) // 2]
        return data

    # Playback of a recorded session (explorer/demo/playback.py)
    def _start_playback(self, playback: Playback) -> None:
        playback.attach(self.base_url, self.hub_url)

        def subscribed(topics: set[str]) -> bool:
            return any(self.hub.subscriptions(topic) for topic in topics)

        def publish(topic: str, payload: bytes) -> None:
            self._submit(topic, self._faulted_payload(payload))

        self._playback_task = asyncio.ensure_future(playback.run(subscribed, publish))

    @web.middleware
    async def _recorded_document(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """A recorded document at its path, with the demo's faults; else the demo's own."""
        playback = self.playback
        if playback is None or request.method not in ("GET", "HEAD"):
            return await handler(request)
        served = playback.document(request.path_qs, asyncio.get_running_loop().time())
        if served is None:
            return await handler(request)
        headers = [(n, v) for n, v in served.headers if n.lower() != "content-type"]
        if "missing-link-header" in self.faults:
            headers = [(n, v) for n, v in headers if n.lower() != "link"]
        content_type = next(
            (v for n, v in served.headers if n.lower() == "content-type"), "application/xml"
        )
        if "wrong-content-type" in self.faults:
            content_type = "text/plain"
        body = self._apply_xml_faults(served.body)
        response = web.Response(status=served.status, body=body, headers=CIMultiDict(headers))
        response.headers["Content-Type"] = content_type
        return response

    def _submit(self, topic: str, payload: bytes) -> None:
        """Publish exactly as an HTTP publisher would (change-notification 1.0.1 §4.1)."""
        self._latest[topic] = payload
        self.hub.publish(link_header(topic, self.hub_url), payload, XML)

    # Serving
    def _apply_xml_faults(self, data: bytes) -> bytes:
        if "wrong-namespace" in self.faults:
            data = data.replace(RS_NS.encode(), WRONG_RS_NS.encode())
        return data

    def _xml_response(
        self, request: web.Request, data: bytes, *, headers: dict[str, str] | None = None
    ) -> web.Response:
        content_type = "text/plain" if "wrong-content-type" in self.faults else XML
        etag = '"' + hashlib.md5(data).hexdigest() + '"'
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers={"ETag": etag})
        all_headers = {"ETag": etag, **(headers or {})}
        return web.Response(body=data, content_type=content_type, headers=all_headers)

    def _document_response(self, request: web.Request, doc: Document | None) -> web.Response:
        if doc is None:
            raise web.HTTPNotFound(text="no such document")
        data = self._apply_xml_faults(serialize_document(doc))
        if "malformed-xml" in self.faults and doc.capability == "changelist" and not doc.is_index:
            data = data[: len(data) // 2]
        return self._xml_response(request, data)

    def _set(self, request: web.Request) -> str:
        name = request.match_info["set"]
        if name not in self.world.sets:
            raise web.HTTPNotFound(text=f"no set {name!r}")
        return name

    def _add_routes(self, app: web.Application) -> None:
        self.legacy.add_routes(app)
        app.router.add_get("/", self._landing)
        app.router.add_get("/robots.txt", self._robots)
        app.router.add_get("/about.html", self._about)
        app.router.add_get("/" + SOURCE_DESCRIPTION_PATH, self._source_description)
        app.router.add_post("/hub", self._hub_post)
        app.router.add_get("/hub", self._hub_get)
        app.router.add_get("/demo/faults", self._faults_get)
        app.router.add_post("/demo/faults", self._faults_post)
        app.router.add_post("/demo/hub/restart", self._hub_restart)
        app.router.add_get("/" + FLAWED_PATH, self._flawed)
        app.router.add_get("/{set}/about.html", self._about)
        app.router.add_get("/{set}/resources/{name}", self._resource)
        app.router.add_get("/{set}/{name}", self._set_document)

    async def _landing(self, request: web.Request) -> web.Response:
        links = "\n".join(
            f'    <link rel="resourcesync" href="{html.escape(url)}"/>'
            for url in self.capability_list_urls
        )
        items = "\n".join(
            f'    <li><a href="{html.escape(url)}">{html.escape(url)}</a></li>'
            for url in [self.source_description_url, *self.capability_list_urls]
        )
        flawed = html.escape(self.flawed_document_url)
        text = (
            f"<!DOCTYPE html>\n<html>\n  <head>\n    <title>ResourceSync Explorer demo "
            f"Source</title>\n{links}\n  </head>\n  <body>\n    <h1>Demo Source</h1>\n"
            f"    <p>Hub: {html.escape(self.hub_url)}</p>\n    <ul>\n{items}\n    </ul>\n"
            f'    <p>A document with problems on purpose: <a href="{flawed}">{flawed}</a></p>\n'
            "  </body>\n</html>\n"
        )
        return web.Response(text=text, content_type="text/html")

    async def _flawed(self, request: web.Request) -> web.Response:
        return web.Response(body=flawed_changelist(self.base_url), content_type=XML)

    async def _robots(self, request: web.Request) -> web.Response:
        # core 1.1 §6.3.4: a Source names its Resource Lists and its Change Lists here
        lines = ["User-agent: *", "Allow: /"]
        lines += [
            f"Sitemap: {self.docs.url(f'{name}/{kind}-index.xml')}"
            for name in self.world.sets
            for kind in ("resourcelist", "changelist")
        ]
        return web.Response(text="\n".join(lines) + "\n", content_type="text/plain")

    async def _about(self, request: web.Request) -> web.Response:
        name = request.match_info.get("set")
        if name is not None and name not in self.world.sets:
            raise web.HTTPNotFound(text=f"no set {name!r}")
        what = f"the resource set {name}" if name else "the demo Source"
        text = (
            f"<!DOCTYPE html>\n<html><head><title>About {what}</title></head><body>"
            f"<p>Generated test data for ResourceSync Explorer: {what}.</p></body></html>\n"
        )
        return web.Response(text=text, content_type="text/html")

    async def _source_description(self, request: web.Request) -> web.Response:
        return self._document_response(request, self.docs.source_description())

    async def _hub_post(self, request: web.Request) -> web.Response:
        return await self.hub.handle(request)

    async def _hub_get(self, request: web.Request) -> web.Response:
        return web.Response(
            text="WebSub hub of the ResourceSync Explorer demo. POST "
            "subscription requests or notifications here.\n"
        )

    async def _faults_get(self, request: web.Request) -> web.Response:
        return web.json_response({"available": FAULTS, "enabled": list(self.faults)})

    async def _faults_post(self, request: web.Request) -> web.Response:
        """Switch faults at run time: form fields ``enable`` and ``disable`` (comma-separated)."""
        form = await request.post()
        try:
            for field, on in (("enable", True), ("disable", False)):
                for name in str(form.get(field, "")).split(","):
                    if name.strip():
                        self.faults.set(name.strip(), on)
        except UnknownFaultError as exc:
            return web.Response(status=400, text=str(exc))
        return web.json_response({"enabled": list(self.faults)})

    async def _hub_restart(self, request: web.Request) -> web.Response:
        """Restart the demo hub (``hub-check --hub-restart`` drives it): what it keeps
        survives, unless the restart-forgets fault is on."""
        await self.hub.restart()
        kept = len(self.hub.subscriptions())
        return web.Response(text=f"hub restarted; {kept} subscription(s) kept\n")

    async def _resource(self, request: web.Request) -> web.Response:
        rs = self.world.sets.get(request.match_info["set"])
        resource = rs.resource_by_name(request.match_info["name"]) if rs else None
        if resource is None:
            raise web.HTTPNotFound(text="no such resource")
        etag = f'"{resource.md5}"'
        headers = {"ETag": etag, "Last-Modified": _http_date(resource.lastmod)}
        if "missing-link-header" not in self.faults:
            headers["Link"] = (
                f'<{self.docs.capability_list_url(resource.set_name)}>; rel="resourcesync"'
            )
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers=headers)
        return web.Response(body=resource.body, content_type=resource.media_type, headers=headers)

    async def _set_document(self, request: web.Request) -> web.Response:
        name = self._set(request)
        doc_name = request.match_info["name"]
        docs = self.docs
        if doc_name in ("change-notifications", "framework-notifications"):
            return self._topic_response(request, name, doc_name)
        if doc_name == "capabilitylist.xml":
            return self._document_response(request, docs.capability_list(name))
        if doc_name == "resourcelist-index.xml":
            return self._document_response(request, docs.resource_list_index(name))
        if doc_name == "changelist-index.xml":
            return self._document_response(request, docs.change_list_index(name))
        if doc_name == "resourcedump.xml":
            length = len(await self._resource_package(name))
            return self._document_response(request, docs.resource_dump(name, length))
        if doc_name == "resourcedump-manifest.xml":
            return self._document_response(request, docs.resource_dump_manifest(name))
        if doc_name == "resourcedump.zip":
            return self._zip_response(await self._resource_package(name))
        if doc_name == "changedump.xml":
            lengths = [
                (state.number, len(await self._change_package(name, state.number)))
                for state in docs.closed_lists(name)
            ]
            return self._document_response(request, docs.change_dump(name, lengths))
        number = _numbered(doc_name, "resourcelist-", ".xml")
        if number is not None and 1 <= number <= 3:
            index_link = "drop-index-link" not in self.faults
            return self._document_response(request, docs.resource_list(name, number, index_link))
        number = _numbered(doc_name, "changelist-", ".xml")
        if number is not None:
            index_link = "drop-index-link" not in self.faults
            return self._document_response(request, docs.change_list(name, number, index_link))
        number = _numbered(doc_name, "changedump-manifest-", ".xml")
        if number is not None:
            return self._document_response(request, docs.change_dump_manifest(name, number))
        number = _numbered(doc_name, "changedump-", ".zip")
        if number is not None and number in {s.number for s in docs.closed_lists(name)}:
            return self._zip_response(await self._change_package(name, number))
        raise web.HTTPNotFound(text="no such document")

    def _topic_response(self, request: web.Request, set_name: str, doc_name: str) -> web.Response:
        """Topic URI: 200, application/xml, Link self and hub (change-notification 1.0.1 §4.1)."""
        capability = doc_name.removesuffix("s")
        topic = self.docs.topic_url(set_name, capability)
        headers = {}
        if "missing-link-header" not in self.faults:
            headers["Link"] = link_header(topic, self.hub_url)
        content_type = "text/plain" if "wrong-content-type" in self.faults else XML
        body = self.latest_notification(topic)
        headers["Content-Length"] = str(len(body))  # aiohttp leaves it off an empty HEAD
        return web.Response(body=body, content_type=content_type, headers=headers)

    @staticmethod
    def _zip_response(data: bytes) -> web.Response:
        etag = '"' + hashlib.md5(data).hexdigest() + '"'
        return web.Response(body=data, content_type="application/zip", headers={"ETag": etag})

    # Packages: built lazily in a worker thread (zipping 600 resources takes a few hundred ms,
    # too long to block the loop), then cached; a package never changes once made.
    def _package(
        self,
        key: tuple[str, str],
        manifest: bytes,
        moment: datetime,
        members: list[tuple[str, datetime, bytes]],
    ) -> asyncio.Future[bytes]:
        if key not in self._packages:
            self._packages[key] = asyncio.ensure_future(
                asyncio.to_thread(build_package, manifest, moment, members)
            )
        return self._packages[key]

    async def _resource_package(self, set_name: str) -> bytes:
        key = (set_name, "resourcedump")
        if key in self._packages:
            return await self._packages[key]
        rs = self.world.sets[set_name]
        manifest = serialize_document(self.docs.resource_dump_manifest(set_name))
        members = [(manifest_path(r), r.lastmod, r.body) for r in rs.dump_snapshot]
        return await self._package(key, manifest, rs.dump_at, members)

    async def _change_package(self, set_name: str, number: int) -> bytes:
        key = (set_name, f"changedump-{number}")
        if key in self._packages:
            return await self._packages[key]
        doc = self.docs.change_dump_manifest(set_name, number)
        state = next(s for s in self.docs.closed_lists(set_name) if s.number == number)
        assert doc is not None and state.until is not None
        members = [
            (change_path(c), c.at, c.resource.body) for c in state.changes if c.kind != "deleted"
        ]
        return await self._package(key, serialize_document(doc), state.until, members)


def _numbered(name: str, prefix: str, suffix: str) -> int | None:
    if name.startswith(prefix) and name.endswith(suffix):
        middle = name[len(prefix) : len(name) - len(suffix)]
        if middle.isdigit():
            return int(middle)
    return None


async def start_demo(
    host: str = "127.0.0.1",
    port: int = 0,
    rate: float = 1.0,
    seed: int = 0,
    faults: Iterable[str] = (),
    *,
    changes_per_list: int = 20,
    clock: Clock | None = None,
    min_lease: int | None = None,
    max_lease: int | None = None,
    default_lease: int | None = None,
    delivery_attempts: int = 5,
    retry_delay: float = 1.0,
    slow_delivery_seconds: float = 5.0,
    request_timeout: float = 10.0,
    playback: Playback | None = None,
) -> RunningDemo:
    """Start the demo Source and hub on the running asyncio loop; see ``explorer.demo``."""
    if rate < 0:
        raise ValueError("rate must be >= 0")
    settings = HubSettings(
        delivery_attempts=delivery_attempts,
        retry_delay=retry_delay,
        slow_delivery_seconds=slow_delivery_seconds,
        request_timeout=request_timeout,
    )
    if min_lease is not None:
        settings.min_lease = min_lease
    if max_lease is not None:
        settings.max_lease = max_lease
    if default_lease is not None:
        settings.default_lease = default_lease
    if settings.min_lease < 1 or settings.max_lease < settings.min_lease:
        raise ValueError("lease range must satisfy 1 <= min_lease <= max_lease")
    demo = RunningDemo(DemoWorld(seed, changes_per_list, clock), FaultSet(faults), settings, rate)
    demo.playback = playback
    try:
        await demo._start(host, port)
    except BaseException:
        await demo.stop()
        raise
    return demo
