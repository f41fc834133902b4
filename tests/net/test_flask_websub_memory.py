"""The memory checks against Flask-WebSub 0.4.1's hub as it runs in production: a web
process, a Celery worker process and Debian's redis-server (tests/helpers/
flask_websub_redis.py). Every verdict is asserted, and the figures the hub's own
configuration sets: the retry count and back-off, the lease floor, the store that
survives a ``kill -9``. The ten runs of the Done-when are tests/benchmarks/bench_hub_memory.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from helpers.flask_websub_redis import BACKOFF_BASE, MAX_ATTEMPTS, MIN_LEASE, RedisHub

from explorer.net.conformance import (
    MEMORY_CHECKS,
    CheckResult,
    ConformanceSettings,
    run_conformance,
)
from explorer.net.live.callback.callback_server import CallbackServer

SLACK = 1.0  # Celery's scheduling on a busy two-core machine, on top of the back-off

# Waits for this hub: its longest back-off is BACKOFF_BASE * 2**(MAX_ATTEMPTS-1) = 0.8 s.
SETTINGS = ConformanceSettings(
    verification_timeout=10.0,
    delivery_timeout=10.0,
    quiet_period=0.5,
    request_timeout=10.0,
    settle=1.0,  # the hub stores a verified subscription in a Celery task, afterwards
    retry_wait=2.5,
    retry_limit=30.0,
    short_lease=1,
    lease_wait=10.0,
    restart_timeout=60.0,
)


@pytest.fixture
def redis_hub(tmp_path: Path) -> Iterator[RedisHub]:
    hub = RedisHub(tmp_path)
    hub.start()
    try:
        yield hub
    finally:
        hub.stop()


async def memory_run(hub: RedisHub, server: CallbackServer) -> dict[str, CheckResult]:
    """One run of every memory check; for the benchmark too."""
    settings = dataclasses.replace(SETTINGS, hub_restart=hub.restart_command)
    async with httpx.AsyncClient() as client:
        results = await run_conformance(
            hub.url, server, client, topic=None, settings=settings, only=list(MEMORY_CHECKS)
        )
    return {result.check: result for result in results}


@pytest.mark.slow
@pytest.mark.timeout(240)
async def test_flask_websub_with_redis_and_a_celery_worker_remembers_as_configured(
    redis_hub, callback_server
):
    results = await memory_run(redis_hub, callback_server)
    verdicts = {check: str(result.outcome) for check, result in results.items()}
    summaries = {check: result.summary for check, result in results.items()}
    assert verdicts == dict.fromkeys(MEMORY_CHECKS, "pass"), summaries
    # retries: 503, 503, then taken, each retry within its jittered back-off
    retries = results["retries"].facts
    assert retries["answers"] == [503, 503, 200] and retries["delivered"]
    for n, interval in enumerate(retries["intervals"]):
        assert interval <= BACKOFF_BASE * 2**n + SLACK, retries
    # every attempt failed: the first and MAX_ATTEMPTS retries, then the hub stopped
    survived = results["survives-failures"].facts
    assert survived["attempts"] == MAX_ATTEMPTS + 1 and survived["hub_stopped"], survived
    assert set(survived["answers"]) == {503}
    # a 410 is not retried (tasks.py takes it as the end), nor is the next one delivered
    assert results["gone-410"].facts == {"attempts_answered_410": 1, "later_deliveries": 0}
    assert results["lease-expiry"].facts["granted"] == MIN_LEASE  # asked 1 s, floor 2 s
    assert results["forgotten"].facts["missed"] == 0
    assert results["restart"].facts["back_after"] > 0
