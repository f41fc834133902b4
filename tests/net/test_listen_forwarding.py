"""``listen --forward`` as its own process: every acknowledged delivery reaches the
application, signed with the forward secret, in the hub's order, none missing; also while
the application is down for a while, and across a SIGKILL of ``listen``.

The receiver checks signatures with its own HMAC code (tests/helpers/forward_receiver.py).
The issue's figure is 1,000 deliveries with a 30 s outage
(tests/benchmarks/bench_forward_outage.py); the suite runs 200 with a 3 s outage.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from fake_hub import FakeHub, notification
from helpers.forward_receiver import Receiver, run_into_outage
from helpers.listen_process import start_listen, stop_listen, until

RUN = 200
OUTAGE = 3.0
FORWARD_SECRET = "the-apps-own-secret"


def _forward_args(receiver: Receiver, *extra: str) -> tuple[str, ...]:
    return (
        "--forward",
        receiver.url,
        "--forward-secret",
        FORWARD_SECRET,
        "--forward-header",
        "X-App-Token: t0ken",
        *extra,
    )


def _bodies(count: int) -> list[bytes]:
    return [notification(n) for n in range(count)]


def _assert_complete(receiver: Receiver, count: int) -> None:
    assert all(item.verified for item in receiver.received)
    assert receiver.first_seen() == list(range(count))  # the hub's order, none missing
    by_id: dict[str, set[int]] = {}
    for item in receiver.received:  # a duplicate carries the same delivery id
        by_id.setdefault(item.delivery, set()).add(item.number)
    assert all(len(numbers) == 1 for numbers in by_id.values())


async def test_forwarded_deliveries_arrive_signed_in_order_through_an_outage(
    tmp_path: Path,
) -> None:
    async with Receiver(FORWARD_SECRET.encode()) as receiver, FakeHub() as hub:
        run = await run_into_outage(
            hub, tmp_path / "s.sqlite3", receiver, _bodies(RUN), *_forward_args(receiver)
        )
        try:
            await asyncio.sleep(OUTAGE)
            await receiver.up()
            await run.sending
            await until(lambda: len({r.delivery for r in receiver.received}) >= RUN)
        finally:
            await stop_listen(run.listener, run.drain)
    _assert_complete(receiver, RUN)
    first = receiver.received[0].headers
    assert first["X-App-Token"] == "t0ken"
    assert first["Content-Type"] == "application/xml"
    assert 'rel="self"' in first["Link"]
    assert first["X-Hub-Signature"].startswith("sha256=")


async def test_a_sigkilled_listen_forwards_every_acknowledged_delivery_after_restart(
    tmp_path: Path,
) -> None:
    store = tmp_path / "s.sqlite3"
    async with Receiver(FORWARD_SECRET.encode()) as receiver, FakeHub() as hub:
        run = await run_into_outage(hub, store, receiver, _bodies(RUN), *_forward_args(receiver))
        run.listener.proc.send_signal(signal.SIGKILL)  # acknowledged ones wait on disk
        await stop_listen(run.listener, run.drain)
        await receiver.up()
        restarted, drain = await start_listen(hub, store, *_forward_args(receiver), resumed=True)
        try:
            await run.sending  # the hub retried what the dead process did not acknowledge
            await until(lambda: len({r.delivery for r in receiver.received}) >= RUN)
        finally:
            await stop_listen(restarted, drain)
    _assert_complete(receiver, RUN)
