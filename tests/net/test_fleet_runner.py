"""One run of one Source: locked, written whole or not at all, compared, paced per host."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
from helpers.fleet_db import fresh_database
from helpers.fleet_sources import FleetSite, Resource, fleet_site

from explorer.core.fleet.fleet_file import AuditPlan, SourcePlan
from explorer.core.fleet.health import AUDIT_FAILED, AUDIT_IN_SYNC, AUDIT_OUT_OF_SYNC, HealthState
from explorer.net.fleet.database import FleetDatabase
from explorer.net.fleet.host_rate import host_key
from explorer.net.fleet.runner import ALREADY_DONE, SKIPPED, run_source


@pytest.fixture
def dsn(cluster: str) -> str:
    dsn = fresh_database(cluster)
    with FleetDatabase.connect(dsn) as database:
        database.migrate()
    return dsn


@pytest.fixture
def site() -> Iterator[FleetSite]:
    with fleet_site() as served:
        yield served


def _add(dsn: str, url: str, **plan: Any) -> None:
    with FleetDatabase.connect(dsn) as database:
        database.put_source(SourcePlan(url, **plan))


def _rows(dsn: str, query: str, *params: object) -> list[tuple[Any, ...]]:
    with psycopg.connect(dsn) as connection:
        return connection.execute(query.encode(), params).fetchall()


FAST = {"max_rate": 1000.0}


def _health(dsn: str) -> list[Any]:
    with FleetDatabase.connect(dsn) as database:
        return database.health()


def test_a_run_keeps_a_snapshot_that_refers_to_its_run(dsn: str, site: FleetSite) -> None:
    url = site.put("a", [[Resource("/r/1"), Resource("/r/2")], [Resource("/r/3")]])
    _add(dsn, url, **FAST)
    outcome = run_source(dsn, url)
    assert outcome.state == "ok" and outcome.snapshot_id is not None
    ((run_snapshot, state),) = _rows(dsn, "SELECT snapshot_id, state FROM fleet_runs")
    ((snapshot_run, documents, entries),) = _rows(
        dsn, "SELECT run_id, documents, entries FROM fleet_snapshots"
    )
    assert (run_snapshot, snapshot_run, state) == (outcome.snapshot_id, outcome.run_id, "ok")
    assert (documents, entries) == (5, 7)  # description, capability list, index, 2 lists
    (health,) = _health(dsn)
    assert health.state is HealthState.OK and health.latest_snapshot == outcome.snapshot_id


def test_changed_resources_are_kept_by_url(dsn: str, site: FleetSite) -> None:
    url = site.put("a", [[Resource("/r/1"), Resource("/r/2"), Resource("/r/3")]], [])
    _add(dsn, url, **FAST)
    assert run_source(dsn, url).changes == 0
    site.put(
        "a",
        [[Resource("/r/1"), Resource("/r/2", "2026-12-02T00:00:00Z", 9), Resource("/r/4")]],
        [("/r/2", "updated"), ("/r/4", "created")],
    )
    second = run_source(dsn, url)
    assert second.changes == 3
    changes = _rows(
        dsn,
        "SELECT url, kind, fields, announced FROM fleet_changes WHERE run_id = %s ORDER BY url",
        second.run_id,
    )
    root = f"{site.base}/a"
    assert changes == [
        (f"{root}/r/2", "updated", ["lastmod", "length"], True),
        (f"{root}/r/3", "deleted", [], False),
        (f"{root}/r/4", "created", [], True),
    ]
    (health,) = _health(dsn)
    assert (health.changes, health.unannounced) == (3, 1)


def test_a_turn_delivered_again_is_not_checked_twice(dsn: str, site: FleetSite) -> None:
    url = site.put("a", [[Resource("/r/1")]])
    _add(dsn, url, **FAST)
    turn = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
    first = run_source(dsn, url, scheduled_for=turn)
    again = run_source(dsn, url, scheduled_for=turn)
    assert (again.state, again.run_id, again.snapshot_id) == (
        ALREADY_DONE,
        first.run_id,
        first.snapshot_id,
    )
    assert run_source(dsn, url, scheduled_for=turn.replace(hour=13)).state == "ok"
    assert _rows(dsn, "SELECT count(*) FROM fleet_snapshots") == [(2,)]
    assert again.to_json()["state"] == "already-done"


def test_an_unreachable_source_keeps_no_snapshot_and_says_why(dsn: str, site: FleetSite) -> None:
    url = site.url("gone")
    _add(dsn, url, **FAST)
    outcome = run_source(dsn, url)
    assert (outcome.state, outcome.snapshot_id) == ("unreachable", None)
    assert _rows(dsn, "SELECT count(*) FROM fleet_snapshots") == [(0,)]
    (health,) = _health(dsn)
    assert health.state is HealthState.UNREACHABLE
    assert health.error is not None and health.error["key"] == "fleet.run.unreachable"


def test_a_second_run_of_a_source_is_skipped_while_the_first_holds_it(
    dsn: str, site: FleetSite
) -> None:
    url = site.put("a", [[Resource("/r/1")]])
    _add(dsn, url, **FAST)
    site.held["/a/resourcelist0.xml"] = gate = threading.Event()
    outcomes: list[str] = []
    first = threading.Thread(target=lambda: outcomes.append(run_source(dsn, url).state))
    first.start()
    try:
        _wait_for(lambda: site.requests("/a/resourcelist0.xml"))
        (health,) = _health(dsn)
        assert health.state is HealthState.RUNNING
        assert run_source(dsn, url).state == SKIPPED
    finally:
        gate.set()
        first.join(60)
    assert outcomes == ["ok"]
    assert _rows(dsn, "SELECT state FROM fleet_runs") == [("ok",)]


WROTE_ENTRIES = (
    "SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation"
    " WHERE c.relname = 'fleet_entries' AND l.mode = 'RowExclusiveLock' AND l.granted"
)


def test_a_worker_killed_mid_snapshot_leaves_no_snapshot_rows(dsn: str, site: FleetSite) -> None:
    many = [Resource(f"/r/{n}") for n in range(6000)]  # past one COPY batch
    url = site.put("a", [many, [Resource("/x/1")]])
    _add(dsn, url, **FAST)
    site.held["/a/resourcelist1.xml"] = gate = threading.Event()
    worker = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from explorer.net.fleet.runner import run_source;"
            " run_source(sys.argv[1], sys.argv[2])",
            dsn,
            url,
        ]
    )
    try:
        _wait_for(lambda: site.requests("/a/resourcelist1.xml"))
        # the worker's transaction has written entries (COPY holds this lock until it ends)
        _wait_for(lambda: _rows(dsn, WROTE_ENTRIES))
    finally:
        worker.kill()
        worker.wait(30)
    for table in ("fleet_snapshots", "fleet_documents", "fleet_entries", "fleet_findings"):
        assert _rows(dsn, f"SELECT count(*) FROM {table}") == [(0,)], table
    assert _rows(dsn, "SELECT state FROM fleet_runs") == [("running",)]
    gate.set()
    outcome = run_source(dsn, url)
    assert (outcome.state, outcome.abandoned) == ("ok", 1)
    assert _rows(dsn, "SELECT state FROM fleet_runs ORDER BY id") == [("abandoned",), ("ok",)]
    listed = "SELECT count(*) FROM fleet_entries WHERE capability = 'resourcelist'"
    assert _rows(dsn, listed) == [(6001,)]


def test_a_snapshot_is_sent_on_the_crawls_writer_thread(dsn: str, site: FleetSite) -> None:
    """Each document's rows go to PostgreSQL from the crawl's writer thread, not from the
    event loop that parses the next list, and all of them are there when the run ends."""
    from unittest import mock

    from explorer.net.fleet import snapshot_sink

    url = site.put("a", [[Resource("/r/1"), Resource("/r/2")], [Resource("/r/3")]])
    _add(dsn, url, **FAST)
    threads: list[str] = []
    copy = snapshot_sink.SnapshotSink._copy

    def watched(sink: snapshot_sink.SnapshotSink, statement: str, rows: list[Any]) -> None:
        if statement == snapshot_sink.COPY_ENTRIES and rows:
            threads.append(threading.current_thread().name)
        copy(sink, statement, rows)

    # a batch of one row: every document's entries are sent as soon as it is read
    with (
        mock.patch.object(snapshot_sink, "BATCH", 1),
        mock.patch.object(snapshot_sink.SnapshotSink, "_copy", watched),
    ):
        outcome = run_source(dsn, url)
    assert outcome.state == "ok"
    assert len(threads) == 5  # the description, capability list, index and both lists
    assert all(name.startswith("explorer-sink") for name in threads), threads
    assert _rows(dsn, "SELECT count(*) FROM fleet_entries") == [(7,)]


def test_requests_to_one_host_are_spaced_across_workers(dsn: str, site: FleetSite) -> None:
    rate = 8.0
    urls = [site.put(name, [[Resource("/r/1")], [Resource("/r/2")]]) for name in ("a", "b")]
    for url in urls:
        _add(dsn, url, max_rate=rate)
    threads = [threading.Thread(target=run_source, args=(dsn, url)) for url in urls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    arrivals = [at for at, _ in site.requests()]
    gaps = [later - earlier for earlier, later in itertools.pairwise(arrivals)]
    assert len(arrivals) >= 8
    # each request waited for its own slot: the whole span holds every gap, and no two
    # requests came as a burst (arrival jitter only moves a request within its slot)
    assert arrivals[-1] - arrivals[0] >= (len(arrivals) - 1) / rate - 0.05
    assert min(gaps) > 0.5 / rate
    assert _rows(dsn, "SELECT host FROM fleet_hosts") == [(host_key(urls[0]),)]


def test_a_closed_source_is_read_with_the_credentials_file_it_names(
    dsn: str, site: FleetSite, tmp_path: Path
) -> None:
    url = site.put("closed", [[Resource("/r/1")]])
    site.tokens["closed"] = "t0ken"
    credentials = tmp_path / "credentials.toml"
    credentials.write_text(f'["{site.base}"]\ntoken = "t0ken"\n')
    _add(dsn, url, credentials=str(credentials), **FAST)
    assert run_source(dsn, url).state == "ok"
    credentials.unlink()
    outcome = run_source(dsn, url)
    (health,) = _health(dsn)
    assert outcome.state == "unreachable" and health.error is not None
    assert health.error["key"] == "fleet.run.failed"
    assert str(credentials) in health.error["english"]
    assert "t0ken" not in json.dumps(health.to_json())


def test_the_audit_verdict_is_kept_with_the_run(dsn: str, site: FleetSite, tmp_path: Path) -> None:
    url = site.put("a", [[Resource("/r/1", length=3)]])
    copy = tmp_path / "copy"
    (copy / "a" / "r").mkdir(parents=True)
    _add(dsn, url, audit=AuditPlan(str(copy)), **FAST)
    run_source(dsn, url)
    (health,) = _health(dsn)
    assert health.audit == AUDIT_OUT_OF_SYNC and health.is_problem  # /a/r/1 is missing
    (copy / "a" / "r" / "1").write_text("abc")
    site.put("a", [[Resource("/r/1", lastmod=_mtime(copy / "a" / "r" / "1"), length=3)]])
    run_source(dsn, url)
    (health,) = _health(dsn)
    assert health.audit == AUDIT_IN_SYNC and not health.is_problem


def test_an_audit_that_cannot_judge_says_why(dsn: str, site: FleetSite, tmp_path: Path) -> None:
    url = site.put("a", [[Resource("/r/1")], [Resource("/r/2")]])
    site.failing.add("/a/resourcelist1.xml")
    _add(dsn, url, audit=AuditPlan(str(tmp_path)), **FAST)
    assert run_source(dsn, url).state == "findings"  # the list that answers 500
    (health,) = _health(dsn)
    assert health.audit == AUDIT_FAILED and health.is_problem
    assert health.error is not None and health.error["key"] == "audit.list-unreadable"


def _mtime(path: Path) -> str:
    moment = datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(microsecond=0)
    os.utime(path, (moment.timestamp(), moment.timestamp()))
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_host_keys_name_the_server() -> None:
    assert host_key("HTTPS://Data.Example.org/a") == "data.example.org:443"
    assert host_key("http://a.example.org:8080/b") == "a.example.org:8080"
    assert host_key("http://a.example.org/") == "a.example.org:80"


def _wait_for(condition: Any, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.02)
