"""The window as the open-Source feature sees it: the shell, plus the widgets the open
Source lives in. The shell builds them (the first frame shows the address bar and the
tree before this feature's modules load); ``SourceController`` and ``AuthPrompt``
connect and update them. Declared here so that the feature never names the concrete
window, and mypy checks that the window has every part."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QPushButton, QStatusBar, QTreeView

from explorer.ui.shared.shell import Shell

if TYPE_CHECKING:
    from explorer.net.source.crawl_tree import CrawlResult, DocumentNode
    from explorer.ui.shared.progress import ProgressIndicator
    from explorer.ui.source.document_panel import DocumentPanel
    from explorer.ui.source.source_tree import SourceTreeModel


class Remembers(Protocol):
    def remember(self, url: str) -> None:
        """Put ``url`` first in the address bar's drop-down."""


class CredentialsAsked(Protocol):
    """The credentials prompt (``AuthPrompt``), as the controller hands it a refusal."""

    def check_source(self, result: CrawlResult, retry: Callable[[], object]) -> bool: ...

    def check_node(self, node: DocumentNode | None, retry: Callable[[], object]) -> bool: ...


class MessageStrip(Protocol):
    """The strip above the document: what it says now, and hiding it."""

    @property
    def text(self) -> QLabel: ...

    def hide(self) -> None: ...


class SourceWindow(Shell, Protocol):
    """What ``SourceController`` and ``AuthPrompt`` use of the window."""

    @property
    def address(self) -> QComboBox: ...

    @property
    def go_button(self) -> QPushButton: ...

    @property
    def discovery_label(self) -> QLabel: ...

    @property
    def back_action(self) -> QAction: ...

    @property
    def forward_action(self) -> QAction: ...

    @property
    def history_menu(self) -> QMenu: ...

    @property
    def address_history(self) -> Remembers: ...

    @property
    def tree(self) -> QTreeView: ...

    @property
    def tree_model(self) -> SourceTreeModel: ...

    @property
    def document_view(self) -> DocumentPanel: ...

    @property
    def progress(self) -> ProgressIndicator: ...

    @property
    def messages(self) -> MessageStrip: ...

    @property
    def engines_ready(self) -> asyncio.Event: ...

    @property
    def auth_prompt(self) -> CredentialsAsked: ...

    def statusBar(self) -> QStatusBar: ...

    def rediscover(self) -> None: ...
