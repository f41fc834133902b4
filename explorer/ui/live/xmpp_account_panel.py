"""Subscribing to a 2012 draft XMPP PubSub channel from the window (core 0.1-alpha
§5.2.1): the account is asked for in a non-modal dialog (shown, never ``exec()``ed:
asyncio runs on Qt's loop), its password remembered, when asked, in the same credentials
vault as other secrets (the system keyring, or this session only where there is none),
then handed to the services, which subscribe on the net loop with the transport
``listen`` uses. The password is never shown, logged or exported; what QSettings keeps
of the account (the JID and server) holds no secret."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from explorer.core.findings import Severity
from explorer.net.http.credentials import Credential
from explorer.net.live import transports
from explorer.net.live.legacy.xmpp_account import is_jid, parse_server
from explorer.net.live.subscription import State, SubscriptionView
from explorer.ui.live.xmpp_account_widgets import XmppAccountWidgets
from explorer.ui.shared.credential_vault import (
    VaultError,
    keyring_name,
    read_secret,
    store_secret,
)

if TYPE_CHECKING:
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.shell import Shell

ACCOUNT_KEY = "xmpp/account"  # QSettings: the last account's JID and server, no secret


def vault_key(jid: str) -> str:
    """The name an account's password is kept under in the credentials vault."""
    return f"xmpp:{jid}"


def xmpp_panel(window: Shell) -> XmppAccountPanel:
    """The window's one panel (made at the first XMPP channel subscribed to)."""
    found = window.widget().findChild(XmppAccountPanel)
    return found if isinstance(found, XmppAccountPanel) else XmppAccountPanel(window)


def _failed_without_success(views: list[SubscriptionView]) -> bool:
    """Whether an XMPP subscription failed (a refused login, say) and none is active."""
    needs_account = [view for view in views if transports.facts(view.transport).needs_xmpp_account]
    states = {view.state for view in needs_account}
    return State.FAILED in states and State.ACTIVE not in states


def _settle(answered: asyncio.Future[bool], value: bool) -> None:
    if not answered.done():
        answered.set_result(value)


def _password(dialog: XmppAccountWidgets, kept: tuple[str, str] | None) -> str:
    """The password typed, else the one kept for the JID still in the dialog."""
    if dialog.password.text():
        return dialog.password.text()
    return kept[1] if kept and kept[0] == dialog.jid.text().strip() else ""


class XmppAccountPanel(QObject):
    """Asks for the XMPP account, remembers it, and subscribes through the services."""

    asked = Signal(object)  # the XmppAccountWidgets just opened

    def __init__(self, window: Shell) -> None:
        super().__init__(window.widget())
        self.window = window
        self.dialog: XmppAccountWidgets | None = None

    async def subscribe(
        self,
        services: ExplorerServices,
        topic: str,
        hub: str | None,
        capability: str | None,
        node: str,
    ) -> bool:
        """Ask for the account, then subscribe; False when the user cancelled."""
        if self.dialog is not None:  # one question at a time
            self.dialog.raise_()
            return False
        jid, server = self._last_account(services)
        known = await self._known_password(services, jid)
        kept = (jid, known) if known else None
        dialog = XmppAccountWidgets(node, keyring_name(), self.window.widget())
        dialog.jid.setText(jid)
        dialog.server.setText(server)
        if kept:
            dialog.password.setPlaceholderText(self.tr("empty: the kept password"))
        answered: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        dialog.buttons.accepted.connect(lambda: self._check(dialog, kept))
        dialog.buttons.rejected.connect(dialog.reject)
        dialog.finished.connect(lambda code: _settle(answered, code == 1))
        self.dialog = dialog
        # shown, not open()ed (window-modal) nor exec()ed (a nested loop): the window and
        # asyncio keep running (docs/architecture.md, "Rules of the event loop")
        dialog.show()
        self.asked.emit(dialog)
        try:
            if not await answered:
                return False
            await self._use(services, dialog, kept)
        finally:
            self.dialog = None
            with contextlib.suppress(RuntimeError):  # already gone with a closed window
                dialog.deleteLater()
        await services.subscribe(
            topic, hub, capability, form=transports.XMPP_PUBSUB_2012, node=node
        )
        return True

    def _check(self, dialog: XmppAccountWidgets, kept: tuple[str, str] | None) -> None:
        """Accept only a usable account; otherwise say what to fix, in the dialog."""
        jid, server = dialog.jid.text().strip(), dialog.server.text().strip()
        problem = None
        if not is_jid(jid):
            problem = self.tr("The account must be user@domain.")
        elif not _password(dialog, kept):
            problem = self.tr("Give the account's password.")
        elif server:
            try:
                parse_server(server)
            except ValueError:
                problem = self.tr("The server must be host:port, or empty.")
        if problem is None:
            dialog.accept()
            return
        dialog.error.setText(problem)
        dialog.error.show()

    async def _use(
        self, services: ExplorerServices, dialog: XmppAccountWidgets, kept: tuple[str, str] | None
    ) -> None:
        jid, server_text = dialog.jid.text().strip(), dialog.server.text().strip()
        password = _password(dialog, kept)
        server = parse_server(server_text) if server_text else None
        self.window.settings.setValue(ACCOUNT_KEY, json.dumps({"jid": jid, "server": server_text}))
        if dialog.remember.isChecked():
            await self._remember(jid, password)
        await services.use_xmpp_account(jid, password, server)

    async def _remember(self, jid: str, password: str) -> None:
        """Into the keyring when there is one (without one the services keep it for the
        session, as the dialog said)."""
        if keyring_name() is None:
            return
        try:
            await asyncio.to_thread(
                store_secret, vault_key(jid), Credential(user=jid, password=password)
            )
        except VaultError as exc:
            self.window.show_error(
                self.tr("{jid}: {error}; the password is kept for this session only.").format(
                    jid=jid, error=exc
                ),
                Severity.WARNING,
            )

    def _last_account(self, services: ExplorerServices) -> tuple[str, str]:
        """The JID and server given last (this session's first, else QSettings')."""
        account = services.xmpp_account
        if account is not None:
            server = f"{account.server[0]}:{account.server[1]}" if account.server else ""
            return account.jid, server
        try:
            kept = json.loads(str(self.window.settings.value(ACCOUNT_KEY, "{}")))
            return str(kept.get("jid", "")), str(kept.get("server", ""))
        except (ValueError, AttributeError):
            return "", ""

    async def _known_password(self, services: ExplorerServices, jid: str) -> str | None:
        """This session's password for ``jid``, else the keyring's, else None; None too
        after a failed XMPP subscription, so that a refused password is not offered again."""
        if _failed_without_success(services.subscriptions()):
            return None  # perhaps refused: typed again rather than offered
        account = services.xmpp_account
        if account is not None and account.jid == jid:
            return account.password
        if not jid or keyring_name() is None:
            return None
        try:
            credential = await asyncio.to_thread(read_secret, vault_key(jid))
        except VaultError as exc:
            self.window.show_error(f"{jid}: {exc}", Severity.WARNING)
            return None
        return credential.password if credential is not None else None
