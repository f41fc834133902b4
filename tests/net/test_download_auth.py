"""Dump packages of a closed Source: downloaded with the fetcher's credentials, and a
package redirected to another origin never carries them there."""

from __future__ import annotations

import hashlib
import io
import zipfile

import pytest
from aiohttp import web
from crawl_site import Site, urlset

from explorer.net.http.credentials import Credential, Credentials
from explorer.net.http.fetcher import Fetcher
from explorer.net.http.network_access import NetworkAccess
from explorer.net.source.crawl import Crawler
from explorer.net.source.dump_check import check_dumps

TOKEN = "dump-token-for-tests-0c1d2e3f4a5b"
API_KEY = "dump-api-key-for-tests-9e8d7c6b"
CONTENT = b"a resource inside a closed package"


def _package(origin: str) -> bytes:
    manifest = urlset(
        "resourcedump-manifest",
        [
            (
                f"{origin}/res/a",
                {
                    "path": "/res/a",
                    "length": str(len(CONTENT)),
                    "hash": f"md5:{hashlib.md5(CONTENT).hexdigest()}",
                },
            )
        ],
        links=[("up", f"{origin}/capabilitylist.xml")],
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.xml", manifest)
        archive.writestr("res/a", CONTENT)
    return buffer.getvalue()


class ClosedDumpSource:
    """A Source whose every path wants ``Bearer TOKEN`` (or the ``X-Api-Key``); its second
    package redirects to ``other``, which records every credential header it is sent."""

    def __init__(self, source: Site, other: Site) -> None:
        self.source, self.other = source, other
        self.other_authorizations: list[str | None] = []
        zipped = _package(source.base_url)
        dump = urlset(
            "resourcedump",
            [
                (source.url("/p1.zip"), {"type": "application/zip", "length": str(len(zipped))}),
                (source.url("/p2.zip"), {"type": "application/zip", "length": str(len(zipped))}),
            ],
            links=[("up", source.url("/capabilitylist.xml"))],
        )

        async def closed(request: web.Request) -> web.StreamResponse:
            bearer = request.headers.get("Authorization") == f"Bearer {TOKEN}"
            if not bearer and request.headers.get("X-Api-Key") != API_KEY:
                return web.Response(
                    status=401, text="no", headers={"WWW-Authenticate": 'Bearer realm="dumps"'}
                )
            if request.path == "/dump.xml":
                return web.Response(body=dump.encode(), content_type="application/xml")
            if request.path == "/p2.zip":
                raise web.HTTPFound(other.url("/p2.zip"))
            return web.Response(body=zipped, content_type="application/zip")

        async def open_copy(request: web.Request) -> web.StreamResponse:
            sent = [request.headers.get(name) for name in ("Authorization", "X-Api-Key")]
            self.other_authorizations.append(next((value for value in sent if value), None))
            return web.Response(body=zipped, content_type="application/zip")

        for path in ("/dump.xml", "/p1.zip", "/p2.zip"):
            source.add(path, closed)
        other.add("/p2.zip", open_copy)


@pytest.mark.parametrize(
    "credential",
    [Credential(TOKEN), Credential(headers=(("X-Api-Key", API_KEY),))],
    ids=["bearer", "api-key-header"],
)
async def test_packages_are_downloaded_with_the_sources_credentials(
    credential: Credential,
) -> None:
    credentials = Credentials()
    access = NetworkAccess(credentials)
    async with Site() as source, Site() as other:
        closed = ClosedDumpSource(source, other)
        credentials.set(source.base_url, credential)
        async with Fetcher(access=access) as fetcher:
            result = await Crawler(fetcher).crawl(source.url("/dump.xml"))
            assert result.root is not None and result.root.document is not None
            found = await check_dumps(fetcher, result.root)
    codes = [f.code for f in found if f.code.startswith("http.")]
    assert "http.auth-required" not in codes, codes
    assert [c for c in codes if c != "http.redirect"] == [], codes  # both packages checked
    assert closed.other_authorizations == [None]  # reached, and without the token
    assert TOKEN not in repr(found) and API_KEY not in repr(found)


async def test_without_credentials_the_package_is_refused_and_said_so() -> None:
    listing = Credentials()
    async with Site() as source, Site() as other:
        closed = ClosedDumpSource(source, other)
        listing.set(source.base_url, Credential(TOKEN))
        async with Fetcher(access=NetworkAccess(listing)) as reader:
            result = await Crawler(reader).crawl(source.url("/dump.xml"))
        assert result.root is not None and result.root.document is not None
        async with Fetcher() as fetcher:  # no credentials for the packages
            found = await check_dumps(fetcher, result.root)
    refused = [f for f in found if f.code == "http.auth-required"]
    assert len(refused) == 2, [f.code for f in found]
    assert "Bearer" in refused[0].message and "--token" in refused[0].message
    assert closed.other_authorizations == []
