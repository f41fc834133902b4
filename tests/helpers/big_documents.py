"""Signed framework notifications naming very large documents, sent to a running
``listen``, which refetches and diffs what they name (framework-notification 1.0.1 §3).
Shared by the suite's test and ``tests/benchmarks/bench_framework_refetch.py``."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from aiohttp import web

from explorer.core.push.signatures import sign
from helpers.listen_process import SubscribeForms, running_listen, until
from helpers.loopback import start_loopback

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
)
ENTRY = (
    "<url><loc>http://example.org/res/{n:09d}</loc><lastmod>2026-01-01T00:00:00Z</lastmod></url>\n"
)


def big_resource_list(size: int) -> bytes:
    """A valid Resource List of about ``size`` bytes (one entry per 90-odd bytes)."""
    md = '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>\n'
    count = max(1, (size - len(HEAD) - len(md)) // len(ENTRY.format(n=0)))
    return (HEAD + md + "".join(ENTRY.format(n=n) for n in range(count)) + "</urlset>\n").encode()


def framework_notification(locs: list[str]) -> bytes:
    md = (
        '<rs:md capability="framework-notification" from="2026-01-01T00:00:00Z" '
        'until="2026-01-01T00:01:00Z"/>\n'
    )
    body = "".join(
        f'<url><loc>{loc}</loc><rs:md capability="resourcelist" change="created"/></url>\n'
        for loc in locs
    )
    return (HEAD + md + body + "</urlset>\n").encode()


@dataclass
class RefetchRun:
    peak_mb: float
    diffs: list[dict[str, Any]]


async def framework_attack(
    hub: SubscribeForms, store: Path, notifications: int, size: int, bound: float = 120.0
) -> RefetchRun:
    """``notifications`` signed framework notifications at once, each naming its own
    document of ``size`` bytes; waits for every ``diff`` event (or ``bound`` seconds)."""
    document = big_resource_list(size)

    async def serve(_request: web.Request) -> web.Response:
        return web.Response(body=document, content_type="application/xml")

    app = web.Application()
    app.router.add_get("/{name}", serve)
    site = await start_loopback(app)
    try:
        async with running_listen(hub, store) as listener:
            bodies = [
                framework_notification([site.url(f"/list{n}.xml")]) for n in range(notifications)
            ]
            async with httpx.AsyncClient(timeout=60) as client:
                answers = await asyncio.gather(
                    *(
                        client.post(
                            listener.callback,
                            content=body,
                            headers={
                                "Content-Type": "application/xml",
                                "X-Hub-Signature": sign(listener.secret, body),
                            },
                        )
                        for body in bodies
                    )
                )
            assert [answer.status_code for answer in answers] == [200] * notifications
            with contextlib.suppress(TimeoutError):  # the caller judges missing diffs
                await until(lambda: len(listener.named("diff")) >= notifications, bound=bound)
            return RefetchRun(listener.peak_rss_mb(), listener.named("diff"))
    finally:
        await site.stop()
