"""The recorder stops at its byte limit, says so once, and keeps every line whole."""

from __future__ import annotations

import json
from pathlib import Path

from explorer.net.http.fetcher import Exchange
from explorer.net.live.recorder import Recorder
from explorer.net.store.database import Store


def exchange(index: int) -> Exchange:
    return Exchange(
        method="GET",
        url=f"http://src.example/doc{index}.xml?hub.secret=zzz",
        request_headers={},
        status=200,
        response_headers=[("Content-Type", "application/xml")],
        body=b"<urlset/>" * 20,
        started=1000.0 + index,
        elapsed=0.01,
    )


def test_the_recording_stops_at_its_limit(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    told: list[int] = []
    path = tmp_path / "r.jsonl"
    recorder = Recorder(path, store, limit=2_000, on_full=told.append)
    try:
        for index in range(50):
            recorder.fetched(exchange(index))
        head = exchange(99)
        head.method = "HEAD"
        recorder.fetched(head)
    finally:
        recorder.close()
        store.close()
    text = path.read_text()
    assert len(text.encode()) <= 2_000 and told == [2_000]
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["type"] == "recording" and len(lines) > 2
    assert all("zzz" not in line["url"] for line in lines[1:])
