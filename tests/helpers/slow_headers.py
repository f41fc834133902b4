"""Slow-header attackers on loopback: connections that send part of a request's headers and
then nothing, from the hub's own address (behind a tunnel every peer is 127.0.0.1)."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator

PARTIAL_REQUEST = b"POST /callback/guess HTTP/1.1\r\nHost: x\r\nX-Slow: a"
"""A request line for a path the server does not know, and headers that never end."""


CONNECT_BOUND = 5.0


async def open_slow(port: int, count: int, host: str = "127.0.0.1") -> list[asyncio.StreamWriter]:
    """Open ``count`` connections at once, each left waiting in its headers."""

    async def one() -> asyncio.StreamWriter | None:
        try:
            async with asyncio.timeout(CONNECT_BOUND):
                _, writer = await asyncio.open_connection(host, port)
            writer.write(PARTIAL_REQUEST)
            return writer
        except (OSError, TimeoutError):  # refused, reset or dropped: the server's choice
            return None

    opened = await asyncio.gather(*(one() for _ in range(count)))
    return [writer for writer in opened if writer is not None]


def close_all(writers: list[asyncio.StreamWriter]) -> None:
    for writer in writers:
        writer.close()
    writers.clear()


@contextlib.asynccontextmanager
async def rotating_slow_headers(
    port: int, per_round: int = 64, every: float = 0.25, keep_rounds: int = 8
) -> AsyncIterator[list[int]]:
    """Open ``per_round`` new slow connections every ``every`` seconds while the block runs;
    the attacker's oldest rounds are let go so it does not run out of descriptors. Yields
    a one-item list counting the connections opened so far."""
    opened = [0]
    rounds: list[list[asyncio.StreamWriter]] = []
    waves: set[asyncio.Task[None]] = set()

    async def wave() -> None:
        rounds.append(await open_slow(port, per_round))
        opened[0] += len(rounds[-1])
        while len(rounds) > keep_rounds:
            close_all(rounds.pop(0))

    async def attack() -> None:
        while True:  # a new wave on time, whether or not the last one has connected
            task = asyncio.create_task(wave())
            waves.add(task)
            task.add_done_callback(waves.discard)
            await asyncio.sleep(every)

    task = asyncio.create_task(attack())
    try:
        yield opened
    finally:
        for running in (task, *waves):
            running.cancel()
        await asyncio.gather(task, *waves, return_exceptions=True)
        for writers in rounds:
            close_all(writers)


@contextlib.asynccontextmanager
async def rotating_slow_headers_elsewhere(port: int) -> AsyncIterator[list[int]]:
    """``rotating_slow_headers`` from a process of its own, as a real attacker is: the
    test's loop, which also plays the hub, is not then the one kept busy opening hundreds
    of connections (on a loaded machine its deliveries waited behind the attacker's waves
    and reached the server late, which no hub's would). Yields the count opened so far."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, __file__, str(port), stdout=asyncio.subprocess.PIPE
    )
    opened = [0]

    async def follow() -> None:
        assert process.stdout is not None
        async for line in process.stdout:
            opened[0] = int(line)

    following = asyncio.create_task(follow())
    try:
        yield opened
    finally:
        process.terminate()
        await process.wait()
        following.cancel()
        await asyncio.gather(following, return_exceptions=True)


async def _attack_and_report(port: int) -> None:
    async with rotating_slow_headers(port) as opened:
        while True:
            print(opened[0], flush=True)
            await asyncio.sleep(0.05)


if __name__ == "__main__":
    asyncio.run(_attack_and_report(int(sys.argv[1])))
