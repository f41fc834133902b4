"""Dump checks: manifest against package contents, zip-slip, size cap, contents link."""

from __future__ import annotations

import hashlib
import io
import zipfile

from aiohttp import web
from crawl_site import Reply, Site, urlset

from explorer.core.findings import MAX_FINDINGS_PER_CODE
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.dump_check import (
    MAX_PACKAGE_MEMBERS,
    _Budget,
    _MemberTooLarge,
    _read_member,
    check_dumps,
    check_package,
    unsafe_path,
)

A, B = b"alpha bytes", b"beta"


def manifest(files: dict[str, bytes], extra: list[tuple[str, dict[str, str]]] = ()) -> str:
    entries = [
        (
            f"http://example.org/{name}",
            {
                "path": f"/{name}",
                "length": str(len(data)),
                "hash": f"md5:{hashlib.md5(data).hexdigest()}",
            },
        )
        for name, data in files.items()
    ]
    return urlset(
        "resourcedump-manifest", entries + list(extra), links=[("up", "http://example.org/cl.xml")]
    )


def package(members: dict[str, bytes | str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def codes(data: bytes) -> list[str]:
    report = check_package(data, "http://x/p.zip", "resourcedump-manifest")
    return [f.code for f in report.findings if f.code.startswith("http.")]


def test_consistent_package_is_clean() -> None:
    files = {"res/a": A, "res/b": B}
    assert codes(package({"manifest.xml": manifest(files), **files})) == []


def test_manifest_disagreeing_with_contents() -> None:
    listed = {"res/a": A, "res/b": B, "res/c": b"never packaged"}
    data = package(
        {
            "manifest.xml": manifest(listed),
            "res/a": b"changed!",
            "res/b": B,
            "res/extra": b"not listed",
        }
    )
    assert sorted(codes(data)) == [
        "http.dump-hash",
        "http.dump-length",
        "http.dump-missing-file",
        "http.dump-unlisted-file",
    ]


def test_zip_slip_member_and_manifest_path() -> None:
    escaping = manifest({"res/a": A}, [("http://example.org/evil", {"path": "/../../etc/passwd"})])
    data = package({"manifest.xml": escaping, "res/a": A, "../../evil.sh": b"rm -rf"})
    assert codes(data).count("http.dump-path-escape") == 2


def test_not_a_zip_and_missing_manifest() -> None:
    assert codes(b"PK\x03\x04 not really") == ["http.dump-not-zip"]
    assert codes(package({"res/a": A})) == ["http.dump-no-manifest"]
    assert codes(package({"manifest.xml": "<not-xml", "res/a": A})) == [
        "http.dump-manifest-invalid"
    ]


def test_unpacked_size_budget_stops_a_bomb() -> None:
    big = b"\0" * 2_000_000
    data = package({"manifest.xml": manifest({"big": big}), "big": big})
    report = check_package(data, "http://x/p.zip", "resourcedump-manifest", max_unpacked=100_000)
    assert report.manifest is not None and "http.dump-hash" not in [f.code for f in report.findings]


def test_unsafe_paths() -> None:
    assert unsafe_path("../x") and unsafe_path("/etc/passwd") and unsafe_path("a/../../b")
    assert unsafe_path("C:evil") and unsafe_path("a\\..\\b")
    assert not unsafe_path("res/a..b") and not unsafe_path("manifest.xml")


async def _dump_site(
    site: Site,
    zip_bytes: bytes,
    listed_length: int | None = None,
    linked_manifest: str | None = None,
) -> str:
    u = site.url
    md = {"type": "application/zip", "length": str(listed_length or len(zip_bytes))}
    site.add("/p1.zip", Reply(zip_bytes, content_type="application/zip"))
    links = [("contents", u("/m1.xml"))] if linked_manifest else []
    site.add("/dump.xml", urlset("resourcedump", [(u("/p1.zip"), md, links)]))
    if linked_manifest:
        site.add("/m1.xml", linked_manifest)
    return u("/dump.xml")


async def test_check_dumps_downloads_and_checks_each_package() -> None:
    files = {"res/a": A}
    inner = manifest(files)
    async with Site() as site, Fetcher() as fetcher:
        url = await _dump_site(
            site, package({"manifest.xml": inner, **files}), linked_manifest=inner
        )
        result = await Crawler(fetcher).crawl(url)
        found = await check_dumps(fetcher, result.root)
    assert [f.code for f in found if f.code.startswith("http.")] == []
    assert [c.capability for c in result.root.children] == ["resourcedump-manifest"]


async def test_package_length_and_contents_link_disagree() -> None:
    files = {"res/a": A}
    async with Site() as site, Fetcher() as fetcher:
        url = await _dump_site(
            site,
            package({"manifest.xml": manifest(files), **files}),
            listed_length=5,
            linked_manifest=manifest({"res/b": B}),
        )
        result = await Crawler(fetcher).crawl(url)
        found = await check_dumps(fetcher, result.root)
    assert sorted(f.code for f in found if f.code.startswith("http.")) == [
        "http.dump-contents-differ",
        "http.dump-package-length",
    ]
    assert all(f in result.root.findings for f in found)


async def test_oversized_package_is_not_downloaded() -> None:
    files = {"res/a": A * 1000}
    async with Site() as site, Fetcher() as fetcher:
        url = await _dump_site(site, package({"manifest.xml": manifest(files), **files}))
        result = await Crawler(fetcher).crawl(url)
        found = await check_dumps(fetcher, result.root, max_bytes=100)
    assert [f.code for f in found] == ["http.dump-too-large"]


def test_manifest_past_the_document_limit_is_not_read() -> None:
    files = {"res/a": A}
    data = package({"manifest.xml": manifest(files), **files})
    report = check_package(data, "http://x/p.zip", "resourcedump-manifest", max_manifest=100)
    assert report.manifest is None
    assert [f.code for f in report.findings] == ["http.dump-member-too-large"]


def test_member_is_counted_while_read_not_trusted_from_its_header() -> None:
    with zipfile.ZipFile(io.BytesIO(package({"m": b"x" * 5000}))) as archive:
        info = archive.getinfo("m")
        try:
            _read_member(archive, info, _Budget(10**9), cap=4096)
        except _MemberTooLarge:
            pass
        else:
            raise AssertionError("read past the cap")
        assert _read_member(archive, info, _Budget(10**9), cap=5000) == b"x" * 5000


async def test_package_is_checked_from_a_gzip_coded_download() -> None:
    files = {"res/a": A}
    async with Site() as site, Fetcher() as fetcher:
        zipped = package({"manifest.xml": manifest(files), **files})
        site.add("/p1.zip", Reply(zipped, content_type="application/zip", gzip=True))
        md = {"type": "application/zip", "length": str(len(zipped))}
        site.add("/dump.xml", urlset("resourcedump", [(site.url("/p1.zip"), md)]))
        result = await Crawler(fetcher).crawl(site.url("/dump.xml"))
        found = await check_dumps(fetcher, result.root)
    assert [f.code for f in found if f.code.startswith("http.")] == []


async def test_package_without_length_stops_at_the_download_limit() -> None:
    async def endless(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/zip"})
        await response.prepare(request)
        try:
            for _ in range(1000):
                await response.write(b"z" * 65536)
        except (ConnectionError, RuntimeError):
            pass
        return response

    async with Site() as site, Fetcher() as fetcher:
        site.add("/p1.zip", endless)
        site.add("/dump.xml", urlset("resourcedump", [(site.url("/p1.zip"), {})]))
        result = await Crawler(fetcher).crawl(site.url("/dump.xml"))
        found = await check_dumps(fetcher, result.root, max_bytes=100_000)
    assert [f.code for f in found] == ["http.dump-too-large"]


def test_a_package_with_more_members_than_a_manifest_lists_is_not_opened() -> None:
    members: dict[str, bytes | str] = {f"m{i}": b"" for i in range(MAX_PACKAGE_MEMBERS + 1)}
    assert codes(package(members)) == ["http.dump-too-many-members"]
    del members["m0"]
    assert "http.dump-too-many-members" not in codes(package(members))


async def test_a_dump_lists_at_most_the_cap_of_findings_per_code() -> None:
    files = {f"res/{i}": b"" for i in range(MAX_FINDINGS_PER_CODE + 500)}
    async with Site() as site, Fetcher() as fetcher:
        url = await _dump_site(site, package({"manifest.xml": manifest({}), **files}))
        result = await Crawler(fetcher).crawl(url)
        found = await check_dumps(fetcher, result.root)
    unlisted = [f for f in found if f.code == "http.dump-unlisted-file"]
    assert len(unlisted) == MAX_FINDINGS_PER_CODE
    (summary,) = [f for f in found if f.code == "document.findings-capped"]
    assert summary.params["count"] == 500
