"""The window on a scripted 2012-style Source (the test's own): its Change Set's push
links are channels of the tree (core 0.1-alpha §5.2), and subscribing to the HTTP callback
one puts each Change Set posted to the callback in the feed with its entry diff, like any
WebSub channel; ending it says no unsubscription exists."""

from __future__ import annotations

from pathlib import Path

import httpx
from helpers.source_2012 import change_set, source_2012
from PySide6.QtCore import Qt

from explorer.core.push.legacy_push import CALLBACK, XMPP
from explorer.net.live.subscription import State
from explorer.ui.live.feed_model import CHANGE


async def _post(url: str, body: bytes) -> int:
    async with httpx.AsyncClient() as client:
        return (await client.post(url, content=body)).status_code


def test_callback_channel_from_the_tree_fills_the_feed(
    window, qtbot, run, output_dir: Path
) -> None:
    scripted = source_2012()
    source = run(scripted.__aenter__())
    try:
        window.address_action.trigger()
        qtbot.keyClicks(window.address.lineEdit(), source.changeset_url)
        qtbot.keyClick(window.address.lineEdit(), Qt.Key.Key_Return)
        qtbot.waitUntil(
            lambda: sum(1 for i in window.tree_model.walk() if i.channel) == 2, timeout=15000
        )
        channels = {i.channel.form: i for i in window.tree_model.walk() if i.channel is not None}
        assert channels[XMPP].title() == (
            "XMPP PubSub channel (2012 draft) — xmpp:pubsub.localhost · changes_node"
        )
        assert channels[CALLBACK].title() == (
            f"HTTP callback channel (2012 draft) — {source.subscribe_url}"
        )
        window.grab().save(str(output_dir / "legacy-push-tree.png"))

        menu = window.tree_menu(channels[CALLBACK])
        next(a for a in menu.actions() if a.text() == "Subscribe").trigger()
        panel = window.panels.subscriptions
        qtbot.waitUntil(
            lambda: (
                panel.model.rowCount() == 1 and panel.model.subscription(0).state == State.ACTIVE
            ),
            timeout=15000,
        )
        view = panel.model.subscription(0)
        assert view.flavour == CALLBACK and "unverified and unsigned" in str(view.reason or "")
        body = change_set(("http://example.org/res9", "created", "2012-08-08T11:00:00Z"))
        assert run(_post(source.callbacks[0], body)) == 200
        feed = window.panels.feed
        qtbot.waitUntil(
            lambda: any(i.kind == CHANGE and i.diff for i in feed.model.items), timeout=15000
        )
        window.grab().save(str(output_dir / "legacy-push-feed.png"))

        run(window.services.renew(view.id))  # no lease: nothing is sent
        assert len(source.subscribe_forms) == 1

        run(window.services.unsubscribe(view.id))
        qtbot.waitUntil(lambda: panel.model.subscription(0).state == State.ENDED, timeout=15000)
        assert "defines no unsubscription" in str(panel.model.subscription(0).reason or "")
        assert run(_post(source.callbacks[0], body)) == 410  # no longer accepted
    finally:
        run(scripted.__aexit__(None, None, None))
