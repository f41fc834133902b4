"""A credential given as a custom header is a secret everywhere Authorization is one.

``--header 'X-Api-Key: …'`` (and ``headers = {…}`` in a credentials file) is sent to the
hub and the Source the command is given; each command then runs as its own process and
its stdout, stderr, store (with its ``-wal``) and export files are searched for the value
in clear. A bearer token given with ``--token`` is the control: it was masked before.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web
from helpers.hostile_http import QUICK_HUB_CHECKS, loopback_app, run_cli

KEY = "k3y-from-the-flag-0123456789abcdef"
FILE_KEY = "k3y-from-the-file-0123456789abcdef"
TOKEN = "t0ken-0123456789abcdef-0123456789"
SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
DOCUMENT = f'<urlset xmlns="{SITEMAP}"><url><loc>http://127.0.0.1/a</loc></url></urlset>\n'


@contextlib.asynccontextmanager
async def site_and_hub() -> AsyncIterator[tuple[str, list[str]]]:
    """A Source document and a hub that answers every POST 202 (so ``listen`` waits for a
    verification that never comes) and records the X-Api-Key values it received."""
    received: list[str] = []

    async def document(request: web.Request) -> web.Response:
        received.append(request.headers.get("X-Api-Key", ""))
        return web.Response(text=DOCUMENT, content_type="application/xml")

    async def hub(request: web.Request) -> web.Response:
        received.append(request.headers.get("X-Api-Key", ""))
        await request.read()
        return web.Response(status=202, text="accepted")

    app = web.Application()
    app.router.add_get("/list.xml", document)
    app.router.add_post("/hub", hub)
    async with loopback_app(app) as base:
        yield base, received


async def _run(*argv: str, cwd: Path, stop_after: float | None = None) -> bytes:
    out, err = await run_cli(*argv, cwd=cwd, stop_after=stop_after)
    return out + err


@pytest.mark.timeout(240)
async def test_a_header_given_as_a_credential_is_never_kept_or_shown_in_clear(
    tmp_path: Path,
) -> None:
    credentials = tmp_path / "credentials.toml"
    store = tmp_path / "store.sqlite3"
    outputs: dict[str, bytes] = {}
    async with site_and_hub() as (base, received):
        credentials.write_text(f'["{base}"]\nheaders = {{ "X-File-Key" = "{FILE_KEY}" }}\n')
        credentials.chmod(0o600)
        hub, topic = f"{base}/hub", f"{base}/list.xml"
        secrets = ["--header", f"X-Api-Key: {KEY}", "--credentials", str(credentials)]
        document = tmp_path / "notification.xml"
        document.write_text(DOCUMENT)
        commands = {
            "publish": ["publish", hub, "--topic", topic, str(document), "--json"],
            "publish-text": ["publish", hub, "--topic", topic, str(document)],
            "hub-check": ["hub-check", hub, "--topic", topic, *QUICK_HUB_CHECKS, "--json"],
            "validate": ["validate", topic, "--json"],
            "inspect": ["inspect", topic, "--json"],
        }
        for name, argv in commands.items():
            outputs[name] = await _run(*argv, *secrets, cwd=tmp_path)
        outputs["listen"] = await _run(
            "listen", "--topic", topic, "--hub", hub, "--store", str(store), "--json",
            *secrets, "--token", TOKEN, cwd=tmp_path, stop_after=8.0,
        )  # fmt: skip
        outputs["export"] = await _run(
            "export", "--store", str(store), "--out", str(tmp_path / "out"), cwd=tmp_path
        )
    assert KEY in received, "the header was never sent: the test proves nothing"
    for name, output in outputs.items():
        assert KEY.encode() not in output, (name, output[-2000:])
        assert FILE_KEY.encode() not in output, name
        assert TOKEN.encode() not in output, name
    kept = [path for path in tmp_path.rglob("*") if path.is_file() and path != credentials]
    assert store in kept
    for path in kept:
        data = path.read_bytes()
        for secret in (KEY, FILE_KEY, TOKEN):
            assert secret.encode() not in data, (path.name, secret)
