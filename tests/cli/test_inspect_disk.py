"""``inspect DIR --base-url URL``: a folder read as the Source it will be once uploaded.

The folder is written by a third-party writer (the ``resync`` library). Its findings must
be those of the same folder served over HTTP at that base URL, apart from the checks that
need an HTTP server, which are listed as not applicable."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.resync_folder import served_resync_source, write_resync_source
from junitparser import JUnitXml

from explorer.cli import main
from explorer.net.source.disk_source import HTTP_ONLY_CODES


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A resync-written folder on a plain static file server (see ``served_resync_source``)."""
    folder = tmp_path / "site"
    folder.mkdir()
    with served_resync_source(folder) as base_url:
        yield folder, base_url


def _inspect_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code = main(["inspect", *argv, "--json", "--check-resources", "5"])
    return code, json.loads(capsys.readouterr().out)


def _findings(data: dict) -> Counter[tuple[str | None, str, int | None]]:
    found: Counter[tuple[str | None, str, int | None]] = Counter()
    for item in data["findings"]:
        found[None, item["code"], item["line"]] += 1
    for document in data["documents"]:
        for item in document["findings"]:
            found[document["url"], item["code"], item["line"]] += 1
    return found


def _without_http_only(found: Counter) -> Counter:
    return Counter({key: n for key, n in found.items() if key[1] not in HTTP_ONLY_CODES})


def test_a_folder_gives_the_findings_of_the_same_folder_served(served, capsys) -> None:
    folder, base_url = served
    http_code, over_http = _inspect_json(capsys, base_url)
    disk_code, on_disk = _inspect_json(capsys, str(folder), "--base-url", base_url)
    assert [d["url"] for d in on_disk["documents"]] == [d["url"] for d in over_http["documents"]]
    assert [d["capability"] for d in on_disk["documents"]] == [
        "description",
        "capabilitylist",
        "resourcelist",
        "changelist",
    ]
    assert on_disk["source"] == over_http["source"] == base_url + ".well-known/resourcesync"
    assert _findings(on_disk) == _without_http_only(_findings(over_http))
    # the resource check read the files: b.txt's md5 is wrong in both, a.txt's right
    hashes = [
        f for d in on_disk["documents"] for f in d["findings"] if f["code"] == "http.resource-hash"
    ]
    assert [f["url"] for f in hashes] == [base_url + "res/b.txt"]
    assert disk_code == http_code == 1
    # what needs HTTP is said, not failed: every HTTP-only code is listed as not applicable
    marked = {item["code"]: item for item in on_disk["not_applicable"]}
    assert set(marked) == set(HTTP_ONLY_CODES)
    assert {item["status"] for item in marked.values()} == {"not applicable on disk"}
    assert on_disk["disk"] == {
        "folder": str(folder.resolve()),
        "base_url": base_url,
        "start": base_url,
    }
    assert "not_applicable" not in over_http


def test_a_file_url_and_a_top_document_start_there(served, capsys, tmp_path: Path) -> None:
    folder, base_url = served
    junit = tmp_path / "disk.xml"
    code, data = _inspect_json(
        capsys, folder.as_uri(), "--base-url", base_url, "--junit", str(junit)
    )
    assert code == 1 and len(data["documents"]) == 4
    suite = next(iter(JUnitXml.fromfile(str(junit))))
    assert suite.skipped == len(data["not_applicable"]) == len(HTTP_ONLY_CODES)
    code, data = _inspect_json(capsys, str(folder / "capabilitylist.xml"), "--base-url", base_url)
    assert data["disk"]["start"] == base_url + "capabilitylist.xml"
    assert data["documents"][0]["url"] == base_url + ".well-known/resourcesync"


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "inspect", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_paths_that_leave_the_folder_fifos_and_devices_are_refused(tmp_path: Path) -> None:
    outside = tmp_path / "secret.xml"
    outside.write_text("<urlset/>")
    folder = tmp_path / "site"
    (folder / ".well-known").mkdir(parents=True)
    base = "https://example.org/"
    capability_list = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
<rs:md capability="capabilitylist"/>
<url><loc>{base}escape.xml</loc><rs:md capability="resourcelist"/></url>
<url><loc>{base}fifo.xml</loc><rs:md capability="changelist"/></url>
<url><loc>{base}a/%2e%2e/%2e%2e/secret.xml</loc><rs:md capability="resourcedump"/></url>
<url><loc>{base}null.xml</loc><rs:md capability="changedump"/></url>
</urlset>"""
    (folder / ".well-known" / "resourcesync").write_text(capability_list)
    os.symlink(outside, folder / "escape.xml")
    os.mkfifo(folder / "fifo.xml")
    os.symlink("/dev/zero", folder / "null.xml")
    result = _run(str(folder), "--base-url", base, "--json", "--timeout", "10")
    data = json.loads(result.stdout)
    refused = {
        f["url"]: f["message"]
        for d in data["documents"]
        for f in d["findings"]
        if f["code"] == "http.unreachable"
    }
    assert set(refused) == {
        base + "escape.xml",
        base + "fifo.xml",
        base + "a/%2e%2e/%2e%2e/secret.xml",
        base + "null.xml",
    }, result.stdout
    assert "outside the folder" in refused[base + "escape.xml"]
    assert "outside the folder" in refused[base + "a/%2e%2e/%2e%2e/secret.xml"]
    assert "not a regular file" in refused[base + "fifo.xml"]
    assert "<urlset/>" not in result.stdout


def test_a_folder_without_a_base_url_is_refused_with_the_fix(tmp_path: Path) -> None:
    result = _run(str(tmp_path))
    assert result.returncode == 2
    assert "--base-url" in result.stderr and "Traceback" not in result.stderr
    result = _run(str(tmp_path / "missing"), "--base-url", "https://example.org/")
    assert result.returncode == 2 and "does not exist" in result.stderr


async def test_a_large_file_is_read_within_the_document_cap(tmp_path: Path) -> None:
    """The folder is bounded like HTTP: a file over the cap is reported, not read whole."""
    from explorer.net.http.fetcher import Fetcher, FetchError
    from explorer.net.source.disk_source import DiskTransport, open_disk_source

    (tmp_path / "big.xml").write_bytes(b"<" + b"x" * 300_000)
    source = open_disk_source(str(tmp_path), "https://example.org/")
    async with Fetcher(transport=DiskTransport(source), max_bytes=100_000) as fetcher:
        result = await fetcher.fetch("https://example.org/big.xml")
        missing = await fetcher.fetch("https://example.org/nothing.xml")
        away = await fetcher.fetch("https://elsewhere.example/x.xml")
    assert result.error is FetchError.TOO_LARGE and len(result.body) <= 100_000
    assert missing.status == 404
    assert away.error is FetchError.INVALID_URL and "not under the base URL" in away.detail
    assert asyncio.get_running_loop()  # ran on the test's own loop


def test_a_base_url_with_a_path_keeps_well_known_at_the_folder_top(tmp_path: Path, capsys) -> None:
    """/.well-known/resourcesync of the base URL's host is the folder's .well-known."""
    write_resync_source(tmp_path, "https://example.org/rs/")
    up = tmp_path / "capabilitylist.xml"  # its up link names the Source Description's address
    up.write_text(up.read_text().replace("/rs/.well-known", "/.well-known"))
    code = main(["inspect", str(tmp_path), "--base-url", "https://example.org/rs", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["source"] == "https://example.org/.well-known/resourcesync"
    assert data["disk"]["base_url"] == "https://example.org/rs/"
    assert len(data["documents"]) == 4 and code == 0
    assert not [
        f for d in data["documents"] for f in d["findings"] if f["code"].startswith("http.")
    ]


def test_a_file_that_cannot_be_written_is_exit_2(served, tmp_path: Path) -> None:
    folder, base_url = served
    result = _run(str(folder), "--base-url", base_url, "--junit", str(tmp_path / "no" / "x.xml"))
    assert result.returncode == 2 and "cannot write" in result.stderr
    result = _run(str(folder), "--base-url", base_url, "--report", str(tmp_path / "x.pdf"))
    assert result.returncode == 2 and ".html or .csv" in result.stderr


def test_the_base_url_matches_as_a_server_would() -> None:
    from explorer.net.source.disk_source import open_disk_source

    source = open_disk_source(str(Path(__file__).parent), "HTTPS://Example.org:443/rs")
    assert source.relative_path("https://example.org/rs/a%20b.xml") == "a%20b.xml"
    assert source.relative_path("https://example.org/.well-known/resourcesync") == (
        ".well-known/resourcesync"
    )
    assert source.relative_path("https://example.org/other/a.xml") is None
    assert source.relative_path("https://example.org:8443/rs/a.xml") is None
    assert source.relative_path("http://example.org/rs/a.xml") is None
