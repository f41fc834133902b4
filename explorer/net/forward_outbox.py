"""The forwarding queue on disk: which stored deliveries still owe the user's application
a copy, and what the application answered.

An outbox row is written in the same transaction as its delivery (``queue_with``, given
to ``Store.add_notification`` as ``also``), so a delivery the hub heard 2xx for is queued
on disk, and a SIGKILL loses nothing acknowledged. A row is deleted only after the
target answered 2xx; until then the forwarder sends it again, after a restart too (at
least once: the application drops duplicates by ``X-ResourceSync-Explorer-Delivery``).

The tables are created on first use (``CREATE TABLE IF NOT EXISTS``): any store gains
them without a migration, and an older explorer ignores them.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import astuple, dataclass

from explorer.net.delivery_memory import create_tables
from explorer.net.store import InTransaction, Store, StoreError

ANSWER_KEPT = 4096
"""Bytes of the target's answer body kept with the delivery."""

_TABLES = (
    "CREATE TABLE IF NOT EXISTS forward_outbox (notification_id INTEGER PRIMARY KEY, "
    "subscription_id TEXT NOT NULL, queued REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS forward_answers (notification_id INTEGER PRIMARY KEY, "
    "time REAL NOT NULL, target TEXT NOT NULL, status INTEGER, duration_ms REAL, "
    "body TEXT, error TEXT, attempts INTEGER NOT NULL)",
)


@dataclass(frozen=True, slots=True)
class ForwardAnswer:
    """What the target said to one forwarded delivery (its last attempt)."""

    notification_id: int
    time: float
    target: str
    status: int | None
    duration_ms: float | None
    body: str
    error: str | None
    attempts: int


@dataclass(frozen=True, slots=True)
class ForwardItem:
    """What forwarding needs of a stored delivery (read without its findings and summary)."""

    id: int
    content_type: str | None
    headers: list[tuple[str, str]]
    body: bytes


class ForwardOutbox:
    """The queue and the answers, on one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def prepare(self) -> None:
        await self.store.in_transaction(lambda conn: create_tables(conn, _TABLES))

    @staticmethod
    def queue_with(subscription_id: str) -> InTransaction:
        """The writer that queues a delivery in its own transaction."""

        def write(conn: sqlite3.Connection, notification_id: int) -> None:
            conn.execute(
                "INSERT OR IGNORE INTO forward_outbox (notification_id, subscription_id, "
                "queued) VALUES (?, ?, ?)",
                (notification_id, subscription_id, time.time()),
            )

        return write

    def waiting(self, after: int = 0, limit: int = 256) -> list[int]:
        """Queued delivery ids in order (the hub's order: ids are given on arrival)."""
        rows = self.store.read(
            "SELECT notification_id FROM forward_outbox WHERE notification_id > ? "
            "ORDER BY notification_id LIMIT ?",
            (after, limit),
        )
        return [int(row[0]) for row in rows]

    def item(self, notification_id: int) -> ForwardItem | None:
        """The stored delivery to forward (None once it was deleted)."""
        rows = self.store.read(
            "SELECT content_type, headers, body FROM notifications WHERE id = ?",
            (notification_id,),
        )
        if not rows:
            return None
        content_type, headers, body = rows[0]
        pairs = [(str(name), str(value)) for name, value in json.loads(headers)]
        return ForwardItem(notification_id, content_type, pairs, bytes(body))

    def count(self) -> int:
        return int(self.store.read("SELECT COUNT(*) FROM forward_outbox")[0][0])

    async def requeue(self, notification_ids: list[int]) -> int:
        """Queue stored deliveries again ("forward again"); returns how many were queued."""

        def write(conn: sqlite3.Connection) -> int:
            queued = 0
            for notification_id in notification_ids:
                queued += conn.execute(
                    "INSERT OR IGNORE INTO forward_outbox (notification_id, subscription_id, "
                    "queued) SELECT id, subscription_id, ? FROM notifications WHERE id = ?",
                    (time.time(), notification_id),
                ).rowcount
            return queued

        queued: int = await self.store.in_transaction(write)
        return queued

    async def settle(self, done: list[int], answers: list[ForwardAnswer]) -> None:
        """Delete the rows of ``done`` (answered 2xx, or gone) and keep ``answers``."""

        def write(conn: sqlite3.Connection) -> None:
            conn.executemany(
                "DELETE FROM forward_outbox WHERE notification_id = ?", [(i,) for i in done]
            )
            conn.executemany(
                "INSERT OR REPLACE INTO forward_answers (notification_id, time, target, "
                "status, duration_ms, body, error, attempts) VALUES (?,?,?,?,?,?,?,?)",
                [astuple(answer) for answer in answers],
            )

        await self.store.in_transaction(write)

    def answer(self, notification_id: int) -> ForwardAnswer | None:
        """The target's last answer to a delivery, if it was forwarded."""
        try:
            rows = self.store.read(
                "SELECT * FROM forward_answers WHERE notification_id = ?", (notification_id,)
            )
        except StoreError:  # a store that never forwarded has no such table
            return None
        return ForwardAnswer(*rows[0]) if rows else None
