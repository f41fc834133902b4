"""No raw control, C1, bidi or invisible character reaches the terminal from any command.

A hostile Source and hub on 127.0.0.1 put terminal controls (ESC sequences that clear the
screen and retitle the window, BEL, the C1 CSI U+009B), a right-to-left override (U+202E)
and zero-width characters in every place outside text comes from: a hub's error body, the
``hub.reason`` of a denial the "hub" sends to the callback, an HTML ``<link>`` href, a
robots.txt ``Sitemap:`` line, locs (XML refuses ESC, so locs carry U+009B and the rest),
and a file argument's name. Every command runs as its own process; its stdout and stderr
bytes are scanned for any such character, by ``unicodedata`` rather than the code under
test. ``demo-source`` reads no outside text (its own documents only).
"""

from __future__ import annotations

import asyncio
import contextlib
import unicodedata
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
import pytest
from aiohttp import web
from helpers.hostile_http import QUICK_HUB_CHECKS, loopback_app, run_cli

# ESC ] 0 ; … BEL retitles the terminal; ESC [ 2 J clears it; CSI 31m paints red.
TERMINAL = "\x1b]0;owned\x07\x1b[2J\x9b31mALL CHECKS PASSED"
SPOOF = "invoice\u202efdp.exe\u200b\u2066x\u2069\ufeff"
HOSTILE = TERMINAL + SPOOF
IN_XML = "\x9b31m" + SPOOF  # what XML 1.0 lets through in a loc
WAIT = 60.0

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _urlset(base: str, *names: str) -> bytes:
    locs = "".join(f"<url><loc>{base}/{name}</loc></url>" for name in names)
    head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    return f'{head}<urlset xmlns="{SITEMAP}">{locs}</urlset>\n'.encode()


@dataclass
class HostileSite:
    base: str
    denials: list[int]


@contextlib.asynccontextmanager
async def hostile_site() -> AsyncIterator[HostileSite]:
    """The Source's pages and a hub at ``/hub`` that refuses publications and every check
    with a hostile 400 body, and accepts a subscription only to deny it with a hostile
    ``hub.reason``."""
    site = HostileSite("", [])
    tasks: set[asyncio.Task[None]] = set()

    async def home(request: web.Request) -> web.Response:
        page = (
            f'<html><head><link rel="resourcesync" href="{site.base}/cap{HOSTILE}.xml">'
            f"<title>{HOSTILE}</title></head><body>{HOSTILE}</body></html>"
        )
        return web.Response(text=page, content_type="text/html")

    async def robots(request: web.Request) -> web.Response:
        return web.Response(text=f"User-agent: *\nSitemap: {site.base}/map{HOSTILE}.xml\n")

    async def first(request: web.Request) -> web.Response:
        return web.Response(
            body=_urlset(site.base, f"a{IN_XML}", "b"), content_type="application/xml"
        )

    async def second(request: web.Request) -> web.Response:
        return web.Response(
            body=_urlset(site.base, "b", f"c{IN_XML}"), content_type="application/xml"
        )

    async def anything(request: web.Request) -> web.Response:
        return web.Response(status=404, text=f"not here {HOSTILE}")

    async def deny(callback: str, topic: str) -> None:
        await asyncio.sleep(0.2)
        query = urlencode({"hub.mode": "denied", "hub.topic": topic, "hub.reason": HOSTILE})
        async with aiohttp.ClientSession() as session:
            joiner = "&" if "?" in callback else "?"
            async with session.get(f"{callback}{joiner}{query}") as reply:
                site.denials.append(reply.status)

    async def hub(request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("hub.mode") == "subscribe" and form.get("hub.callback"):
            task = asyncio.create_task(deny(str(form["hub.callback"]), str(form["hub.topic"])))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            return web.Response(status=202)
        return web.Response(status=400, text=f"refused: {HOSTILE}")

    app = web.Application()
    app.router.add_get("/", home)
    app.router.add_get("/robots.txt", robots)
    app.router.add_get("/first.xml", first)
    app.router.add_get("/second.xml", second)
    app.router.add_post("/hub", hub)
    app.router.add_route("*", "/{tail:.*}", anything)
    async with loopback_app(app) as site.base:
        try:
            yield site
        finally:
            await asyncio.gather(*tasks, return_exceptions=True)


def _raw_characters(data: bytes) -> list[str]:
    """Every control (but tab and newline), format, bidi or separator character."""
    text = data.decode("utf-8", "replace")
    return sorted(
        {
            f"U+{ord(char):04X}"
            for char in text
            if char not in "\t\n" and unicodedata.category(char) in {"Cc", "Cf", "Zl", "Zp"}
        }
    )


def _commands(base: str, folder: Path) -> dict[str, list[str]]:
    notification = folder / "notification.xml"
    notification.write_bytes(_urlset(base, f"n{IN_XML}"))
    hostile_name = str(folder / f"missing{HOSTILE}.xml")
    store = str(folder / "store.sqlite3")
    hub, topic = f"{base}/hub", f"{base}/first.xml"
    commands: dict[str, list[str]] = {}
    for mode in ("text", "json"):
        flag = ["--json"] if mode == "json" else []
        commands |= {
            f"validate-{mode}": ["validate", f"{base}/first.xml", hostile_name, *flag],
            f"inspect-{mode}": ["inspect", f"{base}/", "--timeout", "10", *flag],
            f"diff-{mode}": ["diff", f"{base}/first.xml", f"{base}/second.xml", *flag],
            f"publish-{mode}": ["publish", hub, "--topic", topic, str(notification), *flag],
            f"listen-{mode}": ["listen", "--topic", topic, "--hub", hub, "--store", store, *flag],
        }
    commands["hub-check"] = ["hub-check", hub, "--topic", topic, *QUICK_HUB_CHECKS]
    commands["hub-check-json"] = [*commands["hub-check"], "--json"]
    commands["export"] = ["export", "--store", store, "--out", str(folder / "out")]
    commands["export-missing"] = ["export", "--store", hostile_name]
    commands["diff-missing"] = ["diff", hostile_name, str(notification)]
    return commands


@pytest.mark.timeout(300)
async def test_no_command_lets_a_raw_control_or_bidi_character_reach_the_terminal(
    tmp_path: Path,
) -> None:
    async with hostile_site() as site:
        commands = _commands(site.base, tmp_path)
        outputs = {}
        for name, argv in commands.items():  # in order: export reads what listen stored
            outputs[name] = await run_cli(*argv, cwd=tmp_path, limit=WAIT)
    raw = {
        f"{name} {stream}": found
        for name, (out, err) in outputs.items()
        for stream, data in (("stdout", out), ("stderr", err))
        if (found := _raw_characters(data))
    }
    assert raw == {}
    # the hostile text did reach the output, made visible, from each kind of place
    shown = {name: (out + err).decode() for name, (out, err) in outputs.items()}
    assert site.denials, "the hub sent no denial to the callback"
    for name in ("publish-text", "listen-text", "inspect-text", "validate-text", "diff-text"):
        assert "\\u202e" in shown[name], (name, shown[name][-2000:])
