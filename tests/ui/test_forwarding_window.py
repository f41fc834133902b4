"""Forward to… in the window: a subscription's deliveries reach the test's own receiver
(a plain HTTP server that checks X-Hub-Signature with its own HMAC code), signed with
the forward secret, in the hub's order; the state shows in the Subscriptions table, the
receiver's answer beside the delivery in the feed, and Forward again sends one again.
The secret is never in the store's files, the inspector or the log."""

from __future__ import annotations

import hashlib
import hmac
import logging
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from explorer.net.subscription import State

SECRET = "receiver-own-secret-7f3a"


class Receiver:
    """Records each POST: its delivery id and whether its signature holds."""

    def __init__(self) -> None:
        self.got: list[tuple[int, bool]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                expected = hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
                given = self.headers.get("X-Hub-Signature", "")
                valid = hmac.compare_digest(given, f"sha256={expected}")
                receiver.got.append((int(self.headers["X-ResourceSync-Explorer-Delivery"]), valid))
                answer = b"receiver took it"
                self.send_response(202)
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


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    made = Receiver()
    yield made
    made.close()


def test_forward_to_signs_orders_shows_answers_and_forwards_again(
    window, qtbot, run, receiver, tmp_path, caplog
) -> None:
    caplog.set_level(logging.DEBUG)
    services = window.services
    run(services.start_demo())
    channel = next(c for c in services.demo.channels if c.capability == "change-notification")
    view = run(services.subscribe(channel.topic, channel.hub))
    assert run(services.wait_settled(view, 10)) == State.ACTIVE
    panel = window.panels.subscriptions
    qtbot.waitUntil(lambda: panel.model.row_of(view.id) is not None, timeout=5000)
    panel.table.selectRow(panel.model.row_of(view.id))

    dialog = panel.forwarding.open_dialog()
    assert dialog is not None and dialog.isVisible()
    dialog.url.setText(receiver.url)
    dialog.secret.setText(SECRET)
    dialog.headers.setPlainText("X-Team: importer")
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: len(receiver.got) >= 3, timeout=20000)

    ids = [delivery for delivery, _ in receiver.got]
    assert all(valid for _, valid in receiver.got)
    assert ids == sorted(ids) and len(set(ids)) == len(ids)  # the hub's order, none twice
    column = panel.model.headers.index("forwarding")
    qtbot.waitUntil(
        lambda: "forwarding" in panel.model.index(panel.model.row_of(view.id), column).data(),
        timeout=5000,
    )

    feed = window.panels.feed
    first = ids[0]
    qtbot.waitUntil(
        lambda: any(
            feed.model.item(r).notification_id == first for r in range(feed.model.rowCount())
        ),
        timeout=5000,
    )
    row = next(
        r for r in range(feed.model.rowCount()) if feed.model.item(r).notification_id == first
    )
    feed.select_row(row)
    answer = feed.forwarding.answer_view.toPlainText()
    assert "answered 202" in answer and "receiver took it" in answer

    before = len(receiver.got)
    assert run(feed.forwarding.forward_selected_again()) == 1
    qtbot.waitUntil(
        lambda: any(delivery == first for delivery, _ in receiver.got[before:]), timeout=10000
    )

    inspector = window.panels.inspector
    for record_row in range(inspector.model.rowCount()):
        inspector.table.selectRow(record_row)
        assert SECRET not in inspector.detail.toPlainText()
    assert SECRET not in caplog.text
    run(services.close_forwarding())
    for path in tmp_path.iterdir():
        if path.name.startswith("store.sqlite3"):
            assert SECRET.encode() not in path.read_bytes()
