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

Unverified storage: a delivery nobody signed (the 2012 push forms have no signature, a
WebSub subscription may have no secret) is accepted, but its subscription's unverified
notifications may hold ``unverified_quota`` bytes of bodies in all (the session gives
its largest accepted body, ``--max-body``); past it the intake keeps the delivery as a
rejected one, since anyone who learns the callback URL could fill the disk otherwise.
Both totals start from what the store already holds and count a body when it is let in.

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


_REJECTED_BYTES = "status = 'rejected'"
_UNVERIFIED_BYTES = "status = 'notification' AND signature = 'none'"


class DeliveryMemory:
    """Replay keys, and rejected and unverified bytes totals, of one store's subscriptions."""

    def __init__(self, store: Store, unverified_quota: int, quota: int = REJECTED_QUOTA) -> None:
        self.store = store
        self.quota = quota
        self.unverified_quota = unverified_quota
        self._pending: dict[tuple[str, str], int] = {}  # being committed: key -> 0
        self._used: dict[tuple[str, str], int] = {}  # (which rows, subscription) -> bytes

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
        return self._room(_REJECTED_BYTES, subscription_id, size, self.quota)

    def unverified_room(self, subscription_id: str, size: int) -> bool:
        """Whether an unverified notification of ``size`` bytes may still be stored;
        counts it if so (a body counted and then not stored errs on the safe side)."""
        return self._room(_UNVERIFIED_BYTES, subscription_id, size, self.unverified_quota)

    def unverified_used(self, subscription_id: str) -> int:
        """Bytes of unverified notifications counted so far for the subscription."""
        return self._used.get((_UNVERIFIED_BYTES, subscription_id), 0)

    def _room(self, rows: str, subscription_id: str, size: int, quota: int) -> bool:
        used = self._used.get((rows, subscription_id))
        if used is None:
            found = self.store.read(
                "SELECT COALESCE(SUM(LENGTH(body)), 0) FROM notifications "
                f"WHERE subscription_id = ? AND {rows}",
                (subscription_id,),
            )
            used = int(found[0][0])
        if used + size > quota:
            self._used[(rows, subscription_id)] = used
            return False
        self._used[(rows, subscription_id)] = used + size
        return True
