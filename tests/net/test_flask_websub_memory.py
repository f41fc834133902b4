"""The memory checks against Flask-WebSub 0.4.1's hub as it runs in production: a web
process, a Celery worker process and Debian's redis-server (tests/helpers/
flask_websub_redis.py), restarted by ``kill -9`` through ``--hub-restart``. Every verdict
is asserted, and the figures the hub's own configuration sets: the retry count and
back-off, the lease floor, the store that survives the restart. The ten runs are
tests/benchmarks/bench_hub_memory.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.flask_websub_redis import MAX_ATTEMPTS, RedisHub, memory_run, wrong_verdicts


@pytest.fixture
def redis_hub(tmp_path: Path) -> Iterator[RedisHub]:
    hub = RedisHub(tmp_path)
    hub.start()
    try:
        yield hub
    finally:
        hub.stop()


@pytest.mark.slow
@pytest.mark.timeout(240)
async def test_flask_websub_with_redis_and_a_celery_worker_remembers_as_configured(
    redis_hub, callback_server
):
    results = await memory_run(redis_hub, callback_server)
    assert wrong_verdicts(results) == []
    survived = results["survives-failures"]
    assert survived.facts["attempts"] == MAX_ATTEMPTS + 1  # its configuration's retry count
    assert "4 attempt(s) until the hub stopped" in survived.summary
    restart = results["restart"]
    kinds = [record.kind for record in restart.evidence]
    assert "subscribe" in kinds and "delivery" in kinds  # the subscription made before it
