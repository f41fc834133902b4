"""The SQLite store: schema versions, persistence, group commit, exchange retention."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from helpers.records import notification_record

from explorer.core.findings import finding
from explorer.net.live.subscription import State, Subscription
from explorer.net.store.database import Store, StoreError, default_store_path
from explorer.net.store.records import ExchangeRecord, NotificationRecord
from explorer.net.store.schema import SCHEMA_VERSION


def record(n: int, status: str = "notification") -> NotificationRecord:
    return notification_record(
        n,
        status=status,
        headers=[("Content-Type", "x")],
        until_time=f"2026-01-01T00:{n:02d}:00Z",
        findings=[finding("websub.content-type", "odd")],
    )


def test_default_path_follows_xdg(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_store_path() == tmp_path / "resourcesync-explorer" / "explorer.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_store_path().parts[-4:] == (
        ".local",
        "share",
        "resourcesync-explorer",
        "explorer.sqlite3",
    )


def test_schema_is_versioned_and_wal(tmp_path: Path) -> None:
    Store(tmp_path / "s.sqlite3").close()
    conn = sqlite3.connect(tmp_path / "s.sqlite3")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_newer_schema_or_a_foreign_file_is_refused(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    conn = sqlite3.connect(newer)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        Store(newer)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError):
        Store(junk)


async def test_notifications_round_trip_and_survive_reopening(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    ids = [await store.add_notification(record(n)) for n in range(3)]
    await store.add_notification(record(9, "rejected"))
    store.close()
    again = Store(tmp_path / "s.sqlite3")
    try:
        stored = again.notifications()
        assert [r.id for r in stored[:3]] == ids
        assert stored[0].body == b"<urlset n='0'/>" and stored[0].headers == [("Content-Type", "x")]
        assert stored[0].findings[0].code == "websub.content-type"
        assert again.count_notifications("rejected") == 1
        assert again.last_until("sub") == "2026-01-01T00:02:00Z"
        assert [r.id for r in again.notifications(after_id=ids[1], limit=1)] == [ids[2]]
    finally:
        again.close()


async def test_concurrent_writes_all_commit(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        ids = await asyncio.gather(*(store.add_notification(record(n % 60)) for n in range(500)))
        assert len(set(ids)) == 500 and store.count_notifications() == 500
    finally:
        store.close()


async def test_subscriptions_persist(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    sub = Subscription(
        "id1", "http://t/", "http://h/", "tok", "http://cb/tok", "secret", created=1.0, updated=1.0
    )
    await store.save_subscription(sub.to_row())
    sub.transition(State.PENDING)
    await store.save_subscription(sub.to_row())
    store.close()
    again = Store(tmp_path / "s.sqlite3")
    [row] = again.subscriptions()
    again.close()
    assert Subscription.from_row(row).state is State.PENDING


async def test_exchange_log_retention_is_bounded(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3", exchange_retention=100)
    try:
        for n in range(1200):
            store.log_exchange(
                ExchangeRecord(
                    time=n,
                    direction="out",
                    kind="subscribe",
                    method="POST",
                    url=f"http://h/{n}",
                    status=202,
                    request_headers=[],
                    request_body=b"",
                    request_size=0,
                    response_headers=[],
                    response_body=b"",
                    response_size=0,
                    body_cap=10,
                )
            )
        await store.flush()
        kept = store.exchanges()
        assert 100 <= len(kept) < 1200
        assert kept[-1].url == "http://h/1199"
    finally:
        store.close()


def test_writes_after_close_are_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    store.close()
    with pytest.raises(StoreError):
        asyncio.run(store.add_notification(record(1)))


async def test_an_unstorable_row_fails_alone_and_the_writer_survives(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        bad = record(1)
        bad.received = 2**70  # an int too large for SQLite: binding raises OverflowError
        results = await asyncio.gather(
            store.add_notification(record(2)), store.add_notification(bad), return_exceptions=True
        )
        assert isinstance(results[0], int) and isinstance(results[1], StoreError)
        assert await store.add_notification(record(3)) > results[0]
    finally:
        store.close()
