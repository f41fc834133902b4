"""The window on a 2012 XMPP PubSub channel (core 0.1-alpha §5.2.1) against a real Prosody
on loopback: "Subscribe" on the channel asks for the XMPP account in a non-modal dialog,
the subscription's row says what it is, a Change Set published to the node by a separate
XMPP client (a plain slixmpp script) reaches the feed, stored, with the legacy findings
and an entry diff, and unsubscribing stops it. The password is never shown, logged,
stored in clear or exported."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.memory_keyring import MemoryKeyring, memory_keyring_installed
from helpers.prosody import Prosody, prosody
from helpers.source_2012 import Source2012, source_2012
from helpers.xmpp_source import make_node, publish, subscribers
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QTableView

from explorer.net.http.credentials import Credential
from explorer.net.http.network_access import NetworkSettings
from explorer.net.live.subscription import State
from explorer.ui.language import install_language
from explorer.ui.live.feed_model import CHANGE
from explorer.ui.live.xmpp_account_panel import ACCOUNT_KEY, vault_key, xmpp_panel
from explorer.ui.live.xmpp_account_widgets import XmppAccountWidgets
from explorer.ui.shared.credential_vault import SERVICE, store_secret
from explorer.ui.shared.exchange_text import curl_command, describe

pytestmark = pytest.mark.timeout(180)
PASSWORD = "window-secret-pw-5d2e"
LEGACY_CODES = {
    "parse.legacy-changeset",
    "parse.legacy-lastmod-type",
    "parse.legacy-expires",
    "websub.legacy-pushed-change-set",
}


@pytest.fixture
def xmpp(run, tmp_path: Path) -> Iterator[tuple[Prosody, Source2012, str]]:
    """Prosody with the Source's node and the explorer's account, and a 2012 Source
    advertising the node; stopped after the window (this fixture comes first)."""
    folder = tmp_path / "prosody"
    folder.mkdir()
    running = prosody(folder)
    server = run(running.__aenter__())
    try:
        run(make_node(server))
        jid = server.register("explorer", PASSWORD)
        scripted = source_2012(forms=("xmpp",))
        source = run(scripted.__aenter__())
        try:
            yield server, source, jid
        finally:
            run(scripted.__aexit__(None, None, None))
    finally:
        run(running.__aexit__(None, None, None))


@pytest.fixture(params=["en", "ja"])
def language(request, qapp) -> Iterator[str]:
    """The interface language, installed before the window is built (its text is read once)."""
    install_language(request.param, qapp)
    yield request.param
    install_language("en", qapp)


def ask_for_account(qtbot, window, source: Source2012, server: Prosody) -> XmppAccountWidgets:
    """Open the Source, choose "Subscribe" on its XMPP channel: the account dialog opens."""
    window.services.configure_network(NetworkSettings(ca_bundle=server.ca_file))
    window.open_url(source.changeset_url)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15000)
    return choose_subscribe(qtbot, window)


def choose_subscribe(qtbot, window) -> XmppAccountWidgets:
    """ "Subscribe" in the XMPP channel's menu: the account dialog opens, non-modal."""
    channel = next(i for i in window.tree_model.walk() if i.channel is not None)
    subscribe = QCoreApplication.translate("SourceController", "Subscribe")
    menu = window.tree_menu(channel)
    with qtbot.waitSignal(xmpp_panel(window).asked, timeout=15000) as opened:
        next(a for a in menu.actions() if a.text() == subscribe).trigger()
    dialog = opened.args[0]
    assert isinstance(dialog, XmppAccountWidgets) and dialog.isVisible()
    assert not dialog.isModal()
    return dialog


def answer(qtbot, dialog: XmppAccountWidgets, jid: str, server: Prosody, remember: bool) -> None:
    qtbot.keyClicks(dialog.jid, jid)
    qtbot.keyClicks(dialog.password, PASSWORD)
    qtbot.keyClicks(dialog.server, f"127.0.0.1:{server.port}")
    dialog.remember.setChecked(remember)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def wait_active(qtbot, window):
    panel = window.panels.subscriptions
    qtbot.waitUntil(
        lambda: panel.model.rowCount() == 1 and panel.model.subscription(0).state == State.ACTIVE,
        timeout=30000,
    )
    return panel.model.subscription(0)


def changes(window) -> list:
    return [item for item in window.panels.feed.model.items if item.kind == CHANGE]


def test_a_change_set_published_to_the_node_reaches_the_feed_until_unsubscribed(
    language, xmpp, window, qtbot, run, tmp_path, output_dir
) -> None:
    server, source, jid = xmpp
    dialog = ask_for_account(qtbot, window, source, server)
    suffix = "" if language == "en" else f"-{language}"
    qtbot.keyClicks(dialog.jid, jid)
    qtbot.keyClicks(dialog.password, PASSWORD)
    dialog.grab().save(str(output_dir / f"xmpp-account{suffix}.png"))
    dialog.password.clear()
    dialog.jid.clear()
    answer(qtbot, dialog, jid, server, remember=False)

    view = wait_active(qtbot, window)
    panel = window.panels.subscriptions
    row = [panel.model.index(0, column).data() for column in range(panel.model.columnCount())]
    tr = QCoreApplication.translate
    assert tr("PushFormText", "XMPP PubSub (2012 draft)") in row
    assert tr("PushFormText", "none: the 2012 draft has no lease") in row
    assert f"{jid} subscribed" in run(subscribers(server))

    started = time.time()
    published = run(
        publish(
            server,
            tmp_path,
            ("http://example.org/res1", "updated", "2012-08-08T09:00:00Z"),
            ("http://example.org/res2", "deleted", "2012-08-08T09:05:00Z"),
        )
    )
    qtbot.waitUntil(lambda: any(item.diff for item in changes(window)), timeout=15000)
    shown = time.time()
    print(  # measured, not asserted (no timing assertion in a test)
        f"\nXMPP item to the feed ({language}): {shown - published:.3f} s after the service "
        f"acknowledged the publication, {shown - started:.3f} s after the publisher started"
    )
    (item,) = changes(window)
    assert {finding.code for finding in item.findings} >= LEGACY_CODES
    assert {(d["loc"], d["change"]) for d in item.diff or []} == {
        ("http://example.org/res1", "updated"),
        ("http://example.org/res2", "deleted"),
    }
    (stored,) = [r for r in window.services.stored_notifications() if r.status == "notification"]
    assert stored.capability == "change-notification" and stored.subscription_id == view.id
    window.resize(1500, 900)  # room for the subscription's row
    window.docks["FeedDock"].raise_()
    window.panels.feed.select_row(0)  # its changes, with the legacy findings in the tabs
    window.grab().save(str(output_dir / f"xmpp-feed{suffix}.png"))
    row_view = QTableView()  # the subscription's row at full width (the dock is narrow)
    row_view.setModel(panel.model)
    row_view.resize(1500, 70)
    row_view.resizeColumnsToContents()
    row_view.grab().save(str(output_dir / f"xmpp-subscription{suffix}.png"))

    panel.table.selectRow(0)
    qtbot.mouseClick(panel.unsubscribe_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.model.subscription(0).state == State.ENDED, timeout=30000)
    assert jid not in run(subscribers(server))
    run(publish(server, tmp_path, ("http://example.org/res3", "created", "2012-08-08T10:00:00Z")))
    run(subscribers(server))  # one more round trip through the service
    assert len(changes(window)) == 1


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    with memory_keyring_installed() as backend:
        yield backend


def test_the_password_is_kept_in_the_keyring_and_nowhere_else(
    memory_keyring, xmpp, window, qtbot, run, tmp_path, settings, caplog, capfd
) -> None:
    caplog.set_level(logging.DEBUG)  # every logger, the XMPP library's stanzas too
    server, source, jid = xmpp
    dialog = ask_for_account(qtbot, window, source, server)
    assert "system keyring" in dialog.keyring_note.text()
    answer(qtbot, dialog, jid, server, remember=True)
    view = wait_active(qtbot, window)
    qtbot.waitUntil(lambda: (SERVICE, vault_key(jid)) in memory_keyring.secrets)
    assert PASSWORD in memory_keyring.secrets[(SERVICE, vault_key(jid))]
    run(publish(server, tmp_path, ("http://example.org/res1", "created", "2012-08-08T09:00:00Z")))
    qtbot.waitUntil(lambda: any(item.diff for item in changes(window)), timeout=15000)
    run(window.services.unsubscribe(view.id))

    inspector = window.panels.inspector
    records = [inspector.model.record(row) for row in range(inspector.model.rowCount())]
    for row, record in enumerate(records):
        inspector.table.selectRow(row)
        shown = inspector.detail.toPlainText() + describe(record) + curl_command(record)
        assert PASSWORD not in shown
    subscriptions = window.panels.subscriptions
    assert PASSWORD not in subscriptions.log.toPlainText()
    settings.sync()
    assert jid in Path(settings.fileName()).read_text()
    assert PASSWORD not in Path(settings.fileName()).read_text()
    store = Path(window.services.store_path)
    kept = b"".join(p.read_bytes() for p in store.parent.glob(store.name + "*"))
    assert kept and PASSWORD.encode() not in kept
    assert caplog.records and all(PASSWORD not in r.getMessage() for r in caplog.records)
    out, err = capfd.readouterr()
    assert PASSWORD not in out and PASSWORD not in err


def test_a_refused_login_fails_the_row_and_the_account_can_be_given_again(
    xmpp, window, qtbot, run
) -> None:
    server, source, jid = xmpp
    dialog = ask_for_account(qtbot, window, source, server)
    qtbot.keyClicks(dialog.password, "not-the-password")
    answer(qtbot, dialog, jid, server, remember=False)
    panel = window.panels.subscriptions
    qtbot.waitUntil(
        lambda: panel.model.rowCount() == 1 and panel.model.subscription(0).state == State.FAILED,
        timeout=30000,
    )
    assert "refused" in str(panel.model.subscription(0).reason or "")

    dialog = choose_subscribe(qtbot, window)
    assert dialog.jid.text() == jid and dialog.server.text() == f"127.0.0.1:{server.port}"
    dialog.password.clear()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and dialog.error.isVisible()  # the kept one was refused: asked
    qtbot.keyClicks(dialog.password, PASSWORD)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: any(
            panel.model.subscription(row).state == State.ACTIVE
            for row in range(panel.model.rowCount())
        ),
        timeout=30000,
    )
    assert f"{jid} subscribed" in run(subscribers(server))


def test_a_remembered_account_is_offered_and_its_password_read_from_the_keyring(
    memory_keyring, xmpp, window, qtbot, settings
) -> None:
    server, source, jid = xmpp
    store_secret(vault_key(jid), Credential(user=jid, password=PASSWORD))  # an earlier run's
    address = f"127.0.0.1:{server.port}"
    settings.setValue(ACCOUNT_KEY, json.dumps({"jid": jid, "server": address}))
    dialog = ask_for_account(qtbot, window, source, server)
    assert (dialog.jid.text(), dialog.server.text(), dialog.password.text()) == (jid, address, "")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    wait_active(qtbot, window)
