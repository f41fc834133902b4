"""Fuzz the callback server with raw HTTP: random methods, paths, headers and bodies.

The server (small limits so the test is fast) runs on its own event loop in a thread, and
hypothesis writes requests to it over plain sockets, so nothing in the client can tidy a
request up. Whatever arrives, the server answers with a well-formed HTTP status that is
not a 5xx, unknown paths get 404, and a normal delivery still works afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.net.live.callback.callback_server import CallbackServer, Delivery, Reply

TOKEN = "fuzz-token-0123456789abcdef"
MAX_BODY = 2048
BODY_TIMEOUT = 0.3
STATUS_LINE = re.compile(rb"^HTTP/1\.[01] (\d{3}) ")
REFUSED_BY_HTTP = {400, 413, 414, 417, 431}
"""What the HTTP layer answers to a malformed request before any routing."""


class Target:
    """Accepts every delivery; echoes a challenge only for its one topic."""

    def __init__(self) -> None:
        self.deliveries = 0
        self.refused: list[str] = []

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        if params.get("hub.topic") == b"http://example.org/topic" and "hub.challenge" in params:
            return Reply(200, params["hub.challenge"])
        return Reply(404, b"no such pending intent\n")

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        self.deliveries += 1
        return Reply(200)

    def on_refused(self, token: str, code: str, message: str) -> None:
        self.refused.append(code)


class ServerThread:
    """A CallbackServer on a private loop in a daemon thread; loop errors are collected."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.errors: list[dict] = []
        self.loop.set_exception_handler(lambda _loop, context: self.errors.append(context))
        self.server = CallbackServer(max_body=MAX_BODY, body_timeout=BODY_TIMEOUT)
        self.target = Target()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> ServerThread:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)
        self.server.register(TOKEN, self.target)
        return self

    def __exit__(self, *exc_info: object) -> None:
        asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()

    def exchange(
        self, raw: bytes, *, pause: float = 0.0, tail: bytes = b"", wait: float = 5.0
    ) -> bytes:
        """Send ``raw`` (then ``tail`` after ``pause`` s) and read the answer until the
        server closes or ``wait`` s pass; the first 64 KiB of it."""
        with socket.create_connection(("127.0.0.1", self.server.port), timeout=wait) as sock:
            sock.sendall(raw)
            if pause:
                time.sleep(pause)
                with contextlib.suppress(OSError):  # the server may have answered and closed
                    sock.sendall(tail)
            answer = b""
            with contextlib.suppress(ConnectionResetError, TimeoutError):
                while len(answer) < 65536 and (chunk := sock.recv(65536)):
                    answer += chunk
        return answer


@pytest.fixture(scope="module")
def served() -> Iterator[ServerThread]:
    with ServerThread() as running:
        yield running
    assert not running.errors, running.errors


def status_of(answer: bytes) -> int:
    match = STATUS_LINE.match(answer)
    assert match, f"not an HTTP answer: {answer[:200]!r}"
    return int(match.group(1))


_TOKEN_CHARS = st.characters(min_codepoint=33, max_codepoint=126, exclude_characters="/?#%")
_METHODS = st.one_of(
    st.sampled_from(["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "TRACE"]),
    st.text(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ-_!"), min_size=1, max_size=12),
)
_PATHS = st.one_of(
    st.just(f"/callback/{TOKEN}"),
    st.builds(
        lambda a, b: f"/{a}/{b}",
        st.text(_TOKEN_CHARS, max_size=20),
        st.text(_TOKEN_CHARS, max_size=20),
    ),
    st.builds(lambda q: f"/callback/{TOKEN}?{q}", st.text(_TOKEN_CHARS, max_size=60)),
    st.text(_TOKEN_CHARS, max_size=40).map(lambda p: "/" + p),
)
_HEADER_NAME = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz-XHC"), min_size=1, max_size=20)
_HEADER_VALUE = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=80)
_HEADERS = st.lists(
    st.tuples(
        st.one_of(
            _HEADER_NAME,
            st.sampled_from(
                [
                    "Host",
                    "Content-Type",
                    "X-Hub-Signature",
                    "Link",
                    "Transfer-Encoding",
                    "X-Forwarded-Host",
                    "Connection",
                    "Expect",
                ]
            ),
        ),
        _HEADER_VALUE,
    ),
    max_size=6,
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(method=_METHODS, path=_PATHS, headers=_HEADERS, body=st.binary(max_size=3000))
def test_random_requests_get_a_non_5xx_answer(
    served: ServerThread, method: str, path: str, headers: list[tuple[str, str]], body: bytes
) -> None:
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{served.server.port}"]
    lines += [
        f"{name}: {value}"
        for name, value in headers
        if name.lower() not in ("content-length", "transfer-encoding", "host")
    ]
    lines += [f"Content-Length: {len(body)}", "Connection: close"]
    answer = served.exchange("\r\n".join(lines).encode() + b"\r\n\r\n" + body)
    status = status_of(answer)
    assert status < 500, answer[:300]
    token = path.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    if token != TOKEN and method in ("GET", "POST"):
        assert status == 404 or status in REFUSED_BY_HTTP, answer[:300]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(raw=st.binary(max_size=600))
def test_random_bytes_never_break_the_server(served: ServerThread, raw: bytes) -> None:
    answer = served.exchange(raw + b"\r\n\r\n", wait=1.0)
    if answer:  # an empty request may just be closed, an incomplete one awaited
        assert status_of(answer) < 500, answer[:300]


def test_the_server_still_works_after_the_fuzzing(served: ServerThread) -> None:
    before = served.target.deliveries
    request = (
        f"POST /callback/{TOKEN} HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n"
        "Connection: close\r\n\r\n<x/>"
    ).encode()
    assert status_of(served.exchange(request)) == 200
    assert served.target.deliveries == before + 1


def test_a_huge_declared_body_is_refused_without_being_sent(served: ServerThread) -> None:
    """413 comes back although not one body byte was sent: the server never waits for it."""
    request = (
        f"POST /callback/{TOKEN} HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", served.server.port), timeout=5) as sock:
        sock.sendall(request)
        answer = sock.recv(4096)
    assert status_of(answer) == 413


def test_a_huge_chunked_body_is_cut_off_at_the_limit(served: ServerThread) -> None:
    chunk = b"x" * 1024
    framed = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(8)) + b"0\r\n\r\n"
    request = (
        f"POST /callback/{TOKEN} HTTP/1.1\r\nHost: x\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    ).encode() + framed
    assert status_of(served.exchange(request)) == 413
    assert served.target.refused[-1] == "websub.delivery-too-large"


def test_a_body_that_stops_coming_times_out(served: ServerThread) -> None:
    request = (
        f"POST /callback/{TOKEN} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n<urlset>"
    ).encode()
    answer = served.exchange(request, pause=BODY_TIMEOUT * 4, tail=b"x" * 92)
    assert status_of(answer) == 408
    assert served.target.refused[-1] == "websub.delivery-timeout"
