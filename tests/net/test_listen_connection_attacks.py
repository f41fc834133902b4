"""``listen`` as its own process under slow-header and slow-body attacks from the hub's own
address.

Behind a tunnel every peer is 127.0.0.1, the hub included, so the attacker here uses
that address too: the per-address cap is then a global one, and only eviction (oldest
partial-header connection first, at once, never one that named a known callback; then
the body furthest behind the minimum rate, never one arriving at a normal rate) keeps
the hub's deliveries flowing.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from fake_hub import FakeHub, notification
from helpers.listen_process import running_listen, until
from helpers.slow_bodies import slow_bodies_elsewhere
from helpers.slow_headers import close_all, open_slow, rotating_slow_headers_elsewhere

from explorer.core.push.signatures import sign

DELIVERIES = 20
MIN_ACCEPTED = 19
SPACING = 0.3
"""The issue's figure is 57 of 60 in 30 s (tests/benchmarks/bench_slow_header_rotation.py);
here the same share over 20 deliveries."""
BODY_DELIVERIES = 40
BODY_MIN_ACCEPTED = 38
BODY_SPACING = 0.25
"""Issue 39's bound: 38 of 40 under 64 slow bodies (the issue spread them over 20 s;
``bench_slow_header_rotation.py --case bodies`` does)."""


def _fresh_connections() -> httpx.AsyncClient:
    """A client that opens a new connection per request, as a hub behind a tunnel does;
    made once, since building one costs the test's loop a third of a second."""
    return httpx.AsyncClient(timeout=10, limits=httpx.Limits(max_keepalive_connections=0))


async def _deliver(client: httpx.AsyncClient, callback: str, secret: str, n: int) -> int | None:
    """One delivery; None when its connection was reset or refused."""
    body = notification(n)
    headers = {"Content-Type": "application/xml", "X-Hub-Signature": sign(secret, body)}
    try:
        response = await client.post(callback, content=body, headers=headers)
    except httpx.HTTPError:
        return None
    return response.status_code


async def test_rotating_slow_headers_from_the_hubs_address_do_not_lock_deliveries_out(
    tmp_path: Path,
) -> None:
    async with FakeHub() as hub, running_listen(hub, tmp_path / "s.sqlite3") as listener:
        port = urlsplit(listener.callback).port or 0
        async with _fresh_connections() as client, rotating_slow_headers_elsewhere(port) as opened:
            while opened[0] < 256:  # the attack is under way: every slot taken, renewed
                await asyncio.sleep(0.05)
            answers = []
            for n in range(DELIVERIES):  # spread over the attack, as a hub's would be
                answers.append(await _deliver(client, listener.callback, listener.secret, n))
                await asyncio.sleep(SPACING)
            attackers = opened[0]
        accepted = answers.count(200)
        assert attackers >= 64 * 4
        assert accepted >= MIN_ACCEPTED, answers
        await until(lambda: len(listener.named("notification")) >= accepted)


async def test_two_thousand_slow_connections_do_not_reset_the_next_delivery(
    tmp_path: Path,
) -> None:
    async with FakeHub() as hub, running_listen(hub, tmp_path / "s.sqlite3") as listener:
        port = urlsplit(listener.callback).port or 0
        flood = await open_slow(port, 2000)
        try:
            async with _fresh_connections() as client:
                assert await _deliver(client, listener.callback, listener.secret, 1) == 200
        finally:
            close_all(flood)
        await until(lambda: len(listener.named("notification")) == 1)


async def test_slow_bodies_on_the_callback_path_do_not_lock_deliveries_out(
    tmp_path: Path,
) -> None:
    # 64 connections from the hub's own address with complete headers for the real
    # callback path, each trickling its body a byte every 5 s, kept up from outside.
    async with FakeHub() as hub, running_listen(hub, tmp_path / "s.sqlite3") as listener:
        async with (
            _fresh_connections() as client,
            slow_bodies_elsewhere(listener.callback, 64, every=5.0) as attack,
        ):
            await until(lambda: attack.opened >= 64)  # every slot taken
            answers = []
            for n in range(BODY_DELIVERIES):
                answers.append(await _deliver(client, listener.callback, listener.secret, n))
                await asyncio.sleep(BODY_SPACING)
            attackers = attack.opened
        accepted = answers.count(200)
        assert attackers >= 64
        assert accepted >= BODY_MIN_ACCEPTED, answers
        await until(lambda: len(listener.named("notification")) >= accepted)
