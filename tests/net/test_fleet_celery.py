"""The fleet's Celery side without a worker: the claim hands out each due turn once and
only commits once every turn is sent; the app is configured for at-least-once delivery;
a broker or database that does not answer is refused naming which."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from celery import Celery
from helpers.fleet_db import fresh_database
from helpers.fleet_services import redis_server

from explorer.core.fleet.fleet_file import SourcePlan
from explorer.net.fleet.broker import BrokerUnreachable
from explorer.net.fleet.celery_app import DISPATCH_QUEUE, dispatch, fleet_app, run_check
from explorer.net.fleet.celery_run import check_ready
from explorer.net.fleet.database import FleetDatabase, FleetNotInitialised, FleetUnreachable
from explorer.net.fleet.runner import ALREADY_DONE

URLS = ("https://a.example.org/", "https://b.example.org/", "https://c.example.org/")


@pytest.fixture
def dsn(cluster: str) -> str:
    """A fleet of three Sources, each due now, every minute."""
    dsn = fresh_database(cluster)
    with FleetDatabase.connect(dsn) as database:
        database.migrate()
        database.put_sources([SourcePlan(url, period=60) for url in URLS])
    return dsn


def _later() -> datetime:
    return datetime.now(UTC) + timedelta(seconds=1)


def _due_times(dsn: str) -> list[tuple[str, str]]:
    with FleetDatabase.connect(dsn) as database:
        rows = database.connection.execute("SELECT url, next_run FROM fleet_sources ORDER BY url")
        return [(url, due.isoformat()) for url, due in rows]


def test_dispatch_sends_each_due_source_once_with_its_turn(dsn: str) -> None:
    """A turn is when the Source was due, not when it was claimed: claimed again after a
    dispatcher died before its commit, it is the same turn, which the runner checks once."""
    sent: list[tuple[str, str]] = []
    due = _due_times(dsn)
    now = _later()
    assert dispatch(dsn, lambda url, turn: sent.append((url, turn)), now) == 3
    assert sorted(sent) == due and all(turn != now.isoformat() for _, turn in sent)
    assert dispatch(dsn, lambda url, turn: sent.append((url, turn)), now) == 0
    assert len(sent) == 3
    next_turn = now + timedelta(seconds=61)
    assert dispatch(dsn, lambda url, turn: sent.append((url, turn)), next_turn) == 3


def test_a_dispatch_that_dies_while_sending_leaves_the_sources_due(dsn: str) -> None:
    """Claimed but not sent would be a turn lost: the claim commits after the sends."""
    sent: list[str] = []

    def broken(url: str, turn: str) -> None:
        if sent:
            raise ConnectionError("the broker went away")
        sent.append(url)

    now = _later()
    with pytest.raises(ConnectionError):
        dispatch(dsn, broken, now)
    again: list[str] = []
    assert dispatch(dsn, lambda url, turn: again.append(url), now) == 3
    assert sorted(again) == list(URLS)


def test_the_app_delivers_at_least_once_and_routes_claims_apart() -> None:
    app = fleet_app("postgresql:///fleet", "redis://127.0.0.1:1/0", run_limit=15)
    conf = app.conf
    assert (conf.task_acks_late, conf.task_reject_on_worker_lost) == (True, True)
    assert conf.worker_prefetch_multiplier == 1
    options = conf.broker_transport_options
    assert options["visibility_timeout"] == 30
    assert options["unacked_restore_interval"] * options["unacked_restore_throttle"] <= 30
    assert conf.task_routes["explorer.fleet.dispatch_due"]["queue"] == DISPATCH_QUEUE
    assert set(app.tasks) >= {"explorer.fleet.check_source", "explorer.fleet.dispatch_due"}


def test_the_fleet_tasks_stay_in_their_own_app() -> None:
    """Two fleet apps in one process (the window, the tests) and another Celery app
    finalized after them (a hub under test) must not meet: Celery 5.7 warns when one name is
    given two callables, and a shared task is given to every app finalized later."""
    first = fleet_app("postgresql:///a", "redis://127.0.0.1:1/0")
    second = fleet_app("postgresql:///b", "redis://127.0.0.1:1/0")
    other = Celery("a-hub", set_as_current=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        first.finalize()
        second.finalize()
        other.finalize()
    assert not any(name.startswith("explorer.fleet.") for name in other.tasks)


def test_an_unreachable_broker_is_named(dsn: str, tmp_path: Path) -> None:
    socket = tmp_path / "none.sock"
    app = fleet_app(dsn, f"redis+socket://{socket}")
    with pytest.raises(BrokerUnreachable) as refused:
        check_ready(app, dsn)
    said = str(refused.value)
    assert str(socket) in said and "--broker" in said
    assert "--broker" in refused.value.describe("ja")


def test_an_unreachable_or_empty_database_is_named(cluster: str, dsn: str, tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as broker:
        check_ready(fleet_app(dsn, broker), dsn)
        missing = dsn.partition("?host=")[0] + f"?host={tmp_path}/nowhere"
        with pytest.raises(FleetUnreachable):
            check_ready(fleet_app(missing, broker), missing)
        empty = fresh_database(cluster)
        with pytest.raises(FleetNotInitialised):
            check_ready(fleet_app(empty, broker), empty)


def test_a_turn_delivered_again_after_its_run_is_not_run_again(cluster: str) -> None:
    """Acks late: a worker that dies between the run's commit and the acknowledgement
    gets its message delivered again; the turn already has its run."""
    dsn = fresh_database(cluster)
    refused = "http://127.0.0.1:1/description.xml"  # nothing listens: an unreachable run
    with FleetDatabase.connect(dsn) as database:
        database.migrate()
        database.put_sources([SourcePlan(refused, period=60)])
    turn = datetime.now(UTC).isoformat()
    assert run_check(dsn, refused, turn) == {"url": refused, "turn": turn, "state": "unreachable"}
    assert run_check(dsn, refused, turn)["state"] == ALREADY_DONE
    later = (datetime.now(UTC) + timedelta(seconds=60)).isoformat()
    assert run_check(dsn, refused, later)["state"] == "unreachable"
    with FleetDatabase.connect(dsn) as database:
        states = database.connection.execute("SELECT state FROM fleet_runs").fetchall()
    assert states == [("unreachable",), ("unreachable",)]
