"""Links between exchanges: which stored delivery or exchange a replayed one came from.

A table of its own in the store's SQLite file (``exchange_links``, declared in
``schema``), which a store opened for writing has; a store of an older release opened
read-only may lack it, and then has no links. The exchange and its link are written by
one transaction on a connection of this module, so a link never points at an exchange
that was not committed. The caller holds the store open for writing (its lock), so no
other process writes meanwhile; SQLite serialises this connection with the store's own
writer thread.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from explorer.net.store import schema
from explorer.net.store.database import insert_exchange
from explorer.net.store.records import ExchangeRecord

DELIVERY, EXCHANGE = "delivery", "exchange"
"""What a link points at: a stored notification (delivery) or an exchange of the log."""

_BUSY_SECONDS = 30


@dataclass(frozen=True, slots=True)
class ExchangeLink:
    """``exchange_id`` was made from ``original_kind`` ``original_id`` (``relation``: replay)."""

    exchange_id: int
    original_kind: str
    original_id: int
    relation: str = "replay"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.original_kind, "id": self.original_id, "relation": self.relation}


def write_linked_exchange(
    path: Path, record: ExchangeRecord, original_kind: str, original_id: int, relation: str
) -> ExchangeLink:
    """Commit ``record`` and its link in one transaction; blocking (run it in a thread)."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=_BUSY_SECONDS)
    try:
        conn.execute(schema.UNTRUSTED)
        conn.execute("BEGIN IMMEDIATE")
        try:
            exchange_id = insert_exchange(conn, record)
            conn.execute(
                "INSERT INTO exchange_links (exchange_id, original_kind, original_id, relation) "
                "VALUES (?, ?, ?, ?)",
                (exchange_id, original_kind, original_id, relation),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    finally:
        conn.close()
    record.id = exchange_id
    return ExchangeLink(exchange_id, original_kind, original_id, relation)


def read_links(path: Path, exchange_ids: list[int]) -> dict[int, ExchangeLink]:
    """The links of ``exchange_ids`` (read-only; a store without the table has none)."""
    if not exchange_ids:
        return {}
    uri = f"{path.resolve().as_uri()}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=_BUSY_SECONDS)
    try:
        conn.execute(schema.UNTRUSTED)
        marks = ",".join("?" for _ in exchange_ids)
        with contextlib.suppress(sqlite3.OperationalError):  # no such table: no links
            rows = conn.execute(
                "SELECT exchange_id, original_kind, original_id, relation FROM exchange_links "
                f"WHERE exchange_id IN ({marks})",
                exchange_ids,
            ).fetchall()
            return {row[0]: ExchangeLink(*row) for row in rows}
        return {}
    finally:
        conn.close()
