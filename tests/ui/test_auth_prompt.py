"""A token-protected Source in the window: the "Authentication required" prompt, the
credential sent to its own origin only and never shown or stored in clear, remembering in
the keyring (an in-memory one here, never the real one), and the Credentials and Network
pages of Settings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from helpers.memory_keyring import MemoryKeyring, memory_keyring_installed
from protected_source import REALM, TOKEN, loopback_proxy, private_ca, protected_source
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialogButtonBox

from explorer.net.http.credentials import Credential
from explorer.net.http.network_access import ProxyMode
from explorer.net.source.crawl_tree import NodeState
from explorer.net.store.records import ExchangeRecord
from explorer.ui.shared.credential_vault import SERVICE
from explorer.ui.shared.exchange_text import curl_command, describe
from explorer.ui.source.auth_dialog import AuthDialog

pytestmark = pytest.mark.timeout(120)
CAPABILITIES = ["description", "capabilitylist", "resourcelist"]


@pytest.fixture(autouse=True)
def memory_keyring() -> Iterator[MemoryKeyring]:
    """Every test here gets a fresh in-memory keyring; the real one is never touched."""
    with memory_keyring_installed() as backend:
        yield backend


def prompt(qtbot, window, url: str) -> AuthDialog:
    with qtbot.waitSignal(window.auth_prompt.prompted, timeout=30_000) as opened:
        window.open_url(url)
    dialog = opened.args[0]
    assert isinstance(dialog, AuthDialog) and dialog.isVisible() and not dialog.isModal()
    return dialog


def answer_with_token(qtbot, dialog: AuthDialog, remember: bool = False) -> None:
    dialog.kind_buttons.button(0).click()
    qtbot.keyClicks(dialog.token, TOKEN)
    dialog.remember.setChecked(remember)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def loaded_capabilities(window) -> list[str]:
    return [
        item.doc.capability
        for item in window.tree_model.walk()
        if item.doc is not None and item.doc.state is NodeState.LOADED and item.doc.document
    ]


def wait_for_whole_source(qtbot, window) -> None:
    """The window reads down to the Capability List; expanding the tree reads the rest."""
    qtbot.waitUntil(lambda: loaded_capabilities(window) == CAPABILITIES[:2], timeout=30_000)
    model = window.tree_model
    listed = next(item for item in model.walk() if item.url.endswith("/resourcelist.xml"))
    model.fetchMore(model.index_of(listed))
    qtbot.waitUntil(lambda: loaded_capabilities(window) == CAPABILITIES, timeout=30_000)


def store_bytes(window) -> bytes:
    path = Path(window.services.store_path)
    return b"".join(p.read_bytes() for p in path.parent.glob(path.name + "*"))


def test_the_prompt_opens_the_source_and_the_token_stays_at_its_origin(
    qtbot, window, capfd, output_dir
) -> None:
    with protected_source() as source:
        dialog = prompt(qtbot, window, source.url)
        assert dialog.origin_label.text() == source.origin
        assert "Bearer" in dialog.asked_label.text() and REALM in dialog.asked_label.text()
        assert dialog.kind() == "token"
        dialog.grab().save(str(output_dir / "auth-prompt.png"))
        answer_with_token(qtbot, dialog)
        wait_for_whole_source(qtbot, window)
        model = window.panels.inspector.model

        def authorized_row_shown() -> bool:  # exchanges reach the inspector in batches
            return any(
                name.lower() == "authorization"
                for row in range(model.rowCount())
                for name, _ in model.record(row).request_headers
            )

        qtbot.waitUntil(authorized_row_shown, timeout=10000)
        assert f"Bearer {TOKEN}" in source.source_log.authorizations()
        assert source.describedby_log.requests, "the describedby link was not checked"
        assert source.describedby_log.authorizations() == []
    inspector = window.panels.inspector
    records = [inspector.model.record(row) for row in range(inspector.model.rowCount())]
    assert any(name.lower() == "authorization" for r in records for name, _ in r.request_headers)
    for record in records:
        assert TOKEN not in describe(record) and TOKEN not in curl_command(record)
    own = next(
        row
        for row in reversed(range(inspector.model.rowCount()))
        if inspector.model.record(row).url.startswith(source.origin)
    )  # the last: sent once the token was given
    inspector.table.selectRow(own)
    assert TOKEN not in inspector.detail.toPlainText()
    clipboard = QGuiApplication.clipboard()
    qtbot.mouseClick(inspector.curl_button, Qt.MouseButton.LeftButton)
    assert "Authorization: Bearer ••••" in clipboard.text() and TOKEN not in clipboard.text()
    assert inspector.secret_curl_button.isEnabled()
    qtbot.mouseClick(inspector.secret_curl_button, Qt.MouseButton.LeftButton)
    assert f"Authorization: Bearer {TOKEN}" in clipboard.text()
    clipboard.clear()
    assert TOKEN.encode() not in store_bytes(window)
    assert window.services.access.credentials.get(source.url) is not None
    assert keyring.get_keyring().secrets == {}  # not asked to remember
    assert window.auth_prompt.remembered.origins() == []
    out, err = capfd.readouterr()
    assert TOKEN not in out and TOKEN not in err


def test_remember_puts_the_token_in_the_keyring_and_only_the_origin_in_settings(
    qtbot, window, memory_keyring, settings
) -> None:
    with protected_source() as source:
        dialog = prompt(qtbot, window, source.url)
        assert "system keyring" in dialog.keyring_note.text()
        answer_with_token(qtbot, dialog, remember=True)
        wait_for_whole_source(qtbot, window)
        qtbot.waitUntil(lambda: (SERVICE, source.origin) in memory_keyring.secrets)
    assert TOKEN in memory_keyring.secrets[(SERVICE, source.origin)]
    assert window.auth_prompt.remembered.origins() == [source.origin]
    settings.sync()
    assert TOKEN.encode() not in Path(settings.fileName()).read_bytes()


def test_without_a_keyring_remembering_is_for_this_session_only(qtbot, window) -> None:
    from keyring.backends import fail

    keyring.set_keyring(fail.Keyring())
    with protected_source() as source:
        dialog = prompt(qtbot, window, source.url)
        assert "No system keyring" in dialog.keyring_note.text()
        answer_with_token(qtbot, dialog, remember=True)
        wait_for_whole_source(qtbot, window)
    qtbot.waitUntil(lambda: source.origin in window.auth_prompt.session_only)
    assert window.auth_prompt.remembered.origins() == []
    assert [row.kept for row in window.auth_prompt.kept()] == ["this session"]


def test_a_refused_token_asks_again_and_cancel_stops(qtbot, window) -> None:
    with protected_source() as source:
        dialog = prompt(qtbot, window, source.url)
        qtbot.keyClicks(dialog.token, "wrong-token")
        with qtbot.waitSignal(window.auth_prompt.prompted, timeout=30_000) as again:
            qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        second = again.args[0]
        assert second.challenge.credentials_sent
        assert "refused" in second.heading.text()
        second.reject()
    assert window.auth_prompt.dialog is None


def test_the_remembered_token_is_used_after_a_restart_without_a_prompt(
    qtbot, window, memory_keyring
) -> None:
    with protected_source() as source:
        memory_keyring.set_password(SERVICE, source.origin, json.dumps({"token": TOKEN}))
        window.auth_prompt.remembered.add(source.origin)
        from explorer.ui.source.auth_prompt import AuthPrompt

        window.auth_prompt = AuthPrompt(window, window.services)  # as at the next start
        prompts: list[object] = []
        window.auth_prompt.prompted.connect(prompts.append)
        window.open_url(source.url)
        wait_for_whole_source(qtbot, window)
    assert prompts == []


def test_the_credentials_page_lists_masked_and_removes(qtbot, window, memory_keyring) -> None:
    origin = "https://closed.example.org"
    window.services.set_credential(origin, Credential(token=TOKEN))
    run_remember = window.auth_prompt.remember(origin, Credential(token=TOKEN))
    task = window.spawn(run_remember)
    qtbot.waitUntil(task.done)
    dialog = window.show_settings()
    page = dialog.page("Credentials")
    assert page.origins() == [origin]
    shown = [page.table.item(0, column).text() for column in range(page.table.columnCount())]
    assert shown[1] == "bearer" and shown[3] == "system keyring"
    assert TOKEN not in " ".join(shown) and TOKEN[-4:] in shown[2]
    page.table.selectRow(0)
    qtbot.mouseClick(page.remove_button, Qt.MouseButton.LeftButton)
    assert page.origins() == []
    assert window.services.access.credentials.get(origin) is not None  # until OK
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: (SERVICE, origin) not in memory_keyring.secrets)
    assert window.services.access.credentials.get(origin) is None
    assert window.auth_prompt.remembered.origins() == []


def test_the_network_page_ca_bundle_reaches_the_fetcher(
    qtbot, window, tmp_path, output_dir
) -> None:
    server, bundle = private_ca(tmp_path)
    dialog = window.show_settings()
    page = dialog.page("Network")
    page.ca_bundle.setText(str(bundle))
    dialog.tabs.setCurrentWidget(page)
    dialog.grab().save(str(output_dir / "settings-network.png"))
    dialog.accept()
    assert window.services.access.settings.ca_bundle == bundle
    with protected_source(tls=server) as source:
        window.services.set_credential(source.origin, Credential(token=TOKEN))
        window.open_url(source.url)
        wait_for_whole_source(qtbot, window)


def test_the_network_page_proxy_reaches_the_fetcher(qtbot, window, monkeypatch) -> None:
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)
    with loopback_proxy() as (proxy_url, seen), protected_source() as source:
        dialog = window.show_settings()
        page = dialog.page("Network")
        page.proxy_mode.setCurrentIndex(page.proxy_mode.findData(ProxyMode.MANUAL.value))
        page.proxy_url.setText(proxy_url)
        dialog.accept()
        assert window.services.access.settings.proxy_mode is ProxyMode.MANUAL
        window.services.set_credential(source.origin, Credential(token=TOKEN))
        window.open_url(source.url)
        wait_for_whole_source(qtbot, window)
    assert f"{source.origin}/resourcelist.xml" in seen


def test_the_network_page_says_insecure_loudly_and_refuses_a_proxy_password(
    qtbot, window, output_dir
) -> None:
    dialog = window.show_settings()
    page = dialog.page("Network")
    assert page.insecure_warning.isHidden()
    page.insecure.setChecked(True)
    assert not page.insecure_warning.isHidden() and "NOT verified" in page.insecure_warning.text()
    page.proxy_mode.setCurrentIndex(page.proxy_mode.findData(ProxyMode.MANUAL.value))
    page.proxy_url.setText("http://me:secret-proxy-pass@127.0.0.1:9")
    assert not page.problem.isHidden() and "secret-proxy-pass" not in page.problem.text()
    dialog.tabs.setCurrentWidget(page)
    dialog.grab().save(str(output_dir / "settings-network-insecure.png"))
    dialog.accept()
    assert window.services.access.settings.proxy_mode is ProxyMode.SYSTEM  # not applied
    assert "not applied" in window.messages.text.text()
    assert "secret-proxy-pass" not in window.messages.text.text()


def test_the_inspector_masks_credential_headers_whatever_the_record_holds() -> None:
    record = ExchangeRecord(
        time=0.0,
        direction="out",
        kind="crawl",
        method="GET",
        url="https://closed.example.org/a.xml",
        status=200,
        request_headers=[("Authorization", f"Bearer {TOKEN}"), ("Accept", "*/*")],
        request_body=None,
        request_size=None,
        response_headers=[("Set-Cookie", f"session={TOKEN}")],
        response_body=b"",
        response_size=0,
        body_cap=1024,
    )
    assert TOKEN not in describe(record)
    assert TOKEN not in curl_command(record) and "Bearer ••••" in curl_command(record)
    with_key = curl_command(record, {"X-Api-Key": "k-123"})
    assert "X-Api-Key: k-123" in with_key and TOKEN not in with_key
