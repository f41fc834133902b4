"""Benchmark: signed single-entry deliveries into the callback server + subscriber + store.

Compares, in the same run and with the same load generator (a child process posting with
aiohttp), a bare aiohttp handler that reads the body and answers 200 with the explorer's
whole delivery path: routing, signature check, parse and validation, notification checks,
a durable SQLite commit before the 2xx, the exchange log and the event feed. Prints the
rate of each, their ratio, the event-loop lag while loaded (p50/p99/max of a 10 ms probe)
and checks that every acknowledged delivery is in the store. The targets: at least
1,000 deliveries/s, lag p99 <= 100 ms, and >= 30 % of the bare rate. The store is
measured with synchronous=FULL (the default: commits survive power loss) and NORMAL
(commits survive a killed process only).

    python tests/benchmarks/bench_deliveries.py [--count N] [--concurrency C]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from aiohttp import ClientSession, TCPConnector, web

from explorer.core.push.signatures import sign
from explorer.demo import start_demo
from explorer.net.live.callback.callback_server import CallbackServer
from explorer.net.live.subscriber import Subscriber
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog

PAYLOAD = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="change-notification" from="2026-01-01T00:{a:02d}:{b:02d}Z"
         until="2026-01-01T00:{a:02d}:{b:02d}Z"/>
  <url><loc>http://bench.example.org/r{n}</loc>
    <rs:md change="updated" datetime="2026-01-01T00:{a:02d}:{b:02d}Z"/></url>
</urlset>
"""


def payload(n: int) -> bytes:
    return PAYLOAD.format(n=n, a=0, b=0).encode()


async def load(url: str, secret: str, count: int, concurrency: int) -> None:
    """The child process: post ``count`` deliveries, ``concurrency`` at a time."""
    bodies = [payload(n) for n in range(count)]
    gate = asyncio.Semaphore(concurrency)
    statuses: list[int] = []
    async with ClientSession(connector=TCPConnector(limit=concurrency)) as session:

        async def one(body: bytes) -> None:
            async with gate:
                headers = {"Content-Type": "application/xml", "X-Hub-Signature": sign(secret, body)}
                async with session.post(url, data=body, headers=headers) as response:
                    await response.read()
                    statuses.append(response.status)

        started = time.perf_counter()
        await asyncio.gather(*(one(body) for body in bodies))
        elapsed = time.perf_counter() - started
    print(f"{count / elapsed:.1f} {statuses.count(200)}", flush=True)


async def drive(
    url: str,
    secret: str,
    count: int,
    concurrency: int,
) -> tuple[float, int, list, float]:
    """Run the load child against ``url`` while probing this loop's lag.

    Returns the child's rate, the 2xx count, the lag samples and this process's CPU
    milliseconds per delivery (steadier than rates on a busy machine).
    """
    lags: list[float] = []
    cpu = time.process_time()
    done = asyncio.Event()

    async def probe() -> None:
        loop = asyncio.get_running_loop()
        while not done.is_set():
            start = loop.time()
            await asyncio.sleep(0.01)
            lags.append(loop.time() - start - 0.01)

    prober = asyncio.create_task(probe())
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--load",
        url,
        secret,
        str(count),
        str(concurrency),
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await child.communicate()
    cpu_ms = (time.process_time() - cpu) * 1000 / count
    done.set()
    await prober
    rate, ok = out.decode().split()
    return float(rate), int(ok), sorted(lags), cpu_ms


async def bare(count: int, concurrency: int) -> tuple[float, float]:
    async def handler(request: web.Request) -> web.Response:
        await request.read()
        return web.Response(status=200)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    rate, _, _, cpu_ms = await drive(f"http://127.0.0.1:{port}/x", "s", count, concurrency)
    await runner.cleanup()
    return rate, cpu_ms


async def explorer(
    count: int,
    concurrency: int,
    folder: Path,
    synchronous: str = "FULL",
) -> tuple[float, int, int, list, float]:
    store = Store(folder / "bench.sqlite3", synchronous=synchronous)
    server = CallbackServer(exchange_log=ExchangeLog(store))
    await server.start()
    async with await start_demo(rate=0) as demo, Subscriber(store, server) as subscriber:
        channel = demo.channels[0]
        sub = await subscriber.subscribe(channel.topic, channel.hub)
        await subscriber.wait_settled(sub, 10)
        received = 0

        def count_event(event) -> None:
            nonlocal received
            received += event.event == "notification"

        subscriber.listeners.append(count_event)
        rate, ok, lags, cpu_ms = await drive(sub.callback_url, sub.secret or "", count, concurrency)
        stored = store.count_notifications("notification")
    await server.stop()
    store.close()
    return rate, ok, stored, lags, cpu_ms


def percentile(values: list[float], fraction: float) -> float:
    return values[min(len(values) - 1, int(len(values) * fraction))] * 1000 if values else 0.0


async def main(count: int, concurrency: int) -> None:
    base, base_cpu = await bare(count, concurrency)
    print(f"deliveries: {count}, concurrency {concurrency}")
    print(f"bare aiohttp handler          {base:8.1f} /s   {base_cpu:.2f} ms CPU per delivery")
    for synchronous in ("FULL", "NORMAL"):
        with tempfile.TemporaryDirectory() as folder:
            rate, ok, stored, lags, cpu = await explorer(
                count, concurrency, Path(folder), synchronous
            )
        print(
            f"explorer, synchronous={synchronous:<6} {rate:8.1f} /s   {cpu:.2f} ms CPU per "
            f"delivery ({rate / base:.0%} of bare); lag ms p50 {percentile(lags, 0.5):.1f} "
            f"p99 {percentile(lags, 0.99):.1f} max {percentile(lags, 1.0):.1f}; "
            f"acknowledged {ok}, stored {stored}"
            + ("" if stored >= ok else f", {ok - stored} LOST")
        )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--load":
        url, secret, count, concurrency = sys.argv[2:6]
        asyncio.run(load(url, secret, int(count), int(concurrency)))
    else:
        parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
        parser.add_argument("--count", type=int, default=5000)
        parser.add_argument("--concurrency", type=int, default=32)
        options = parser.parse_args()
        asyncio.run(main(options.count, options.concurrency))
