"""A Source's state is derived from its runs, so a dead worker cannot leave it "ok"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from explorer.core.fleet.dsn import database_host, masked_dsn
from explorer.core.fleet.health import HealthState, RunState, SourceHealth, health_state

NOW = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("last", "ago", "running", "expected"),
    [
        (RunState.OK, 3500, False, HealthState.OK),
        (RunState.FINDINGS, 60, False, HealthState.FINDINGS),
        (RunState.UNREACHABLE, 60, False, HealthState.UNREACHABLE),
        (RunState.OK, 7201, False, HealthState.STALE),
        (RunState.OK, 7200, False, HealthState.OK),
        (None, None, False, HealthState.STALE),
        (RunState.OK, 60, True, HealthState.RUNNING),
        (None, None, True, HealthState.RUNNING),
    ],
)
def test_state_from_the_latest_run(
    last: RunState | None, ago: int | None, running: bool, expected: HealthState
) -> None:
    finished = NOW - timedelta(seconds=ago) if ago is not None else None
    assert health_state(last, finished, running, 3600, NOW) is expected


def test_health_json_holds_keys_not_english() -> None:
    row = SourceHealth(
        "https://a.example.org/",
        HealthState.UNREACHABLE,
        NOW,
        NOW + timedelta(hours=1),
        error={"key": "fleet.run.unreachable", "params": {"detail": "x"}},
    )
    data = row.to_json()
    assert data["state"] == "unreachable" and data["last_run_at"] == NOW.isoformat()
    assert data["error"] == {"key": "fleet.run.unreachable", "params": {"detail": "x"}}
    assert row.is_problem


@pytest.mark.parametrize(
    ("dsn", "masked", "host"),
    [
        (
            "postgresql://fleet:s3cret@db.example.org:5433/fleet",
            "postgresql://fleet:••••@db.example.org:5433/fleet",
            "db.example.org:5433",
        ),
        (
            "postgresql://fleet@/fleet?host=/run/postgresql&password=s3cret",
            "postgresql://fleet@/fleet?host=/run/postgresql&password=••••",
            "/run/postgresql",
        ),
        ("host=db1 dbname=fleet password=s3cret", "host=db1 dbname=fleet password=••••", "db1"),
        ("postgresql:///fleet", "postgresql:///fleet", "localhost"),
        (
            "redis://:s3cret@redis.example.org:6379/0",
            "redis://:••••@redis.example.org:6379/0",
            "localhost",
        ),
    ],
)
def test_a_dsn_is_shown_without_its_password(dsn: str, masked: str, host: str) -> None:
    assert masked_dsn(dsn) == masked
    assert "s3cret" not in masked_dsn(dsn)
    assert database_host(dsn) == host
