"""Replay… in the window: a feed delivery, edited and re-signed with the receiver's
secret, is accepted by the test's own receiver (its own HMAC code); re-signed with
another secret it is rejected; an inspector exchange goes with its original signature.
Each answer is a new exchange linked to its original, shown in the inspector; the secret
is never in the inspector, the store's files or the log."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from helpers.judging_receiver import JudgingReceiver, subscribed_to_demo

from explorer.net.store.exchange_links import read_links
from explorer.ui.tools.replay_actions import ReplayActions

SECRET = "receiver-replay-secret-91c2"
OTHER = "not-the-receiver-secret-55d0"


@pytest.fixture
def receiver() -> Iterator[JudgingReceiver]:
    made = JudgingReceiver(SECRET)
    yield made
    made.close()


def test_replay_edited_resigned_rejected_and_linked(
    window, qtbot, run, receiver, tmp_path, caplog
) -> None:
    caplog.set_level(logging.DEBUG)
    services = window.services
    view = subscribed_to_demo(window, run)
    feed, inspector = window.panels.feed, window.panels.inspector
    qtbot.waitUntil(lambda: feed.model.rowCount() > 0, timeout=15000)
    feed.select_row(0)
    delivery_id = feed.model.item(0).notification_id
    actions = inspector.findChild(ReplayActions)

    dialog = actions.replay_delivery()
    assert dialog is not None and dialog.isVisible()
    assert dialog.url.text() == view.callback_url  # where it went, by default
    assert dialog.method.currentText() == "POST"
    dialog.url.setText(receiver.url)
    edited = dialog.body.toPlainText().replace("</urlset>", "<!-- edited --></urlset>")
    dialog.body.setPlainText(edited)
    dialog.resign.setChecked(True)
    dialog.secret.setText(SECRET)
    accepted = run(dialog.send_now())
    assert accepted is not None and accepted.record.status == 202
    assert receiver.got[-1].valid and b"<!-- edited -->" in receiver.got[-1].body
    assert (
        "202" in dialog.answer.toPlainText() and "receiver took it" in dialog.answer.toPlainText()
    )

    dialog.secret.setText(OTHER)
    rejected = run(dialog.send_now())
    assert rejected is not None and rejected.record.status == 403
    assert not receiver.got[-1].valid
    assert "bad signature" in dialog.answer.toPlainText()

    ids = [accepted.record.id, rejected.record.id]
    links = read_links(services.store.path, ids)
    assert {(link.original_kind, link.original_id) for link in links.values()} == {
        ("delivery", delivery_id)
    }
    qtbot.waitUntil(
        lambda: sum(r.kind == "replay" for r in inspector.model.all_records()) == 2, timeout=5000
    )

    row = next(
        r for r in range(inspector.model.rowCount()) if inspector.model.record(r).kind == "delivery"
    )
    inspector.table.selectRow(row)
    qtbot.waitUntil(
        lambda: services.replay.exchange_id(inspector.selected()) is not None, timeout=5000
    )
    again = actions.replay_exchange()
    assert again is not None and again.url.text() == inspector.selected().url
    again.url.setText(receiver.url)
    as_sent = run(again.send_now())
    assert as_sent is not None and as_sent.signature == "original"
    assert as_sent.record.status == 403  # the hub's signature, not the receiver's secret
    assert read_links(services.store.path, [as_sent.record.id])[
        as_sent.record.id
    ].original_kind == ("exchange")

    for record_row in range(inspector.model.rowCount()):
        inspector.table.selectRow(record_row)
        assert SECRET not in inspector.detail.toPlainText()
    assert SECRET not in caplog.text and OTHER not in caplog.text
    for path in tmp_path.iterdir():
        if path.name.startswith("store.sqlite3"):
            assert SECRET.encode() not in path.read_bytes()
