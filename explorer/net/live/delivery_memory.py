"""What the intake remembers of past deliveries, per subscription, to judge the next one.

Replays: a delivery whose body and signature equal one already stored for its
subscription is a replay (an attacker who captured one, or a hub retrying one it thinks
was lost), not a new notification; a replayed "deleted" must not read as a new deletion.
Its key, SHA-256 of the normalised signature (``normalised_signature``: a captured
delivery re-sent as ``SHA256=``, in upper-case hex or as ``sha256 = …`` is the same one)
and of the body, is kept in ``delivery_digests`` beside the notification, committed in
the same transaction (``Store.add_notification``'s ``also``), so a restart still
recognises it.

Rejected storage: a rejected delivery (unsigned, badly signed, a replay) keeps at most
``received_body.PREFIX`` bytes of its body, and a subscription's rejected rows may hold
``REJECTED_QUOTA`` bytes of bodies in all; past it a rejected delivery is counted, not
stored, since anyone who knows the callback URL can send them.

The table (``delivery_digests``) is declared in the store's schema registry
(``explorer.net.store.schema``), so every store opened for writing has it.
"""

from __future__ import annotations

import hashlib
import sqlite3

from explorer.core.push.signatures import normalised_signature
from explorer.net.store.database import InTransaction, Store

REJECTED_QUOTA = 8 * 1024 * 1024
"""Bytes of rejected bodies kept per subscription."""


def replay_key(signature_header: str | None, body_digest: str) -> str:
    """What makes two deliveries the same: their signature, normalised as the signature
    check reads it (a re-spelled header is the same signature), and their body."""
    signature = normalised_signature(signature_header)
    return hashlib.sha256(f"{signature}\n{body_digest}".encode()).hexdigest()


class DeliveryMemory:
    """Replay keys and rejected-bytes totals of one store's subscriptions."""

    def __init__(self, store: Store, quota: int = REJECTED_QUOTA) -> None:
        self.store = store
        self.quota = quota
        self._pending: dict[tuple[str, str], int] = {}  # being committed: key -> 0
        self._rejected_bytes: dict[str, int] = {}

    def replay_of(self, subscription_id: str, key: str) -> int | None:
        """The stored notification this delivery repeats (0 while that one is still being
        committed), or None."""
        if (subscription_id, key) in self._pending:
            return 0
        rows = self.store.read(
            "SELECT notification_id FROM delivery_digests WHERE subscription_id = ? AND "
            "digest = ? LIMIT 1",
            (subscription_id, key),
        )
        return int(rows[0][0]) if rows else None

    def remember(self, subscription_id: str, key: str) -> InTransaction:
        """Mark ``key`` as being committed; the returned writer stores it with the delivery
        (call ``settled`` once the commit is over, whatever its outcome)."""
        self._pending[(subscription_id, key)] = 0

        def write(conn: sqlite3.Connection, notification_id: int) -> None:
            conn.execute(
                "INSERT INTO delivery_digests (notification_id, subscription_id, digest) "
                "VALUES (?, ?, ?)",
                (notification_id, subscription_id, key),
            )

        return write

    def settled(self, subscription_id: str, key: str) -> None:
        self._pending.pop((subscription_id, key), None)

    def rejected_room(self, subscription_id: str, size: int) -> bool:
        """Whether a rejected body of ``size`` bytes may still be kept; counts it if so."""
        used = self._rejected_bytes.get(subscription_id)
        if used is None:
            rows = self.store.read(
                "SELECT COALESCE(SUM(LENGTH(body)), 0) FROM notifications "
                "WHERE subscription_id = ? AND status = 'rejected'",
                (subscription_id,),
            )
            used = int(rows[0][0])
        if used + size > self.quota:
            self._rejected_bytes[subscription_id] = used
            return False
        self._rejected_bytes[subscription_id] = used + size
        return True
