"""A Source written with the reference implementation's own classes (resync), served by an
aiohttp server on loopback: the shape of a third-party Source, not the explorer's demo.

``SourceFiles`` holds the documents as bytes keyed by path; tests change them between
reads (a Source that moves on) while ``serving`` keeps answering from the same mapping.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from aiohttp import web
from resync import CapabilityList, ChangeList, Resource, ResourceList, SourceDescription


@dataclass
class SourceFiles:
    """Documents by path (``/capabilitylist.xml``) as served."""

    documents: dict[str, bytes] = field(default_factory=dict)


@contextmanager
def serving(files: SourceFiles) -> Iterator[str]:
    """Serve ``files`` on 127.0.0.1 at a free port from a thread; yields the base URL."""

    async def handle(request: web.Request) -> web.Response:
        body = files.documents.get(request.path)
        if body is None:
            return web.Response(status=404)
        return web.Response(body=body, content_type="application/xml")

    loop = asyncio.new_event_loop()
    app = web.Application()
    app.router.add_get("/{tail:.*}", handle)
    runner = web.AppRunner(app)
    # set up on the server's own thread: the caller may be running a loop (the window's)
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(runner.setup(), loop).result(10)
    site = web.TCPSite(runner, "127.0.0.1", 0)
    asyncio.run_coroutine_threadsafe(site.start(), loop).result(10)
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


@dataclass
class Listed:
    """One resource as the Source lists it."""

    path: str
    lastmod: str | None
    length: int | None = None
    md5: str | None = None


@dataclass
class Change:
    path: str
    change: str
    datetime: str
    lastmod: str | None = None
    length: int | None = None
    md5: str | None = None


def build_source(
    base: str,
    files: SourceFiles,
    lists: list[list[Listed]],
    changes: list[Change],
    at: str,
    change_from: str,
    extra_capabilities: dict[str, str] | None = None,
) -> None:
    """Write the Source Description, Capability List, a Resource List Index over one
    Resource List per item of ``lists``, and one Change List, into ``files``; the
    Capability List also names ``extra_capabilities`` ({capability: path}), unserved."""
    capability_list = f"{base}/capabilitylist.xml"
    description = SourceDescription()
    description.add_capability_list(capability_list)
    files.documents["/.well-known/resourcesync"] = description.as_xml().encode()
    capabilities = CapabilityList()
    capabilities.up = f"{base}/.well-known/resourcesync"
    capabilities.add_capability(uri=f"{base}/resourcelist-index.xml", name="resourcelist")
    capabilities.add_capability(uri=f"{base}/changelist.xml", name="changelist")
    for name, path in (extra_capabilities or {}).items():
        capabilities.add_capability(uri=f"{base}{path}", name=name)
    files.documents["/capabilitylist.xml"] = capabilities.as_xml().encode()
    index = ResourceList()
    index.up = capability_list
    index.md_at = at
    for number, entries in enumerate(lists):
        part = ResourceList()
        part.up = capability_list
        part.index = f"{base}/resourcelist-index.xml"
        part.md_at = at
        for item in entries:
            part.add(
                Resource(
                    uri=f"{base}{item.path}",
                    lastmod=item.lastmod,
                    length=item.length,
                    md5=item.md5,
                )
            )
        files.documents[f"/resourcelist-{number}.xml"] = part.as_xml().encode()
        index.add(Resource(uri=f"{base}/resourcelist-{number}.xml"))
    files.documents["/resourcelist-index.xml"] = index.index_as_xml().encode()
    change_list = ChangeList()
    change_list.up = capability_list
    change_list.md_from = change_from
    for item in changes:
        change_list.add(
            Resource(
                uri=f"{base}{item.path}",
                change=item.change,
                datetime=item.datetime,
                lastmod=item.lastmod,
                length=item.length,
                md5=item.md5,
            )
        )
    files.documents["/changelist.xml"] = change_list.as_xml().encode()
