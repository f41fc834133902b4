"""A tiny loopback TCP balancer for tests: each new connection goes to the next backend.

A backend that refuses the connection (a killed process) is skipped for the next one, as
a balancer's health check would. ``lose_every`` drops the answer of every n-th
connection after the backend began answering it: the request was handled (a delivery
committed) but the caller never hears the 2xx, as when a process dies between its commit
and its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools

QUEUE_WAIT = 30.0


class RoundRobin:
    def __init__(self, backends: list[int], *, lose_every: int = 0) -> None:
        self.backends = backends  # ports on 127.0.0.1; the test may change the list
        self.lose_every = lose_every
        self.lost = 0
        self.port = 0
        self._turn = itertools.count()
        self._connections = itertools.count(1)
        self._server: asyncio.Server | None = None
        self._relays: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> RoundRobin:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._server is not None
        self._server.close()
        for relay in list(self._relays):
            relay.cancel()
        await asyncio.gather(*self._relays, return_exceptions=True)
        await self._server.wait_closed()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        """The next backend that accepts; while none does (none started yet, the only one
        killed), the caller waits up to ``QUEUE_WAIT``, as in a balancer's queue."""
        deadline = asyncio.get_running_loop().time() + QUEUE_WAIT
        while asyncio.get_running_loop().time() < deadline:
            for _ in range(len(self.backends)):
                port = self.backends[next(self._turn) % len(self.backends)]
                with contextlib.suppress(OSError):
                    return await asyncio.open_connection("127.0.0.1", port)
            await asyncio.sleep(0.02)
        return None

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Relay one connection; when either side ends, both are closed."""
        number = next(self._connections)
        lose = self.lose_every > 0 and number % self.lose_every == 0
        task = asyncio.current_task()
        assert task is not None
        self._relays.add(task)
        back_writer = None
        try:
            backend = await self._connect()
            if backend is None:
                return
            back_reader, back_writer = backend
            directions = {
                asyncio.ensure_future(_pipe(reader, back_writer)),
                asyncio.ensure_future(
                    self._drop(back_reader) if lose else _pipe(back_reader, writer)
                ),
            }
            try:
                await asyncio.wait(directions, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for direction in directions:
                    direction.cancel()
                await asyncio.gather(*directions, return_exceptions=True)
        finally:
            self._relays.discard(task)
            for each in (writer, back_writer):
                if each is not None:
                    each.close()
                    with contextlib.suppress(OSError):
                        await each.wait_closed()

    async def _drop(self, reader: asyncio.StreamReader) -> None:
        """Wait for the backend's answer to begin, then end: the caller is hung up on."""
        with contextlib.suppress(OSError):
            if await reader.read(1):
                self.lost += 1


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
        if writer.can_write_eof():
            writer.write_eof()
