"""Benchmark: what forwarding costs ``listen`` in CPU per delivery, at 500 deliveries/s.

Same run, same machine, alternating: ``listen`` (its own process) takes signed
single-entry notifications from a load-generator process (``bench_delivery_load``'s, over
keep-alive connections) at 500/s, once without forwarding and once with ``--forward`` to
a receiver in a third process (answers 200 at once). The cost is ``listen``'s own CPU time
(``/proc/PID/stat``: user + system) from the first delivery until every delivery was
printed as an event (and, forwarding, answered by the receiver), divided by deliveries.

Target: forwarding costs at most 10 % more CPU per delivery (ratio <= 1.10).

    python tests/benchmarks/bench_forwarding.py [--rate 500] [--seconds 6] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parent / "net")]

from bench_delivery_load import LoadGenerator  # noqa: E402
from fake_hub import FakeHub  # noqa: E402
from helpers.listen_process import start_listen, stop_listen, until  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def _receiver_main(conn: Connection) -> None:
    """A receiver in its own process: 200 to every POST, counting them."""
    from aiohttp import web

    async def serve() -> None:
        count = 0

        async def take(request: web.Request) -> web.Response:
            nonlocal count
            await request.read()
            count += 1
            return web.Response(text="ok")

        async def counted(_request: web.Request) -> web.Response:
            return web.Response(text=str(count))

        app = web.Application()
        app.router.add_post("/inbox", take)
        app.router.add_get("/count", counted)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        conn.send(runner.addresses[0][1])
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)
        await runner.cleanup()

    asyncio.run(serve())


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


async def _received(port: int) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /count HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    data = await reader.read()
    writer.close()
    return int(data.rsplit(b"\r\n\r\n", 1)[1])


async def one_run(
    generator: LoadGenerator, receiver_port: int | None, count: int, rate: float
) -> float:
    """CPU milliseconds per delivery of one ``listen`` run."""
    extra = (
        () if receiver_port is None else ("--forward", f"http://127.0.0.1:{receiver_port}/inbox")
    )
    before_received = 0 if receiver_port is None else await _received(receiver_port)
    with tempfile.TemporaryDirectory() as folder:
        async with FakeHub() as hub:
            listener, drain = await start_listen(hub, Path(folder) / "s.sqlite3", *extra)
            try:
                cpu = cpu_seconds(listener.pid)
                results = await generator.run(listener.callback, listener.secret, count, rate, 8)
                acknowledged = sum(1 for _, _, status, _ in results if status == 200)
                await until(lambda: len(listener.named("notification")) >= acknowledged, 120)
                if receiver_port is not None:
                    while await _received(receiver_port) - before_received < acknowledged:
                        await asyncio.sleep(0.05)
                used = cpu_seconds(listener.pid) - cpu
            finally:
                await stop_listen(listener, drain)
    return used * 1000 / max(1, acknowledged)


async def main(rate: float, seconds: float, rounds: int) -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    receiver = context.Process(target=_receiver_main, args=(theirs,), daemon=True)
    receiver.start()
    port = ours.recv()
    generator = LoadGenerator()
    count = int(rate * seconds)
    plain: list[float] = []
    forwarding: list[float] = []
    try:
        for _ in range(rounds):
            started = time.monotonic()
            plain.append(await one_run(generator, None, count, rate))
            forwarding.append(await one_run(generator, port, count, rate))
            print(
                f"round: {count} deliveries at {rate:g}/s: without forwarding "
                f"{plain[-1]:.2f} ms CPU each, with {forwarding[-1]:.2f} ms "
                f"({time.monotonic() - started:.0f} s)"
            )
    finally:
        generator.close()
        ours.send(None)
        receiver.join(10)
    ratio = statistics.median(forwarding) / statistics.median(plain)
    print(
        f"median CPU per delivery: {statistics.median(plain):.2f} ms without forwarding, "
        f"{statistics.median(forwarding):.2f} ms with; ratio {ratio:.3f} (target <= 1.10)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=500)
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--rounds", type=int, default=2)
    options = parser.parse_args()
    asyncio.run(main(options.rate, options.seconds, options.rounds))
