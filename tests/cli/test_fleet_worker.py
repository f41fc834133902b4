"""``fleet worker`` and ``fleet beat`` as processes: a small fleet checked end to end through
Redis, a warm stop on SIGTERM, and one clear line (exit 2) naming whichever of the broker
and the database does not answer."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers.fleet_db import fresh_database
from helpers.fleet_services import redis_server
from helpers.fleet_sources import Resource, fleet_site

from explorer.core.fleet.fleet_file import SourcePlan
from explorer.net.fleet.database import FleetDatabase

RUN_BOUND = 90.0
"""Seconds for three Sources to be checked once by one worker (a busy two-core machine)."""


@pytest.fixture
def dsn(cluster: str) -> str:
    dsn = fresh_database(cluster)
    with FleetDatabase.connect(dsn) as database:
        database.migrate()
    return dsn


def _fleet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "fleet", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _start(folder: Path, name: str, *args: str) -> subprocess.Popen[bytes]:
    with (folder / f"{name}.log").open("w") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "explorer", "fleet", name, *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _finished_runs(dsn: str) -> dict[str, str]:
    with FleetDatabase.connect(dsn) as database:
        rows = database.connection.execute(
            "SELECT s.url, r.state FROM fleet_runs r JOIN fleet_sources s ON s.id = r.source_id"
            " WHERE r.finished_at IS NOT NULL"
        ).fetchall()
    return {str(url): str(state) for url, state in rows}


def test_beat_hands_out_each_due_source_and_a_worker_checks_it(dsn: str, tmp_path: Path) -> None:
    with fleet_site() as site, redis_server(tmp_path / "redis") as broker:
        urls = []
        for name in ("a", "b"):
            urls.append(site.put(name, [[Resource(f"/r/{n}") for n in range(3)]]))
        gone = "http://127.0.0.1:1/description.xml"
        with FleetDatabase.connect(dsn) as database:
            database.put_sources([SourcePlan(url, period=3600) for url in [*urls, gone]])
        beat = _start(tmp_path, "beat", "--db", dsn, "--broker", broker)
        worker = _start(tmp_path, "worker", "--concurrency", "1", "--db", dsn, "--broker", broker)
        try:
            deadline = time.monotonic() + RUN_BOUND
            while len(runs := _finished_runs(dsn)) < 3 and time.monotonic() < deadline:
                assert worker.poll() is None and beat.poll() is None
                time.sleep(0.5)
        finally:
            for process in (beat, worker):
                process.terminate()  # the main process alone: a warm shutdown
            codes = [process.wait(30) for process in (beat, worker)]
    logs = "".join(log.read_text() for log in tmp_path.glob("*.log"))
    assert runs == {urls[0]: "ok", urls[1]: "ok", gone: "unreachable"}, logs
    assert codes == [0, 0], logs


def test_an_unreachable_broker_is_one_line_naming_it(dsn: str, tmp_path: Path) -> None:
    socket = tmp_path / "redis.sock"
    for command in ("worker", "beat"):
        for lang, fix in (("en", "correct --broker"), ("ja", "--broker を正してください")):
            done = _fleet(
                command, "--db", dsn, "--broker", f"redis+socket://{socket}", "--lang", lang
            )
            assert done.returncode == 2
            assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
            assert str(socket) in done.stderr and fix in done.stderr


def test_a_password_in_the_broker_url_is_never_shown(dsn: str) -> None:
    done = _fleet("worker", "--db", dsn, "--broker", "redis://user:s3cret@127.0.0.1:1/0")
    assert done.returncode == 2
    assert "127.0.0.1:1" in done.stderr and "s3cret" not in done.stderr


def test_an_unreachable_database_is_named_when_the_broker_answers(tmp_path: Path) -> None:
    with redis_server(tmp_path / "redis") as broker:
        missing = f"postgresql://explorer@/fleet?host={tmp_path}/nowhere"
        done = _fleet("beat", "--db", missing, "--broker", broker)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and f"{tmp_path}/nowhere" in done.stderr
    assert "--db" in done.stderr


def test_no_broker_given_nor_remembered(dsn: str) -> None:
    done = _fleet("worker", "--db", dsn)
    assert done.returncode == 2
    assert "--broker redis://" in done.stderr and "fleet init" in done.stderr


def test_the_commands_default_run_limit_is_the_apps() -> None:
    """Kept apart so ``fleet worker --help`` does not load Celery; they must agree."""
    from explorer.cli.fleet import worker
    from explorer.net.fleet import celery_app

    assert worker.RUN_LIMIT == celery_app.RUN_LIMIT
