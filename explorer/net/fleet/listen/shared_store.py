"""The PostgreSQL store several ``listen`` processes share: subscriptions, leases, deliveries.

psycopg is imported here; only a database store (``listen_shared``) imports this module,
so nothing else of ``listen`` loads it. A connection whose server went away (a restart,
a fail-over) is opened again at its next use. Every write commits before the caller
answers a hub: a delivery is stored before its 2xx.

A delivery is stored once. Its key is the subscription and a SHA-256 over the signature
header (as ``verify_signature`` reads it) and the raw body: a hub's retry of a delivery
whose 2xx was lost (the process killed between commit and answer, a balancer dropping the
reply) carries the same bytes, finds the key within ``RETRY_WINDOW`` and makes no row,
and is answered 2xx. The same bytes after the window are a new delivery.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg

from explorer.core.push.signatures import normalised_signature
from explorer.net.fleet.listen.listen_schema import migrate

RETRY_WINDOW = 24 * 3600.0
"""Seconds a delivery's key is remembered: longer than the retries of the hubs we know
(they give up within hours), short enough that a Source may send the same bytes again
on another day and have them stored."""
CONNECT_TIMEOUT = 10
"""Seconds to reach the database before the store is called unreachable."""


class SharedStoreUnreachable(Exception):
    """The database could not be reached or refused us; ``where`` has no password."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(reason)
        self.where = where
        self.reason = reason


@dataclass(frozen=True, slots=True)
class SharedSubscription:
    """One subscription row, as intake and lease work need it."""

    id: int
    token: str
    topic: str
    hub: str
    secret: str | None
    lease_seconds: int | None
    state: str


def shown_dsn(dsn: str) -> str:
    """``dsn`` fit to print: any password replaced by ``***`` (in the URL and the query)."""
    parts = urlsplit(dsn)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, hostport = netloc.rpartition("@")
        user, colon, _ = userinfo.partition(":")
        netloc = f"{user}:***@{hostport}" if colon else netloc
    query = "&".join(
        "password=***" if piece.lower().startswith("password=") else piece
        for piece in parts.query.split("&")
        if piece
    )
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def delivery_digest(signature_header: str | None, body: bytes) -> str:
    """The store-once key of a delivery: its signature as read, then its raw body."""
    digest = hashlib.sha256(normalised_signature(signature_header).encode("utf-8"))
    digest.update(b"\n")
    digest.update(body)
    return digest.hexdigest()


def _hidden(text: str, dsn: str) -> str:
    """A driver message with the DSN's password taken out, should the driver repeat it."""
    password = urlsplit(dsn).password
    return text.replace(password, "***") if password else text


async def _connect(dsn: str) -> Any:
    return await psycopg.AsyncConnection.connect(
        dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT
    )


_COLUMNS = ", ".join(("id", "token", "topic", "hub", "secret", "lease_seconds", "state"))

_COLUMNS_OF_S = ", ".join(f"s.{name}" for name in _COLUMNS.split(", "))


class SharedStore:
    """One process's connections to the shared store.

    Two connections: one for deliveries and verifications (a hub waits on them), one for
    lease work, so a slow renewal pass never holds a delivery's commit. psycopg runs one
    statement at a time per connection; each has its own lock inside psycopg.
    """

    def __init__(self, dsn: str, intake: Any, work: Any) -> None:
        self.dsn = dsn
        self.where = shown_dsn(dsn)
        self._connections = {"intake": intake, "work": work}

    @classmethod
    async def open(cls, dsn: str) -> SharedStore:
        """Connect twice and bring the schema up to date, or raise ``SharedStoreUnreachable``."""
        where = shown_dsn(dsn)
        opened: list[Any] = []
        try:
            opened.append(await _connect(dsn))
            opened.append(await _connect(dsn))
            await migrate(opened[1], where)
        except BaseException as exc:
            for conn in opened:  # a refused schema or a lost server leaves nothing open
                await conn.close()
            if isinstance(exc, psycopg.Error | OSError):
                message = " ".join(str(exc).split()) or type(exc).__name__
                raise SharedStoreUnreachable(where, _hidden(message, dsn)) from exc
            raise
        return cls(dsn, *opened)

    async def close(self) -> None:
        for conn in self._connections.values():
            await conn.close()

    async def _live(self, kind: str) -> Any:
        """The ``kind`` connection, opened again when its server went away."""
        conn = self._connections[kind]
        if conn.broken or conn.closed:
            conn = self._connections[kind] = await _connect(self.dsn)
        return conn

    async def _run(self, kind: str, sql: str, params: Sequence[Any] = ()) -> Any:
        """Execute ``sql`` on the ``kind`` connection. One whose server went away (a
        database restart, a fail-over) is opened again and the statement tried once more:
        every statement here may run twice (a delivery's second try finds its own key)."""
        conn = await self._live(kind)
        try:
            return await conn.execute(sql, params)
        except psycopg.OperationalError:
            if not conn.broken:
                raise
        return await (await self._live(kind)).execute(sql, params)

    # --- subscriptions ------------------------------------------------------------------

    async def ensure_subscription(
        self, topic: str, hub: str, *, secret: str | None, lease_seconds: int | None
    ) -> SharedSubscription:
        """The store's subscription to ``topic`` at ``hub``, made when there is none: a
        second process asked for the same pair finds the first one's row (one token, one
        secret). ``secret`` None makes a fresh random one unless ``use_secret`` said no."""
        cursor = await self._run(
            "work",
            "INSERT INTO listen_subscription (token, topic, hub, secret, lease_seconds) "
            "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (topic, hub) DO NOTHING",
            (secrets.token_urlsafe(24), topic, hub, secret, lease_seconds),
        )
        cursor = await self._run(
            "work",
            f"SELECT {_COLUMNS} FROM listen_subscription WHERE topic = %s AND hub = %s",
            (topic, hub),
        )
        row = await cursor.fetchone()
        assert row is not None  # just inserted or already there; never deleted here
        return SharedSubscription(*row)

    async def by_token(self, token: str) -> SharedSubscription | None:
        cursor = await self._run(
            "intake", f"SELECT {_COLUMNS} FROM listen_subscription WHERE token = %s", (token,)
        )
        row = await cursor.fetchone()
        return SharedSubscription(*row) if row else None

    async def verified(self, sub_id: int, mode: str, lease_seconds: int | None) -> bool:
        """Record a hub's verification of intent; False when the store does not want it
        (an unsubscription nobody asked for, a subscription already ended)."""
        if mode == "subscribe":
            cursor = await self._run(
                "intake",
                "UPDATE listen_subscription SET state = 'active', "
                "lease_seconds = COALESCE(%s, lease_seconds), "
                "expires = now() + make_interval(secs => COALESCE(%s, lease_seconds, 0)) "
                "WHERE id = %s AND state NOT IN ('ending', 'ended')",
                (lease_seconds, lease_seconds, sub_id),
            )
        else:
            cursor = await self._run(
                "intake",
                "UPDATE listen_subscription SET state = 'ended' WHERE id = %s AND state = 'ending'",
                (sub_id,),
            )
        return bool(cursor.rowcount)

    async def denied(self, sub_id: int) -> None:
        await self._run(
            "intake", "UPDATE listen_subscription SET state = 'denied' WHERE id = %s", (sub_id,)
        )

    # --- deliveries ---------------------------------------------------------------------

    async def add_delivery(
        self,
        sub_id: int,
        *,
        signature_header: str | None,
        signature: str,
        body: bytes,
        content_type: str | None,
        headers: Sequence[tuple[str, str]],
        taken_by: str,
        window: float = RETRY_WINDOW,
    ) -> int | None:
        """Store a delivery, committed on return; its row id, or None when the same
        delivery was stored within ``window`` seconds (a hub's retry)."""
        digest = delivery_digest(signature_header, body)
        cursor = await self._run(
            "intake",
            "WITH fresh AS ("
            " INSERT INTO listen_delivery_seen (subscription_id, digest) VALUES (%s, %s)"
            " ON CONFLICT (subscription_id, digest) DO UPDATE SET seen = now()"
            " WHERE listen_delivery_seen.seen < now() - make_interval(secs => %s)"
            " RETURNING subscription_id, digest)"
            " INSERT INTO listen_delivery"
            " (subscription_id, digest, signature, content_type, headers, body, taken_by)"
            " SELECT subscription_id, digest, %s, %s, %s, %s, %s FROM fresh RETURNING id",
            (
                sub_id,
                digest,
                window,
                signature,
                content_type,
                json.dumps([list(pair) for pair in headers]),
                body,
                taken_by,
            ),
        )
        row = await cursor.fetchone()
        return int(row[0]) if row else None

    # --- leases -------------------------------------------------------------------------

    async def heartbeat(self, owner: str, lapse: float) -> list[SharedSubscription]:
        """Keep ``owner``'s leases, take unowned ones and those whose owner stopped beating
        for ``lapse`` seconds; returns the subscriptions ``owner`` now holds.

        ``FOR UPDATE SKIP LOCKED`` lets two processes take over at once without waiting
        on each other or taking the same lease."""
        conn = await self._live("work")
        try:
            return await _beat(conn, owner, lapse)
        except psycopg.OperationalError:
            if not conn.broken:
                raise
        return await _beat(await self._live("work"), owner, lapse)  # on a new connection

    async def due(self, owner: str, renew_fraction: float, retry_after: float) -> list[int]:
        """Ids of ``owner``'s subscriptions whose hub request is due: never requested,
        requested ``retry_after`` seconds ago without a verification, or active and past
        ``renew_fraction`` of their lease."""
        cursor = await self._run(
            "work",
            "SELECT s.id FROM listen_subscription s "
            "JOIN listen_lease l ON l.subscription_id = s.id WHERE l.owner = %s AND ("
            " (s.state IN ('new', 'requested') AND (s.requested IS NULL"
            "  OR s.requested < now() - make_interval(secs => %s)))"
            " OR (s.state = 'active' AND s.expires IS NOT NULL AND s.lease_seconds > 0"
            "  AND (s.requested IS NULL"
            "   OR s.requested < now() - make_interval(secs => %s))"
            "  AND s.expires < now() + make_interval(secs => s.lease_seconds * (1 - %s))))"
            " ORDER BY s.id",
            (owner, retry_after, retry_after, renew_fraction),
        )
        return [int(row[0]) for row in await cursor.fetchall()]

    async def requested(self, sub_id: int) -> None:
        """A subscription request went to the hub: a new one waits for its verification."""
        await self._run(
            "work",
            "UPDATE listen_subscription SET requested = now(), "
            "state = CASE WHEN state = 'new' THEN 'requested' ELSE state END WHERE id = %s",
            (sub_id,),
        )

    async def release(self, owner: str) -> None:
        """Give up ``owner``'s leases at once (a clean stop): others take them next beat."""
        await self._run("work", "DELETE FROM listen_lease WHERE owner = %s", (owner,))

    # --- reconcile ----------------------------------------------------------------------

    async def last_delivery_id(self) -> int:
        cursor = await self._run("work", "SELECT coalesce(max(id), 0) FROM listen_delivery")
        row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def deliveries_after(
        self, after: int, subscriptions: Collection[int], limit: int
    ) -> list[tuple[int, bytes, float]]:
        """Deliveries of ``subscriptions`` stored (by any process) after row ``after``:
        id, raw body and when received, oldest first, at most ``limit``."""
        if not subscriptions:
            return []
        cursor = await self._run(
            "work",
            "SELECT id, body, extract(epoch FROM received)::float8 FROM listen_delivery "
            "WHERE id > %s AND subscription_id = ANY(%s) ORDER BY id LIMIT %s",
            (after, list(subscriptions), limit),
        )
        return [(int(i), bytes(body), float(at)) for i, body, at in await cursor.fetchall()]

    async def add_reconcile(self, source_url: str, outcome: str, params: dict[str, Any]) -> None:
        """One reconcile result, in the fleet's table the health view reads."""
        await self._run(
            "work",
            "INSERT INTO fleet_reconcile (source_url, outcome, params) VALUES (%s, %s, %s)",
            (source_url, outcome, json.dumps(params)),
        )


async def _beat(conn: Any, owner: str, lapse: float) -> list[SharedSubscription]:
    """``SharedStore.heartbeat``'s one transaction."""
    async with conn.transaction():
        await conn.execute("UPDATE listen_lease SET heartbeat = now() WHERE owner = %s", (owner,))
        await conn.execute(
            "INSERT INTO listen_lease (subscription_id, owner) "
            "SELECT id, %s FROM listen_subscription s "
            "WHERE state NOT IN ('ended', 'denied') "
            "AND NOT EXISTS (SELECT 1 FROM listen_lease l WHERE l.subscription_id = s.id) "
            "ON CONFLICT (subscription_id) DO NOTHING",
            (owner,),
        )
        await conn.execute(
            "UPDATE listen_lease SET owner = %s, heartbeat = now() "
            "WHERE subscription_id IN (SELECT subscription_id FROM listen_lease "
            "WHERE owner <> %s AND heartbeat < now() - make_interval(secs => %s) "
            "FOR UPDATE SKIP LOCKED)",
            (owner, owner, lapse),
        )
        cursor = await conn.execute(
            f"SELECT {_COLUMNS_OF_S} "
            "FROM listen_subscription s JOIN listen_lease l ON l.subscription_id = s.id "
            "WHERE l.owner = %s ORDER BY s.id",
            (owner,),
        )
        return [SharedSubscription(*row) for row in await cursor.fetchall()]
