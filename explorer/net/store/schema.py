"""Every table of the explorer's SQLite files, declared in one place, and the migrations
that bring a store written by any earlier explorer up to them.

A feature (deliveries, forwarding, snapshots, ...) declares its tables as a ``Feature``:
its name, the tables it owns, and an ordered list of steps. Step ``i`` takes the feature
from version ``i`` to ``i + 1``; a step is SQL (one or more statements) or, for a data
migration that rewrites rows, a callable given the connection. ``Store`` calls
``migrate`` when it opens a file: each pending step runs in a transaction of its own,
which also records the feature's new version in ``schema_versions``, so a crash or a
failing step leaves the store at the last version that committed and the next open
carries on from there. A step is never edited once released; a change is a new step.

To add a table: add a step to an existing feature, or a new ``Feature`` to ``FEATURES``.
To convert stored rows (say, English reasons into catalog keys), append a callable step
to the feature that owns them; it runs inside the step's transaction and must not commit.

The first release that had this registry (``user_version`` 3) adopts the stores of the
releases before it: their core tables were versioned by ``PRAGMA user_version`` (1 or 2),
the feature tables were created on first use with ``CREATE TABLE IF NOT EXISTS``. So the
core feature starts at that version, and every other feature's first step is that same
``IF NOT EXISTS`` statement, which keeps a table an older explorer made and its rows.

A store is data, not code: someone may hand one over. ``check_objects`` refuses a file
holding a trigger (SQL run on our writes) or a view (SQL run on our reads, perhaps in
place of a table), before anything else is read from it; connections also set
``PRAGMA trusted_schema=OFF`` so an expression in the schema cannot call a function with
side effects.

The audit's scratch file and the watchdog's working file are declared here too
(``AUDIT_WORK``, ``RECONCILE_WORK``): one place holds every
``CREATE`` of the package, whatever file the tables live in.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from explorer.core.said_error import SaidError
from explorer.net.store.entry_sets import move_entries
from explorer.net.store.reasons import REASON_COLUMNS, REASON_TABLES, convert_reasons

Step = str | Callable[[sqlite3.Connection], None]
"""SQL statements, or a function run inside the step's transaction. A function must not
commit, and must also run on an empty database: ``expected_columns`` replays every step
in memory to learn the columns a version promises."""

SCHEMA_VERSION = 3
"""``PRAGMA user_version`` of a store whose features are versioned in ``schema_versions``;
1 and 2 were the releases before the registry (core tables only)."""
UNTRUSTED = "PRAGMA trusted_schema=OFF"
"""For every connection to a store: an expression in its schema (a default, a check, an
index) may call only functions that have no side effects."""
CORE = "store"
"""The feature whose version the releases before the registry kept in ``user_version``."""


@dataclass(frozen=True, slots=True)
class Feature:
    """One feature's tables: ``steps[i]`` takes it from version ``i`` to ``i + 1``."""

    name: str
    tables: tuple[str, ...]
    steps: tuple[Step, ...]

    @property
    def version(self) -> int:
        return len(self.steps)


class SchemaError(SaidError):
    """The file is not a store this explorer can use as it is (``store.*`` catalog keys)."""


_VERSION_COLUMNS = ("feature", "version")
_VERSIONS_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_versions "
    "(feature TEXT PRIMARY KEY, version INTEGER NOT NULL)"
)


def _add_columns(conn: sqlite3.Connection, table: str, columns: tuple[str, ...]) -> None:
    """Add the TEXT ``columns`` that ``table`` lacks: a store adopted from an older release
    may have some of them already, and a step must run on any of them."""
    found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
    for column in columns:
        if column not in found:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")


def _keyed_reasons(conn: sqlite3.Connection) -> None:
    """Reasons as a catalog key and params beside their English, the old English
    converted where it is exactly a line of its release (``net/store/reasons.py``)."""
    for table in REASON_TABLES:
        _add_columns(conn, table, REASON_COLUMNS)
    convert_reasons(conn)


def _keyed_errors(conn: sqlite3.Connection) -> None:
    """A forward's failure as a catalog key and params beside its English; the failures
    kept before (a system's words, mostly) stay verbatim."""
    _add_columns(conn, "forward_answers", ("error_key", "error_params"))


ENTRY_SETS = """
CREATE TABLE snapshot_entry_sets (
    id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, capability TEXT,
    entries INTEGER NOT NULL
);
CREATE TABLE snapshot_set_entries (
    entry_set INTEGER NOT NULL, position INTEGER NOT NULL, loc TEXT NOT NULL, lastmod TEXT,
    hash TEXT, length TEXT, type TEXT, change TEXT, datetime TEXT,
    PRIMARY KEY (entry_set, position)
) WITHOUT ROWID;
CREATE INDEX snapshot_documents_by_set ON snapshot_documents (entry_set);
"""
"""Entries kept by content: a document's entries are one set (keyed by the SHA-256 of its
capability and rows), which every snapshot whose copy of the document lists the same
entries names in ``snapshot_documents.entry_set``. Five snapshots of an unchanged Source
keep its entries once."""


def _shared_entries(conn: sqlite3.Connection) -> None:
    """Entry sets instead of a row per entry per snapshot; a store's existing rows move
    into them (``entry_sets.move_entries``), and the old table goes."""
    found = {row[1] for row in conn.execute("PRAGMA table_info(snapshot_documents)")}
    if "entry_set" not in found:
        conn.execute("ALTER TABLE snapshot_documents ADD COLUMN entry_set INTEGER")
    # a store adopted from ``user_version`` alone may hold the sets already (its features
    # were not versioned, so every step runs again): they and their rows stay
    if "snapshot_entry_sets" not in _tables(conn):
        for statement in statements(ENTRY_SETS):
            conn.execute(statement)
    conn.execute(  # the old rows are read a document at a time
        "CREATE INDEX snapshot_entries_by_document"
        " ON snapshot_entries (snapshot, document, position)"
    )
    move_entries(conn)
    conn.execute("DROP TABLE snapshot_entries")


DELIVERIES = Feature(
    CORE,
    ("subscriptions", "notifications", "exchanges", "store_marks"),
    (
        # 1: subscriptions, deliveries and the exchange log (user_version 1)
        """
        CREATE TABLE IF NOT EXISTS subscriptions (
            id TEXT PRIMARY KEY,
            topic TEXT NOT NULL,
            hub TEXT NOT NULL,
            callback_path TEXT NOT NULL UNIQUE,
            callback_url TEXT NOT NULL,
            secret TEXT,
            state TEXT NOT NULL,
            reason TEXT,
            flavour TEXT,
            channel_capability TEXT,
            requested_lease INTEGER,
            lease_seconds INTEGER,
            lease_expires REAL,
            verify_mode TEXT,
            created REAL NOT NULL,
            updated REAL NOT NULL
        );
        CREATE TABLE IF NOT EXISTS notifications (
            id INTEGER PRIMARY KEY,
            subscription_id TEXT NOT NULL,
            topic TEXT NOT NULL,
            received REAL NOT NULL,
            status TEXT NOT NULL,
            signature TEXT NOT NULL,
            reason TEXT,
            content_type TEXT,
            headers TEXT NOT NULL,
            body BLOB NOT NULL,
            capability TEXT,
            from_time TEXT,
            until_time TEXT,
            summary TEXT,
            findings TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS notifications_by_subscription
            ON notifications (subscription_id, id);
        CREATE TABLE IF NOT EXISTS exchanges (
            id INTEGER PRIMARY KEY,
            time REAL NOT NULL,
            direction TEXT NOT NULL,
            kind TEXT NOT NULL,
            method TEXT NOT NULL,
            url TEXT NOT NULL,
            status INTEGER,
            duration_ms REAL,
            request_headers TEXT NOT NULL,
            request_body BLOB,
            request_size INTEGER,
            response_headers TEXT NOT NULL,
            response_body BLOB,
            response_size INTEGER,
            body_cap INTEGER NOT NULL,
            error TEXT
        );
        """,
        # 2: the highest notification id ever deleted, so ids are never reused
        "CREATE TABLE IF NOT EXISTS store_marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL);",
        # 3: reasons as a catalog key and params beside their English; the English an
        # older release stored is converted where it is exactly one of its lines
        _keyed_reasons,
    ),
)

DELIVERY_MEMORY = Feature(
    "delivery_memory",
    ("delivery_digests",),
    (
        # 1: replay keys, committed with their delivery (net/live/delivery_memory.py)
        "CREATE TABLE IF NOT EXISTS delivery_digests (notification_id INTEGER PRIMARY KEY, "
        "subscription_id TEXT NOT NULL, digest TEXT NOT NULL);"
        "CREATE INDEX IF NOT EXISTS delivery_digests_by_key "
        "ON delivery_digests (subscription_id, digest);",
    ),
)

FORWARDING = Feature(
    "forwarding",
    ("forward_outbox", "forward_answers"),
    (
        # 1: the queue of deliveries owed to the application, and its answers
        # (net/live/forwarding/forward_outbox.py)
        "CREATE TABLE IF NOT EXISTS forward_outbox (notification_id INTEGER PRIMARY KEY, "
        "subscription_id TEXT NOT NULL, queued REAL NOT NULL);"
        "CREATE TABLE IF NOT EXISTS forward_answers (notification_id INTEGER PRIMARY KEY, "
        "time REAL NOT NULL, target TEXT NOT NULL, status INTEGER, duration_ms REAL, "
        "body TEXT, error TEXT, attempts INTEGER NOT NULL);",
        # 2: a failure as a catalog key and params beside its English (older ones: verbatim)
        _keyed_errors,
    ),
)

EXCHANGE_LINKS = Feature(
    "exchange_links",
    ("exchange_links",),
    (
        # 1: which delivery or exchange a replayed exchange came from
        # (net/store/exchange_links.py)
        """
        CREATE TABLE IF NOT EXISTS exchange_links (
            exchange_id INTEGER PRIMARY KEY,
            original_kind TEXT NOT NULL,
            original_id INTEGER NOT NULL,
            relation TEXT NOT NULL
        );
        """,
    ),
)

SNAPSHOTS = Feature(
    "snapshots",
    (
        "snapshots",
        "snapshot_documents",
        "snapshot_entry_sets",
        "snapshot_set_entries",
        "snapshot_findings",
    ),
    (
        # 1: a Source's documents, entries and findings at one moment
        # (net/history/snapshot_store.py)
        """
        CREATE TABLE IF NOT EXISTS snapshots (
            id INTEGER PRIMARY KEY, label TEXT, start_url TEXT NOT NULL, source TEXT,
            taken REAL NOT NULL, finished REAL, documents INTEGER, entries INTEGER
        );
        CREATE TABLE IF NOT EXISTS snapshot_documents (
            snapshot INTEGER NOT NULL, url TEXT NOT NULL, parent TEXT, capability TEXT,
            root TEXT, state TEXT NOT NULL, status INTEGER, etag TEXT, last_modified TEXT,
            digest TEXT, entries INTEGER, md TEXT NOT NULL, PRIMARY KEY (snapshot, url)
        );
        CREATE TABLE IF NOT EXISTS snapshot_entries (
            snapshot INTEGER NOT NULL, document TEXT NOT NULL, capability TEXT,
            position INTEGER, loc TEXT NOT NULL, lastmod TEXT, hash TEXT, length TEXT,
            type TEXT, change TEXT, datetime TEXT
        );
        CREATE INDEX IF NOT EXISTS snapshot_entries_by_loc
            ON snapshot_entries (snapshot, capability, loc, document, position);
        CREATE TABLE IF NOT EXISTS snapshot_findings (
            snapshot INTEGER NOT NULL, subject TEXT NOT NULL, code TEXT NOT NULL,
            severity TEXT NOT NULL, line INTEGER, message TEXT NOT NULL, spec TEXT
        );
        """,
        # 2: a document's entries kept once, however many snapshots list them unchanged
        # (net/store/entry_sets.py): the rows of version 1 move into entry sets
        _shared_entries,
    ),
)

CHANNEL_SETS = Feature(
    "channel_sets",
    ("channel_sets",),
    (
        # 1: the set of resources (Capability List) each subscribed channel belongs to, so
        # a restart primes the change tracker for it (net/store/channel_sets.py)
        "CREATE TABLE IF NOT EXISTS channel_sets (topic TEXT PRIMARY KEY, "
        "capability_list TEXT NOT NULL, change_topic TEXT);",
    ),
)

FEATURES: tuple[Feature, ...] = (
    DELIVERIES,
    DELIVERY_MEMORY,
    FORWARDING,
    EXCHANGE_LINKS,
    SNAPSHOTS,
    CHANNEL_SETS,
)
"""Every feature of the store, migrated in this order (the core first)."""

AUDIT_WORK = Feature(
    "audit_work",
    ("source", "changes", "local", "verdicts"),
    (
        # The audit's private scratch file (net/history/audit.py), made new for each run
        # (no versions: a step may change). ``seconds``: the lastmod as POSIX seconds.
        # Both sides are kept in loc order (WITHOUT ROWID), so the verdicts' join of a
        # million of each walks two B-trees side by side instead of looking each loc up.
        """
        CREATE TABLE source (
            loc TEXT PRIMARY KEY, stamp REAL NOT NULL, origin TEXT NOT NULL, change TEXT,
            lastmod TEXT, length TEXT, hash TEXT, document TEXT NOT NULL, datetime TEXT,
            seconds REAL
        ) WITHOUT ROWID;
        CREATE TABLE changes (
            seq INTEGER PRIMARY KEY, loc TEXT NOT NULL, stamp REAL NOT NULL, change TEXT,
            lastmod TEXT, length TEXT, hash TEXT, document TEXT NOT NULL, datetime TEXT,
            seconds REAL
        );
        CREATE TABLE local (
            loc TEXT PRIMARY KEY, path TEXT NOT NULL, mtime REAL, size INTEGER
        ) WITHOUT ROWID;
        CREATE TABLE verdicts (
            verdict TEXT NOT NULL, loc TEXT NOT NULL, path TEXT, origin TEXT NOT NULL,
            document TEXT, change TEXT, datetime TEXT, fields TEXT NOT NULL
        );
        """,
    ),
)
RECONCILE_WORK = Feature(
    "reconcile_work",
    ("listed", "notified", "sighted", "settled"),
    (
        # The watchdog's private working file (net/live/reconcile_table.py), one per
        # reconciled Capability List, deleted when it closes. A change is (loc, moment).
        """
        CREATE TABLE listed (loc TEXT NOT NULL, moment REAL NOT NULL, PRIMARY KEY (loc, moment))
            WITHOUT ROWID;
        CREATE TABLE notified (
            loc TEXT NOT NULL, moment REAL NOT NULL, PRIMARY KEY (loc, moment)
        ) WITHOUT ROWID;
        CREATE TABLE sighted (
            loc TEXT NOT NULL, moment REAL NOT NULL, first REAL NOT NULL,
            PRIMARY KEY (loc, moment)
        ) WITHOUT ROWID;
        CREATE TABLE settled (
            loc TEXT NOT NULL, moment REAL NOT NULL, at REAL NOT NULL, PRIMARY KEY (loc, moment)
        ) WITHOUT ROWID;
        """,
    ),
)
"""The reconcile's working tables: what one read of the Change Lists listed, the
notified changes of this check, changes listed but not yet a period old, and changes
matched or reported (kept ``RETENTION_PERIODS`` periods)."""

SAFETY_WORK = Feature(
    "safety_work",
    ("now", "flagged", "held"),
    (
        # plan's incremental safety (net/history/incremental_safety.py), a private file per
        # run: the Change List entries read now, those already flagged, and one stored
        # snapshot's Change List entries at a time (emptied before the next).
        """
        CREATE TABLE now (loc TEXT, change TEXT, stamp TEXT, at REAL, document TEXT);
        CREATE TABLE flagged (row INTEGER PRIMARY KEY);
        CREATE TABLE held (loc TEXT, change TEXT, stamp TEXT);
        CREATE INDEX held_key ON held (loc, change, stamp);
        """,
    ),
)
SAFETY_NOW_ORDER = "CREATE INDEX now_at ON now (at)"
"""Built once every entry read now is written (one sort, not an index kept up per insert)."""

PARITY_WORK = Feature(
    "parity_work",
    ("oai", "rs", "state"),
    (
        # plan --oai's private file per run (net/oai/parity_work.py): the OAI-PMH headers,
        # the ResourceSync entries (rank: a Change List entry replaces a Resource List
        # entry of the same moment) and each loc's latest state.
        """
        CREATE TABLE oai (identifier TEXT, datestamp TEXT, deleted INTEGER, loc TEXT);
        CREATE TABLE rs (loc TEXT, at REAL, rank INTEGER, lastmod TEXT, deleted INTEGER,
            stamp TEXT);
        CREATE TABLE state (loc TEXT, lastmod TEXT, deleted INTEGER, stamp TEXT);
        """,
    ),
)
PARITY_INDEXES = (
    "CREATE UNIQUE INDEX state_loc ON state (loc)",
    "CREATE INDEX oai_loc ON oai (loc)",
)
"""Built once their table is filled: ``state_loc`` after the latest states are chosen,
``oai_loc`` after the map has given every record its loc."""

AUDIT_VERDICTS_ORDER = "CREATE INDEX verdicts_in_order ON verdicts (verdict, loc)"
"""Built once every verdict is written (one sort, not an index kept up per insert)."""


def statements(script: str) -> Iterator[str]:
    """The statements of ``script`` one by one (``execute`` takes one at a time, and
    ``executescript`` would commit the step's transaction before running them)."""
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \t\r\n;"):
                yield pending.strip()
            pending = ""


def create_scratch(conn: sqlite3.Connection, feature: Feature) -> None:
    """Create a new, private file's tables (no versions: the file lives for one run)."""
    for step in feature.steps:
        _run(conn, step)


def open_scratch(feature: Feature, *, uri: bool = False) -> sqlite3.Connection:
    """A private working database with ``feature``'s tables, a transaction begun.

    SQLite's own temporary database (an empty file name): it spills to a file only past
    its page cache, removes that file when the connection closes, and, as it unlinks the
    file once open, leaves nothing behind a SIGKILL either. ``uri``: the connection may
    then ATTACH a database by its ``file:`` URI (a store read-only)."""
    conn = sqlite3.connect("", isolation_level=None, uri=uri)
    conn.execute("PRAGMA journal_mode=OFF")  # nothing to recover: the file dies with it
    conn.execute("PRAGMA synchronous=OFF")
    create_scratch(conn, feature)
    conn.execute("BEGIN")
    return conn


def check_objects(conn: sqlite3.Connection, path: object) -> None:
    """Refuse a file holding a trigger or a view: SQL that would run when the explorer
    writes or reads, which a store the explorer wrote never has."""
    rows = conn.execute(
        "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY type, name"
    ).fetchall()
    if rows:
        kind, name = rows[0]
        raise SchemaError(
            "store.holds-code", path=path, kind=str(kind).upper(), name=name, count=len(rows)
        )


def migrate(
    conn: sqlite3.Connection,
    *,
    read_only: bool = False,
    features: Sequence[Feature] = FEATURES,
) -> None:
    """Bring the store on ``conn`` (autocommit mode) to every feature's latest version;
    with ``read_only``, only check that it can be read as it is."""
    user_version = conn.execute("PRAGMA user_version").fetchone()[0]
    if user_version > SCHEMA_VERSION:
        raise SchemaError("store.schema-newer", version=user_version, supported=SCHEMA_VERSION)
    tables = _tables(conn)
    if user_version == 0:
        if tables:
            raise SchemaError("store.other-tables")
        if read_only:
            raise SchemaError("store.empty")
    versions = _versions(conn, user_version, features)
    _check_columns(conn, versions, features, user_version)
    if read_only:
        return
    if user_version < SCHEMA_VERSION:
        _adopt(conn, versions)
    for feature in features:
        for number in range(versions[feature.name], feature.version):
            _step(conn, feature, number)
            versions[feature.name] = number + 1
    _check_columns(conn, versions, features, SCHEMA_VERSION)


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _versions(
    conn: sqlite3.Connection, user_version: int, features: Sequence[Feature]
) -> dict[str, int]:
    """Each feature's version as the store says it (0: none of its steps has run)."""
    versions = {feature.name: 0 for feature in features}
    if user_version < SCHEMA_VERSION:  # a release before the registry, or a new file
        if CORE in versions:
            versions[CORE] = user_version
        return versions
    if "schema_versions" not in _tables(conn):
        raise SchemaError(
            "store.missing-columns",
            version=user_version,
            table="schema_versions",
            columns=", ".join(_VERSION_COLUMNS),
        )
    for name, version in conn.execute("SELECT feature, version FROM schema_versions"):
        if name in versions:
            versions[name] = version
    for feature in features:
        if versions[feature.name] > feature.version:
            raise SchemaError(
                "store.feature-newer",
                feature=feature.name,
                version=versions[feature.name],
                supported=feature.version,
            )
    return versions


def _adopt(conn: sqlite3.Connection, versions: dict[str, int]) -> None:
    """Make a new file, or an older release's store, one whose versions are kept per
    feature: one transaction, so a store is never half adopted."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(_VERSIONS_TABLE)
        conn.executemany(
            "INSERT OR REPLACE INTO schema_versions (feature, version) VALUES (?, ?)",
            versions.items(),
        )
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _step(conn: sqlite3.Connection, feature: Feature, number: int) -> None:
    """Run ``feature.steps[number]`` and record the version it reaches, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        _run(conn, feature.steps[number])
        conn.execute(
            "INSERT OR REPLACE INTO schema_versions (feature, version) VALUES (?, ?)",
            (feature.name, number + 1),
        )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _run(conn: sqlite3.Connection, step: Step) -> None:
    if callable(step):
        step(conn)
        return
    for statement in statements(step):
        conn.execute(statement)


def _check_columns(
    conn: sqlite3.Connection,
    versions: dict[str, int],
    features: Sequence[Feature],
    user_version: int,
) -> None:
    """Refuse a table that lacks a column its feature's version promises (someone else's
    database, or a file edited by hand) before anything is written to it."""
    present = _tables(conn)
    for feature in features:
        for table, columns in expected_columns(feature, versions[feature.name]).items():
            if table not in present:
                continue
            found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            if missing := [name for name in columns if name not in found]:
                raise SchemaError(
                    "store.missing-columns",
                    version=user_version,
                    table=table,
                    columns=", ".join(missing),
                )


_COLUMNS: dict[tuple[str, int], dict[str, list[str]]] = {}


def expected_columns(feature: Feature, version: int) -> dict[str, list[str]]:
    """The columns of each of ``feature``'s tables at ``version``: its first ``version``
    steps run on an empty database in memory (cached)."""
    key = (feature.name, version)
    if key not in _COLUMNS:
        conn = sqlite3.connect(":memory:", isolation_level=None)
        try:
            for step in feature.steps[:version]:
                _run(conn, step)
            _COLUMNS[key] = {
                table: [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
                for table in sorted(_tables(conn))
            }
        finally:
            conn.close()
    return _COLUMNS[key]
