"""The schema registry: one module creates every table, each step of a feature runs in a
transaction of its own, a store of the previous release upgrades with its rows, and a
store holding code (a trigger, a view) is refused before anything is read from it."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.net.store import schema
from explorer.net.store.database import Store, StoreError
from explorer.net.store.records import NotificationRecord
from explorer.net.store.schema import FEATURES, FORWARDING, SCHEMA_VERSION, Feature, migrate

ROOT = Path(__file__).resolve().parents[2]
PREVIOUS_RELEASE = Path(__file__).parent / "fixtures" / "store_b2dc524.sql"
"""The DDL the release before the registry (b2dc524) left in a store: its core tables at
``user_version`` 2 and the tables its other modules created on first use."""

SCHEMA_DEFINITION = re.compile(
    r"\b(?:CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|VIEW|TRIGGER)\s+"
    r"(?!(?:IF\s+NOT\s+EXISTS\s+)?temp\.)|ALTER\s+TABLE\b)"
)
"""A statement that shapes a file's schema (a comparison's ``temp.`` scratch does not)."""


def test_one_module_creates_every_table() -> None:
    """One registry per database: the SQLite store's, and the tables kept in PostgreSQL
    (the fleet and the shared listen store)."""
    defining = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "explorer").rglob("*.py")
        if SCHEMA_DEFINITION.search(path.read_text(encoding="utf-8"))
    )
    assert defining == ["explorer/net/fleet/schema.py", "explorer/net/store/schema.py"]


def previous_release_store(path: Path) -> None:
    """A store as b2dc524 left it, with a row in each of its tables."""
    conn = sqlite3.connect(path)
    conn.executescript(PREVIOUS_RELEASE.read_text(encoding="utf-8"))
    conn.executescript(
        """
        INSERT INTO subscriptions VALUES ('sub1', 'http://t/', 'http://hub/', '/cb/1',
            'http://127.0.0.1/cb/1', 's3cret', 'active', NULL, 'websub', NULL, 600, 600,
            1e10, 'sync', 1.0, 2.0);
        INSERT INTO notifications VALUES (7, 'sub1', 'http://t/', 3.0, 'notification',
            'valid', NULL, 'application/xml', '[]', X'3C612F3E', 'change-notification',
            NULL, '2026-01-01T00:00:00Z', NULL, '[]');
        INSERT INTO exchanges VALUES (1, 4.0, 'out', 'subscribe', 'POST', 'http://hub/',
            202, 1.5, '[]', X'', 0, '[]', NULL, NULL, 65536, NULL);
        INSERT INTO store_marks VALUES ('notifications_deleted_through', 9);
        INSERT INTO snapshots VALUES (1, 'before', 'http://src/', NULL, 5.0, 6.0, 1, 0);
        INSERT INTO snapshot_documents VALUES (1, 'http://src/rl.xml', NULL,
            'resourcelist', NULL, 'loaded', 200, NULL, NULL, NULL, 0, '{}');
        INSERT INTO exchange_links VALUES (1, 'delivery', 7, 'replay');
        INSERT INTO delivery_digests VALUES (7, 'sub1', 'abc');
        INSERT INTO forward_outbox VALUES (7, 'sub1', 3.5);
        INSERT INTO forward_answers VALUES (7, 3.6, 'http://app/', 500, 2.0, '', NULL, 1);
        """
    )
    conn.close()


def feature_versions(path: Path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT feature, version FROM schema_versions"))
    finally:
        conn.close()


def row_count(path: Path, table: str) -> int:
    conn = sqlite3.connect(path)
    try:
        count: int = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        return count
    finally:
        conn.close()


async def test_a_store_of_the_previous_release_upgrades_and_keeps_its_rows(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    previous_release_store(path)
    store = Store(path)
    try:
        assert [n.id for n in store.notifications()] == [7]
        assert store.notifications()[0].body == b"<a/>"
        assert [s["secret"] for s in store.subscriptions()] == ["s3cret"]
        assert [e.kind for e in store.exchanges()] == ["subscribe"]
        # ids stay above the highest ever deleted (store_marks came through)
        assert await store.add_notification(notification_like(store)) == 10
    finally:
        store.close()
    assert feature_versions(path) == {feature.name: feature.version for feature in FEATURES}
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    for table in (
        "snapshots",
        "snapshot_documents",
        "exchange_links",
        "delivery_digests",
        "forward_outbox",
        "forward_answers",
    ):
        assert row_count(path, table) == 1, table
    Store(path).close()  # a second open has nothing left to do
    assert row_count(path, "notifications") == 2


def notification_like(store: Store) -> NotificationRecord:
    record = store.notifications()[0]
    record.id = None
    return record


def test_a_previous_release_store_without_feature_tables_gains_them(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    previous_release_store(path)
    conn = sqlite3.connect(path)  # features it never used: their tables were never made
    conn.executescript("DROP TABLE forward_outbox; DROP TABLE forward_answers;")
    conn.close()
    reader = Store(path, read_only=True)  # reads it as it is, changing nothing
    reader.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()
    Store(path).close()
    assert row_count(path, "forward_outbox") == 0
    assert row_count(path, "notifications") == 1
    assert feature_versions(path)["forwarding"] == FORWARDING.version


def test_each_step_is_a_transaction_of_its_own_and_a_callable_rewrites_rows(
    tmp_path: Path,
) -> None:
    conn = sqlite3.connect(tmp_path / "s.sqlite3", isolation_level=None)
    table = Feature("notes", ("notes",), ("CREATE TABLE IF NOT EXISTS notes (text TEXT);",))
    migrate(conn, features=[table])
    conn.execute("INSERT INTO notes VALUES ('hello')")

    def shout(db: sqlite3.Connection) -> None:
        db.execute("UPDATE notes SET text = upper(text)")

    def broken(db: sqlite3.Connection) -> None:
        db.execute("UPDATE notes SET text = 'half done'")
        raise RuntimeError("step fails")

    with pytest.raises(RuntimeError):
        migrate(conn, features=[Feature("notes", ("notes",), (*table.steps, shout, broken))])
    # the step that committed stays; the failing one left nothing behind
    assert conn.execute("SELECT text FROM notes").fetchall() == [("HELLO",)]
    assert conn.execute("SELECT version FROM schema_versions").fetchall() == [(2,)]
    assert not conn.in_transaction
    migrate(conn, features=[Feature("notes", ("notes",), (*table.steps, shout, shout))])
    assert conn.execute("SELECT version FROM schema_versions").fetchall() == [(3,)]
    conn.close()


def test_a_newer_feature_is_refused_and_an_unknown_one_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_versions VALUES ('later_feature', 4)")
    conn.commit()
    conn.close()
    Store(path).close()  # a feature a later explorer added: its tables are not ours to read
    conn = sqlite3.connect(path)
    conn.execute("UPDATE schema_versions SET version = 99 WHERE feature = 'forwarding'")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=r"forwarding tables are at version 99.*upgrade"):
        Store(path)


def test_a_table_missing_a_column_its_version_promises_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.executescript("DROP TABLE forward_answers; CREATE TABLE forward_answers (x);")
    conn.close()
    with pytest.raises(StoreError, match="forward_answers lacks notification_id"):
        Store(path, read_only=True)


def test_a_claimed_registry_store_without_its_versions_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE subscriptions (id TEXT)")
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    conn.close()
    with pytest.raises(StoreError, match="schema_versions lacks"):
        Store(path)


def test_statements_are_split_whole() -> None:
    script = "CREATE TABLE a (x TEXT DEFAULT ';');\n\n  CREATE TABLE b (y);  \n"
    assert list(schema.statements(script)) == [
        "CREATE TABLE a (x TEXT DEFAULT ';');",
        "CREATE TABLE b (y);",
    ]


def hostile_store(path: Path) -> None:
    """An explorer-looking store whose ``notifications`` is a view that never ends, and
    whose exchange log has a trigger that would empty the subscriptions."""
    previous_release_store(path)
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        DROP TABLE notifications;
        CREATE VIEW notifications AS
            WITH RECURSIVE forever(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM forever)
            SELECT n AS id FROM forever;
        CREATE TRIGGER wipe AFTER INSERT ON exchanges BEGIN DELETE FROM subscriptions; END;
        """
    )
    conn.close()


@pytest.mark.parametrize("read_only", [False, True])
def test_a_store_holding_code_is_refused_unread(tmp_path: Path, read_only: bool) -> None:
    path = tmp_path / "handed-over.sqlite3"
    hostile_store(path)
    with pytest.raises(StoreError, match="holds SQL code \\(TRIGGER wipe; 2 in all\\)"):
        Store(path, read_only=read_only)
    conn = sqlite3.connect(path)
    names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert "schema_versions" not in names  # nothing was written to it


def test_export_refuses_a_store_holding_code_in_its_own_words(tmp_path: Path) -> None:
    path = tmp_path / "handed-over.sqlite3"
    hostile_store(path)
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "export", "--store", str(path), "--lang", "ja"],
        capture_output=True,
        text=True,
        timeout=120,  # a reader that ran the view would never end
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "TRIGGER wipe" in done.stderr
    assert "読まずに拒否しました" in done.stderr
    assert done.stdout == ""
