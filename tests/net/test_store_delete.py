"""Deleting stored deliveries: durable, ids never reused, reads robust to the gaps left."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from helpers.records import notification_record as record

from explorer.net.live.subscription import Subscription
from explorer.net.store.database import Store
from explorer.net.store.records import ExchangeRecord


def exchange(n: int) -> ExchangeRecord:
    return ExchangeRecord(
        time=n,
        direction="in",
        kind="delivery",
        method="POST",
        url=f"http://cb/{n}",
        status=202,
        request_headers=[],
        request_body=b"",
        request_size=0,
        response_headers=[],
        response_body=b"",
        response_size=0,
        body_cap=10,
    )


def ids(store: Store) -> list[int | None]:
    return [r.id for r in store.notifications()]


async def test_delete_up_to_an_id_is_durable_and_leaves_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    for n in range(6):
        await store.add_notification(record(n))
    assert await store.delete_notifications(4) == 4
    store.close()
    again = Store(path)
    try:
        assert ids(again) == [5, 6]
    finally:
        again.close()


async def test_ids_are_never_reused_after_deleting_everything(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    for n in range(3):
        await store.add_notification(record(n))
    assert await store.delete_notifications() == 3
    assert ids(store) == []
    assert await store.add_notification(record(9)) == 4
    store.close()
    again = Store(path)  # the mark survives a restart
    try:
        assert await again.delete_notifications() == 1
        assert await again.add_notification(record(10)) == 5
        assert ids(again) == [5]
    finally:
        again.close()


async def test_deleting_leaves_subscriptions_and_the_exchange_log(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        sub = Subscription("sub", "http://t/", "http://h/", "tok", "http://cb/tok", "secret")
        await store.save_subscription(sub.to_row())
        store.log_exchange(exchange(1))
        await store.add_notification(record(1))
        await store.delete_notifications()
        assert [row["id"] for row in store.subscriptions()] == ["sub"]
        assert [e.url for e in store.exchanges()] == ["http://cb/1"]
    finally:
        store.close()


async def test_a_delete_spares_what_was_queued_after_it(tmp_path: Path) -> None:
    """The writer is held while a delivery, a delete and another delivery queue up, so
    they would share one group if a delete did not end it."""
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    blocker = sqlite3.connect(path, isolation_level=None)
    try:
        await store.add_notification(record(0))
        blocker.execute("BEGIN IMMEDIATE")
        held = asyncio.ensure_future(store.flush())
        await asyncio.sleep(0.2)  # the writer takes the flush and waits for the lock
        before = asyncio.ensure_future(store.add_notification(record(1)))
        delete = asyncio.ensure_future(store.delete_notifications())
        after = asyncio.ensure_future(store.add_notification(record(2)))
        await asyncio.sleep(0)
        blocker.execute("COMMIT")
        await asyncio.gather(held, before, delete, after)
        assert delete.result() == 2
        assert ids(store) == [after.result()] == [3]
    finally:
        blocker.close()
        store.close()


async def test_latest_notifications_read_across_gaps(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        for n in range(10):
            await store.add_notification(record(n))
        await store.delete_notifications(3)
        for n in range(3):  # ids 11-13, then delete the middle of the store
            await store.add_notification(record(n))
        await store.delete_notifications(8)  # ids 4-8 gone as well
        assert [r.id for r in store.latest_notifications(4)] == [10, 11, 12, 13]
        assert [r.id for r in store.latest_notifications(100)] == [9, 10, 11, 12, 13]
    finally:
        store.close()


async def test_a_schema_1_store_gains_the_marks_and_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = Store(path)
    await store.add_notification(record(1))
    store.close()
    conn = sqlite3.connect(path)  # as an explorer of schema 1 left it
    conn.executescript("DROP TABLE store_marks; PRAGMA user_version=1;")
    conn.close()
    reader = Store(path, read_only=True)  # reads it as it is, changing nothing
    assert ids(reader) == [1]
    reader.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()
    writer = Store(path)
    try:
        assert await writer.delete_notifications() == 1
        assert await writer.add_notification(record(2)) == 2
    finally:
        writer.close()
