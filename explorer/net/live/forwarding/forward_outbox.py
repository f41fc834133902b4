"""The forwarding queue on disk: which stored deliveries still owe the user's application
a copy, and what the application answered.

An outbox row is written in the same transaction as its delivery (``queue_with``, given
to ``Store.add_notification`` as ``also``), so a delivery the hub heard 2xx for is queued
on disk, and a SIGKILL loses nothing acknowledged. A row is deleted only after the
target answered 2xx; until then the forwarder sends it again, after a restart too (at
least once: the application drops duplicates by ``X-ResourceSync-Explorer-Delivery``).

The tables (``forward_outbox``, ``forward_answers``) are declared in the store's schema
registry (``explorer.net.store.schema``), so every store opened for writing has them.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass

from explorer.core.phrase import Phrase
from explorer.net.store.database import InTransaction, Store, StoreError
from explorer.net.store.reasons import reason_of, stored_reason

ANSWER_KEPT = 4096
"""Bytes of the target's answer body kept with the delivery."""
BATCH = 64
BATCH_BYTES = 4 * 1024 * 1024
"""Deliveries, and bytes of their bodies, read from the queue at once."""


@dataclass(frozen=True, slots=True)
class ForwardAnswer:
    """What the target said to one forwarded delivery (its last attempt)."""

    notification_id: int
    time: float
    target: str
    status: int | None
    duration_ms: float | None
    body: str
    error: Phrase | None  # why no answer came: the explorer's words or the system's
    attempts: int


@dataclass(frozen=True, slots=True)
class ForwardItem:
    """What forwarding needs of a stored delivery (read without its findings and summary)."""

    id: int
    content_type: str | None
    headers: list[tuple[str, str]]
    body: bytes
    status: str  # "notification", or "rejected" (a replay, a bad signature)
    signature: str  # the hub signature's check on arrival (``SignatureState``)


class ForwardOutbox:
    """The queue and the answers, on one store; with ``subscription_id``, only that
    subscription's rows (the window forwards each subscription to its own target)."""

    def __init__(self, store: Store, subscription_id: str | None = None) -> None:
        self.store = store
        self.subscription_id = subscription_id

    def _only(self, column: str) -> tuple[str, tuple[str, ...]]:
        """The SQL condition (and its parameter) that keeps to this outbox's subscription."""
        if self.subscription_id is None:
            return "", ()
        return f" AND {column} = ?", (self.subscription_id,)

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

    def next_items(
        self, after: int, limit: int = BATCH, max_bytes: int = BATCH_BYTES
    ) -> list[ForwardItem | int]:
        """The next queued deliveries above id ``after``, in id order (the hub's order: ids
        are given on arrival), at most ``limit`` and (past the first) ``max_bytes`` of
        bodies; a bare id is a row whose delivery was deleted since. Two reads for the
        whole batch: forwarding must stay cheap beside intake."""
        only, param = self._only("o.subscription_id")
        sized = self.store.read(
            "SELECT o.notification_id, LENGTH(n.body) FROM forward_outbox o LEFT JOIN "
            f"notifications n ON n.id = o.notification_id WHERE o.notification_id > ?{only} "
            "ORDER BY o.notification_id LIMIT ?",
            (after, *param, limit),
        )
        chosen: list[int] = []
        total = 0
        for notification_id, size in sized:
            total += size or 0
            if chosen and total > max_bytes:
                break
            chosen.append(int(notification_id))
        if not chosen:
            return []
        rows = self.store.read(
            "SELECT id, content_type, headers, body, status, signature FROM notifications "
            "WHERE id IN "
            f"({', '.join('?' for _ in chosen)})",
            tuple(chosen),
        )
        found = {int(row[0]): row for row in rows}
        items: list[ForwardItem | int] = []
        for notification_id in chosen:
            row = found.get(notification_id)
            if row is None:
                items.append(notification_id)
                continue
            pairs = [(str(name), str(value)) for name, value in json.loads(row[2])]
            body = bytes(row[3])
            items.append(ForwardItem(notification_id, row[1], pairs, body, row[4], row[5]))
        return items

    def count(self) -> int:
        only, param = self._only("subscription_id")
        rows = self.store.read(f"SELECT COUNT(*) FROM forward_outbox WHERE 1{only}", param)
        return int(rows[0][0])

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
                "status, duration_ms, body, error, attempts, error_key, error_params) "
                "VALUES (?,?,?,?,?,?,?,?,?,?)",
                [_answer_row(answer) for answer in answers],
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
        if not rows:
            return None
        row = rows[0]
        return ForwardAnswer(
            row["notification_id"],
            row["time"],
            row["target"],
            row["status"],
            row["duration_ms"],
            row["body"],
            reason_of(row["error"], *_error_columns(row)),
            row["attempts"],
        )


def _answer_row(answer: ForwardAnswer) -> tuple[object, ...]:
    english, key, params = stored_reason(answer.error)
    head = (answer.notification_id, answer.time, answer.target, answer.status)
    return (*head, answer.duration_ms, answer.body, english, answer.attempts, key, params)


def _error_columns(row: sqlite3.Row) -> tuple[str | None, str | None]:
    """A failure's key and params (the forwarding feature's version 2 added them)."""
    return row["error_key"], row["error_params"]
