"""A Source whose Capability List has one Change List Index of ``lists`` Change Lists of
``changes`` changes each, every list written on the fly as it is sent (chunked), so
neither this server nor the test holds a list whole. Every change is dated an hour after
the server started, so a watchdog started before a read counts them all: the worst case
for ``listen --reconcile``. ``/hub`` takes subscriptions (202, then verifies the intent,
WebSub §5.3) and never delivers: a silent hub.

Run it by hand for the full case (prints the Capability List's URL, serves until ^C):
``python tests/helpers/change_list_index.py --lists 30 --changes 100000``
"""

from __future__ import annotations

import argparse
import asyncio
import time
from datetime import UTC, datetime

from aiohttp import ClientSession, web

from helpers.loopback import LoopbackSite, start_loopback

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
CHUNK_ENTRIES = 2_000


def _stamp(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class ChangeListIndex:
    """The Source's app; ``requests`` counts the Change Lists served."""

    def __init__(self, lists: int, changes: int) -> None:
        self.lists = lists
        self.changes = changes
        self.dated = time.time() + 3600
        self.requests = 0
        self._verifications: set[asyncio.Task[None]] = set()
        self.app = web.Application()
        self.app.router.add_get("/capabilitylist.xml", self._capability_list)
        self.app.router.add_get("/changelist-index.xml", self._index)
        self.app.router.add_get("/changelist/{number}.xml", self._change_list)
        self.app.router.add_post("/hub", self._hub)

    async def _capability_list(self, request: web.Request) -> web.Response:
        base = f"http://{request.host}"
        body = (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset {NS}>\n'
            f'<rs:ln rel="hub" href="{base}/hub"/>\n'
            '<rs:md capability="capabilitylist"/>\n'
            f"<url><loc>{base}/changelist-index.xml</loc>"
            '<rs:md capability="changelist"/></url>\n</urlset>\n'
        )
        return web.Response(body=body.encode(), content_type="application/xml")

    async def _index(self, request: web.Request) -> web.Response:
        base = f"http://{request.host}"
        entries = "".join(
            f"<sitemap><loc>{base}/changelist/{n}.xml</loc></sitemap>\n" for n in range(self.lists)
        )
        body = (
            f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex {NS}>\n'
            f'<rs:md capability="changelist" from="{_stamp(self.dated - 60)}"/>\n'
            f"{entries}</sitemapindex>\n"
        )
        return web.Response(body=body.encode(), content_type="application/xml")

    async def _change_list(self, request: web.Request) -> web.StreamResponse:
        number = int(request.match_info["number"])
        self.requests += 1
        response = web.StreamResponse(headers={"Content-Type": "application/xml"})
        response.enable_chunked_encoding()
        await response.prepare(request)
        await response.write(
            f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset {NS}>\n'
            f'<rs:md capability="changelist" from="{_stamp(self.dated - 60)}"/>\n'.encode()
        )
        for first in range(0, self.changes, CHUNK_ENTRIES):
            chunk = "".join(
                f"<url><loc>http://example.org/r/{number}/{n:07d}</loc>"
                f'<rs:md change="updated" datetime="{_stamp(self.dated + n)}"/></url>\n'
                for n in range(first, min(first + CHUNK_ENTRIES, self.changes))
            )
            await response.write(chunk.encode())
        await response.write(b"</urlset>\n")
        await response.write_eof()
        return response

    async def _hub(self, request: web.Request) -> web.Response:
        form = await request.post()
        task = asyncio.get_running_loop().create_task(self._verify(dict(form)))
        self._verifications.add(task)
        task.add_done_callback(self._verifications.discard)
        return web.Response(status=202)

    async def _verify(self, form: dict[str, object]) -> None:
        query = {
            "hub.mode": str(form["hub.mode"]),
            "hub.topic": str(form["hub.topic"]),
            "hub.challenge": "challenge",
            "hub.lease_seconds": "3600",
        }
        callback = str(form["hub.callback"])
        async with ClientSession() as session, session.get(callback, params=query) as answer:
            await answer.read()

    async def start(self) -> LoopbackSite:
        return await start_loopback(self.app)


async def _serve(lists: int, changes: int) -> None:
    site = await ChangeListIndex(lists, changes).start()
    print(site.url("/capabilitylist.xml"), flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await site.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=30)
    parser.add_argument("--changes", type=int, default=100_000)
    options = parser.parse_args()
    asyncio.run(_serve(options.lists, options.changes))
