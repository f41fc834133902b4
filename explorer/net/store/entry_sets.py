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
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import islice
from json.encoder import encode_basestring

EntryRow = tuple[int, str, str | None, str | None, str | None, str | None, str | None, str | None]
"""position, loc, lastmod, hash, length, type, change, datetime."""

BATCH = 10_000
"""Rows of a set written by one ``executemany``."""
_ROW_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""``json.dumps(row, ensure_ascii=False)`` without building an encoder for every row."""
_QUOTED = encode_basestring
"""A string as ``json.dumps(..., ensure_ascii=False)`` writes it (the encoder's own)."""


def json_each_text(rows: list[tuple[object, ...]]) -> str | None:
    """``rows`` as one JSON array for an ``INSERT … SELECT … FROM json_each(?)``, or None
    when a value holds a NUL: SQLite's JSON ends a string there, so such rows go through
    ``executemany`` instead."""
    text = _ROW_JSON(rows)
    return None if "\\u0000" in text else text


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
    return _keyed(capability, rows)[0]


def _keyed(capability: str | None, rows: Iterable[EntryRow]) -> tuple[str, list[str]]:
    """The set's key, and its rows as JSON arrays of at most ``BATCH`` rows each (what
    ``keep_entries`` writes): the encoder runs once per batch for both."""
    digest = hashlib.sha256(json.dumps([capability]).encode("utf-8"))
    arrays: list[str] = []
    rows = iter(rows)
    while batch := list(islice(rows, BATCH)):
        array = _ROW_JSON(batch)
        digest.update(b"\n")
        digest.update(_lines(array, batch).encode("utf-8"))
        arrays.append(array)
    return digest.hexdigest(), arrays


def rows_json(rows: list[EntryRow]) -> str:
    """``"\n".join(map(row_json, rows))``, the same text, written by the encoder's C code
    in one call for the whole list."""
    return _lines(_ROW_JSON(rows), rows)


def _lines(array: str, rows: list[EntryRow]) -> str:
    """``rows`` one per line, from ``array``, the encoder's JSON of the list: it separates
    rows with ``"], ["``, which becomes a line break where the text holds no other ``"], ["``
    (a row's values are scalars, so only a string could hold one; then each row is
    written alone)."""
    if array.count("], [") != len(rows) - 1:
        return "\n".join(map(row_json, rows))
    return array[1:-1].replace("], [", "]\n[")


INSERT_ARRAY = (
    "INSERT INTO snapshot_set_entries SELECT ?1"
    + "".join(f", json_extract(value, '$[{index}]')" for index in range(8))
    + " FROM json_each(?2)"
)
"""A batch of a set's rows written from their JSON array by one statement: SQLite reads
it in C with the GIL released for the whole batch (``executemany`` took the GIL back
after each row, and the parse in the other thread kept it from getting it), so the lists
still being parsed are read meanwhile on the other core."""
INSERT_ROW = "INSERT INTO snapshot_set_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"


@dataclass(frozen=True, slots=True)
class KeyedEntries:
    """A set's rows ready to be kept: its capability, key and rows as JSON arrays of at
    most ``BATCH`` rows. Made where the rows are read (Python, holding the GIL), written
    later by ``keep_entries`` (SQLite, which releases it) on another thread."""

    capability: str | None
    digest: str
    arrays: list[str]


def keyed_entries(capability: str | None, rows: Iterable[EntryRow]) -> KeyedEntries:
    """``rows`` (read once) keyed and turned into the JSON ``keep_entries`` writes."""
    return KeyedEntries(capability, *_keyed(capability, rows))


def keep_entries(conn: sqlite3.Connection, keyed: KeyedEntries) -> int:
    """The id of the set holding ``keyed``'s rows, written now unless a set with that
    content is already kept. Runs inside the caller's write transaction, so no other
    writer deletes the set it reuses meanwhile."""
    capability, digest, arrays = keyed.capability, keyed.digest, keyed.arrays
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
    for array in arrays:
        if "\\u0000" in array:  # as ``json_each_text`` says: row by row, then
            rows_back = ((set_id, *row) for row in json.loads(array))
            count += conn.executemany(INSERT_ROW, rows_back).rowcount
        else:
            count += conn.execute(INSERT_ARRAY, (set_id, array)).rowcount
    conn.execute("UPDATE snapshot_entry_sets SET entries = ? WHERE id = ?", (count, set_id))
    return int(set_id or 0)


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

        set_id = keep_entries(conn, keyed_entries(capability, rows()))
        conn.execute(
            "UPDATE snapshot_documents SET entry_set = ? WHERE snapshot = ? AND url = ?",
            (set_id, snapshot, document),
        )
