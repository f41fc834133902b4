"""A tiny configurable web site for discovery, crawl and check tests (127.0.0.1, port 0).

Each path maps to a ``Reply``; unknown paths answer 404. Builders write small
ResourceSync documents so tests state their fixtures in a few lines.
"""

from __future__ import annotations

import asyncio
import gzip as gzip_module
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
RS = "http://www.openarchives.org/rs/terms/"


@dataclass
class Reply:
    body: bytes | str = b""
    status: int = 200
    content_type: str | None = "application/xml"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    gzip: bool = False
    etag: str | None = None


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Site:
    """``async with Site() as site: site.add("/x", Reply(...)); site.url("/x")``."""

    def __init__(self, latency: float = 0.0) -> None:
        self.routes: dict[str, Reply | Handler] = {}
        self.hits: Counter[str] = Counter()
        self.methods: list[tuple[str, str]] = []
        self.latency = latency
        self._site: LoopbackSite | None = None
        self.base_url = ""

    def url(self, path: str) -> str:
        return self.base_url + path

    def add(self, path: str, reply: Reply | Handler | bytes | str, **options: object) -> str:
        if isinstance(reply, bytes | str):
            reply = Reply(reply, **options)  # type: ignore[arg-type]
        self.routes[path] = reply
        return self.url(path)

    async def __aenter__(self) -> Site:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._site = await start_loopback(app)
        self.base_url = self._site.base_url
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._site is not None
        await self._site.stop()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path_qs if request.path_qs in self.routes else request.path
        self.hits[path] += 1
        self.methods.append((request.method, path))
        if self.latency:
            await asyncio.sleep(self.latency)
        reply = self.routes.get(path)
        if reply is None:
            return web.Response(status=404, text="not found")
        if not isinstance(reply, Reply):
            return await reply(request)
        if reply.delay:
            await asyncio.sleep(reply.delay)
        headers = dict(reply.headers)
        if reply.etag:
            headers["ETag"] = reply.etag
            if request.headers.get("If-None-Match") == reply.etag:
                return web.Response(status=304, headers=headers)
        body = reply.body.encode() if isinstance(reply.body, str) else reply.body
        if reply.gzip:
            body = gzip_module.compress(body)
            headers["Content-Encoding"] = "gzip"
        if reply.content_type:
            headers["Content-Type"] = reply.content_type
        if request.method == "HEAD":
            headers["Content-Length"] = str(len(body))
            return web.Response(status=reply.status, headers=headers)
        return web.Response(status=reply.status, body=body, headers=headers)


def urlset(
    capability: str | None,
    entries: list[tuple[str, dict[str, str]] | tuple[str, dict[str, str], list[tuple[str, str]]]]
    | None = None,
    links: list[tuple[str, str]] | None = None,
    root: str = "urlset",
    md: dict[str, str] | None = None,
) -> str:
    """A Sitemap-format document: ``entries`` are (loc, md[, [(rel, href)]])."""
    entry_tag = "sitemap" if root == "sitemapindex" else "url"
    parts = [f'<?xml version="1.0" encoding="UTF-8"?>\n<{root} xmlns="{SITEMAP}" xmlns:rs="{RS}">']
    for rel, href in links or []:
        parts.append(f"  <rs:ln rel={quoteattr(rel)} href={quoteattr(href)}/>")
    attributes = dict(md or {})
    if capability is not None:
        attributes = {"capability": capability, **attributes}
    if capability in ("resourcelist", "resourcedump", "resourcedump-manifest") and "at" not in (
        md or {}
    ):
        attributes["at"] = "2024-01-01T00:00:00Z"
    if capability in ("changelist", "changedump", "changedump-manifest") and "from" not in (
        md or {}
    ):
        attributes["from"] = "2024-01-01T00:00:00Z"
    if attributes:
        rendered = " ".join(f"{k}={quoteattr(v)}" for k, v in attributes.items())
        parts.append(f"  <rs:md {rendered}/>")
    for entry in entries or []:
        loc, entry_md = entry[0], entry[1]
        entry_links = entry[2] if len(entry) > 2 else []  # type: ignore[misc]
        parts.append(f"  <{entry_tag}><loc>{loc}</loc>")
        for rel, href in entry_links:
            parts.append(f"    <rs:ln rel={quoteattr(rel)} href={quoteattr(href)}/>")
        if entry_md:
            rendered = " ".join(f"{k}={quoteattr(v)}" for k, v in entry_md.items())
            parts.append(f"    <rs:md {rendered}/>")
        parts.append(f"  </{entry_tag}>")
    parts.append(f"</{root}>\n")
    return "\n".join(parts)


def add_source(site: Site, *, sd_path: str = "/rs/description.xml", prefix: str = "/rs") -> dict:
    """Source Description → Capability List → Resource List, linked up and down."""
    urls = {
        "sd": site.url(sd_path),
        "cl": site.url(f"{prefix}/capabilitylist.xml"),
        "rl": site.url(f"{prefix}/resourcelist.xml"),
    }
    site.add(sd_path, urlset("description", [(urls["cl"], {"capability": "capabilitylist"})]))
    site.add(
        f"{prefix}/capabilitylist.xml",
        urlset(
            "capabilitylist",
            [(urls["rl"], {"capability": "resourcelist"})],
            links=[("up", urls["sd"])],
        ),
    )
    site.add(
        f"{prefix}/resourcelist.xml",
        urlset("resourcelist", [(site.url("/res/1"), {})], links=[("up", urls["cl"])]),
    )
    return urls
