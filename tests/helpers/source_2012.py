"""A scripted 2012-style Source (core 0.1-alpha): a Change Set that advertises both push
forms (§5.2.1 XMPP PubSub, §5.2.2 HTTP callback), and the callback
form's subscription interface, which records each ``callbackURI`` so a test can post
Change Sets to it. The test's own, not the demo's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from aiohttp import web

from helpers.loopback import LoopbackSite, loopback

NODE = "changes_node"


def change_set(*changes: tuple[str, str, str]) -> bytes:
    """A 2012 Change Set of (loc, change, datetime): created/updated as lastmod rs:type,
    deleted as expires (Table 5.1)."""
    urls = []
    for loc, change, when in changes:
        mark = (
            f"<expires>{when}</expires>"
            if change == "deleted"
            else f'<lastmod rs:type="{change}">{when}</lastmod>'
        )
        urls.append(f"<url><loc>{loc}</loc>{mark}</url>")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset rs:type="changeset" xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:rs="http://www.openarchives.org/rs/terms/">' + "".join(urls) + "</urlset>"
    ).encode()


@dataclass
class Source2012:
    site: LoopbackSite
    xmpp_service: str
    callbacks: list[str] = field(default_factory=list)
    subscribe_forms: list[dict[str, list[str]]] = field(default_factory=list)

    @property
    def changeset_url(self) -> str:
        return self.site.url("/changesets/most_recent.xml")

    @property
    def subscribe_url(self) -> str:
        return self.site.url("/subscribe")


@asynccontextmanager
async def source_2012(
    xmpp_service: str = "pubsub.localhost", forms: tuple[str, ...] = ("xmpp", "callback")
) -> AsyncIterator[Source2012]:
    holder: list[Source2012] = []

    async def changeset(_: web.Request) -> web.Response:
        body = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset rs:type="changeset" xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
            ' xmlns:rs="http://www.openarchives.org/rs/terms/"'
            ' xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
            '<xhtml:meta name="DCTERMS.modified" content="2012-08-08T16:30:00Z"/>\n'
            + (
                f'<xhtml:link href="xmpp:{holder[0].xmpp_service}"'
                ' rs:protocol="http://xmpp.org/extensions/xep-0060.html"'
                f' rs:pubsubnode="{NODE}"/>\n'
                if "xmpp" in forms
                else ""
            )
            + (
                '<xhtml:link href="/subscribe" rs:protocol="http://example.org/protocol/callback"/>\n'
                if "callback" in forms
                else ""
            )
            + "<url><loc>http://example.org/res1</loc>"
            '<lastmod rs:type="created">2012-08-08T08:15:00Z</lastmod></url>\n'
            "</urlset>"
        )
        return web.Response(body=body.encode(), content_type="application/xml")

    async def subscribe(request: web.Request) -> web.Response:
        form = parse_qs((await request.read()).decode())
        holder[0].subscribe_forms.append(form)
        holder[0].callbacks.extend(form.get("callbackURI", []))
        return web.Response(status=200, text="subscribed\n")

    app = web.Application()
    app.router.add_get("/changesets/most_recent.xml", changeset)
    app.router.add_post("/subscribe", subscribe)
    async with loopback(app) as site:
        holder.append(Source2012(site, xmpp_service))
        yield holder[0]
