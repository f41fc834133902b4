"""``export``: stored notifications as JSON lines or raw XML files with an index."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from explorer.cli import main
from explorer.core.findings import finding
from explorer.core.words.messages import said
from explorer.net.store.database import Store
from explorer.net.store.records import NotificationRecord

REJECTED = said("websub.signature-invalid.message", method="sha256", size=3)
PAYLOAD = b'<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "s.sqlite3"

    async def fill() -> None:
        store = Store(path)
        for status, body in (("notification", PAYLOAD), ("rejected", b"\xff\xfe not utf-8")):
            await store.add_notification(
                NotificationRecord(
                    subscription_id="sub1",
                    topic="http://t/",
                    received=time.time(),
                    status=status,
                    signature="valid" if status == "notification" else "invalid",
                    body=body,
                    headers=[("Content-Type", "application/xml")],
                    capability="change-notification",
                    reason=None if status == "notification" else REJECTED,
                    summary={"entries": []},
                    findings=[finding("websub.content-type", "x")],
                )
            )
        store.close()

    asyncio.run(fill())
    return path


def test_jsonl_to_stdout(store_path: Path, capsys) -> None:
    assert main(["export", "--store", str(store_path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["status"] for line in lines] == ["notification", "rejected"]
    assert lines[1]["reason"] == "sha256 signature does not match the body (3 bytes)"
    assert lines[0]["body"] == PAYLOAD.decode() and lines[0]["topic"] == "http://t/"
    assert lines[0]["findings"][0]["code"] == "websub.content-type"
    assert lines[0]["received"].endswith("Z")
    assert "body" not in lines[1] and lines[1]["body_base64"]


def test_jsonl_to_a_directory(store_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["export", "--store", str(store_path), "--out", str(out)]) == 0
    assert len((out / "notifications.jsonl").read_text().splitlines()) == 2


def test_xml_writes_raw_payloads_and_an_index(store_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "xml"
    assert main(["export", "--store", str(store_path), "--format", "xml", "--out", str(out)]) == 0
    index = json.loads((out / "index.json").read_text())
    assert [item["file"] for item in index] == ["00000001.xml", "00000002.xml"]
    assert (out / "00000001.xml").read_bytes() == PAYLOAD
    assert (out / "00000002.xml").read_bytes() == b"\xff\xfe not utf-8"
    assert index[1]["status"] == "rejected"


def test_missing_store_exits_2(tmp_path: Path, capsys) -> None:
    assert main(["export", "--store", str(tmp_path / "none.sqlite3")]) == 2
    assert "no store" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()
