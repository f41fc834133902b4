"""The memory checks: what a hub remembers about a subscription over time, seen from outside.

A hub's answers to requests can be right while what it keeps is wrong, and that breaks
silently: a subscription dropped after failed deliveries, one kept after a 410 or past
its lease, one lost in a restart or simply forgotten. WebSub §7 says what a hub does
after a delivery fails ("Hubs SHOULD retry", "The hub MUST keep the subscription active
until the end of the lease duration"), what a 410 may end, and §5.3 what a lease is.
Each check scripts a probe's answers (5xx, 410), waits for what the hub does later, and
compares with a control subscription made alongside, so "no delivery" is read against a
hub that delivers at all. They wait out retries and leases, so a run includes them only
when asked (``hub-check --memory`` or ``--check ID``).

The ``forgotten`` check rests on a shadow probe: subscribed by the first memory check of
a run and never scripted, it should get every publication any other subscription got;
the first one it misses shows a hub that silently dropped it, within one publication.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from explorer.core.findings import finding
from explorer.core.words.messages import Phrase, said
from explorer.net.conformance.checks import (
    Check,
    _active_probe,
    _missing_delivery,
    _not_active,
    _not_run,
    _publish_problem,
    _step,
    _Verdict,
    _verdict,
)
from explorer.net.conformance.probe import Probe, wait_until
from explorer.net.conformance.session import (
    Outcome,
    Publication,
    Session,
    SubscribeOutcome,
)
from explorer.net.live.callback.callback_server import Delivery

# Stores may count a lease in whole seconds from when they wrote it (Flask-WebSub's SQLite
# storage does), so lease-expiry publishes one second after the lease, plus the settle.
WHOLE_SECOND = 1.0
RESTART_POLL = 0.1  # how often the hub is asked whether it answers again after a restart


def _memory_step(key: str, **params: object) -> Phrase:
    return said(f"memory.step.{key}", **params)


def _seconds(values: list[float]) -> str:
    """Intervals as a list of numbers; the catalog line names the unit."""
    return ", ".join(f"{value:.2f}" for value in values) or "—"


# --- shared steps -----------------------------------------------------------------------


async def _shadow(session: Session) -> tuple[Probe, SubscribeOutcome]:
    """The run's shadow probe, subscribed once, by the first memory check that runs."""
    made = session.shared.get("shadow")
    if isinstance(made, tuple):
        return made
    probe = session.probe()
    probe.witness = True
    sub = await session.request(probe, "subscribe", lease=session.settings.lease_seconds)
    session.shared["shadow"] = (probe, sub)
    return probe, sub


def _of(probe: Probe, publication: Publication) -> list[tuple[Delivery, int]]:
    return [(d, status) for d, status in probe.answered() if publication.matches(d)]


async def _attempts(
    session: Session, probe: Probe, publication: Publication, *, until_ok: bool
) -> tuple[list[tuple[Delivery, int]], bool]:
    """The hub's attempts to deliver ``publication`` to ``probe`` and whether it stopped:
    the first within the delivery timeout, each next within ``retry_wait`` of the last;
    ``until_ok`` ends the wait at the first attempt the probe took."""
    settings = session.settings
    if not await wait_until(lambda: bool(_of(probe, publication)), settings.delivery_timeout):
        return [], True
    first = _of(probe, publication)[0][0].received
    while True:
        seen = _of(probe, publication)
        if until_ok and any(200 <= status < 300 for _d, status in seen):
            return seen, False
        left = first + settings.retry_limit - time.time()
        if left <= 0:
            return seen, False  # still retrying when the check stopped failing
        wait = min(settings.retry_wait, left)
        if not await wait_until(_more_than(probe, publication, len(seen)), wait):
            return _of(probe, publication), wait == settings.retry_wait


def _more_than(probe: Probe, publication: Publication, count: int) -> Callable[[], bool]:
    return lambda: len(_of(probe, publication)) > count


def _attempt_facts(seen: list[tuple[Delivery, int]]) -> dict[str, Any]:
    times = [delivery.received for delivery, _status in seen]
    return {
        "attempts": len(seen),
        "answers": [status for _delivery, status in seen],
        "intervals": [round(later - earlier, 3) for earlier, later in itertools.pairwise(times)],
        "delivered": any(200 <= status < 300 for _delivery, status in seen),
    }


def _hub_acted(session: Session, moment: float) -> None:
    """Let the next publication wait the settle period after ``moment``: a hub may act on
    a delivery's answer (a 410, a last failure) after it has answered, as on a
    verification."""
    session.last_change = max(session.last_change, moment)


# --- the checks -------------------------------------------------------------------------


async def check_retries(session: Session) -> _Verdict:
    """WebSub §7: "Hubs SHOULD retry content distribution requests up to self-imposed
    limits". The probe answers 503 to the first deliveries; the attempts, their
    intervals and whether the delivery finally arrived are the evidence."""
    await _shadow(session)
    probe, _sub, problem = await _active_probe(session, _step("subscription"))
    if problem is not None:
        return problem
    failures = max(1, session.settings.retry_failures)
    probe.fail_next = failures
    publication = await session.publish()
    if (problem := _publish_problem(publication)) is not None:
        return problem
    seen, _stopped = await _attempts(session, probe, publication, until_ok=True)
    if not seen:
        return _missing_delivery(session, publication, _memory_step("failing"))
    facts = _attempt_facts(seen) | {"failures_asked": failures}
    intervals = _seconds(facts["intervals"])
    if len(seen) == 1:
        status = seen[0][1]
        none = finding(
            "hub.no-retry", params={"status": status, "seconds": session.settings.retry_wait}
        )
        return _verdict(Outcome.WARN, none, facts)
    key = "memory.retried" if facts["delivered"] else "memory.retried-gave-up"
    summary = said(key, attempts=len(seen), failures=failures, intervals=intervals)
    return _Verdict(Outcome.PASS, summary, [], facts)


async def _probe_and_control(session: Session) -> tuple[Probe, Probe] | _Verdict:
    """The probe a check tests the hub's memory on, and a control subscribed the same way
    that tells a hub which forgot the probe from one that delivered nothing at all; or why
    either could not be subscribed."""
    probe, _sub, problem = await _active_probe(session, _step("subscription"))
    if problem is not None:
        return problem
    control, _control_sub, problem = await _active_probe(session, _step("control"))
    if problem is not None:
        return problem
    return probe, control


async def check_survives_failures(session: Session) -> _Verdict:
    """WebSub §7: after a delivery failed past the hub's limits, "The hub MUST keep the
    subscription active until the end of the lease duration": the probe fails every
    attempt until the hub stops, then the next publication must still reach it."""
    await _shadow(session)
    pair = await _probe_and_control(session)
    if isinstance(pair, _Verdict):
        return pair
    probe, control = pair
    probe.fail_all = True
    first = await session.publish()
    if (problem := _publish_problem(first)) is not None:
        return problem
    seen, stopped = await _attempts(session, probe, first, until_ok=False)
    probe.fail_all = False
    if not seen:
        return _missing_delivery(session, first, _memory_step("failing"))
    _hub_acted(session, seen[-1][0].received)
    facts = _attempt_facts(seen) | {"hub_stopped": stopped}
    second = await session.publish()
    if (problem := _publish_problem(second)) is not None:
        return problem
    got = await session.deliveries([probe, control], second, expect=True, settle=False)
    intervals = _seconds(facts["intervals"])
    if got[probe]:
        key = "memory.survived" if stopped else "memory.survived-still-retrying"
        return _Verdict(Outcome.PASS, said(key, attempts=len(seen), intervals=intervals), [], facts)
    if not got[control]:
        return _missing_delivery(session, second, _step("control-probe"))
    dropped = finding("hub.dropped-after-failures", params={"attempts": len(seen)})
    return _verdict(Outcome.FAIL, dropped, facts)


async def check_gone(session: Session) -> _Verdict:
    """WebSub §7: a callback "MAY return an HTTP 410 code to indicate that the
    subscription has been deleted, and the hub MAY terminate the subscription": the
    probe answers 410, then the next publication reaches the control but not it."""
    await _shadow(session)
    pair = await _probe_and_control(session)
    if isinstance(pair, _Verdict):
        return pair
    probe, control = pair
    probe.gone = True
    first = await session.publish()
    if (problem := _publish_problem(first)) is not None:
        return problem
    # a hub that takes the 410 for a failure retries it: wait until it stops, so a later
    # delivery queued behind those retries is not missed
    said_gone, _stopped = await _attempts(session, probe, first, until_ok=False)
    if not said_gone:
        return _missing_delivery(session, first, _memory_step("gone"))
    _hub_acted(session, said_gone[-1][0].received)
    second = await session.publish()
    if (problem := _publish_problem(second)) is not None:
        return problem
    if not (await session.deliveries([control], second, expect=True))[control]:
        return _missing_delivery(session, second, _step("control-probe"))
    later = [d for d, _status in _of(probe, second)]
    facts = {"attempts_answered_410": len(said_gone), "later_deliveries": len(later)}
    if later:
        kept = finding("hub.delivery-after-gone", params={"count": len(later)})
        return _verdict(Outcome.WARN, kept, facts)
    seconds = session.quiet_period()
    return _Verdict(Outcome.PASS, said("memory.gone-ok", seconds=seconds), [], facts)


async def check_lease_expiry(session: Session) -> _Verdict:
    """WebSub §5.3: hub.lease_seconds is "the hub-determined number of seconds that the
    subscription will stay active before expiring". A short lease, never renewed: after
    it ran out the next publication reaches the control but not the probe."""
    await _shadow(session)
    asked = session.settings.short_lease
    probe = session.probe()
    sub = await session.request(probe, "subscribe", lease=asked)
    problem = _not_active(session, _step("lease-asked", asked=asked), sub)
    if problem is not None:
        return problem
    assert sub.verification is not None
    raw = (sub.verification.lease or "").strip()
    if not raw.isdigit() or int(raw) <= 0:
        return _not_run(said("memory.lease-unknown", value=raw[:40] or "—"), "subscription")
    granted = int(raw)
    wait = session.settings.lease_wait
    if granted > wait:
        too_long = said("memory.lease-too-long", asked=asked, granted=granted, wait=wait)
        return _not_run(too_long, None)
    control, _control_sub, problem = await _active_probe(session, _step("control"))
    if problem is not None:
        return problem
    ended = sub.verification.received + granted
    _hub_acted(session, ended + WHOLE_SECOND)
    publication = await session.publish()  # once the lease and the settle period are over
    if (problem := _publish_problem(publication)) is not None:
        return problem
    if not (await session.deliveries([control], publication, expect=True))[control]:
        return _missing_delivery(session, publication, _step("control-probe"))
    late = [d for d, _status in _of(probe, publication)]
    after_lease = round(publication.started - ended, 3)
    facts = {"asked": asked, "granted": granted, "published_after": after_lease}
    if late:
        after = late[0].received - ended
        kept = finding("hub.delivery-after-lease", params={"lease": granted, "seconds": after})
        return _verdict(Outcome.WARN, kept, facts)
    quiet = session.quiet_period()
    return _Verdict(
        Outcome.PASS, said("memory.lease-ok", granted=granted, seconds=quiet), [], facts
    )


async def check_forgotten(session: Session) -> _Verdict:
    """WebSub §7: the hub MUST keep a subscription active until its lease ends. The
    shadow probe, subscribed at the run's first memory check, must have every
    publication since that another subscription got; one more is made here, with a
    control probe, so the check sees at least one."""
    shadow, sub = await _shadow(session)
    problem = _not_active(session, _memory_step("shadow"), sub)
    if problem is not None:
        return problem
    assert sub.verification is not None
    control, _control_sub, problem = await _active_probe(session, _step("control"))
    if problem is not None:
        return problem
    publication = await session.publish()
    if (problem := _publish_problem(publication)) is not None:
        return problem
    got = await session.deliveries([control, shadow], publication, expect=True, settle=False)
    if not got[control]:
        return _missing_delivery(session, publication, _step("control-probe"))
    since = sub.verification.received + session.settings.settle
    others = [probe for probe in session.probes if probe is not shadow]
    watched = [
        p
        for p in session.publications
        if p.accepted and p.started >= since and any(_of(other, p) for other in others)
    ]
    missed = [p for p in watched if not _of(shadow, p)]
    facts = {"publications": len(watched), "missed": len(missed)}
    if missed:
        before = sum(1 for p in watched if p.started < missed[0].started)
        forgotten = finding(
            "hub.subscription-forgotten",
            params={
                "got": before,
                "seconds": missed[0].started - sub.verification.received,
                "lease": sub.verification.lease or "—",
            },
        )
        return _Verdict(Outcome.FAIL, forgotten.message, [forgotten], facts, witnesses=[shadow])
    ok = said("memory.forgotten-ok", count=len(watched))
    return _Verdict(Outcome.PASS, ok, [], facts, witnesses=[shadow])


@dataclass(frozen=True, slots=True)
class _Restarted:
    status: int | None  # the command's exit status; None when it ran out of time
    output: str


async def _restart(command: str, timeout: float) -> _Restarted:
    """Run the restart command in a shell of its own process group; a command still
    running after ``timeout`` is stopped with its children."""
    process = await asyncio.create_subprocess_shell(
        command,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        async with asyncio.timeout(timeout):
            output, _none = await process.communicate()
    except TimeoutError:
        os.killpg(process.pid, signal.SIGKILL)
        await process.wait()
        return _Restarted(None, "")
    return _Restarted(process.returncode, output.decode("utf-8", "replace").strip()[-300:])


async def _back(session: Session, timeout: float) -> float | None:
    """Seconds until the hub answered an HTTP request again (any status), or None."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            await session.client.get(session.hub, timeout=session.settings.request_timeout)
        except httpx.HTTPError:
            await asyncio.sleep(RESTART_POLL)
            continue
        return time.monotonic() - started
    return None


async def check_restart(session: Session) -> _Verdict:
    """WebSub §7: the hub MUST keep a subscription active until its lease ends, which a
    restart does not end. Only with ``--hub-restart COMMAND``: a subscription made
    before the command must get the first publication after it, as one made after does."""
    command = session.settings.hub_restart
    if not command:
        return _not_run(said("memory.no-restart-command"), None)
    probe, _sub, problem = await _active_probe(session, _memory_step("before-restart"))
    if problem is not None:
        return problem
    await session.settle()  # the hub stored the subscription before it is stopped
    timeout = session.settings.restart_timeout
    ran = await _restart(command, timeout)
    if ran.status != 0:
        failed = (
            said("memory.restart-timed-out", seconds=timeout)
            if ran.status is None
            else said("memory.restart-failed", status=ran.status, text=ran.output or "—")
        )
        return _not_run(failed, None)
    back = await _back(session, timeout)
    if back is None:
        gone = finding(
            "hub.unreachable", params={"hub": session.hub, "seconds": timeout}, variant="restart"
        )
        return _verdict(Outcome.FAIL, gone)
    facts = {"back_after": round(back, 3)}
    control, _control_sub, problem = await _active_probe(session, _memory_step("after-restart"))
    if problem is not None:
        return problem
    publication = await session.publish()
    if (problem := _publish_problem(publication)) is not None:
        return problem
    got = await session.deliveries([probe, control], publication, expect=True, settle=False)
    if got[probe]:
        return _Verdict(Outcome.PASS, said("memory.restart-ok", seconds=back), [], facts)
    if not got[control]:
        return _missing_delivery(session, publication, _memory_step("after-restart"))
    lost = finding("hub.forgot-after-restart", params={})
    return _verdict(Outcome.FAIL, lost, facts)


# id -> function, in the order a run makes them: forgotten before restart, so a restart
# that loses subscriptions is the restart check's finding alone.
MEMORY_ORDER: tuple[tuple[str, Check], ...] = (
    ("retries", check_retries),
    ("survives-failures", check_survives_failures),
    ("gone-410", check_gone),
    ("lease-expiry", check_lease_expiry),
    ("forgotten", check_forgotten),
    ("restart", check_restart),
)
