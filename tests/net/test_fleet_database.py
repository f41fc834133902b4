"""The fleet's database: versioned schema, Sources, the schedule claimed atomically."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from helpers.fleet_db import fresh_database

from explorer.core.fleet.fleet_file import SourcePlan
from explorer.core.fleet.health import HealthState
from explorer.net.fleet import schema
from explorer.net.fleet.database import (
    FleetDatabase,
    FleetNotInitialised,
    FleetUnreachable,
    SourceUnknown,
)

T0 = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


@pytest.fixture
def dsn(cluster: str) -> str:
    return fresh_database(cluster)


@pytest.fixture
def fleet(dsn: str) -> Iterator[FleetDatabase]:
    with FleetDatabase.connect(dsn) as database:
        database.migrate()
        yield database


def _due_at(fleet: FleetDatabase, url: str, moment: datetime) -> None:
    fleet.connection.execute("UPDATE fleet_sources SET next_run = %s WHERE url = %s", (moment, url))


def test_migration_is_versioned_and_applied_once(dsn: str) -> None:
    with FleetDatabase.connect(dsn) as database:
        with pytest.raises(FleetNotInitialised):
            database.require_schema()
        assert database.migrate() == len(schema.STEPS)
        assert database.migrate() == 0
        database.require_schema()
        row = database.connection.execute(
            "SELECT version FROM explorer_schema WHERE feature = 'fleet'"
        ).fetchone()
        assert row == (len(schema.STEPS),)


def test_the_version_table_is_shared_with_other_features(dsn: str) -> None:
    with FleetDatabase.connect(dsn) as database:
        database.connection.execute(schema.VERSION_TABLE.encode())
        database.connection.execute("INSERT INTO explorer_schema VALUES ('listen', 3)")
        database.migrate()
        rows = database.connection.execute(
            "SELECT feature, version FROM explorer_schema ORDER BY feature"
        ).fetchall()
    assert rows == [("fleet", len(schema.STEPS)), ("listen", 3)]


def test_the_listen_store_and_the_fleet_meet_in_either_order(dsn: str) -> None:
    import psycopg

    from explorer.net.fleet.listen import listen_schema

    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(listen_schema.RECONCILE_TABLE.encode())
        connection.execute(
            "INSERT INTO fleet_reconcile (source_url, outcome) VALUES ('https://a.org/', 'ok')"
        )
    with FleetDatabase.connect(dsn) as database:
        database.migrate()
        database.put_source(SourcePlan("https://a.org/"))
        assert [row.reconcile for row in database.health()] == ["ok"]


def test_two_processes_migrating_at_once_apply_each_step_once(dsn: str) -> None:
    applied: list[int] = []

    def migrate() -> None:
        with FleetDatabase.connect(dsn) as database:
            applied.append(database.migrate())

    threads = [threading.Thread(target=migrate) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(applied) == [0, 0, len(schema.STEPS)]


def test_a_newer_schema_is_refused(fleet: FleetDatabase) -> None:
    fleet.connection.execute("UPDATE explorer_schema SET version = 99 WHERE feature = 'fleet'")
    with pytest.raises(schema.SchemaTooNew) as caught:
        fleet.require_schema()
    assert "upgrade" in str(caught.value)


def test_an_unreachable_database_is_named_without_its_password(tmp_path: object) -> None:
    dsn = f"postgresql://fleet:s3cret@/fleet?host={tmp_path}&connect_timeout=2"
    with pytest.raises(FleetUnreachable) as caught:
        FleetDatabase.connect(dsn)
    said = str(caught.value)
    assert f"the database at {tmp_path}" in said and "--db" in said
    assert "s3cret" not in said


def test_sources_are_added_updated_and_removed(fleet: FleetDatabase) -> None:
    plan = SourcePlan("https://a.example.org/", period=900)
    assert fleet.put_sources([plan, SourcePlan("https://b.example.org/")]) == (2, 0)
    assert fleet.put_sources([SourcePlan("https://a.example.org/", period=60)]) == (0, 1)
    assert fleet.source("https://a.example.org/")[1].period == 60
    assert [p.url for p in fleet.sources()] == ["https://a.example.org/", "https://b.example.org/"]
    assert fleet.remove_source("https://a.example.org/")
    assert not fleet.remove_source("https://a.example.org/")
    with pytest.raises(SourceUnknown):
        fleet.source("https://a.example.org/")


def test_claim_due_advances_the_schedule_in_the_table(fleet: FleetDatabase) -> None:
    fleet.put_sources([SourcePlan(f"https://s{n}.example.org/", period=600) for n in range(3)])
    for n in range(3):
        _due_at(fleet, f"https://s{n}.example.org/", T0 + timedelta(minutes=n))
    assert fleet.claim_due(T0 + timedelta(minutes=1), 10) == [
        "https://s0.example.org/",
        "https://s1.example.org/",
    ]
    # a restarted claimer at the same moment finds nothing more due: the turn is taken
    assert fleet.claim_due(T0 + timedelta(minutes=1), 10) == []
    assert fleet.claim_due(T0 + timedelta(minutes=10), 10) == [
        "https://s0.example.org/",
        "https://s2.example.org/",
    ]
    rows = dict(fleet.connection.execute("SELECT url, next_run FROM fleet_sources").fetchall())
    assert rows["https://s0.example.org/"] == T0 + timedelta(minutes=20)
    assert fleet.claim_due_turns(T0 + timedelta(minutes=20), 10) == [
        ("https://s0.example.org/", T0 + timedelta(minutes=20)),
        ("https://s1.example.org/", T0 + timedelta(minutes=11)),
        ("https://s2.example.org/", T0 + timedelta(minutes=12)),
    ]


def test_turns_missed_while_nothing_claimed_are_skipped_not_replayed(
    fleet: FleetDatabase,
) -> None:
    fleet.put_source(SourcePlan("https://a.example.org/", period=60))
    _due_at(fleet, "https://a.example.org/", T0)
    assert fleet.claim_due(T0 + timedelta(minutes=10, seconds=30), 10) == ["https://a.example.org/"]
    assert fleet.claim_due(T0 + timedelta(minutes=10, seconds=59), 10) == []
    row = fleet.connection.execute("SELECT next_run FROM fleet_sources").fetchone()
    assert row == (T0 + timedelta(minutes=11),)


def test_claimers_at_once_never_hand_out_a_turn_twice(fleet: FleetDatabase, dsn: str) -> None:
    urls = [f"https://s{n}.example.org/" for n in range(40)]
    fleet.put_sources([SourcePlan(url, period=3600) for url in urls])
    fleet.connection.execute("UPDATE fleet_sources SET next_run = %s", (T0,))
    claimed: list[str] = []
    lock = threading.Lock()

    def claim() -> None:
        with FleetDatabase.connect(dsn) as database:
            while got := database.claim_due(T0, 3):
                with lock:
                    claimed.extend(got)

    threads = [threading.Thread(target=claim) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(claimed) == sorted(urls)


def test_a_source_never_run_reads_stale_with_its_next_run(fleet: FleetDatabase) -> None:
    fleet.put_source(SourcePlan("https://a.example.org/"))
    fleet.connection.execute(
        "INSERT INTO fleet_reconcile (source_url, outcome) VALUES (%s, 'in-sync')",
        ("https://a.example.org/",),
    )
    (row,) = fleet.health()
    assert row.state is HealthState.STALE and row.last_run_at is None
    assert row.next_run_at is not None and row.reconcile == "in-sync"
