"""Apply of a public URL cannot break working subscriptions: it asks first (warning when
the URL failed its Test), and a move the hub cannot verify leaves the old one active."""

from __future__ import annotations

import socket
import time

from helpers.hub_log import wait_until_hub_subscribed
from PySide6.QtWidgets import QApplication, QMessageBox

from explorer.net.live.subscription import State


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _question(qtbot) -> QMessageBox:
    found: list[QMessageBox] = []

    def shown() -> bool:
        found[:] = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.objectName() == "public-url-move" and w.isVisible()
        ]
        return bool(found)

    qtbot.waitUntil(shown, timeout=5000)
    return found[0]


def _press(box: QMessageBox, text: str) -> None:
    next(b for b in box.buttons() if b.text() == text).click()


def _active_subscription(window, qtbot, run):
    services = window.services
    demo = run(services.start_demo())
    assert demo
    channel = next(c for c in services.demo.channels if c.capability == "change-notification")
    view = run(services.live.subscribe(channel.topic, channel.hub))
    assert run(services.live.wait_settled(view, 10)) == State.ACTIVE
    wait_until_hub_subscribed(qtbot, services.demo.hub, view.callback_url)  # it delivers
    return view


def test_apply_of_a_url_that_failed_its_test_warns_and_cancel_changes_nothing(
    window, qtbot, run
) -> None:
    panel, services = window.panels.subscriptions, window.services
    view = _active_subscription(window, qtbot, run)
    dead = f"http://127.0.0.1:{_closed_port()}"
    panel.public_url.setText(dead)
    run(services.live.test_public_url(dead))  # the Test: no answer
    assert services.live.public_url_tested(dead) is False
    task = window.spawn(panel.apply_public_url(dead))
    box = _question(qtbot)
    assert box.windowTitle() == "Public URL failed its test"
    assert "did not reach this callback server" in box.text()
    _press(box, "Cancel")
    qtbot.waitUntil(task.done, timeout=5000)
    assert services.live.public_url is None  # not applied
    [row] = services.live.subscriptions()
    assert row.id == view.id and row.health(time.time())[0] == "active"


def test_a_move_the_hub_cannot_verify_leaves_the_old_subscription_active(
    window, qtbot, run
) -> None:
    panel, services = window.panels.subscriptions, window.services
    view = _active_subscription(window, qtbot, run)
    services.live.move_wait = 2.0  # the demo hub never verifies through a dead URL
    dead = f"http://127.0.0.1:{_closed_port()}"
    task = window.spawn(panel.apply_public_url(dead))
    box = _question(qtbot)
    assert box.windowTitle() == "Public URL not tested"
    _press(box, "Apply and move")
    qtbot.waitUntil(task.done, timeout=30_000)
    assert services.live.public_url == dead

    def others_final() -> bool:
        others = [row for row in services.live.subscriptions() if row.id != view.id]
        return bool(others) and all(row.state in (State.FAILED, State.ENDED) for row in others)

    qtbot.waitUntil(others_final, timeout=5000)  # the replacement was not verified
    old = next(row for row in services.live.subscriptions() if row.id == view.id)
    assert old.state == State.ACTIVE and old.health(time.time())[0] == "active"  # not stale
    assert "kept at their old callback" in panel.log.toPlainText()
    services.demo.change("dataset1", "updated")  # and the old one still receives
    qtbot.waitUntil(
        lambda: any(n.subscription_id == view.id for n in services.live.stored_notifications()),
        timeout=10_000,
    )


def test_7_clearing_the_public_url_and_apply_goes_back_to_the_local_address(
    window, qtbot, run
) -> None:
    """Minor 7: after a tunnel, an empty field and Apply left "reachable at" the tunnel."""
    panel, services = window.panels.subscriptions, window.services
    _active_subscription(window, qtbot, run)
    own = services.live.callback_status().base_url
    tunnel = own.replace("127.0.0.1", "localhost")  # reaches this server, as a tunnel would
    panel.port.setValue(services.live.callback_status().port)
    task = window.spawn(panel.apply_public_url(tunnel))
    _press(_question(qtbot), "Apply and move")
    qtbot.waitUntil(task.done, timeout=30_000)
    assert services.live.callback_status().base_url == tunnel

    def settled() -> bool:  # the old subscription's unsubscribe answered: the move is done
        return all(
            row.state in (State.ACTIVE, State.ENDED) for row in services.live.subscriptions()
        )

    qtbot.waitUntil(settled, timeout=30_000)
    panel.public_url.clear()
    run(panel.apply_public_url(None), timeout=60)
    status = services.live.callback_status()
    assert status.base_url is not None and status.base_url.startswith("http://127.0.0.1:")
    assert "localhost" not in panel.server_status.text()
