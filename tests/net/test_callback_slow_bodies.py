"""The callback server under slow bodies on a known callback path: requests whose headers
are complete for a real subscription, then a body trickled a byte at a time.

Everything runs against a real server on 127.0.0.1 port 0. The attacker uses the hub's
own address, as behind a tunnel, so the per-address cap is a global one; only the body
budget (a minimum rate past a grace, and eviction of the body furthest behind it when a
slot is wanted) keeps deliveries flowing. ``listen`` as its own process under the same
attack is in ``test_listen_connection_attacks.py``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from fake_hub import notification
from helpers.slow_bodies import DECLARED, slow_bodies, slow_request_head
from websub_env import websub_env

from explorer.core.push.signatures import sign
from explorer.net.live.callback.callback_server import CallbackServer, Delivery, Reply
from explorer.net.live.callback.connection_guard import ConnectionGuard
from explorer.net.live.subscription import State
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord

TOPIC = "http://example.org/topic"
HANG_BOUND = 60.0
"""Generous: only a hang (or a connection left open for good) should ever reach it."""
DELIVERIES = 40
MIN_ACCEPTED = 38
"""The issue's bound: at least 38 of 40 deliveries accepted under 64 slow bodies."""


class Recorder:
    def __init__(self) -> None:
        self.sizes: list[int] = []

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        return Reply(404)

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        self.sizes.append(delivery.raw.size)
        return Reply(200)

    def on_refused(self, token: str, code: str, message: str) -> None:
        pass


async def _until(condition, bound: float = HANG_BOUND) -> None:
    async with asyncio.timeout(bound):
        while not condition():
            await asyncio.sleep(0.01)


async def _slow_body(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(slow_request_head("/callback/known") + b"<")
    return reader, writer


async def _send_at_a_normal_rate(
    writer: asyncio.StreamWriter, size: int, rest_at_once: asyncio.Event | None = None
) -> None:
    """A body sent as a hub on a slow link would, 16 KiB every 20 ms; once ``rest_at_once``
    is set, what is left goes at once."""
    head = b"POST /callback/known HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % size
    writer.write(head)
    sent = 0
    while sent < size:
        hurry = rest_at_once is not None and rest_at_once.is_set()
        piece = size - sent if hurry else min(16 * 1024, size - sent)
        writer.write(b"n" * piece)
        await writer.drain()
        sent += piece
        await asyncio.sleep(0.02)


async def _hung_up(reader: asyncio.StreamReader) -> bool:
    try:
        return await reader.read() == b""
    except ConnectionError:  # aborted: a reset rather than an end
        return True


async def test_a_body_behind_the_minimum_rate_is_closed_past_its_grace() -> None:
    seen: list[ExchangeRecord] = []
    log = ExchangeLog()
    log.listeners.append(seen.append)
    async with CallbackServer(body_grace=0.5, exchange_log=log) as server:
        recorder = Recorder()
        server.register("known", recorder)
        reader, writer = await _slow_body(server.port)
        try:
            async with asyncio.timeout(HANG_BOUND):
                while not reader.at_eof():  # a byte every 0.1 s: 10 B/s, far below 1 KiB/s
                    writer.write(b"x")
                    try:
                        async with asyncio.timeout(0.1):
                            await reader.read(1024)
                    except TimeoutError:
                        continue
                    except ConnectionError:
                        break
        finally:
            writer.close()
        await _until(lambda: len(seen) == 1)
        assert server.guard.counts.slow_bodies == 1
        assert server.guard.counts.bodies_evicted == 0
        assert server.guard.open_connections == 0
    assert recorder.sizes == []
    [record] = seen
    assert (record.kind, record.method, record.status) == ("other", "POST", None)
    assert record.request_size is not None and record.request_size >= 1
    assert "closed after" in (record.error or "")


async def test_a_body_arriving_at_a_normal_rate_is_never_the_one_evicted() -> None:
    async with CallbackServer(max_connections=4, header_timeout=60) as server:
        recorder = Recorder()
        server.register("known", recorder)
        guard = server.guard
        # The oldest connection: a delivery arriving at a normal rate, about 800 KB/s.
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        size = 16 * 1024 * 1024
        rest_at_once = asyncio.Event()
        sending = asyncio.create_task(_send_at_a_normal_rate(writer, size, rest_at_once))
        try:
            await _until(lambda: guard.reading_bodies == 1)
            # One slow body more than the slots left: each newcomer (a slow body back at
            # its next tick) takes the place of the body furthest behind the rate.
            callback = f"http://127.0.0.1:{server.port}/callback/known"
            async with slow_bodies(callback, 4, every=0.1):
                await _until(lambda: guard.counts.bodies_evicted >= 12 or sending.done())
                assert not sending.done()  # it was not evicted, and is not finished yet
                await _until(lambda: guard.reading_bodies == 4)  # a freed slot refills
            rest_at_once.set()
            async with asyncio.timeout(HANG_BOUND):
                await sending
                answer = await reader.readuntil(b"\r\n\r\n")
            assert answer.startswith(b"HTTP/1.1 200")
            assert recorder.sizes == [size]
            assert guard.counts.slow_bodies == 0  # all went to make room, none at the grace
        finally:
            sending.cancel()
            writer.close()


async def test_when_every_body_keeps_up_a_newcomer_is_refused() -> None:
    async with CallbackServer(max_connections=2, header_timeout=60) as server:
        server.register("known", Recorder())
        guard = server.guard
        connections = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(2)]
        size = 16 * 1024 * 1024  # longer than the test
        sending = [asyncio.create_task(_send_at_a_normal_rate(w, size)) for _, w in connections]
        try:
            await _until(lambda: guard.reading_bodies == 2)
            _, newcomer = await asyncio.open_connection("127.0.0.1", server.port)
            newcomer.close()
            await _until(lambda: guard.counts.refused_total == 1)
            assert guard.counts.bodies_evicted == 0
            assert guard.reading_bodies == 2
        finally:
            for task in sending:
                task.cancel()
            for _, writer in connections:
                writer.close()


def _fresh_connections() -> httpx.AsyncClient:
    """A new connection per request, as a hub behind a tunnel opens."""
    return httpx.AsyncClient(timeout=10, limits=httpx.Limits(max_keepalive_connections=0))


async def _deliver(client: httpx.AsyncClient, callback: str, secret: str, n: int) -> int | None:
    body = notification(n)
    headers = {"Content-Type": "application/xml", "X-Hub-Signature": sign(secret, body)}
    try:
        return (await client.post(callback, content=body, headers=headers)).status_code
    except httpx.HTTPError:  # reset or refused: locked out
        return None


async def test_slow_bodies_on_the_callback_path_do_not_lock_deliveries_out(
    tmp_path: Path,
) -> None:
    # Behind a tunnel every peer is 127.0.0.1, the hub included; the attacker knows the
    # callback URL (a leaked log, a shared proxy) and fills every slot with slow bodies.
    async with websub_env(tmp_path, max_connections_per_address=64) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        guard = env.server.guard
        async with slow_bodies(sub.callback_url, 64, every=1.0) as attack:
            # Under way: every slot held by a slow body that has trickled at least once (but
            # one: the hub's verification connection may idle in it, and a slot churns
            # between attackers as each is back at its tick).
            await _until(lambda: attack.trickling >= 62 and guard.open_connections == 64)
            async with _fresh_connections() as client:
                answers = []
                for n in range(DELIVERIES):
                    answers.append(await _deliver(client, sub.callback_url, sub.secret, n))
                    await asyncio.sleep(0.05)  # spread over the attack, as a hub's would be
            assert attack.opened >= 64
        accepted = answers.count(200)
        assert accepted >= MIN_ACCEPTED, answers
        assert guard.counts.bodies_evicted >= 1  # a slot freed by a delivery serves the next
        await _until(lambda: len(env.store.notifications(status="notification")) == accepted)


async def test_cut_off_deliveries_are_sampled_not_logged_one_by_one(tmp_path: Path) -> None:
    async with websub_env(tmp_path, max_connections_per_address=4, body_grace=0.2) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        guard = env.server.guard
        async with slow_bodies(sub.callback_url, 4, every=0.1):
            await _until(lambda: guard.counts.slow_bodies + guard.counts.bodies_evicted >= 20)
        await _until(lambda: guard.open_connections == 0)
        sampler = env.server.cut_off
        cut = sampler.counts.total
        sampler.flush()  # the window's summary, as when the server stops
        await env.store.flush()
        rows = [r for r in env.store.exchanges() if r.kind == "other"]
    assert cut >= 20
    samples = [r for r in rows if r.method == "POST"]
    [summary] = [r for r in rows if r.method == "*"]
    assert len(samples) == sampler.samples_per_window
    assert all("closed after" in (r.error or "") for r in samples)
    assert all((r.request_size or 0) < DECLARED for r in samples)
    assert (summary.error or "").startswith(f"{cut - len(samples):,} more deliveries whose")


def test_a_rate_of_zero_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        ConnectionGuard(min_body_rate=0)
