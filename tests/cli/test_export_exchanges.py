"""``export --exchanges``: a demo session's exchange log as HAR 1.2 (valid against the
schema, read by haralyzer), CSV and JSON lines; secrets masked unless asked for."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from haralyzer import HarEntry, HarParser
from helpers.har_schema import HAR_1_2
from helpers.hub_log import until_hub_subscribed
from helpers.listen_session import listening

from explorer.demo import start_demo

HUB_SECRET = "hub-secret-never-in-a-har"
EXPORT = (sys.executable, "-m", "explorer", "export", "--store")
REVEAL = ("--format", "har", "--reveal-secrets")
TOKEN = "bearer-token-never-in-a-har-0123456789"


def export(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "export", "--store", str(store), "--exchanges", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store after a demo session: subscribe, three publications delivered, unsubscribe,
    and one delivery replayed (a linked exchange)."""
    store = tmp_path_factory.mktemp("session") / "s.sqlite3"

    async def run() -> None:
        async with await start_demo(rate=0) as demo:
            channel = demo.channels[0]
            args = ("--topic", channel.topic, "--hub", demo.hub_url, "--store", str(store))
            async with listening(*args, "--secret", HUB_SECRET, "--token", TOKEN) as listen:
                await listen.until(lambda _: listen.count("verified") == 1)
                await until_hub_subscribed(demo.hub, topic=channel.topic)
                for _ in range(3):
                    demo.change(channel.set_name, "updated")
                await listen.until(lambda _: listen.count("notification") == 3)
            assert listen.proc.returncode == 0, listen.stderr.decode()
            replay = await asyncio.create_subprocess_exec(
                *(sys.executable, "-m", "explorer", "replay", "--store", str(store)),
                *("--delivery", "1", "--to", demo.base_url + "nowhere", "--json"),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            _, err = await asyncio.wait_for(replay.communicate(), 60)
            assert replay.returncode == 1, err  # the demo answers 404 there

    asyncio.run(run())
    return store


def test_har_validates_loads_in_haralyzer_and_holds_no_secret(session: Path) -> None:
    done = export(session, "--format", "har")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    jsonschema.validate(data, HAR_1_2)
    HarParser(data)  # the library takes the document
    entries = [HarEntry(entry) for entry in data["log"]["entries"]]
    kinds = [entry.raw_entry["_kind"] for entry in entries]
    assert {"subscribe", "verification", "delivery", "replay"} <= set(kinds), kinds
    delivery = entries[kinds.index("delivery")]
    assert delivery.request.method == "POST" and delivery.status == 200
    assert delivery.startTime is not None and delivery.request.bodySize > 0
    assert any(h["name"].lower() == "x-hub-signature" for h in delivery.request.headers)
    replayed = entries[kinds.index("replay")]
    assert replayed.raw_entry["_linkedTo"] == {"kind": "delivery", "id": 1, "relation": "replay"}
    assert replayed.status == 404
    assert HUB_SECRET not in done.stdout and TOKEN not in done.stdout
    assert "Bearer" in done.stdout  # the scheme shows, its token does not


def test_reveal_secrets_is_explicit(session: Path) -> None:
    done = export(session, "--format", "har", "--reveal-secrets")
    assert done.returncode == 0, done.stderr
    assert HUB_SECRET in done.stdout and "warning" in done.stderr
    jsonschema.validate(json.loads(done.stdout), HAR_1_2)


def test_revealed_secrets_are_written_to_a_file_only_its_owner_reads(
    session: Path, tmp_path: Path
) -> None:
    fresh, existing = tmp_path / "fresh.har", tmp_path / "existing.har"
    existing.write_text("old")
    existing.chmod(0o644)
    for out in (fresh, existing):
        done = subprocess.run(
            [*EXPORT, str(session), "--exchanges", *REVEAL, "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=lambda: os.umask(0o022),  # a usual umask: new files world-readable
        )
        assert done.returncode == 0, done.stderr
        assert HUB_SECRET in out.read_text()
        assert stat.S_IMODE(out.stat().st_mode) == 0o600


def callback_token(store: Path) -> str:
    """The store's own record of the subscription's callback token (read as a file)."""
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        ((token,),) = db.execute("SELECT callback_path FROM subscriptions").fetchall()
        logged = db.execute("SELECT count(*) FROM exchanges WHERE url LIKE ?", (f"%{token}%",))
        assert logged.fetchone()[0] >= 2  # the verifications and deliveries came to it
    return str(token)


@pytest.mark.parametrize("form", ["har", "csv", "jsonl"])
def test_the_callback_token_is_masked_unless_revealed(session: Path, form: str) -> None:
    token = callback_token(session)
    shared = export(session, "--format", form)
    assert shared.returncode == 0, shared.stderr
    mask = "••••" if form == "csv" else json.dumps("••••")[1:-1]  # JSON writes \\u2022
    assert token not in shared.stdout and f"callback/{mask}" in shared.stdout
    if form == "har":
        jsonschema.validate(json.loads(shared.stdout), HAR_1_2)
        HarParser(json.loads(shared.stdout))
    revealed = export(session, "--format", form, "--reveal-secrets")
    assert revealed.returncode == 0, revealed.stderr
    assert token in revealed.stdout and "callback URL tokens" in revealed.stderr


def test_csv_and_jsonl_with_the_inspector_filter_and_ids(session: Path, tmp_path: Path) -> None:
    out = tmp_path / "x.csv"
    done = export(session, "--format", "csv", "--filter", "in delivery", "--out", str(out))
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(rows) == 3 and {row["kind"] for row in rows} == {"delivery"}
    replay = export(session, "--format", "jsonl", "--filter", "replay")
    (line,) = replay.stdout.splitlines()
    record = json.loads(line)
    assert record["linked_to"]["id"] == 1
    chosen = export(session, "--format", "jsonl", "--ids", f"1,{record['id']}")
    assert [json.loads(x)["id"] for x in chosen.stdout.splitlines()] == [1, record["id"]]
    assert HUB_SECRET not in chosen.stdout + done.stdout


@pytest.mark.parametrize(
    "args",
    [["--format", "xml"], ["--ids", "0"], ["--ids", "a-b"], ["--out", "/no/such/dir/x.har"]],
)
def test_unusable_options_exit_2(session: Path, args: list[str]) -> None:
    done = export(session, *args)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_notification_options_refuse_exchange_only_ones(session: Path) -> None:
    for args in (["--format", "har"], ["--filter", "x"]):
        done = subprocess.run(
            [sys.executable, "-m", "explorer", "export", "--store", str(session), *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2 and "--exchanges" in done.stderr


def test_the_feed_as_csv(session: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "export", "--store", str(session), "--format", "csv"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [row["status"] for row in rows] == ["notification"] * 3
    assert {row["signature"] for row in rows} == {"valid"}
    assert rows[0]["capability"] == "change-notification" and int(rows[0]["entries"]) >= 1
