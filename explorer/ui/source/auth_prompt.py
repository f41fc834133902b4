"""The window's side of closed Sources: the prompt, remembered credentials, network settings.

When opening or refreshing a Source ends with a 401 or 403, ``AuthPrompt`` opens the
"Authentication required" dialog for that origin; on OK the credential goes to the
services' credential set (sent to that origin only, by every client) and the open is
retried. "Remember" writes the secret to the system keyring and the origin to QSettings;
without a keyring it is kept for the session only. Remembered credentials are read back
in a worker at start-up, and a refusal met before they arrive is retried with them
rather than prompted for. The stored proxy and TLS settings are put into effect here
too, and a choice not to verify TLS is said loudly, each time it takes effect.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QWidget

from explorer.core.findings import Severity
from explorer.net.http.credentials import Credential
from explorer.net.http.fetcher import FetchResult
from explorer.net.http.network_access import NetworkSettings
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode
from explorer.ui.language import ui_language
from explorer.ui.shared.credential_vault import (
    RememberedOrigins,
    VaultError,
    delete_secret,
    keyring_name,
    read_secret,
    store_secret,
)
from explorer.ui.source.auth_dialog import AuthChallenge, AuthDialog, find_challenge
from explorer.ui.source.credentials_page import KEYRING, SESSION, CredentialsPage, KeptCredential
from explorer.ui.source.network_page import (
    NetworkPage,
    insecure_warning_text,
    load_network_settings,
)

if TYPE_CHECKING:
    from explorer.ui.services import ExplorerServices
    from explorer.ui.source.source_tree import TreeItem
    from explorer.ui.source.window_parts import SourceWindow


def source_fetches(result: CrawlResult) -> Iterator[FetchResult | None]:
    """The responses worth asking credentials for: the documents of an opened Source, or
    every discovery route when none opened (a public Source's 401 robots.txt is not)."""
    if result.root is None:
        yield from result.discovery.fetched.values()
        return
    for node in result.nodes():
        yield node.fetch


class PageBook(Protocol):
    """The Settings dialog, as the prompt adds its pages to it."""

    def add_page(self, title: str, page: QWidget) -> None: ...


class AuthPrompt(QObject):
    """Prompts for, keeps and forgets credentials for ``window``'s Sources."""

    prompted = Signal(object)  # the AuthDialog just opened
    credentials_changed = Signal()

    def __init__(self, window: SourceWindow, services: ExplorerServices) -> None:
        super().__init__(window.widget())
        self.window = window
        self.services = services
        self.remembered = RememberedOrigins(window.settings)
        self.session_only: set[str] = set()  # asked to remember, but no keyring took it
        self.dialog: AuthDialog | None = None
        self.apply_network(load_network_settings(window.settings))
        self._loading: asyncio.Task[Any] | None = (
            window.spawn(self._load_remembered()) if self.remembered.origins() else None
        )
        window.tree_model.node_loaded.connect(self._node_loaded)

    def add_settings_pages(self, dialog: PageBook) -> None:
        """The Credentials and Network pages, applied with the rest of Settings."""
        dialog.add_page(
            self.tr("Credentials"),
            CredentialsPage(self.kept, self._forget_later, keyring_name()),
        )
        dialog.add_page(
            self.tr("Network"),
            NetworkPage(
                self.window.settings,
                self.apply_network,
                lambda text: self.window.show_error(text, Severity.WARNING),
            ),
        )

    def _forget_later(self, origin: str) -> None:
        self.window.spawn(self.forget(origin))

    def _node_loaded(self, item: TreeItem) -> None:
        """A document loaded as the tree was expanded: a refusal re-reads the Source once
        credentials are given (the same rows expanded again)."""
        self.check_node(item.doc, self.window.rediscover)

    # --- network settings
    def apply_network(self, settings: NetworkSettings) -> None:
        self.services.configure_network(settings)
        if settings.insecure:
            self.window.show_error(
                self.tr("Insecure: {warning}.").format(warning=insecure_warning_text()),
                Severity.WARNING,
            )

    # --- the prompt
    def check_source(self, result: CrawlResult, retry: Callable[[], object]) -> bool:
        return self.check(source_fetches(result), retry)

    def check_node(self, node: DocumentNode | None, retry: Callable[[], object]) -> bool:
        return node is not None and self.check([node.fetch], retry)

    def check(self, results: Iterable[FetchResult | None], retry: Callable[[], object]) -> bool:
        """Ask for credentials if one of ``results`` was a 401/403; True when it was."""
        challenge = find_challenge(results)
        if challenge is None:
            return False
        self.window.spawn(self._ask(challenge, retry, asyncio.current_task()))
        return True

    async def _ask(
        self,
        challenge: AuthChallenge,
        retry: Callable[[], object],
        refused_in: asyncio.Task[Any] | None,
    ) -> None:
        """Prompt, or retry at once when remembered credentials arrived meanwhile. A retry
        waits for the task that met the refusal, which is still opening the Source."""
        waits = [task for task in (self._loading, refused_in) if task is not None]
        if waits:
            await asyncio.wait(waits)
        known = self.services.access.credentials.get(challenge.origin) is not None
        if known and not challenge.credentials_sent:  # remembered ones came in meanwhile
            retry()
            return
        if self.dialog is not None:  # one question at a time
            self.dialog.raise_()
            return
        dialog = AuthDialog(challenge, keyring_name(), self.window.widget())
        dialog.finished.connect(lambda code: self._answered(dialog, code, retry))
        self.dialog = dialog
        # non-modal, never exec(): other tasks keep running (docs/architecture.md, "Rules of
        # the event loop")
        dialog.show()
        self.prompted.emit(dialog)

    def _answered(self, dialog: AuthDialog, code: int, retry: Callable[[], object]) -> None:
        self.dialog = None
        dialog.deleteLater()
        credential = dialog.credential()
        if code != QDialog.DialogCode.Accepted or credential is None:
            return
        origin = dialog.challenge.origin
        self.services.set_credential(origin, credential)
        if dialog.remember.isChecked():
            self.window.spawn(self.remember(origin, credential))
        self.credentials_changed.emit()
        retry()

    # --- remembering
    async def remember(self, origin: str, credential: Credential) -> str:
        """Keep ``credential`` across restarts if a keyring takes it; where it went."""
        if keyring_name() is None:
            self.session_only.add(origin)
            return SESSION
        try:
            await asyncio.to_thread(store_secret, origin, credential)
        except VaultError as exc:
            self.session_only.add(origin)
            self.window.show_error(
                self.tr(
                    "{origin}: {error}; the credentials are kept for this session only."
                ).format(origin=origin, error=exc),
                Severity.WARNING,
            )
            return SESSION
        self.remembered.add(origin)
        self.session_only.discard(origin)
        self.credentials_changed.emit()
        return KEYRING

    async def forget(self, origin: str) -> None:
        """Stop sending anything to ``origin`` and remove what the keyring holds for it."""
        self.services.remove_credential(origin)
        self.session_only.discard(origin)
        if origin in self.remembered:
            self.remembered.discard(origin)
            try:
                await asyncio.to_thread(delete_secret, origin)
            except VaultError as exc:
                self.window.show_error(f"{origin}: {exc}", Severity.WARNING)
        self.credentials_changed.emit()

    def kept(self) -> list[KeptCredential]:
        """Every origin with credentials, masked, and where each is kept."""
        remembered = set(self.remembered.origins())
        rows = [
            KeptCredential(
                origin,
                credential.scheme,
                credential.describe(ui_language()),
                KEYRING if origin in remembered else SESSION,
            )
            for origin, credential in self.services.access.credentials
        ]
        loaded = {row.origin for row in rows}
        rows += [
            KeptCredential(origin, "?", self.tr("not read from the keyring"), KEYRING)
            for origin in sorted(remembered - loaded)
        ]
        return rows

    async def _load_remembered(self) -> None:
        for origin in self.remembered.origins():
            try:
                credential = await asyncio.to_thread(read_secret, origin)
            except VaultError as exc:
                self.window.show_error(f"{origin}: {exc}", Severity.WARNING)
                continue
            if credential is not None and self.services.access.credentials.get(origin) is None:
                self.services.set_credential(origin, credential)
        self.credentials_changed.emit()
