"""The newest rows of the store, read by one keyset query: the feed's and the inspector's
restore read only the rows they show, and the feed's without payloads."""

from __future__ import annotations

import time
from pathlib import Path

from explorer.net.store.database import Store
from explorer.net.store.records import ExchangeRecord, NotificationRecord


def delivery(n: int) -> NotificationRecord:
    return NotificationRecord(
        subscription_id="sub",
        topic="http://t/",
        received=time.time(),
        status="notification",
        signature="valid",
        body=b"<urlset>" + b" " * 1000 + f"<!-- {n} --></urlset>".encode(),
        headers=[("Content-Type", "application/xml")],
        summary={"entries": n},
    )


def exchange(n: int) -> ExchangeRecord:
    return ExchangeRecord(
        time=float(n),
        direction="out",
        kind="fetch",
        method="GET",
        url=f"http://s/{n}",
        status=200,
        request_headers=[],
        request_body=b"",
        request_size=0,
        response_headers=[("Content-Type", "text/plain")],
        response_body=f"body {n}".encode(),
        response_size=6,
        body_cap=64,
    )


async def test_latest_exchanges_are_the_newest_oldest_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        for n in range(50):
            store.log_exchange(exchange(n))
        await store.flush()
        newest = store.latest_exchanges(5)
        assert [x.url for x in newest] == [f"http://s/{n}" for n in range(45, 50)]
        assert newest[-1].response_body == b"body 49"
        everything = store.latest_exchanges(1000)  # more asked than there are
        assert [x.url for x in everything] == [f"http://s/{n}" for n in range(50)]
    finally:
        store.close()


async def test_latest_notifications_can_leave_the_payloads_unread(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        for n in range(8):
            await store.add_notification(delivery(n))
        light = store.latest_notifications(3, bodies=False)
        full = store.latest_notifications(3)
        assert [r.id for r in light] == [r.id for r in full] == [6, 7, 8]
        assert all(r.body == b"" for r in light) and all(b"urlset" in r.body for r in full)
        for a, b in zip(light, full, strict=True):  # everything else is the same record
            assert (a.headers, a.summary, a.status, a.topic) == (
                b.headers,
                b.summary,
                b.status,
                b.topic,
            )
    finally:
        store.close()
