"""``replay``: an edited, re-signed delivery reaches a receiver that checks X-Hub-Signature
with its own code; each attempt is recorded as an exchange linked to the original."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar

import pytest
from http_pages import serving

from explorer.cli import main
from explorer.net.store.database import Store
from explorer.net.store.exchange_links import read_links
from explorer.net.store.records import NotificationRecord

REPLAY = (sys.executable, "-m", "explorer", "replay")
RECEIVER_SECRET = b"receiver-secret-42"
HUB_SECRET = "the-hub-secret"
ORIGINAL = b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'
EDITED = ORIGINAL.replace(b"/>", b"><!-- edited --></urlset>")


class Receiver(BaseHTTPRequestHandler):
    """A Destination's endpoint: 204 for a body signed with its secret, else 403."""

    seen: ClassVar[list[tuple[bytes, bool, dict[str, str]]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        method, _, digest = (self.headers.get("X-Hub-Signature") or "").partition("=")
        algorithm = {"sha1": hashlib.sha1, "sha256": hashlib.sha256, "sha512": hashlib.sha512}
        ok = method in algorithm and hmac.compare_digest(
            hmac.new(RECEIVER_SECRET, body, algorithm[method]).hexdigest(), digest
        )
        Receiver.seen.append((body, ok, dict(self.headers)))
        self.send_response(204 if ok else 403)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[str]:
    Receiver.seen = []
    with serving(Receiver) as base:
        yield f"{base}/hook"


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "s.sqlite3"

    async def fill() -> None:
        store = Store(path)
        signature = "sha256=" + hmac.new(HUB_SECRET.encode(), ORIGINAL, "sha256").hexdigest()
        await store.add_notification(
            NotificationRecord(
                subscription_id="sub1",
                topic="http://t/",
                received=time.time(),
                status="notification",
                signature="valid",
                body=ORIGINAL,
                headers=[
                    ("Content-Type", "application/xml"),
                    ("Link", '<http://t/>; rel="self"'),
                    ("X-Hub-Signature", signature),
                    ("Content-Length", str(len(ORIGINAL))),
                ],
            )
        )
        store.close()

    asyncio.run(fill())
    return path


def replay(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "replay", "--store", str(store), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_edited_delivery_resigned_is_accepted_and_another_secret_refused(
    store_path: Path, tmp_path: Path, receiver: str
) -> None:
    body = tmp_path / "edited.xml"
    body.write_bytes(EDITED)
    secret_file = tmp_path / "secret"
    secret_file.write_bytes(RECEIVER_SECRET + b"\n")
    common = ["--delivery", "1", "--to", receiver, "--body", str(body), "--json"]
    accepted = replay(store_path, *common, "--secret-file", str(secret_file))
    assert accepted.returncode == 0, accepted.stderr
    refused = replay(store_path, *common, "--secret", "not-the-receivers", "--algorithm", "sha512")
    assert refused.returncode == 1, refused.stderr
    original = replay(store_path, "--delivery", "1", "--to", receiver, "--json")
    assert original.returncode == 1  # its hub signature is not the receiver's
    assert [(seen[0], seen[1]) for seen in Receiver.seen] == [
        (EDITED, True),
        (EDITED, False),
        (ORIGINAL, False),
    ]
    assert Receiver.seen[0][2]["Link"] == '<http://t/>; rel="self"'
    assert Receiver.seen[2][2]["X-Hub-Signature"].startswith("sha256=")
    results = [json.loads(done.stdout) for done in (accepted, refused, original)]
    assert [r["status"] for r in results] == [204, 403, 403]
    assert [r["signature"] for r in results] == ["re-signed", "re-signed", "original"]
    assert RECEIVER_SECRET.decode() not in accepted.stdout + accepted.stderr
    ids = [r["exchange_id"] for r in results]
    links = read_links(store_path, ids)
    assert [(links[i].original_kind, links[i].original_id) for i in ids] == [("delivery", 1)] * 3
    # a recorded exchange replays too, and links to that exchange
    again = replay(store_path, "--exchange", str(ids[0]), "--to", receiver, "--json")
    assert again.returncode == 0, again.stderr
    data = json.loads(again.stdout)
    assert data["original"] == {"kind": "exchange", "id": ids[0], "relation": "replay"}
    assert Receiver.seen[-1][:2] == (EDITED, True)
    export = ("export", "--store", str(store_path), "--exchanges", "--format", "jsonl")
    exported = subprocess.run(
        [sys.executable, "-m", "explorer", *export, "--filter", "replay"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    rows = [json.loads(line) for line in exported.stdout.splitlines()]
    assert [(row["status"], row["linked_to"]["kind"]) for row in rows] == [
        (204, "delivery"),
        (403, "delivery"),
        (403, "delivery"),
        (204, "exchange"),
    ]


@pytest.mark.parametrize(
    "args",
    [
        ["--delivery", "99"],
        ["--exchange", "99"],
        ["--delivery", "1", "--header", "no colon"],
        ["--delivery", "1", "--body", "/no/such/file"],
    ],
)
def test_unusable_input_is_one_line_and_exit_2(store_path: Path, args: list[str], capsys) -> None:
    command = ["replay", "--store", str(store_path), *args, "--to", "http://127.0.0.1:9/"]
    assert main(command) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_missing_store_is_refused_not_made(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["replay", "--store", str(missing), "--delivery", "1", "--to", "http://x/"]) == 2
    assert "no store" in capsys.readouterr().err and not missing.exists()


def test_an_unreachable_target_is_exit_1_and_recorded(store_path: Path) -> None:
    done = replay(store_path, "--delivery", "1", "--to", "http://127.0.0.1:9/", "--timeout", "5")
    assert done.returncode == 1
    assert "no answer" in done.stdout
    reader = Store(store_path, read_only=True)
    try:
        (record,) = reader.exchanges()
    finally:
        reader.close()
    assert record.kind == "replay" and record.status is None and record.error
    assert read_links(store_path, [record.id or 0])[record.id or 0].original_id == 1


def test_the_documented_environment_secret_re_signs(store_path: Path, receiver: str) -> None:
    """``--help`` recommends ``$RESOURCESYNC_EXPLORER_SECRET``: with only that set, the
    delivery is re-signed with it, not sent with its original signature."""
    environment = {**os.environ, "RESOURCESYNC_EXPLORER_SECRET": RECEIVER_SECRET.decode()}
    done = subprocess.run(
        [*REPLAY, "--store", str(store_path), "--delivery", "1", "--to", receiver, "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["signature"] == "re-signed"
    assert Receiver.seen[-1][:2] == (ORIGINAL, True)


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_secret_is_refused_not_taken_as_none(
    store_path: Path, receiver: str, empty: str
) -> None:
    for extra, environment in (
        (["--secret", empty], dict(os.environ)),
        ([], {**os.environ, "RESOURCESYNC_EXPLORER_SECRET": empty}),
    ):
        done = subprocess.run(
            [*REPLAY, "--store", str(store_path), "--delivery", "1", "--to", receiver, *extra],
            capture_output=True,
            text=True,
            timeout=60,
            env=environment,
        )
        assert done.returncode == 2
        assert "empty or blank" in done.stderr and "Traceback" not in done.stderr
    assert Receiver.seen == []  # nothing was sent


def test_headers_from_a_file_or_the_environment_are_sent_and_masked_in_the_store(
    store_path: Path, tmp_path: Path, receiver: str
) -> None:
    """``--header-file``/``--header-env`` keep a credential out of the process list; the
    exchange the replay records must not then keep it in clear either."""
    headers = tmp_path / "headers"
    headers.write_text("# the receiver's key\nX-Receiver: r3ceiver-value\n")
    done = subprocess.run(
        [*REPLAY, "--store", str(store_path), "--delivery", "1", "--to", receiver,
         "--header-file", str(headers), "--header-env", "RECEIVER_AUTH", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "RECEIVER_AUTH": "Authorization: Bearer t0ken-from-env"},
    )  # fmt: skip
    assert done.returncode == 1, done.stderr  # the original signature is not the receiver's
    sent = Receiver.seen[-1][2]
    assert sent["X-Receiver"] == "r3ceiver-value"
    assert sent["Authorization"] == "Bearer t0ken-from-env"  # not taken off by the client
    assert "warning" not in done.stderr
    reader = Store(store_path, read_only=True)
    try:
        (record,) = reader.exchanges()
    finally:
        reader.close()
    stored = dict(record.request_headers)
    assert "r3ceiver-value" not in stored["X-Receiver"]
    assert stored["Authorization"].startswith("Bearer ") and "t0ken" not in str(stored)
    for secret in ("r3ceiver-value", "t0ken-from-env"):
        assert secret not in done.stdout + done.stderr


def test_a_plain_credential_header_warns_and_is_masked_in_the_store(
    store_path: Path, receiver: str
) -> None:
    done = replay(store_path, "--delivery", "1", "--to", receiver, "--header", "X-Api-Key: k3y")
    assert "warning: --header on the command line" in done.stderr, done.stderr
    reader = Store(store_path, read_only=True)
    try:
        (record,) = reader.exchanges()
    finally:
        reader.close()
    assert Receiver.seen[-1][2]["X-Api-Key"] == "k3y"
    assert dict(record.request_headers)["X-Api-Key"] != "k3y"
    removal = replay(store_path, "--delivery", "1", "--to", receiver, "--header", "Cookie:")
    assert "warning" not in removal.stderr  # leaving a header out shows no secret
