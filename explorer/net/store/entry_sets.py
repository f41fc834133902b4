"""A snapshot document's entries, kept once by their content (the snapshot feature's
tables in ``schema.py``).

``inspect --save --every`` takes the same Source again and again, and most of its
documents list the same entries each time: a row per entry per snapshot grew the store
by about 276 bytes per entry per round. So a document's entries form one *entry set*,
keyed by the SHA-256 of its capability and its rows (position, loc and metadata); a
snapshot's document row names its set, and a later snapshot whose copy of the document
lists the same entries names the same set. A changed document gets a set of its own; a
set no snapshot names any more is deleted with the last snapshot that named it.

The store's second snapshot step (``schema._shared_entries``) also uses ``move_entries``
here to bring the rows an earlier explorer kept per snapshot into sets.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from json.encoder import encode_basestring

EntryRow = tuple[int, str, str | None, str | None, str | None, str | None, str | None, str | None]
"""position, loc, lastmod, hash, length, type, change, datetime."""

BATCH = 10_000
"""Rows of a set written by one ``executemany``."""
_ROW_JSON = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(row, ensure_ascii=False)`` without building an encoder for every row."""
_QUOTED = encode_basestring
"""A string as ``json.dumps(..., ensure_ascii=False)`` writes it (the encoder's own)."""


def row_json(row: EntryRow) -> str:
    """``json.dumps(row, ensure_ascii=False)``, the same text, for a row of the shape every
    row has (an ``int`` and strings or None): written in one f-string, as the encoder
    would (its ``", "`` separator, ``null``, its quoting), in about a third of the encoder's
    time, which set up its machinery for each row (a tenth of a 200,000-entry snapshot).
    Any other value goes through the encoder itself."""
    position, loc, lastmod, hash_, length, type_, change, datetime = row
    if type(position) is not int:  # a bool is ``true`` to the encoder
        return _ROW_JSON(row)
    try:
        return (
            f"[{int.__repr__(position)}, {_QUOTED(loc)},"
            f" {'null' if lastmod is None else _QUOTED(lastmod)},"
            f" {'null' if hash_ is None else _QUOTED(hash_)},"
            f" {'null' if length is None else _QUOTED(length)},"
            f" {'null' if type_ is None else _QUOTED(type_)},"
            f" {'null' if change is None else _QUOTED(change)},"
            f" {'null' if datetime is None else _QUOTED(datetime)}]"
        )
    except TypeError:  # a value neither a string nor None (a number, from a store's rows)
        return _ROW_JSON(row)


def set_digest(capability: str | None, rows: Iterable[EntryRow]) -> str:
    """The key of a set: the same capability and rows give the same digest. Each row
    adds a line break and its JSON; the key is kept by stores of earlier releases, whose
    unchanged documents must keep finding their sets."""
    digest = hashlib.sha256(json.dumps([capability]).encode("utf-8"))
    lines: list[str] = []
    for row in rows:
        lines.append(row_json(row))
        if len(lines) >= BATCH:
            digest.update(("\n" + "\n".join(lines)).encode("utf-8"))
            lines.clear()
    if lines:
        digest.update(("\n" + "\n".join(lines)).encode("utf-8"))
    return digest.hexdigest()


def keep_entries(
    conn: sqlite3.Connection, capability: str | None, rows: Callable[[], Iterable[EntryRow]]
) -> int:
    """The id of the set holding ``rows()`` (read twice: once for the key, once to write
    them), written now unless a set with that content is already kept. Runs inside the
    caller's write transaction, so no other writer deletes the set it reuses meanwhile."""
    digest = set_digest(capability, rows())
    found = conn.execute(
        "SELECT id FROM snapshot_entry_sets WHERE digest = ?", (digest,)
    ).fetchone()
    if found is not None:
        return int(found[0])
    cursor = conn.execute(
        "INSERT INTO snapshot_entry_sets (digest, capability, entries) VALUES (?, ?, 0)",
        (digest, capability),
    )
    set_id = cursor.lastrowid
    count = 0
    insert = "INSERT INTO snapshot_set_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    for batch in _batches(rows(), set_id):
        conn.executemany(insert, batch)
        count += len(batch)
    conn.execute("UPDATE snapshot_entry_sets SET entries = ? WHERE id = ?", (count, set_id))
    return int(set_id or 0)


def _batches(rows: Iterable[EntryRow], set_id: int | None) -> Iterator[list[tuple[object, ...]]]:
    """``rows`` with the set's id in front, ``BATCH`` at a time: one prepared statement
    runs over a list (no Python generator resumed per row), and a set read back from a
    store's cursor is never held whole."""
    batch: list[tuple[object, ...]] = []
    for row in rows:
        batch.append((set_id, *row))
        if len(batch) >= BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def drop_unnamed(conn: sqlite3.Connection, sets: Iterable[int]) -> None:
    """Delete those of ``sets`` that no snapshot document names any more."""
    for set_id in sets:
        named = conn.execute(
            "SELECT 1 FROM snapshot_documents WHERE entry_set = ? LIMIT 1", (set_id,)
        ).fetchone()
        if named is None:
            conn.execute("DELETE FROM snapshot_set_entries WHERE entry_set = ?", (set_id,))
            conn.execute("DELETE FROM snapshot_entry_sets WHERE id = ?", (set_id,))


def move_entries(conn: sqlite3.Connection) -> None:
    """Turn the per-snapshot rows of ``snapshot_entries`` (snapshot feature version 1)
    into entry sets named by their documents, one document at a time (a store's millions
    of rows are never held at once). Rows whose document row is missing had no document
    to be shown under; they go with the old table."""
    documents = conn.execute(
        "SELECT DISTINCT e.snapshot, e.document FROM snapshot_entries e JOIN snapshot_documents d"
        " ON d.snapshot = e.snapshot AND d.url = e.document ORDER BY e.snapshot, e.document"
    ).fetchall()
    for snapshot, document in documents:
        capability = conn.execute(
            "SELECT capability FROM snapshot_entries WHERE snapshot = ? AND document = ? LIMIT 1",
            (snapshot, document),
        ).fetchone()[0]

        def rows(snapshot: int = snapshot, document: str = document) -> Iterable[EntryRow]:
            return conn.execute(
                "SELECT position, loc, lastmod, hash, length, type, change, datetime"
                " FROM snapshot_entries WHERE snapshot = ? AND document = ? ORDER BY position",
                (snapshot, document),
            )

        set_id = keep_entries(conn, capability, rows)
        conn.execute(
            "UPDATE snapshot_documents SET entry_set = ? WHERE snapshot = ? AND url = ?",
            (set_id, snapshot, document),
        )
