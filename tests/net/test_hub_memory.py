"""The memory checks against the demo hub: every one passes a clean hub, and each fault of
what a hub remembers is caught by the check meant for it and by no other.

The demo hub is made quick (retries 0.1 s apart, leases from 1 s) and restarted through
its ``POST /demo/hub/restart``, the way ``hub-check --hub-restart`` restarts any hub.
"""

from __future__ import annotations

import dataclasses
import shlex
import sys
from collections.abc import AsyncIterator

import httpx
import pytest

from explorer.demo import RunningDemo, start_demo
from explorer.net.conformance import (
    MEMORY_CHECKS,
    CheckResult,
    ConformanceSettings,
    run_conformance,
)
from explorer.net.live.callback.callback_server import CallbackServer

pytestmark = pytest.mark.slow  # long waits on servers and processes: scheduled first

QUICK = ConformanceSettings(
    verification_timeout=2.0,
    delivery_timeout=2.0,
    quiet_period=0.3,
    request_timeout=3.0,
    settle=0.1,
    retry_wait=0.8,  # the demo hub's longest back-off here is 0.2 s
    retry_limit=10.0,
    short_lease=1,
    lease_wait=5.0,
    restart_timeout=10.0,
)
# (fault, the check meant for it, its verdict, its finding): WARN where WebSub says SHOULD
# or MAY (retrying, ending on 410, the lease's end), FAIL where it says MUST (§7: "The hub
# MUST keep the subscription active until the end of the lease duration").
FAULTS = [
    ("never-retry", "retries", "warn", "hub.no-retry"),
    ("drop-failing", "survives-failures", "fail", "hub.dropped-after-failures"),
    ("ignore-410", "gone-410", "warn", "hub.delivery-after-gone"),
    ("ignore-lease", "lease-expiry", "warn", "hub.delivery-after-lease"),
    ("forgetful-hub", "forgotten", "fail", "hub.subscription-forgotten"),
    ("restart-forgets", "restart", "fail", "hub.forgot-after-restart"),
]


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    running = await start_demo(rate=0, retry_delay=0.1, delivery_attempts=3, min_lease=1)
    try:
        yield running
    finally:
        await running.stop()


def _restart_command(demo: RunningDemo) -> str:
    url = demo.base_url + "demo/hub/restart"
    code = f"import urllib.request as u; u.urlopen(u.Request({url!r}, method='POST'))"
    return shlex.join([sys.executable, "-c", code])


async def _memory_run(demo: RunningDemo, server: CallbackServer) -> dict[str, CheckResult]:
    settings = dataclasses.replace(QUICK, hub_restart=_restart_command(demo))
    async with httpx.AsyncClient() as client:
        results = await run_conformance(
            demo.hub_url,
            server,
            client,
            topic=demo.channels[0].topic,
            settings=settings,
            only=list(MEMORY_CHECKS),
        )
    return {result.check: result for result in results}


def _verdicts(results: dict[str, CheckResult]) -> dict[str, str]:
    return {check: str(result.outcome) for check, result in results.items()}


async def test_a_clean_demo_hub_passes_every_memory_check(demo, callback_server):
    results = await _memory_run(demo, callback_server)
    summaries = {check: result.summary for check, result in results.items()}
    assert _verdicts(results) == dict.fromkeys(MEMORY_CHECKS, "pass"), summaries
    retries = results["retries"].facts
    # 503, 503, then taken: the demo hub's back-off doubles from 0.1 s
    assert retries["answers"] == [503, 503, 200] and retries["delivered"]
    assert 0.1 <= retries["intervals"][0] < retries["intervals"][1]
    survived = results["survives-failures"].facts
    assert survived["attempts"] == 3 and survived["hub_stopped"]  # delivery_attempts=3
    assert results["lease-expiry"].facts["granted"] == 1
    assert results["forgotten"].facts["publications"] >= 6  # it watched the whole run
    for result in results.values():
        assert result.evidence, f"{result.check} shows no exchange"
        assert "WebSub §" in result.summary  # the reason cites the spec


async def test_restart_is_not_run_without_a_command(demo, callback_server):
    async with httpx.AsyncClient() as client:
        results = await run_conformance(
            demo.hub_url,
            callback_server,
            client,
            topic=demo.channels[0].topic,
            settings=QUICK,
            only=["restart"],
        )
    assert [str(r.outcome) for r in results] == ["not-run"]
    assert "--hub-restart" in results[0].summary


@pytest.mark.parametrize(("fault", "check", "outcome", "code"), FAULTS)
async def test_each_memory_fault_is_caught_by_its_check_alone(
    demo, callback_server, fault: str, check: str, outcome: str, code: str
):
    demo.faults.enable(fault)
    results = await _memory_run(demo, callback_server)
    expected = dict.fromkeys(MEMORY_CHECKS, "pass") | {check: outcome}
    summaries = {name: result.summary for name, result in results.items()}
    assert _verdicts(results) == expected, summaries
    assert [item.code for item in results[check].findings] == [code]


async def _only(
    demo: RunningDemo, server: CallbackServer, check: str, **settings: object
) -> CheckResult:
    async with httpx.AsyncClient() as client:
        (result,) = await run_conformance(
            demo.hub_url,
            server,
            client,
            topic=demo.channels[0].topic,
            settings=dataclasses.replace(QUICK, **settings),
            only=[check],
        )
    return result


async def test_a_restart_command_that_fails_or_hangs_leaves_restart_not_run(demo, callback_server):
    failed = await _only(
        demo, callback_server, "restart", hub_restart="echo no such hub >&2; exit 3"
    )
    assert str(failed.outcome) == "not-run"
    assert failed.summary == "not run: the restart command ended with exit status 3: no such hub"
    hung = await _only(
        demo, callback_server, "restart", hub_restart="sleep 30", restart_timeout=0.5
    )
    assert str(hung.outcome) == "not-run"
    assert "still running after 0.5 s and was stopped" in hung.summary


async def test_a_lease_longer_than_the_check_waits_leaves_lease_expiry_not_run(
    demo, callback_server
):
    demo.hub.settings.min_lease = 60  # the hub clamps the 1 s asked for up to a minute
    result = await _only(demo, callback_server, "lease-expiry")
    assert str(result.outcome) == "not-run"
    assert "the hub granted 60 s, longer than the 5 s this check waits" in result.summary
