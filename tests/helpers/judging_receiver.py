"""The user's application for the window's tests: a plain HTTP server on its own thread
that checks X-Hub-Signature with its own HMAC code (not the explorer's), answers 202 to
a valid one and 403 to anything else, and notes what came."""

from __future__ import annotations

import hashlib
import hmac
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from explorer.net.live.subscription import State, SubscriptionView


@dataclass(frozen=True)
class Arrival:
    delivery: int | None  # X-ResourceSync-Explorer-Delivery, when forwarded
    valid: bool
    body: bytes
    verified: str | None = None  # X-ResourceSync-Explorer-Verified, when sent


class JudgingReceiver:
    """Listening on 127.0.0.1, port 0, until ``close``."""

    def __init__(self, secret: str, *, said: bytes = b"") -> None:
        """``said`` is added to every answer's body (outside text for the window)."""
        self.got: list[Arrival] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
                given = self.headers.get("X-Hub-Signature", "")
                valid = hmac.compare_digest(given, f"sha256={expected}")
                delivery = self.headers.get("X-ResourceSync-Explorer-Delivery")
                number = int(delivery) if delivery else None
                marked = self.headers.get("X-ResourceSync-Explorer-Verified")
                receiver.got.append(Arrival(number, valid, body, marked))
                answer = (b"receiver took it" if valid else b"bad signature") + said
                self.send_response(202 if valid else 403)
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def subscribed_to_demo(window: Any, run: Any) -> SubscriptionView:
    """The window's embedded demo started and its change-notification channel subscribed
    (verified and active): deliveries come every second or so."""
    services = window.services
    run(services.start_demo())
    channel = next(c for c in services.demo.channels if c.capability == "change-notification")
    view = run(services.live.subscribe(channel.topic, channel.hub))
    assert run(services.live.wait_settled(view, 10)) == State.ACTIVE
    return view
