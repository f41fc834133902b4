"""Network faults driven through the real window: a clear message, retries, and a UI that
keeps processing events while the fault plays out.

Each test starts the fault on 127.0.0.1, triggers it with the widget a user would use
(address bar, Subscribe button, public-URL Test button) and, while it runs, a 10 ms
QTimer ticks. "No freeze" is asserted functionally: the timer kept firing while the
fault was pending. The measured worst gap between ticks is printed and written to
tests/output/fault_lag.txt (timings are reported, not asserted).
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import ssl
import struct
import subprocess
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback
from PySide6.QtCore import Qt, QTimer

from explorer.net.http.fetcher import Timeouts
from explorer.net.live.subscription import State

LAGS: dict[str, float] = {}


class TickCounter:
    """A 10 ms QTimer; ``ticks`` counts its firings, ``max_gap`` the longest wait between."""

    def __init__(self) -> None:
        self.ticks = 0
        self.max_gap = 0.0
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        self.max_gap = max(self.max_gap, now - self._last)
        self._last = now
        self.ticks += 1

    def __enter__(self) -> TickCounter:
        self._last = time.perf_counter()
        self.timer.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.timer.stop()


@pytest.fixture(scope="module", autouse=True)
def lag_report(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if LAGS:
        output = Path(__file__).resolve().parent.parent / "output"
        output.mkdir(exist_ok=True)
        lines = [
            f"{name}: worst gap between 10 ms ticks {gap * 1000:.0f} ms"
            for name, gap in LAGS.items()
        ]
        (output / "fault_lag.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print("\n" + "\n".join(lines))


class FaultServer:
    """Routes that misbehave: a redirect loop, a hang, a reset, and a catch-all 200."""

    def __init__(self, ssl_context: ssl.SSLContext | None = None) -> None:
        self.ssl_context = ssl_context
        self.site: LoopbackSite | None = None
        self.requests: list[str] = []

    async def start(self) -> FaultServer:
        async def handle(request: web.Request) -> web.StreamResponse:
            self.requests.append(request.path)
            if request.path.startswith("/loop-a"):
                raise web.HTTPFound("/loop-b")
            if request.path.startswith("/loop-b"):
                raise web.HTTPFound("/loop-a")
            if request.path.startswith("/hang"):
                await asyncio.sleep(30)
            if request.path.startswith("/reset"):
                assert request.transport is not None
                sock = request.transport.get_extra_info("socket")
                sock.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
                )  # close now: the peer sees a RST
                request.transport.abort()
                return web.Response()
            return web.Response(text="an unrelated web server\n")

        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", handle)
        self.site = await start_loopback(
            app, ssl_context=self.ssl_context, handle_signals=False, shutdown_timeout=0.1
        )
        return self

    def url(self, path: str) -> str:
        assert self.site is not None
        return self.site.url(path)

    async def stop(self) -> None:
        if self.site is not None:
            await self.site.stop()


@pytest.fixture
def fast_window(window):
    """The real window with a fetcher tuned for tests: short backoff and timeouts."""
    fetcher = window.services.fetcher
    fetcher.backoff = 0.02
    fetcher.timeouts = Timeouts(connect=1.0, read=0.5, total=0.5)
    return window


@pytest.fixture
def fault_server(run) -> Iterator[FaultServer]:
    server = run(FaultServer().start())
    yield server
    run(server.stop())


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def open_through_address_bar(window, qtbot, url: str, name: str) -> str:
    """Type ``url`` and press Return, as a user would; the message shown once it failed."""
    with TickCounter() as ticks:
        window.address.setCurrentText("")
        qtbot.keyClicks(window.address, url)
        qtbot.keyClick(window.address, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: window.messages.isVisible(), timeout=20000)
    qtbot.waitUntil(lambda: not window.progress.busy, timeout=5000)  # nothing left running
    LAGS[name] = ticks.max_gap
    assert ticks.ticks > 0, "the UI stopped processing events"
    # the one-line message, then what its Details toggle shows
    return f"{window.messages.text.text()}\n{window.messages.details.text()}"


def attempts(window, url_part: str) -> int:
    """Outgoing requests the HTTP inspector shows for URLs containing ``url_part``."""
    model = window.panels.inspector.model
    return sum(
        url_part in model.record(row).url and model.record(row).direction == "out"
        for row in range(model.rowCount())
    )


def test_source_down_is_a_message_after_retries(fast_window, qtbot) -> None:
    port = closed_port()
    text = open_through_address_bar(fast_window, qtbot, f"http://127.0.0.1:{port}/", "source down")
    assert f"Cannot open http://127.0.0.1:{port}/: nothing listens on 127.0.0.1:{port}." in text
    # The inspector takes exchanges in batches: wait for the last one, then insist on 3.
    url_part = f":{port}/.well-known/resourcesync"
    qtbot.waitUntil(lambda: attempts(fast_window, url_part) >= 3, timeout=5000)
    assert attempts(fast_window, url_part) == 3  # 1 + 2 retries


def test_connection_reset_is_a_message_after_retries(fast_window, qtbot, fault_server) -> None:
    text = open_through_address_bar(
        fast_window, qtbot, fault_server.url("/reset/x.xml"), "connection reset"
    )
    assert "No ResourceSync document" in text
    assert "reset or closed" in text or "disconnected" in text.lower()
    assert fault_server.requests.count("/reset/x.xml") == 3


def test_timeout_is_a_message(fast_window, qtbot, fault_server) -> None:
    text = open_through_address_bar(fast_window, qtbot, fault_server.url("/hang/x.xml"), "timeout")
    assert "timeout" in text.lower()


def test_redirect_loop_is_a_message(fast_window, qtbot, fault_server) -> None:
    text = open_through_address_bar(
        fast_window, qtbot, fault_server.url("/loop-a/x.xml"), "redirect loop"
    )
    assert "redirect-loop" in text or "redirect loop" in text.lower()


@pytest.fixture
def tls_server(run, tmp_path: Path) -> Iterator[FaultServer]:
    """A TLS server with a self-signed certificate made here with openssl(1)."""
    openssl = shutil.which("openssl")
    assert openssl, "openssl is needed to make the test certificate"
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    server = run(FaultServer(context).start())
    yield server
    run(server.stop())


def test_tls_error_is_a_message(fast_window, qtbot, tls_server) -> None:
    # the certificate is refused at once; a loaded machine must not turn that into a
    # timeout that cancels the handshake half-way (asyncio then leaves its socket to the GC)
    fast_window.services.fetcher.timeouts = Timeouts(connect=10.0, read=10.0, total=10.0)
    text = open_through_address_bar(fast_window, qtbot, tls_server.url("/x.xml"), "TLS error")
    assert "CERTIFICATE_VERIFY_FAILED" in text or "certificate" in text.lower()


def test_hub_down_is_reported_in_the_subscriptions_log(fast_window, qtbot) -> None:
    panel = fast_window.panels.subscriptions
    subscriber = fast_window.services.subscriber
    subscriber.config = replace(subscriber.config, backoff=0.02, retries=2)
    hub = f"http://127.0.0.1:{closed_port()}/hub"
    with TickCounter() as ticks:
        qtbot.keyClicks(panel.topic, "http://example.org/topic")
        qtbot.keyClicks(panel.hub, hub)
        qtbot.mouseClick(panel.subscribe_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "websub.hub-unreachable" in panel.log.toPlainText(), timeout=20000)
    LAGS["hub down"] = ticks.max_gap
    assert ticks.ticks > 0
    assert f"{hub} unreachable after 3 attempts" in panel.log.toPlainText()  # 1 + 2 retries
    assert [sub.state for sub in fast_window.services.subscriptions()] == [State.FAILED]


def test_a_tunnel_url_that_points_elsewhere_is_reported(fast_window, qtbot, fault_server) -> None:
    panel = fast_window.panels.subscriptions
    with TickCounter() as ticks:
        panel.public_url.setText(fault_server.url("/tunnel"))
        qtbot.mouseClick(panel.test_public, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "never reached" in panel.log.toPlainText(), timeout=20000)
        qtbot.waitUntil(lambda: not fast_window._tasks, timeout=5000)  # the test task ended
    LAGS["tunnel elsewhere"] = ticks.max_gap
    assert ticks.ticks > 0
    assert any(path.startswith("/tunnel/callback/probe-") for path in fault_server.requests)
