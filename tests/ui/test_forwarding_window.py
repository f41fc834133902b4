"""Forward to… in the window: a subscription's deliveries reach the test's own receiver
(a plain HTTP server that checks X-Hub-Signature with its own HMAC code), signed with
the forward secret, in the hub's order; the state shows in the Subscriptions table, the
receiver's answer beside the delivery in the feed, and Forward again sends one again.
The secret is never in the store's files, the inspector or the log."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from helpers.judging_receiver import JudgingReceiver, subscribed_to_demo
from test_auth_prompt import MemoryKeyring

SECRET = "receiver-own-secret-7f3a"


@pytest.fixture
def receiver() -> Iterator[JudgingReceiver]:
    made = JudgingReceiver(SECRET)
    yield made
    made.close()


def forward_dialog_for_demo(window, qtbot, run, receiver):
    """A demo subscription selected and its Forward to… open, filled with the receiver's
    address and secret: (subscription, panel, dialog)."""
    view = subscribed_to_demo(window, run)
    panel = window.panels.subscriptions
    qtbot.waitUntil(lambda: panel.model.row_of(view.id) is not None, timeout=5000)
    panel.table.selectRow(panel.model.row_of(view.id))
    dialog = panel.forwarding.open_dialog()
    assert dialog is not None and dialog.isVisible()  # open(), never exec()
    dialog.url.setText(receiver.url)
    dialog.secret.setText(SECRET)
    return view, panel, dialog


def test_forward_to_signs_orders_shows_answers_and_forwards_again(
    window, qtbot, run, receiver, tmp_path, caplog
) -> None:
    caplog.set_level(logging.DEBUG)
    services = window.services
    view, panel, dialog = forward_dialog_for_demo(window, qtbot, run, receiver)
    dialog.headers.setPlainText("X-Team: importer")
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: len(receiver.got) >= 3, timeout=20000)

    ids = [arrival.delivery for arrival in receiver.got]
    assert all(arrival.valid for arrival in receiver.got)
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
        lambda: any(arrival.delivery == first for arrival in receiver.got[before:]), timeout=10000
    )

    inspector = window.panels.inspector
    beside = []  # what the inspector says beside each received delivery
    for record_row in range(inspector.model.rowCount()):
        inspector.table.selectRow(record_row)
        assert SECRET not in inspector.detail.toPlainText()
        if inspector.model.record(record_row).kind == "delivery":
            beside.append((inspector.status.text(), inspector.status.toolTip()))
    assert any(
        "forwarded:" in line and "answered 202" in line and "receiver took it" in tip
        for line, tip in beside
    )
    assert SECRET not in caplog.text
    run(services.forwarding.close_forwarding())
    for path in tmp_path.iterdir():
        if path.name.startswith("store.sqlite3"):
            assert SECRET.encode() not in path.read_bytes()


def test_a_kept_target_starts_again_with_its_secret_from_the_keyring(
    window, qtbot, run, receiver, settings
) -> None:
    """After a restart the window forwards again by itself: the target in the settings
    (no secret there), the secret in the keyring; without a keyring it says why not."""
    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())
    try:
        services = window.services
        view, panel, dialog = forward_dialog_for_demo(window, qtbot, run, receiver)
        dialog.buttons.accepted.emit()
        qtbot.waitUntil(lambda: len(receiver.got) >= 1, timeout=20000)
        settings.sync()
        assert SECRET not in Path(settings.fileName()).read_text(encoding="utf-8")

        run(services.forwarding.close_forwarding())  # as if the window had closed
        assert services.forwarding.forwarding_target(view.id) is None
        assert run(panel.forwarding.restore()) == 1
        restored = services.forwarding.forwarding_target(view.id)
        assert restored is not None and restored.url == receiver.url
        count = len(receiver.got)
        qtbot.waitUntil(lambda: len(receiver.got) > count, timeout=20000)
        assert all(arrival.valid for arrival in receiver.got)

        keyring.set_keyring(MemoryKeyring())  # a keyring that lost it: no unsigned copies
        run(services.forwarding.close_forwarding())
        assert run(panel.forwarding.restore()) == 0
        assert "not restarted" in panel.log.toPlainText()
        # minor 15: said where it is seen, above the window's work, not only in the log
        assert window.messages.isVisible()
        assert "Forwarding was not restarted for" in window.messages.text.text()
        assert view.topic in window.messages.text.text()
    finally:
        keyring.set_keyring(before)
