"""``listen`` as its own process against hostile deliveries: large unsigned bodies sent at
once, and a signed delivery replayed after newer ones."""

from __future__ import annotations

from pathlib import Path

import httpx
from fake_hub import FakeHub, notification
from helpers.big_deliveries import MB, send_big_unsigned
from helpers.big_documents import framework_attack
from helpers.forward_receiver import forwarding_listen
from helpers.listen_process import running_listen, until

from explorer.core.push.signatures import sign
from explorer.net.store.database import Store

COUNT = 6
"""The issue's figure is 40 (tests/benchmarks/bench_big_deliveries.py); six already need
more than the bound below when bodies are held whole."""


async def test_big_unsigned_deliveries_are_spooled_and_only_their_start_is_kept(
    tmp_path: Path,
) -> None:
    async with FakeHub() as hub:
        run = await send_big_unsigned(hub, tmp_path, COUNT, 51 * MB)
    assert run.answers == [200] * COUNT  # WebSub §7.1.2: rejected, and still acknowledged
    assert run.listen_peak_mb < 200
    assert run.store_growth_mb <= 10
    assert run.export_code == 0
    assert run.export_peak_mb < 300
    store = Store(tmp_path / "s.sqlite3", read_only=True)
    try:
        rejected = store.notifications(status="rejected")
    finally:
        store.close()
    assert len(rejected) == COUNT
    for record in rejected:
        assert len(record.body) <= 64 * 1024
        cut = [f for f in record.findings if f.code == "websub.rejected-body-cut"]
        assert cut and f"{51 * MB:,}" in cut[0].message


DELETED = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="change-notification" from="2026-01-01T00:00:00Z"
         until="2026-01-01T00:00:30Z"/>
  <url><loc>http://example.org/res/1</loc><rs:md change="deleted"/></url>
</urlset>
"""


async def test_a_replayed_signed_deletion_is_a_replay_not_a_new_notification(
    tmp_path: Path,
) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with FakeHub() as hub, running_listen(hub, store_path) as listener:
        captured = {"Content-Type": "application/xml", "X-Hub-Signature": ""}
        captured["X-Hub-Signature"] = sign(listener.secret, DELETED)
        newer = notification(2, "2026-01-01T00:00:30Z", "2026-01-01T00:01:00Z")
        async with httpx.AsyncClient(timeout=10) as client:
            for body, headers in (
                (DELETED, captured),
                (
                    newer,
                    {
                        "Content-Type": "application/xml",
                        "X-Hub-Signature": sign(listener.secret, newer),
                    },
                ),
                (DELETED, captured),  # the attacker's replay of what it captured
            ):
                response = await client.post(listener.callback, content=body, headers=headers)
                assert response.status_code == 200
        await until(
            lambda: len(listener.named("notification")) + len(listener.named("rejected")) == 3
        )
        assert len(listener.named("notification")) == 2
        replay = listener.named("rejected")[0]
        codes = [item["code"] for item in replay["findings"]]
        assert "websub.delivery-replayed" in codes
    store = Store(store_path, read_only=True)
    try:
        statuses = [record.status for record in store.notifications()]
    finally:
        store.close()
    assert statuses == ["notification", "notification", "rejected"]


async def test_framework_notifications_naming_huge_documents_keep_listen_bounded(
    tmp_path: Path,
) -> None:
    # The figure is four 63 MB documents (bench_framework_refetch.py); 20 MB each
    # already takes listen past a gigabyte when refetches are not bounded.
    async with FakeHub() as hub:
        run = await framework_attack(hub, tmp_path / "s.sqlite3", 4, 20 * MB)
    assert run.peak_mb < 300
    assert len(run.diffs) == 4  # each notification still gets its diff event
    for event in run.diffs:
        assert "too-large" in event["diff"][0]["reason"]
        assert [f["code"] for f in event["findings"]] == ["changes.refetch-failed"]


async def test_a_re_spelled_replay_is_a_replay_and_is_not_forwarded(tmp_path: Path) -> None:
    """The signature check reads ``SHA256=``, upper-case hex and ``sha256 = …`` as the
    same signature; the replay guard must too, or each spelling is a "new" delivery that
    forwarding sends on under a new delivery id."""
    store = tmp_path / "s.sqlite3"
    async with (
        FakeHub() as hub,
        forwarding_listen(hub, store, secret="the-apps-secret") as (listener, receiver),
    ):
        method, _, digest = sign(listener.secret, DELETED).partition("=")
        spellings = [
            f"{method}={digest}",  # the captured delivery
            f"{method.upper()}={digest}",
            f"{method}={digest.upper()}",
            f"{method} = {digest}",
            f"{method.upper()} =\t{digest.upper()}",
        ]
        async with httpx.AsyncClient(timeout=10) as client:
            for spelling in spellings:
                headers = {"Content-Type": "application/xml", "X-Hub-Signature": spelling}
                response = await client.post(listener.callback, content=DELETED, headers=headers)
                assert response.status_code == 200
        await until(
            lambda: (
                len(listener.named("notification")) + len(listener.named("rejected"))
                == len(spellings)
            )
        )
        assert len(listener.named("notification")) == 1
        for replay in listener.named("rejected"):
            assert "websub.delivery-replayed" in [f["code"] for f in replay["findings"]]
        await until(lambda: len(receiver.received) >= 1)
        # a later signed delivery is forwarded: everything before it has been judged
        newer = notification(2, "2026-01-01T00:00:30Z", "2026-01-01T00:01:00Z")
        headers = {
            "Content-Type": "application/xml",
            "X-Hub-Signature": sign(listener.secret, newer),
        }
        async with httpx.AsyncClient(timeout=10) as client:
            await client.post(listener.callback, content=newer, headers=headers)
        await until(lambda: len(receiver.received) >= 2)
    assert [item.number for item in receiver.received] == [1, 2]  # the deletion once
