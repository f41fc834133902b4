"""``export``'s formats come from one registry: the suffix of ``--out`` chooses unless
``--format`` says otherwise, a contradiction is refused with its cause and fix, standard
output gets exactly the bytes the file would, and CSV cells cannot run as formulas."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from haralyzer import HarParser
from helpers.har_schema import HAR_1_2

from explorer.core.phrase import verbatim
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import NotificationRecord

HOSTILE = ('=HYPERLINK("http://evil")', "+1+2", "-3", "@SUM(A1)", "\uff1d1+1", "\t=x", "\r=x")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store with exchanges and notifications whose topics start like formulas."""
    path = tmp_path_factory.mktemp("formats") / "s.sqlite3"

    async def fill() -> None:
        opened = Store(path)
        log = ExchangeLog(opened)
        for n, topic in enumerate(HOSTILE):
            log.record(
                direction="in",
                kind="delivery",
                method="POST",
                url=f"http://127.0.0.1/callback/{n}",
                status=200,
                request_headers=[("Link", f'<{topic}>; rel="self"')],
                request_body=b"<urlset/>",
            )
            await opened.add_notification(
                NotificationRecord(
                    subscription_id="sub1",
                    topic=topic,
                    received=time.time(),
                    status="notification",
                    signature="valid",
                    body=b"<urlset/>",
                    headers=[("Content-Type", "application/xml")],
                    reason=verbatim(topic),
                )
            )
        await opened.flush()
        opened.close()

    asyncio.run(fill())
    return path


def export(store: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "export", "--store", str(store), *args],
        capture_output=True,
        timeout=60,
    )


@pytest.mark.parametrize("fmt", ["csv", "har", "jsonl"])
def test_exchanges_on_stdout_are_the_bytes_of_the_file(
    store: Path, tmp_path: Path, fmt: str
) -> None:
    out = tmp_path / f"x.{fmt}"
    to_file = export(store, "--exchanges", "--format", fmt, "--out", str(out))
    to_stdout = export(store, "--exchanges", "--format", fmt)
    assert to_file.returncode == 0 and to_stdout.returncode == 0, to_stdout.stderr
    assert to_stdout.stdout == out.read_bytes()
    assert b"\\u000d" not in to_stdout.stdout


def test_notifications_as_csv_on_stdout_are_the_bytes_of_the_file(
    store: Path, tmp_path: Path
) -> None:
    to_file = export(store, "--format", "csv", "--out", str(tmp_path))
    to_stdout = export(store, "--format", "csv")
    assert to_file.returncode == 0 and to_stdout.returncode == 0, to_stdout.stderr
    assert to_stdout.stdout == (tmp_path / "notifications.csv").read_bytes()
    lines = to_stdout.stdout.split(b"\r\n")
    assert lines[0].endswith(b",findings") and b"\\u000d" not in to_stdout.stdout


def test_the_suffix_of_out_chooses_the_format(store: Path, tmp_path: Path) -> None:
    har = tmp_path / "x.har"
    done = export(store, "--exchanges", "--out", str(har))
    assert done.returncode == 0, done.stderr
    data = json.loads(har.read_text(encoding="utf-8"))
    jsonschema.validate(data, HAR_1_2)
    HarParser(data)
    assert [entry["_id"] for entry in data["log"]["entries"]] == list(range(1, len(HOSTILE) + 1))
    sheet = tmp_path / "x.csv"
    assert export(store, "--exchanges", "--out", str(sheet)).returncode == 0
    assert sheet.read_bytes().startswith(b"id,time,direction")
    other = tmp_path / "x.log"  # no registered suffix: the default, JSON lines
    assert export(store, "--exchanges", "--out", str(other)).returncode == 0
    assert json.loads(other.read_text(encoding="utf-8").splitlines()[0])["id"] == 1


def test_a_format_the_file_name_contradicts_is_refused(store: Path, tmp_path: Path) -> None:
    har = tmp_path / "x.har"
    done = export(store, "--exchanges", "--format", "jsonl", "--out", str(har))
    assert done.returncode == 2 and not har.exists()
    said = done.stderr.decode()
    assert len(said.strip().splitlines()) == 1 and "Traceback" not in said
    assert "--format jsonl" in said and ".har" in said and ".jsonl" in said  # cause and fix
    ja = export(store, "--exchanges", "--format", "csv", "--out", str(har), "--lang", "ja")
    assert ja.returncode == 2 and "合いません" in ja.stderr.decode()


def test_csv_cells_that_start_like_formulas_are_shown_as_text(store: Path) -> None:
    notifications = export(store, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(notifications.stdout.decode("utf-8"), newline="")))
    assert [row["topic"] for row in rows] == ["'" + topic for topic in HOSTILE]
    assert [row["reason"] for row in rows] == ["'" + topic for topic in HOSTILE]
    exchanges = export(store, "--exchanges", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(exchanges.stdout.decode("utf-8"), newline="")))
    topics = [row["topic"] for row in rows]  # read from each Link header, spaces trimmed
    assert len(topics) == len(HOSTILE) and all(topic.startswith("'") for topic in topics)
