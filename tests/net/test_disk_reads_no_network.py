"""A Source on disk is read through its folder only: the fetcher and the dump downloader
on a ``DiskTransport`` never vet an address (which resolves its host: a DNS query per
request, for a Source that is only a folder) and send no credentials."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from explorer.net.http import outbound
from explorer.net.http.fetcher import Fetcher, Timeouts
from explorer.net.http.network_access import NetworkAccess, NetworkSettings
from explorer.net.source.disk_source import DiskTransport, open_disk_source
from explorer.net.source.download import Downloader

BASE = "https://rs.example.invalid/"


@pytest.fixture
def resolved(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    asked: list[str] = []

    def record(host: str, port: int) -> list[str]:
        asked.append(host)
        return []

    monkeypatch.setattr(outbound, "_resolved", record)
    return asked


async def test_the_fetcher_and_the_downloader_resolve_no_host(
    tmp_path: Path, resolved: list[str]
) -> None:
    (tmp_path / "a.txt").write_text("hello\n")
    transport = DiskTransport(open_disk_source(str(tmp_path), BASE))
    access = NetworkAccess(settings=NetworkSettings(allow_private_addresses=False))
    async with Fetcher(timeout=Timeouts.uniform(5), transport=transport, access=access) as fetcher:
        fetched = await fetcher.fetch(BASE + "a.txt")
        async with Downloader(fetcher.timeouts, access=access, transport=transport) as downloader:
            file = io.BytesIO()
            downloaded = await downloader.download(BASE + "a.txt", file, max_bytes=100)
    assert fetched.ok and fetched.body == b"hello\n"
    assert downloaded.ok and file.getvalue() == b"hello\n"
    assert resolved == []


async def test_a_network_fetcher_still_vets_addresses(resolved: list[str]) -> None:
    """The control: the same settings over the network do ask (and are refused here)."""
    access = NetworkAccess(settings=NetworkSettings(allow_private_addresses=False))
    async with Fetcher(timeout=Timeouts.uniform(5), retries=0, access=access) as fetcher:
        await fetcher.fetch(BASE + "a.txt")
    assert resolved == ["rs.example.invalid"]
