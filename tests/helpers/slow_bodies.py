"""Slow-body attackers on loopback: connections that send a request for a real callback path
with its headers complete, then trickle the body one byte at a time, from the hub's own
address (behind a tunnel every peer is 127.0.0.1).

Each of ``count`` connections is kept up: when the server closes one, the attacker opens
another at that connection's next tick, as a persistent attacker would. Counted: the
connections opened, and those lost (closed by the server, or refused).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from urllib.parse import urlsplit

DECLARED = 100_000
"""The body the attacker promises: it never sends more than a byte of it per tick."""
CONNECT_BOUND = 5.0


@dataclass
class SlowBodyCounts:
    opened: int = 0
    lost: int = 0  # closed by the server before the body ended, or refused
    trickling: int = 0  # open connections that have sent a byte past their first

    def line(self) -> str:
        return f"{self.opened} {self.lost} {self.trickling}"


def slow_request_head(path: str) -> bytes:
    """A delivery's request line and complete headers, with the body still to come."""
    return (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\n"
        f"X-Hub-Signature: sha256=00\r\nContent-Length: {DECLARED}\r\n\r\n"
    ).encode()


async def _closed(reader: asyncio.StreamReader, within: float) -> bool:
    """Whether the server closed (or answered, which ends the attack on this one) within
    ``within`` seconds."""
    try:
        async with asyncio.timeout(within):
            await reader.read(1024)
        return True
    except TimeoutError:
        return False
    except ConnectionError:
        return True


async def _keep_one(
    host: str, port: int, path: str, every: float, counts: SlowBodyCounts, first_delay: float
) -> None:
    await asyncio.sleep(first_delay)
    while True:
        writer = None
        trickled = False
        try:
            async with asyncio.timeout(CONNECT_BOUND):
                reader, writer = await asyncio.open_connection(host, port)
            counts.opened += 1
            writer.write(slow_request_head(path) + b"<")
            while not await _closed(reader, every):
                writer.write(b"x")
                await writer.drain()
                if not trickled:
                    trickled = True
                    counts.trickling += 1
        except (OSError, TimeoutError):  # refused, reset or dropped: the server's choice
            pass
        finally:
            if writer is not None:
                writer.close()
            if trickled:
                counts.trickling -= 1
        counts.lost += 1
        await asyncio.sleep(every)  # back at its next tick


@contextlib.asynccontextmanager
async def slow_bodies(
    callback_url: str, count: int = 64, every: float = 5.0, host: str = "127.0.0.1"
) -> AsyncIterator[SlowBodyCounts]:
    """Keep ``count`` slow-body connections to ``callback_url``'s server while the block
    runs, one body byte each every ``every`` seconds (their ticks spread over ``every``)."""
    parts = urlsplit(callback_url)
    counts = SlowBodyCounts()
    tasks = [
        asyncio.create_task(
            _keep_one(host, parts.port or 80, parts.path, every, counts, every * n / count / 4)
        )
        for n in range(count)
    ]
    try:
        yield counts
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


@contextlib.asynccontextmanager
async def slow_bodies_elsewhere(
    callback_url: str, count: int = 64, every: float = 5.0
) -> AsyncIterator[SlowBodyCounts]:
    """``slow_bodies`` from a process of its own, as a real attacker is, so the test's loop
    (which plays the hub) is not the one kept busy. Yields the counts so far."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        callback_url,
        str(count),
        str(every),
        stdout=asyncio.subprocess.PIPE,
    )
    counts = SlowBodyCounts()

    async def follow() -> None:
        assert process.stdout is not None
        async for line in process.stdout:
            opened, lost, trickling = line.split()
            counts.opened, counts.lost, counts.trickling = int(opened), int(lost), int(trickling)

    following = asyncio.create_task(follow())
    try:
        yield counts
    finally:
        process.terminate()
        await process.wait()
        following.cancel()
        await asyncio.gather(following, return_exceptions=True)


async def _attack_and_report(callback_url: str, count: int, every: float) -> None:
    async with slow_bodies(callback_url, count, every) as counts:
        while True:
            print(counts.line(), flush=True)
            await asyncio.sleep(0.05)


if __name__ == "__main__":
    asyncio.run(_attack_and_report(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
