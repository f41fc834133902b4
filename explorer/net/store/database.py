"""The explorer's SQLite store: subscriptions, notifications and the exchange log.

One file (``default_store_path()`` or ``--store PATH``) in WAL mode; its tables are
declared, and brought up to date at open, by the schema registry (``schema``). Writes go
through one writer thread that commits in groups: a caller awaits a future that resolves
only after COMMIT, so the callback server can answer 2xx knowing the delivery is on
disk, while a burst of deliveries shares one fsync. Reads use their own connection (WAL
lets them run beside the writer).

The store holds hub secrets (``subscriptions.secret``, and the subscribe POST bodies in
the exchange log), so its folder is made 0700 and its files (with SQLite's ``-wal`` and
``-shm``) 0600, and an older store's looser modes are tightened on open. One process
writes at a time (``StoreLock``); ``read_only=True`` opens beside a writer, or a damaged
store, for reading what is there.

Notification ids are never reused, even after deliveries are deleted: the window keeps
marks by id (how far the feed was cleared) and the change tracker keys diffs by id, so a
reused id would hide or mislabel a new delivery. ``store_marks`` keeps the highest id
ever deleted, and new ids start above it.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import sqlite3
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from explorer.core.findings import Finding
from explorer.core.said_error import SaidError
from explorer.net.store import schema
from explorer.net.store.reasons import REASON_COLUMNS, reason_of, stored_reason
from explorer.net.store.records import ExchangeRecord, NotificationRecord
from explorer.net.store.store_location import APP_DIR as APP_DIR
from explorer.net.store.store_location import default_store_path as default_store_path
from explorer.net.store.store_lock import StoreInUse, StoreLock

# The event loop is the writer thread's callers' (``listen``, the window): a command that
# only reads or writes snapshots through its own connection never queues a write here.
if TYPE_CHECKING:
    import asyncio

DEFAULT_EXCHANGE_RETENTION = 20_000
_GROUP_LIMIT = 512
_PRUNE_EVERY = 500
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
SIDE_FILES = ("-wal", "-shm")
LOCK_SUFFIX = ".lock"
_QUICK_CHECK_ROWS = 20

_DELETED_THROUGH = "notifications_deleted_through"


class StoreError(SaidError):
    """The store file cannot be used (newer schema, not a database, unwritable): a
    ``store.*`` catalog line, said in the run's language by ``describe(lang)``; SQLite's or
    the system's own words in its params stay as they came."""


class StoreLocked(StoreError):
    """Another process (a ``listen`` or a window) has the store open for writing."""


class StoreDamaged(StoreError):
    """``PRAGMA quick_check`` found damage; ``problems`` lists what it said."""

    def __init__(self, problems: list[str], /, **params: object) -> None:
        super().__init__("store.damaged", **params)
        self.problems = problems


_SUBSCRIPTION_COLUMNS = (
    "id",
    "topic",
    "hub",
    "callback_path",
    "callback_url",
    "secret",
    "state",
    "reason",
    "reason_key",
    "reason_params",
    "flavour",
    "channel_capability",
    "requested_lease",
    "lease_seconds",
    "lease_expires",
    "verify_mode",
    "created",
    "updated",
)


class Store:
    """Open (creating or migrating) the store at ``path``; ``close()`` when done.

    Raises ``StoreLocked`` while another process writes to it, ``StoreDamaged`` when
    ``PRAGMA quick_check`` finds damage (unless ``read_only``: then ``problems`` lists
    it), and ``StoreError`` for anything else that makes it unusable.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        exchange_retention: int = DEFAULT_EXCHANGE_RETENTION,
        synchronous: str = "FULL",
        read_only: bool = False,
    ):
        """``synchronous``: FULL (default) makes each commit survive power loss; NORMAL
        still survives a killed process (the WAL is written before the 2xx) but not an OS
        crash, and saves an fsync per group."""
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        self.path = Path(path)
        self.exchange_retention = exchange_retention
        self.synchronous = synchronous
        self.read_only = read_only
        self.problems: list[str] = []
        self._closed = False
        self._read_lock = threading.Lock()
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock: StoreLock | None = None
        opened: list[sqlite3.Connection] = []
        try:
            self._check_path()
            if not read_only:
                _make_private_folder(self.path.parent)
                self._lock = StoreLock(self.path.with_name(self.path.name + LOCK_SUFFIX))
                _create_private_file(self.path)
            self._read = self._connect()
            opened.append(self._read)
            self.problems = _quick_check(self._read)
            if self.problems and not read_only:
                raise StoreDamaged(
                    self.problems,
                    path=self.path,
                    problem=self.problems[0],
                    count=len(self.problems),
                )
            self._migrate(self._read, read_only=read_only)
            found = self._read.execute("PRAGMA table_info(notifications)").fetchall()
            self._keyed_reasons = REASON_COLUMNS[0] in {row[1] for row in found}
            self._id_lock = threading.Lock()
            self._next_exchange_id = _highest_exchange_id(self._read)
            if not read_only:
                _tighten_modes(self.path)
                writer = self._connect()
                opened.append(writer)
        except StoreInUse as exc:
            self._abandon(opened)
            raise StoreLocked("store.in-use", path=self.path) from exc
        except sqlite3.DatabaseError as exc:
            self._abandon(opened)
            raise StoreError("store.unusable", path=self.path, reason=exc) from exc
        except OSError as exc:
            self._abandon(opened)
            reason = exc.strerror or exc
            raise StoreError("store.unusable", path=self.path, reason=reason) from exc
        except BaseException:
            self._abandon(opened)
            raise
        if not read_only:
            self._thread = threading.Thread(
                target=self._write_loop, args=(writer,), name="explorer-store-writer", daemon=True
            )
            self._thread.start()

    def _check_path(self) -> None:
        """Refuse what SQLite would misuse or block on: a folder, a FIFO, a device."""
        try:
            mode = self.path.stat().st_mode
        except FileNotFoundError:
            if self.read_only:
                raise StoreError("store.missing", path=self.path) from None
            return
        if stat.S_ISDIR(mode):
            raise StoreError("store.is-directory", path=self.path)
        if not stat.S_ISREG(mode):
            raise StoreError("store.not-regular", path=self.path)

    def _abandon(self, connections: list[sqlite3.Connection]) -> None:
        for conn in connections:
            conn.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _connect(self) -> sqlite3.Connection:
        if self.read_only:
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            conn = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=30)
            conn.isolation_level = None
            conn.execute(schema.UNTRUSTED)
            return conn
        # SQLite makes -wal and -shm itself; a private umask keeps them 0600 however the
        # process was started (docs/reliability.md).
        previous = os.umask(0o077)
        try:
            conn = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=30
            )
            conn.execute(schema.UNTRUSTED)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self.synchronous}")
        finally:
            os.umask(previous)
        return conn

    def _migrate(self, conn: sqlite3.Connection, *, read_only: bool = False) -> None:
        """Refuse a file that holds code, then bring its tables to the registry's."""
        try:
            schema.check_objects(conn, self.path)
            schema.migrate(conn, read_only=read_only)
        except schema.SchemaError as exc:
            raise StoreError(exc.key, **exc.params) from None

    # --- the writer thread -------------------------------------------------------

    def _write_loop(self, conn: sqlite3.Connection) -> None:
        """Commit queued writes in groups: one transaction and one executemany per table.

        Few, large steps keep the writer from contending with the event loop for the GIL.
        A group that fails is retried item by item so one bad row fails only its writer.
        """
        exchanges_since_prune = 0
        while True:
            first = self._queue.get()
            if first is None:
                break
            batch: list[_Write] = [first]
            stop = False
            # A delete ends its group: what is queued after it is not deleted by it.
            while len(batch) < _GROUP_LIMIT and first.kind != _DELETE:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
                if item.kind == _DELETE:
                    break
            try:
                values = self._commit(conn, batch)
                errors: list[BaseException | None] = [None] * len(batch)
            except Exception:  # the writer must outlive any bad row: retry one by one
                values, errors = [], []
                for item in batch:
                    try:
                        values.extend(self._commit(conn, [item]))
                        errors.append(None)
                    except Exception as exc:
                        values.append(None)
                        errors.append(exc)
            exchanges_since_prune += sum(item.kind == _EXCHANGE for item in batch)
            if exchanges_since_prune >= _PRUNE_EVERY:
                with contextlib.suppress(sqlite3.Error):
                    self._prune(conn)
                exchanges_since_prune = 0
            _resolve(batch, values, errors)
            if stop:
                break
        conn.close()

    @staticmethod
    def _commit(conn: sqlite3.Connection, batch: list[_Write]) -> list[Any]:
        """Write ``batch`` in one transaction; the value for each item (a notification id)."""
        values: list[Any] = [None] * len(batch)
        try:
            conn.execute("BEGIN IMMEDIATE")
            notes = [i for i, item in enumerate(batch) if item.kind == _NOTIFICATION]
            if notes:
                # Ids are assigned here, under the write lock, so one executemany serves all;
                # above every id ever given, deleted ones included.
                first = _highest_notification_id(conn) + 1
                rows = []
                for offset, index in enumerate(notes):
                    values[index] = first + offset
                    rows.append((first + offset, *batch[index].params))
                conn.executemany(_INSERT_NOTIFICATION, rows)
                for index in notes:  # rows that must commit with their delivery, or not at all
                    if (also := batch[index].also) is not None:
                        also(conn, values[index])
            for kind, sql in ((_SUBSCRIPTION, _UPSERT_SUBSCRIPTION), (_EXCHANGE, _INSERT_EXCHANGE)):
                rows = [item.params for item in batch if item.kind == kind]
                if rows:
                    conn.executemany(sql, rows)
            for index, item in enumerate(batch):
                if item.kind == _DELETE:  # last in its group: after the inserts before it
                    values[index] = _delete_notifications(conn, *item.params)
                elif item.kind == _CALL and item.also is not None:
                    values[index] = item.also(conn, 0)
            conn.execute("COMMIT")
        except Exception:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return values

    def _prune(self, conn: sqlite3.Connection) -> None:
        conn.execute(
            "DELETE FROM exchanges WHERE id <= (SELECT MAX(id) FROM exchanges) - ?",
            (self.exchange_retention,),
        )

    def _submit(
        self, kind: str, params: tuple[Any, ...], also: InTransaction | None = None
    ) -> asyncio.Future[Any]:
        """Queue a write; the future resolves after the group holding it is committed."""
        if self._closed:
            raise StoreError("store.closed")
        if self.read_only:
            raise StoreError("store.read-only")
        import asyncio  # loaded already: the caller runs in its loop

        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put(_Write(kind, params, loop, future, also))
        return future

    # --- writes --------------------------------------------------------------------

    async def add_notification(
        self, record: NotificationRecord, *, also: InTransaction | None = None
    ) -> int:
        """Commit a delivery; returns its id once it is durable. ``also(conn, id)`` writes
        rows that belong to it (a forwarding queue entry) in the same transaction."""
        row = (
            record.subscription_id,
            record.topic,
            record.received,
            record.status,
            record.signature,
            *stored_reason(record.reason),
            record.content_type,
            json.dumps(record.headers),
            record.body,
            record.capability,
            record.from_time,
            record.until_time,
            json.dumps(record.summary) if record.summary is not None else None,
            json.dumps([f.to_stored() for f in record.findings]),
        )
        record.id = await self._submit(_NOTIFICATION, row, also)
        return record.id

    async def in_transaction(self, write: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``write(conn)`` in the writer's transaction (tables of a feature's own
        module); returns its value once committed."""
        return await self._submit(_CALL, (), lambda conn, _id: write(conn))

    def read(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        """A read on the reading connection (for a feature's own tables)."""
        return self._query(sql, params)

    async def save_subscription(self, row: dict[str, Any]) -> None:
        """Insert or replace a subscription row (keys: ``_SUBSCRIPTION_COLUMNS``)."""
        await self._submit(_SUBSCRIPTION, tuple(row.get(name) for name in _SUBSCRIPTION_COLUMNS))

    async def delete_notifications(self, through_id: int | None = None) -> int:
        """Delete stored deliveries with ids up to ``through_id`` (None: every one committed
        before this call); returns how many, once the deletion is durable. Subscriptions
        and the exchange log are left as they are."""
        if through_id is not None and through_id < 0:
            raise ValueError(f"through_id must not be negative, not {through_id}")
        deleted: int = await self._submit(_DELETE, (through_id,))
        return deleted

    def reserve_exchange_id(self) -> int:
        """The next exchange id, given at once (thread-safe): an exchange has its id from
        the moment it is logged, so the window's live rows and the rows read back from the
        store are the same records, and every export names it. Only this process writes
        the store (its lock), so the ids it hands out are the ones stored."""
        with self._id_lock:
            self._next_exchange_id += 1
            return self._next_exchange_id

    def log_exchange(self, record: ExchangeRecord) -> None:
        """Give ``record`` its id and queue it; it is committed with the next group (not
        awaited). A read-only store numbers it all the same and keeps nothing."""
        if record.id is None:
            record.id = self.reserve_exchange_id()
        if self._closed or self.read_only:
            return
        self._queue.put(_Write(_EXCHANGE, exchange_row(record), None, None))

    async def flush(self) -> None:
        """Wait until everything queued so far is committed."""
        await self._submit(_FLUSH, ())

    def close(self) -> None:
        """Commit what is queued, stop the writer and close both connections."""
        if self._closed:
            return
        self._closed = True
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
        with self._read_lock:
            self._read.close()
        if self._lock is not None:  # after the writer's last commit
            self._lock.release()
            self._lock = None

    # --- reads ---------------------------------------------------------------------

    def _query(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:
        with self._read_lock:
            try:
                cursor = self._read.execute(sql, params)
                cursor.row_factory = sqlite3.Row
                return cursor.fetchall()
            except sqlite3.DatabaseError as exc:  # a damaged store opened read-only
                raise StoreError("store.unusable", path=self.path, reason=exc) from exc

    def subscriptions(self) -> list[dict[str, Any]]:
        return [dict(row) for row in self._query("SELECT * FROM subscriptions ORDER BY created")]

    def notifications(
        self,
        *,
        subscription_id: str | None = None,
        after_id: int = 0,
        limit: int = -1,
        status: str | None = None,
        bodies: bool = True,
    ) -> list[NotificationRecord]:
        """Stored deliveries in arrival order, optionally filtered; without ``bodies`` each
        body is empty (``notification_body`` reads one at a time)."""
        columns = "*" if bodies else self._without_body()
        sql = f"SELECT {columns} FROM notifications WHERE id > ?"
        params: list[Any] = [after_id]
        if subscription_id is not None:
            sql += " AND subscription_id = ?"
            params.append(subscription_id)
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        sql += " ORDER BY id LIMIT ?"
        params.append(limit)
        return [_notification_from_row(row) for row in self._query(sql, tuple(params))]

    def notification_body(self, notification_id: int) -> bytes:
        """One stored delivery's body (empty when there is no such delivery)."""
        rows = self._query("SELECT body FROM notifications WHERE id = ?", (notification_id,))
        return bytes(rows[0]["body"]) if rows else b""

    def latest_notifications(self, limit: int, *, bodies: bool = True) -> list[NotificationRecord]:
        """The newest ``limit`` stored deliveries, oldest first. Without ``bodies`` each
        record's body is empty: a list of rows need not read megabytes of payloads."""
        columns = "*" if bodies else self._without_body()
        return [
            _notification_from_row(row) for row in self._newest("notifications", limit, columns)
        ]

    def latest_exchanges(self, limit: int) -> list[ExchangeRecord]:
        """The newest ``limit`` exchanges of the log, oldest first."""
        return [_exchange_from_row(row) for row in self._newest("exchanges", limit)]

    def _without_body(self) -> str:
        """The notification columns but the body; a store older than schema 3 opened
        read-only (so not migrated) has no reason key, and its reasons read as verbatim."""
        absent = (f"NULL AS {column}" for column in REASON_COLUMNS)
        reasons = ", ".join(REASON_COLUMNS if self._keyed_reasons else absent)
        return _NOTIFICATION_COLUMNS_WITHOUT_BODY.format(reason_columns=reasons)

    def _newest(self, table: str, limit: int, columns: str = "*") -> list[sqlite3.Row]:
        """The newest ``limit`` rows of ``table``, oldest first: one step down the id index
        (a keyset read of only those rows), whatever gaps deletions or pruning left."""
        return self._query(
            f"SELECT * FROM (SELECT {columns} FROM {table} ORDER BY id DESC LIMIT ?) ORDER BY id",
            (limit,),
        )

    def count_notifications(self, status: str | None = None) -> int:
        if status is None:
            rows = self._query("SELECT COUNT(*) AS n FROM notifications")
        else:
            rows = self._query(
                "SELECT COUNT(*) AS n FROM notifications WHERE status = ?", (status,)
            )
        count: int = rows[0]["n"]
        return count

    def last_until(self, subscription_id: str) -> str | None:
        """``until`` of the latest accepted notification on a subscription (for continuity)."""
        rows = self._query(
            "SELECT until_time FROM notifications WHERE subscription_id = ? AND "
            "status = 'notification' AND until_time IS NOT NULL ORDER BY id DESC LIMIT 1",
            (subscription_id,),
        )
        return rows[0]["until_time"] if rows else None

    def exchanges(self, *, after_id: int = 0, limit: int = -1) -> list[ExchangeRecord]:
        rows = self._query(
            "SELECT * FROM exchanges WHERE id > ? ORDER BY id LIMIT ?", (after_id, limit)
        )
        return [_exchange_from_row(row) for row in rows]

    def lease_exchanges(self, limit: int) -> list[ExchangeRecord]:
        """The newest ``limit`` subscription and unsubscription requests and the hub's
        verifications of intent (WebSub §5.1, §5.3), oldest first: a lease's history."""
        rows = self._query(
            "SELECT * FROM (SELECT * FROM exchanges WHERE kind IN"
            " ('subscribe', 'unsubscribe', 'verification') ORDER BY id DESC LIMIT ?)"
            " ORDER BY id",
            (limit,),
        )
        return [_exchange_from_row(row) for row in rows]


_NOTIFICATION, _SUBSCRIPTION, _EXCHANGE = "notification", "subscription", "exchange"
_NOTIFICATION_COLUMNS_WITHOUT_BODY = (
    "id, subscription_id, topic, received, status, signature, reason, {reason_columns}, "
    "content_type, headers, X'' AS body, capability, from_time, until_time, summary, findings"
)
_FLUSH, _DELETE, _CALL = "flush", "delete", "call"
InTransaction = Callable[[sqlite3.Connection, int], Any]
"""Run in the writer's transaction, with the id of the notification it belongs to."""

_INSERT_NOTIFICATION = (
    "INSERT INTO notifications (id, subscription_id, topic, received, status, signature, "
    "reason, reason_key, reason_params, content_type, headers, body, capability, from_time, "
    "until_time, summary, findings) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
_INSERT_EXCHANGE = (
    "INSERT INTO exchanges (id, time, direction, kind, method, url, status, duration_ms, "
    "request_headers, request_body, request_size, response_headers, response_body, "
    "response_size, body_cap, error) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
)
_UPSERT_SUBSCRIPTION = (
    f"INSERT OR REPLACE INTO subscriptions ({', '.join(_SUBSCRIPTION_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in _SUBSCRIPTION_COLUMNS)})"
)


def insert_exchange(conn: sqlite3.Connection, record: ExchangeRecord) -> int:
    """Insert ``record`` on ``conn`` (inside the caller's transaction); returns its id. For
    a module that writes an exchange together with rows of its own tables."""
    cursor = conn.execute(_INSERT_EXCHANGE, exchange_row(record))
    return int(cursor.lastrowid or 0)


def exchange_row(record: ExchangeRecord) -> tuple[Any, ...]:
    """The row to insert; an id not yet given (None) is chosen by SQLite."""
    return (
        record.id,
        record.time,
        record.direction,
        record.kind,
        record.method,
        record.url,
        record.status,
        record.duration_ms,
        json.dumps(record.request_headers),
        record.request_body,
        record.request_size,
        json.dumps(record.response_headers),
        record.response_body,
        record.response_size,
        record.body_cap,
        record.error,
    )


def _highest_exchange_id(conn: sqlite3.Connection) -> int:
    """The highest exchange id stored; 0 when a damaged store (opened read-only) cannot
    say: its ids are then only the session's own."""
    try:
        return int(conn.execute("SELECT COALESCE(MAX(id), 0) FROM exchanges").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0


def _highest_notification_id(conn: sqlite3.Connection) -> int:
    """The highest notification id ever given: stored, or deleted since."""
    row = conn.execute(
        "SELECT MAX(COALESCE((SELECT MAX(id) FROM notifications), 0), "
        "COALESCE((SELECT value FROM store_marks WHERE name = ?), 0))",
        (_DELETED_THROUGH,),
    ).fetchone()
    highest: int = row[0]
    return highest


def _delete_notifications(conn: sqlite3.Connection, through_id: int | None) -> int:
    """Inside the writer's transaction: delete, and remember the highest id deleted."""
    highest = _highest_notification_id(conn)
    through = highest if through_id is None else min(through_id, highest)
    deleted = conn.execute("DELETE FROM notifications WHERE id <= ?", (through,)).rowcount
    conn.execute(
        "INSERT INTO store_marks (name, value) VALUES (?, ?) "
        "ON CONFLICT (name) DO UPDATE SET value = MAX(value, excluded.value)",
        (_DELETED_THROUGH, through),
    )
    return int(deleted)


def _make_private_folder(folder: Path) -> None:
    """Create ``folder`` 0700; tighten the explorer's own data folder if it is looser."""
    if not folder.exists():
        folder.mkdir(parents=True, mode=PRIVATE_FOLDER)
        folder.chmod(PRIVATE_FOLDER)
    elif folder.name == APP_DIR and folder.stat().st_mode & 0o077:
        folder.chmod(PRIVATE_FOLDER)


def _create_private_file(path: Path) -> None:
    """Create a missing store file 0600 before SQLite does (it would use the umask)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE))


def _tighten_modes(path: Path) -> None:
    """Make the store and its side files 0600, as an older explorer may have left them."""
    for name in (path, *(path.with_name(path.name + suffix) for suffix in SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            if name.stat().st_mode & 0o077:
                name.chmod(PRIVATE_FILE)


def _quick_check(conn: sqlite3.Connection) -> list[str]:
    """What ``PRAGMA quick_check`` reports (empty when the store is sound)."""
    try:
        rows = conn.execute(f"PRAGMA quick_check({_QUICK_CHECK_ROWS})").fetchall()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_CORRUPT:
            return [str(exc)]
        raise
    lines = [line.strip() for row in rows for line in str(row[0]).splitlines()]
    if lines == ["ok"]:
        return []
    return [line for line in lines if line and not line.startswith("***")][:_QUICK_CHECK_ROWS]


@dataclass(slots=True)
class _Write:
    """One queued write; ``future`` (on ``loop``) is settled once it is committed."""

    kind: str
    params: tuple[Any, ...]
    loop: asyncio.AbstractEventLoop | None
    future: asyncio.Future[Any] | None
    also: InTransaction | None = None


def _resolve(batch: list[_Write], values: list[Any], errors: list[BaseException | None]) -> None:
    """Settle the batch's futures with one wake-up per event loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[tuple[Any, Any, Any]]] = {}
    for item, value, error in zip(batch, values, errors, strict=True):
        if item.loop is not None:
            by_loop.setdefault(item.loop, []).append((item.future, value, error))
    for loop, settled in by_loop.items():
        with contextlib.suppress(RuntimeError):  # that loop has closed meanwhile
            loop.call_soon_threadsafe(_settle, settled)


def _settle(settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, value, error in settled:
        if future.done():
            continue
        if error is not None:
            failed = error if isinstance(error, StoreError) else None
            future.set_exception(failed or StoreError("store.write-failed", reason=error))
        else:
            future.set_result(value)


def _notification_from_row(row: sqlite3.Row) -> NotificationRecord:
    return NotificationRecord(
        id=row["id"],
        subscription_id=row["subscription_id"],
        topic=row["topic"],
        received=row["received"],
        status=row["status"],
        signature=row["signature"],
        reason=reason_of(row["reason"], *_reason_columns(row)),
        content_type=row["content_type"],
        headers=[tuple(pair) for pair in json.loads(row["headers"])],
        body=bytes(row["body"]),
        capability=row["capability"],
        from_time=row["from_time"],
        until_time=row["until_time"],
        summary=json.loads(row["summary"]) if row["summary"] else None,
        findings=[Finding.from_json(item) for item in json.loads(row["findings"])],
    )


def _reason_columns(row: sqlite3.Row) -> tuple[str | None, str | None]:
    """A row's reason key and params; None from a store older than schema 3 opened
    read-only (its reasons are English only)."""
    if "reason_key" not in row.keys():  # noqa: SIM118 (``in`` on a Row looks at values)
        return None, None
    return row["reason_key"], row["reason_params"]


def _exchange_from_row(row: sqlite3.Row) -> ExchangeRecord:
    return ExchangeRecord(
        id=row["id"],
        time=row["time"],
        direction=row["direction"],
        kind=row["kind"],
        method=row["method"],
        url=row["url"],
        status=row["status"],
        duration_ms=row["duration_ms"],
        request_headers=[tuple(p) for p in json.loads(row["request_headers"])],
        request_body=row["request_body"],
        request_size=row["request_size"],
        response_headers=[tuple(p) for p in json.loads(row["response_headers"])],
        response_body=row["response_body"],
        response_size=row["response_size"],
        body_cap=row["body_cap"],
        error=row["error"],
    )
