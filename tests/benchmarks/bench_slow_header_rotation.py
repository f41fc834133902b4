"""Benchmark: real deliveries to ``listen`` while slow-header connections rotate from the
hub's own address (127.0.0.1, as behind a tunnel).

``listen`` runs as its own process, subscribed through a scripted hub on loopback. An
attacker opens 64 new connections every 0.25 s, each sending part of a request's headers
and then nothing; meanwhile a delivery is sent over a new connection every 0.5 s for 30 s
(60 deliveries). Then 2,000 such connections are opened at once and one more delivery is
sent. Printed: deliveries answered 2xx, and the answer to the one after the 2,000.

Target: at least 57 of 60 accepted; the one after the 2,000 accepted (not reset).

``--case bodies`` is the slow-body attack instead (issue 39): 64 connections from
127.0.0.1 send complete headers for the subscription's real callback path, then one body
byte every 5 s each (one that is closed is opened again at its next tick); a delivery
goes over a new connection every 0.5 s for 20 s (40 deliveries).
Target: at least 38 of 40 accepted.

    python tests/benchmarks/bench_slow_header_rotation.py [--deliveries 60] [--every 0.5]
    python tests/benchmarks/bench_slow_header_rotation.py --case bodies [--deliveries 40]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS), str(TESTS / "net")]

import httpx  # noqa: E402
from fake_hub import FakeHub, notification  # noqa: E402
from helpers.listen_process import running_listen  # noqa: E402
from helpers.slow_bodies import slow_bodies_elsewhere  # noqa: E402
from helpers.slow_headers import close_all, open_slow, rotating_slow_headers  # noqa: E402

from explorer.core.push.signatures import sign  # noqa: E402


async def _deliver(client: httpx.AsyncClient, callback: str, secret: str, n: int) -> str:
    body = notification(n)
    headers = {"Content-Type": "application/xml", "X-Hub-Signature": sign(secret, body)}
    try:
        return str((await client.post(callback, content=body, headers=headers)).status_code)
    except httpx.HTTPError as exc:
        return type(exc).__name__


async def main(deliveries: int, every: float) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        async with FakeHub() as hub, running_listen(hub, Path(folder) / "s.sqlite3") as listen:
            port = urlsplit(listen.callback).port or 0
            limits = httpx.Limits(max_keepalive_connections=0)  # a new connection each time
            async with httpx.AsyncClient(timeout=10, limits=limits) as client:
                async with rotating_slow_headers(port) as opened:
                    await asyncio.sleep(1.0)  # the attack is under way
                    started = time.monotonic()
                    answers = []
                    for n in range(deliveries):
                        answers.append(await _deliver(client, listen.callback, listen.secret, n))
                        await asyncio.sleep(max(0.0, started + (n + 1) * every - time.monotonic()))
                    took = time.monotonic() - started
                accepted = answers.count("200")
                print(
                    f"rotation: {accepted} of {deliveries} deliveries accepted in {took:.1f} s "
                    f"while {opened[0]:,} slow-header connections were opened from 127.0.0.1 "
                    f"(target >= {deliveries * 57 // 60}); answers: {answers}"
                )
                flood = await open_slow(port, 2000)
                connected = len(flood)
                try:
                    after = await _deliver(client, listen.callback, listen.secret, deliveries)
                finally:
                    close_all(flood)
                print(f"2,000 at once ({connected:,} connected): next delivery answered {after}")
            print(f"listen peak RSS {listen.peak_rss_mb():.0f} MB")


async def slow_bodies_case(deliveries: int, every: float) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as folder:
        async with FakeHub() as hub, running_listen(hub, Path(folder) / "s.sqlite3") as listen:
            limits = httpx.Limits(max_keepalive_connections=0)  # a new connection each time
            async with (
                httpx.AsyncClient(timeout=10, limits=limits) as client,
                slow_bodies_elsewhere(listen.callback, 64, every=5.0) as attack,
            ):
                while attack.opened < 64:  # every slot taken
                    await asyncio.sleep(0.05)
                started = time.monotonic()
                answers = []
                for n in range(deliveries):
                    answers.append(await _deliver(client, listen.callback, listen.secret, n))
                    await asyncio.sleep(max(0.0, started + (n + 1) * every - time.monotonic()))
                took = time.monotonic() - started
                accepted = answers.count("200")
                print(
                    f"slow bodies: {accepted} of {deliveries} deliveries accepted in {took:.1f} s "
                    f"while 64 connections from 127.0.0.1 trickled a body byte every 5 s to the "
                    f"callback path ({attack.opened:,} opened, {attack.lost:,} closed or "
                    f"refused by listen; target >= {deliveries * 38 // 40}); answers: {answers}"
                )
            print(f"listen peak RSS {listen.peak_rss_mb():.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=("rotation", "bodies"), default="rotation")
    parser.add_argument("--deliveries", type=int, default=None, help="60 (rotation), 40 (bodies)")
    parser.add_argument("--every", type=float, default=0.5)
    options = parser.parse_args()
    if options.case == "bodies":
        asyncio.run(slow_bodies_case(options.deliveries or 40, options.every))
    else:
        asyncio.run(main(options.deliveries or 60, options.every))
