"""What changed between a Source's previous snapshot and this one, by resource URL.

The Source's resources are its Resource Lists' entries: a URL listed now and not before
was created, one listed before and not now was deleted, one whose ``lastmod``, ``hash``,
``length`` or ``type`` differs was updated, with those fields named. Each change is kept
(``fleet_changes``), not only counted, so a reader can ask which resources moved. A change
no Change List of this snapshot lists is unannounced, counted only for Sources that
publish Change Lists at all (a Source without one announces nothing, by design).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import psycopg

COMPARE = (
    "WITH cur AS (SELECT DISTINCT ON (loc) loc, lastmod, hash, length, type"
    "  FROM fleet_entries WHERE snapshot_id = %(cur)s AND capability = 'resourcelist'"
    "  ORDER BY loc, document, position),"
    " prev AS (SELECT DISTINCT ON (loc) loc, lastmod, hash, length, type"
    "  FROM fleet_entries WHERE snapshot_id = %(prev)s AND capability = 'resourcelist'"
    "  ORDER BY loc, document, position),"
    " diff AS (SELECT coalesce(c.loc, p.loc) AS url,"
    "  CASE WHEN p.loc IS NULL THEN 'created' WHEN c.loc IS NULL THEN 'deleted'"
    "  ELSE 'updated' END AS kind,"
    "  CASE WHEN p.loc IS NULL OR c.loc IS NULL THEN '{}'::TEXT[] ELSE array_remove(ARRAY["
    "   CASE WHEN c.lastmod IS DISTINCT FROM p.lastmod THEN 'lastmod' END,"
    "   CASE WHEN c.hash IS DISTINCT FROM p.hash THEN 'hash' END,"
    "   CASE WHEN c.length IS DISTINCT FROM p.length THEN 'length' END,"
    "   CASE WHEN c.type IS DISTINCT FROM p.type THEN 'type' END], NULL) END AS fields"
    "  FROM cur c FULL JOIN prev p ON c.loc = p.loc"
    "  WHERE p.loc IS NULL OR c.loc IS NULL OR c.lastmod IS DISTINCT FROM p.lastmod"
    "  OR c.hash IS DISTINCT FROM p.hash OR c.length IS DISTINCT FROM p.length"
    "  OR c.type IS DISTINCT FROM p.type)"
    " INSERT INTO fleet_changes (run_id, snapshot_id, previous_snapshot, url, kind, fields,"
    "  announced)"
    " SELECT %(run)s, %(cur)s, %(prev)s, d.url, d.kind, d.fields,"
    "  EXISTS (SELECT 1 FROM fleet_entries a WHERE a.snapshot_id = %(cur)s"
    "  AND a.capability = 'changelist' AND a.loc = d.url) FROM diff d"
)


def previous_snapshot(
    connection: psycopg.Connection[tuple[Any, ...]], source_id: int, before: int
) -> int | None:
    """The Source's newest snapshot older than ``before`` (committed ones only: a snapshot
    exists only once its run finished)."""
    row = connection.execute(
        "SELECT max(id) FROM fleet_snapshots WHERE source_id = %s AND id < %s",
        (source_id, before),
    ).fetchone()
    return int(row[0]) if row is not None and row[0] is not None else None


def record_changes(
    connection: psycopg.Connection[tuple[Any, ...]], run_id: int, current: int, previous: int
) -> tuple[int, int]:
    """Store the changes from ``previous`` to ``current``: (changes, unannounced)."""
    connection.execute(COMPARE, {"run": run_id, "cur": current, "prev": previous})
    row = connection.execute(
        "SELECT count(*), count(*) FILTER (WHERE NOT announced),"
        " EXISTS (SELECT 1 FROM fleet_documents WHERE snapshot_id = %(cur)s"
        "  AND capability = 'changelist')"
        " FROM fleet_changes WHERE run_id = %(run)s",
        {"run": run_id, "cur": current},
    ).fetchone()
    assert row is not None
    changes, unannounced, has_change_lists = row
    return int(changes), int(unannounced) if has_change_lists else 0
