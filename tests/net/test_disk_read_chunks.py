"""A file on disk is read in few large chunks: each chunk is a hand-off to a worker thread
and back to the event loop, which on a 200 MB Source cost CPU time beyond the reading."""

from __future__ import annotations

from pathlib import Path

import httpx

from explorer.net.source.disk_source import DiskTransport, open_disk_source

BASE = "https://rs.example.invalid/"


async def test_a_three_megabyte_file_is_read_in_at_most_four_chunks(tmp_path: Path) -> None:
    body = bytes(range(256)) * (3 * 4096 + 7)  # a little over 3 MiB
    (tmp_path / "big.xml").write_bytes(body)
    transport = DiskTransport(open_disk_source(str(tmp_path), BASE))
    response = await transport.handle_async_request(httpx.Request("GET", BASE + "big.xml"))
    assert isinstance(response.stream, httpx.AsyncByteStream)
    chunks = [chunk async for chunk in response.stream]
    await response.aclose()
    assert b"".join(chunks) == body
    assert len(chunks) <= 4  # 49 at 64 KiB a chunk
