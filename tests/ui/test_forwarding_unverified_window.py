"""Forward to… in the window never vouches for what nobody signed: a Change Set posted
to a 2012 HTTP callback (a form without signatures) is by default not forwarded, and the
Forwarded tab says why; with "Also forward unverified deliveries" it reaches the
application without the forward signature and marked
``X-ResourceSync-Explorer-Verified: no``. The Subscriptions table says which applies."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import keyring
import pytest
from helpers.judging_receiver import JudgingReceiver
from helpers.source_2012 import change_set, source_2012
from PySide6.QtCore import Qt
from test_auth_prompt import MemoryKeyring

from explorer.core.push.legacy_push import CALLBACK
from explorer.net.live.subscription import State

SECRET = "receiver-own-secret-7f3a"


@pytest.fixture
def receiver() -> Iterator[JudgingReceiver]:
    made = JudgingReceiver(SECRET)
    yield made
    made.close()


async def _post(url: str, body: bytes) -> int:
    async with httpx.AsyncClient() as client:
        return (await client.post(url, content=body)).status_code


def _subscribe_to_callback(window, qtbot, source):
    """The scripted Source's HTTP callback channel subscribed from the tree: its view."""
    window.address_action.trigger()
    qtbot.keyClicks(window.address.lineEdit(), source.changeset_url)
    qtbot.keyClick(window.address.lineEdit(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15000)
    channel = next(i for i in window.tree_model.walk() if i.channel is not None)
    assert channel.channel.form == CALLBACK
    menu = window.tree_menu(channel)
    next(a for a in menu.actions() if a.text() == "Subscribe").trigger()
    panel = window.panels.subscriptions
    qtbot.waitUntil(
        lambda: panel.model.rowCount() == 1 and panel.model.subscription(0).state == State.ACTIVE,
        timeout=15000,
    )
    return panel.model.subscription(0)


def _forward(panel, receiver, *, unverified: bool) -> None:
    panel.table.selectRow(0)
    dialog = panel.forwarding.open_dialog()
    assert dialog is not None
    dialog.url.setText(receiver.url)
    dialog.secret.setText(SECRET)
    dialog.unverified.setChecked(unverified)
    dialog.buttons.accepted.emit()


def _forwarding_line(panel) -> str:
    column = panel.model.headers.index("forwarding")
    return str(panel.model.index(0, column).data() or "")


def test_a_2012_callback_post_is_held_by_default_and_sent_marked_when_asked(
    window, qtbot, run, receiver
) -> None:
    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())  # the forward secret is kept there
    scripted = source_2012(forms=("callback",))
    source = run(scripted.__aenter__())
    try:
        view = _subscribe_to_callback(window, qtbot, source)
        panel = window.panels.subscriptions
        _forward(panel, receiver, unverified=False)
        qtbot.waitUntil(
            lambda: "unverified deliveries are not forwarded" in _forwarding_line(panel),
            timeout=5000,
        )
        forged = change_set(("http://example.org/precious", "deleted", "2012-08-08T11:00:00Z"))
        assert run(_post(source.callbacks[0], forged)) == 200  # anyone who knows the URL
        feed = window.panels.feed
        qtbot.waitUntil(
            lambda: any(i.notification_id is not None for i in feed.model.items), timeout=15000
        )
        row = next(r for r, i in enumerate(feed.model.items) if i.notification_id is not None)

        def forwarded_tab() -> str:  # read again on each selection; written once judged
            feed.select_row(row)
            return feed.forwarding.answer_view.toPlainText()

        qtbot.waitUntil(lambda: "not forwarded: not verified" in forwarded_tab(), timeout=10000)
        assert receiver.got == []
        inspector = window.panels.inspector
        beside = []  # what the inspector says beside each received delivery
        for record_row in range(inspector.model.rowCount()):
            inspector.table.selectRow(record_row)
            if inspector.model.record(record_row).kind == "delivery":
                beside.append(inspector.status.text())
        assert any(line.startswith("not forwarded: not verified") for line in beside), beside

        dialog = panel.forwarding.open_dialog()  # the current choice is shown, then changed
        assert dialog is not None and not dialog.unverified.isChecked()
        dialog.reject()
        _forward(panel, receiver, unverified=True)
        qtbot.waitUntil(lambda: "forwarded unsigned" in _forwarding_line(panel), timeout=5000)
        again = change_set(("http://example.org/res2", "created", "2012-08-08T11:01:00Z"))
        assert run(_post(source.callbacks[0], again)) == 200
        qtbot.waitUntil(lambda: bool(receiver.got), timeout=15000)
        arrival = receiver.got[0]
        assert arrival.body == again and not arrival.valid and arrival.verified == "no"

        run(window.services.forwarding.close_forwarding())  # as if the window had closed
        assert run(panel.forwarding.restore()) == 1  # the choice is kept with the target
        restored = window.services.forwarding.forwarding_target(view.id)
        assert restored is not None and restored.forward_unverified
        run(window.services.forwarding.close_forwarding())
    finally:
        run(scripted.__aexit__(None, None, None))
        keyring.set_keyring(before)
