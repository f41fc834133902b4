"""Signed framework notifications against ``listen``, from outside.

A hub on 127.0.0.1 verifies ``listen``'s subscription and then delivers signed framework
notifications (a Source that publishes on its own topic gets exactly this from a real
hub). One names 20,000 documents: at most the per-notification cap is refetched. Four
at once name two 63 MB documents each: ``listen``'s peak resident memory (its own
``VmHWM``, read from /proc before it is stopped) stays within 500 MB.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import secrets
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
from aiohttp import web
from helpers.hostile_http import loopback_app

from explorer.core.push.signatures import sign
from explorer.net.live.refetch import MAX_REFETCHES_PER_NOTIFICATION

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/'
    'sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
)
PEAK_MB = 500
BIG_ENTRIES = 400_000  # 63 MB


def big_list() -> bytes:
    entries = "".join(
        f"<url><loc>http://example.org/resource/{i:08d}</loc>"
        f'<lastmod>2026-01-01T00:00:00Z</lastmod><rs:md hash="md5:{i:032x}" length="1"/></url>\n'
        for i in range(BIG_ENTRIES)
    )
    md = '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>\n'
    return f"{HEAD}{md}{entries}</urlset>\n".encode()


def framework(locs: list[str]) -> bytes:
    body = "".join(
        f'<url><loc>{loc}</loc><rs:md change="created" capability="resourcelist"/></url>\n'
        for loc in locs
    )
    return f'{HEAD}<rs:md capability="framework-notification"/>\n{body}</urlset>\n'.encode()


@dataclass
class SourceAndHub:
    """A hub at ``/hub`` that verifies every subscription at once and remembers its
    callback and secret; documents at ``/doc/…`` (``big`` ones 63 MB), hits counted."""

    base: str = ""
    callback: str = ""
    secret: str = ""
    verified: asyncio.Event = field(default_factory=asyncio.Event)
    hits: Counter[str] = field(default_factory=Counter)
    big: bytes = b""

    async def hub(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("hub.mode") == "subscribe":
            self.callback, self.secret = str(form["hub.callback"]), str(form["hub.secret"])
            asyncio.get_running_loop().create_task(self._verify(str(form["hub.topic"])))
        return web.Response(status=202)

    async def _verify(self, topic: str) -> None:
        challenge = secrets.token_urlsafe(8)
        params = {"hub.mode": "subscribe", "hub.topic": topic, "hub.challenge": challenge}
        params["hub.lease_seconds"] = "3600"
        async with (
            aiohttp.ClientSession() as session,
            session.get(self.callback, params=params) as reply,
        ):
            if (await reply.text()) == challenge:
                self.verified.set()

    async def document(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        self.hits[name] += 1
        if name.startswith("big"):
            return web.Response(body=io.BytesIO(self.big), content_type="application/xml")
        md = '<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>'
        return web.Response(body=f"{HEAD}{md}</urlset>".encode(), content_type="application/xml")

    async def deliver(self, body: bytes, topic: str) -> int:
        headers = {
            "Content-Type": "application/xml",
            "X-Hub-Signature": sign(self.secret, body, "sha256"),
            "Link": f'<{topic}>; rel="self", <{self.base}/hub>; rel="hub"',
        }
        async with (
            aiohttp.ClientSession() as session,
            session.post(self.callback, data=io.BytesIO(body), headers=headers) as reply,
        ):
            return reply.status


@contextlib.asynccontextmanager
async def source_and_hub(big: bytes = b"") -> AsyncIterator[SourceAndHub]:
    state = SourceAndHub(big=big)
    app = web.Application()
    app.router.add_post("/hub", state.hub)
    app.router.add_get("/doc/{name}", state.document)
    async with loopback_app(app) as state.base:
        yield state


@contextlib.asynccontextmanager
async def listening(state: SourceAndHub, tmp_path: Path) -> AsyncIterator[tuple[str, list]]:
    """A verified ``listen --json`` on the topic ``/fw``; yields the topic and a list that
    fills with its events; SIGTERM at the end."""
    topic = f"{state.base}/fw"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "explorer", "listen", "--topic", topic, "--hub",
        f"{state.base}/hub", "--store", str(tmp_path / "store.sqlite3"), "--json",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, limit=1 << 24,
    )  # fmt: skip
    events: list[dict] = []

    async def read() -> None:
        assert proc.stdout is not None
        async for line in proc.stdout:
            events.append(json.loads(line))

    reader = asyncio.ensure_future(read())
    try:
        async with asyncio.timeout(60):
            await state.verified.wait()
        yield topic, events
        events.append({"peak_mb": peak_mb(proc.pid)})
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        async with asyncio.timeout(60):
            await proc.wait()
        await reader


def peak_mb(pid: int) -> float:
    """The process's own peak resident memory (``VmHWM``: per address space, so what the
    parent held before ``exec`` is not counted)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


async def wait_for(events: list[dict], name: str, count: int, limit: float = 120) -> None:
    async with asyncio.timeout(limit):  # a hang bound
        while sum(event.get("event") == name for event in events) < count:
            await asyncio.sleep(0.1)


async def test_a_notification_naming_twenty_thousand_documents(tmp_path: Path) -> None:
    async with source_and_hub() as state, listening(state, tmp_path) as (topic, events):
        locs = [f"{state.base}/doc/small{i}" for i in range(20_000)]
        assert await state.deliver(framework(locs), topic) in (200, 202, 204)
        await wait_for(events, "diff", 1)
    print(f"{sum(state.hits.values())} refetches for 20,000 named documents")
    assert sum(state.hits.values()) == MAX_REFETCHES_PER_NOTIFICATION
    (diff,) = [event for event in events if event.get("event") == "diff"]
    assert "changes.refetch-capped" in {item["code"] for item in diff["findings"]}


async def test_four_notifications_naming_two_large_documents_each(tmp_path: Path) -> None:
    big = big_list()
    assert len(big) > 60_000_000
    async with source_and_hub(big) as state, listening(state, tmp_path) as (topic, events):
        bodies = [
            framework([f"{state.base}/doc/big{n}a", f"{state.base}/doc/big{n}b"]) for n in range(4)
        ]
        statuses = await asyncio.gather(*(state.deliver(body, topic) for body in bodies))
        assert all(status in (200, 202, 204) for status in statuses)
        await wait_for(events, "diff", 4, limit=300)
    peak = next(event["peak_mb"] for event in events if "peak_mb" in event)
    print(f"listen: {peak:.0f} MB peak after four notifications naming two 63 MB documents each")
    assert peak <= PEAK_MB
