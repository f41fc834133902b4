"""plan of one Source twice, its lists answered in opposite orders: the same figures.

The crawl hands a Source's lists over as they arrive; plan's samples (the timed GETs, the
HEADs of resources without a length) used to be the first resources to arrive, so the
window's plan and the command's of one demo Source once differed by 7,236 wire bytes.
Here a loopback Source holds each list's answer until the lists before it in this run's
order were answered; its resources' sizes differ by list (1, 2, 3 and 4 digits), so a
sample drawn from other lists changes the bytes and the heads' sizes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import web

from explorer.core.plan.profiles import RESYNC_SYNC, Profile
from explorer.net.http.fetcher import Fetcher
from explorer.net.plan.gather import PlanRequest, gather_plan
from explorer.net.source.crawl_tree import DocumentNode

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
LISTS, PER_LIST, CHANGE_LISTS, PER_CHANGE_LIST = 4, 60, 2, 15
HELD = 30.0
"""The longest a list's answer waits for its turn (only if the crawl never asks the list
before it); the test then fails on the orders, not by hanging."""


def _urlset(capability: str, rows: list[str], extra: str = "") -> bytes:
    body = "".join(rows)
    return f'<urlset {NS}><rs:md capability="{capability}"{extra}/>{body}</urlset>'.encode()


def _index(capability: str, locs: list[str]) -> bytes:
    body = "".join(f"<sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return f'<sitemapindex {NS}><rs:md capability="{capability}"/>{body}</sitemapindex>'.encode()


def _size(number: int, item: int) -> int:
    """List ``number``'s resources have ``number + 1`` digits of size, varied within."""
    return 10**number * 5 + (item * 7919) % (4 * 10**number + 1)


class HeldSource:
    """The Source, its lists' answers released in ``order`` (set before each plan)."""

    def __init__(self) -> None:
        self.documents: dict[str, bytes] = {}
        self.order: list[str] = []
        self.answered: list[str] = []
        self.turn = asyncio.Condition()
        self.base = ""

    def build(self, base: str) -> None:
        self.base = base
        docs = self.documents
        docs["/.well-known/resourcesync"] = _urlset(
            "description", [f"<url><loc>{base}/capabilitylist.xml</loc></url>"]
        )
        docs["/capabilitylist.xml"] = _urlset(
            "capabilitylist",
            [
                f'<url><loc>{base}/{name}-index.xml</loc><rs:md capability="{name}"/></url>'
                for name in ("resourcelist", "changelist")
            ],
        )
        lists = [f"/resourcelist-{n}.xml" for n in range(LISTS)]
        docs["/resourcelist-index.xml"] = _index("resourcelist", [base + p for p in lists])
        for number, path in enumerate(lists):
            rows = []
            for item in range(PER_LIST):
                resource = f"/res/{number}/{item}.txt"
                docs[resource] = b"x" * _size(number, item)
                rows.append(
                    f"<url><loc>{base}{resource}</loc><lastmod>2026-10-01T00:00:00Z</lastmod></url>"
                )
            docs[path] = _urlset("resourcelist", rows, ' at="2026-11-01T00:00:00Z"')
        changes = [f"/changelist-{n}.xml" for n in range(CHANGE_LISTS)]
        docs["/changelist-index.xml"] = _index("changelist", [base + p for p in changes])
        for number, path in enumerate(changes):
            rows = [
                f"<url><loc>{base}/res/{(number + item) % LISTS}/{item}.txt</loc>"
                f'<rs:md change="updated" datetime="2026-11-{2 + number:02d}T00:00:00Z"/></url>'
                for item in range(PER_CHANGE_LIST)
            ]
            docs[path] = _urlset("changelist", rows, ' from="2026-11-01T00:00:00Z"')
        self.order = lists + changes

    async def answer(self, request: web.Request) -> web.Response:
        body = self.documents.get(request.path)
        if body is None:
            return web.Response(status=404)
        if request.path in self.order and request.path not in self.answered:
            # held once: plan GETs a few documents again after the crawl
            async with self.turn:
                # past HELD answered out of turn: the orders compared below tell
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.turn.wait_for(lambda: self._mine(request)), HELD)
                self.answered.append(request.path)
                self.turn.notify_all()
        return web.Response(body=body, content_type="application/xml")

    def _mine(self, request: web.Request) -> bool:
        return self.order[len(self.answered)] == request.path


@asynccontextmanager
async def served(source: HeldSource) -> AsyncIterator[str]:
    app = web.Application()
    app.router.add_get("/{tail:.*}", source.answer)
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


def _figures(plan_json: dict[str, Any]) -> dict[str, Any]:
    """Everything but the times (they rest on each run's own measured speed)."""
    runs = {
        name: {key: value for key, value in run.items() if key != "seconds"}
        for name, run in plan_json["runs"].items()
    }
    kept = {key: plan_json[key] for key in plan_json if key not in ("timing", "seconds_by_profile")}
    return {**kept, "runs": runs}


async def test_the_same_source_read_in_other_orders_gives_the_same_plan() -> None:
    source = HeldSource()
    figures, handed = [], []
    async with served(source) as base, Fetcher() as fetcher:
        source.build(base)
        natural = list(source.order)
        for order in (natural, natural[::-1]):
            source.order, source.answered = order, []
            seen: list[str] = []

            def take(node: DocumentNode, seen: list[str] = seen) -> None:
                if node.url.removeprefix(base) in natural:
                    seen.append(node.url.removeprefix(base))

            request = PlanRequest(
                f"{base}/.well-known/resourcesync",
                Profile(RESYNC_SYNC),
                0.0,
                0.0,
                also=(take,),
            )
            plan, _ = await gather_plan(request, fetcher)
            figures.append(_figures(plan.to_json()))
            handed.append(seen)
    # the crawl handed the lists over in other orders (it parses several at once, so not
    # quite in the order they were answered)
    assert sorted(handed[0]) == sorted(handed[1]) == sorted(natural)
    resource_lists = [[path for path in seen if "/resourcelist-" in path] for seen in handed]
    assert resource_lists[0] != resource_lists[1], handed
    assert figures[0] == figures[1]
    baseline = figures[0]["runs"]["baseline"]
    assert baseline["resources"] == LISTS * PER_LIST == baseline["estimated_lengths"]
