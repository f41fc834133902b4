"""The forwarder's HTTP client (aiohttp's, set up for one target) against scripted
servers on loopback: kept-alive connections, chunked and close-delimited answers, a
server that hangs up between requests, and answers that are not HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest

from explorer.net.live.forwarding.forward_client import DRAIN_LIMIT, ForwardHTTPError, OneConnection

Script = Callable[[int, bytes], bytes]
"""(request number on the server, request bytes) -> the raw answer."""


class Scripted:
    """A loopback server that answers each request with ``script``'s bytes."""

    def __init__(
        self, script: Script, close_after_each: bool = False, trickle: bool = False
    ) -> None:
        self.script = script
        self.close_after_each = close_after_each
        self.trickle = trickle  # the answer goes out a few bytes at a time
        self.connections = 0
        self.requests: list[bytes] = []
        self.port = 0
        self._server: asyncio.Server | None = None

    async def start(self) -> Scripted:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
                body = await reader.readexactly(length)
                self.requests.append(head + body)
                answer = self.script(len(self.requests), head + body)
                for start in range(0, len(answer), 5 if self.trickle else len(answer) or 1):
                    writer.write(answer[start : start + (5 if self.trickle else len(answer))])
                    await writer.drain()
                    if self.trickle:
                        await asyncio.sleep(0.002)  # separate segments
                if self.close_after_each:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


@pytest.fixture
async def scripted() -> AsyncIterator[list[Scripted]]:
    """Servers a test starts (append them); stopped after."""
    servers: list[Scripted] = []
    yield servers
    for server in servers:
        await server.stop()


def ok(body: bytes = b"thanks", extra: str = "") -> bytes:
    return f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\n{extra}\r\n".encode() + body


async def _started(servers: list[Scripted], script: Script, **options: bool) -> Scripted:
    servers.append(Scripted(script, **options))
    return await servers[-1].start()


async def test_posts_share_one_kept_alive_connection(scripted: list[Scripted]) -> None:
    server = await _started(scripted, lambda n, _req: ok(f"n{n}".encode()))
    client = OneConnection(f"http://127.0.0.1:{server.port}/inbox?x=1", 5)
    try:
        first = await client.post([("X-A", "1")], b"<a/>", 4096)
        second = await client.post([], b"<b/>", 4096)
    finally:
        await client.aclose()
    assert (first.status, first.body, second.body) == (200, b"n1", b"n2")
    assert server.connections == 1
    assert server.requests[0].startswith(b"POST /inbox?x=1 HTTP/1.1\r\nHost: 127.0.0.1:")
    assert b"X-A: 1\r\n" in server.requests[0] and server.requests[0].endswith(b"<a/>")


async def test_a_chunked_answer_keeps_its_first_bytes(scripted: list[Scripted]) -> None:
    chunked = b"HTTP/1.1 503 Busy\r\nTransfer-Encoding: chunked\r\nRetry-After: 7\r\n\r\n"
    chunked += b"5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
    server = await _started(scripted, lambda n, _req: chunked if n == 1 else ok())
    client = OneConnection(f"http://127.0.0.1:{server.port}/", 5)
    try:
        answer = await client.post([], b"x", 8)
        again = await client.post([], b"y", 8)
    finally:
        await client.aclose()
    assert (answer.status, answer.retry_after, answer.body) == (503, "7", b"hello wo")
    assert again.status == 200 and server.connections == 1  # the chunked body was read out


async def test_answers_that_arrive_in_pieces_are_put_together(scripted: list[Scripted]) -> None:
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunked += b"5\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n"
    answers = {1: ok(b"first answer"), 2: chunked, 3: ok(b"third", "Retry-After: 3\r\n")}
    server = await _started(scripted, lambda n, _req: answers[n], trickle=True)
    client = OneConnection(f"http://127.0.0.1:{server.port}/", 5)
    try:
        got = [await client.post([], b"x", 4096) for _ in range(3)]
    finally:
        await client.aclose()
    assert [(a.status, a.body) for a in got] == [
        (200, b"first answer"),
        (200, b"hello"),
        (200, b"third"),
    ]
    assert got[2].retry_after == "3" and server.connections == 1


async def test_an_answer_without_length_ends_its_connection(scripted: list[Scripted]) -> None:
    unsized = b"HTTP/1.1 202 Accepted\r\n\r\nqueued"
    server = await _started(scripted, lambda _n, _req: unsized, close_after_each=True)
    client = OneConnection(f"http://127.0.0.1:{server.port}/", 5)
    try:
        first = await client.post([], b"x", 4096)
        second = await client.post([], b"y", 4096)
    finally:
        await client.aclose()
    assert (first.status, first.body, second.body) == (202, b"queued", b"queued")
    assert server.connections == 2


async def test_a_connection_the_target_closed_is_opened_again(
    scripted: list[Scripted],
) -> None:
    server = await _started(scripted, lambda _n, _req: ok(), close_after_each=True)
    client = OneConnection(f"http://127.0.0.1:{server.port}/", 5)
    try:
        for _ in range(3):
            assert (await client.post([], b"x", 10)).status == 200
            await asyncio.sleep(0.05)  # the server has hung up meanwhile
    finally:
        await client.aclose()
    assert server.connections == 3 and len(server.requests) == 3


async def test_an_answer_that_is_not_http_is_an_error(scripted: list[Scripted]) -> None:
    server = await _started(scripted, lambda _n, _req: b"SSH-2.0-OpenSSH\r\n\r\n")
    client = OneConnection(f"http://127.0.0.1:{server.port}/", 5)
    try:
        with pytest.raises(ForwardHTTPError, match="not an HTTP answer"):
            await client.post([], b"x", 10)
    finally:
        await client.aclose()


async def test_a_target_that_stops_answering_times_out(scripted: list[Scripted]) -> None:
    release = asyncio.Event()
    answered: list[bool] = []

    async def _hang(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        if not answered:  # the first request is answered, no later one (on any connection)
            answered.append(True)
            writer.write(ok())
        await release.wait()
        writer.close()

    server = await asyncio.start_server(_hang, "127.0.0.1", 0)
    client = OneConnection(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/", 0.3)
    try:
        assert (await client.post([], b"", 10)).status == 200
        async with asyncio.timeout(5):  # a missing timeout fails here instead of hanging
            with pytest.raises(ForwardHTTPError, match="no answer in time"):
                await client.post([], b"", 10)
    finally:
        await client.aclose()
        release.set()
        server.close()
        await server.wait_closed()


async def test_nobody_listening_is_an_error() -> None:
    client = OneConnection("http://127.0.0.1:9/", 5)
    try:
        with pytest.raises(ForwardHTTPError):
            await client.post([], b"x", 10)
    finally:
        await client.aclose()


async def test_an_answer_past_the_drain_limit_gives_its_connection_up(
    scripted: list[Scripted],
) -> None:
    huge = b"x" * (3 * DRAIN_LIMIT)
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunked += b"%x\r\n" % len(huge) + huge + b"\r\n0\r\n\r\n"
    answers = {1: ok(huge), 2: chunked, 3: ok()}
    server = await _started(scripted, lambda n, _req: answers[n])
    client = OneConnection(f"http://127.0.0.1:{server.port}/", 5)
    try:
        got = [await client.post([], b"x", 10) for _ in range(3)]
    finally:
        await client.aclose()
    assert [(a.status, a.body) for a in got] == [(200, b"x" * 10)] * 2 + [(200, b"thanks")]
    assert server.connections == 3  # neither huge answer was read out to reuse its connection
