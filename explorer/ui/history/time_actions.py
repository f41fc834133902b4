"""The window's actions across time, hooked into the File menu and the Source tree's
context menu: Save snapshot…, History…, Audit a local copy…

One ``TimeActions`` per window; it keeps one History view per Source and one audit view
per list, opened on demand; the shell makes it once its engines are attached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMenu

from explorer.core.findings import Severity
from explorer.core.rules import capabilities as caps
from explorer.ui.shared.shell import Key, Shell

if TYPE_CHECKING:
    from explorer.ui.history.audit_panel import AuditPanel
    from explorer.ui.history.history_panel import HistoryPanel
    from explorer.ui.services import ExplorerServices


AUDITED = (caps.CAPABILITYLIST, caps.RESOURCELIST)
"""Rows offering "Audit a local copy…": the audit reads the Source's lists from there."""


class TimeActions(QObject):
    """File ▸ Save snapshot… and History… for the open Source."""

    def __init__(self, window: Shell, services: ExplorerServices) -> None:
        super().__init__(window.widget())
        self.window, self.services = window, services
        self.histories: dict[str, HistoryPanel] = {}
        self.audits: dict[str, AuditPanel] = {}
        self._label_dialog: QInputDialog | None = None
        self.save_action = QAction(self.tr("Save snapshot…"), window.widget())
        self.save_action.setToolTip(
            self.tr("Keep the whole Source as it is now, to compare with later")
        )
        self.history_action = QAction(self.tr("History…"), window.widget())
        self.history_action.setToolTip(self.tr("This Source's snapshots, and what changed"))
        self.audit_action = QAction(self.tr("Audit a local copy…"), window.widget())
        self.audit_action.setToolTip(
            self.tr("Is a local copy in sync with this Source, and what differs?")
        )
        self.save_action.triggered.connect(self.ask_label)
        self.history_action.triggered.connect(lambda: self.show_history())
        self.audit_action.triggered.connect(lambda: self.show_audit())
        for action in (self.save_action, self.history_action, self.audit_action):
            window.add_action("file", action)
        window.extend_tree_menu(self.extend_tree_menu)

    def source_url(self) -> str | None:
        result = self.services.source.crawl_result
        return result.source_url if result is not None else None

    def _no_source(self) -> None:
        self.window.show_error(
            self.tr("open a Source first: snapshots are of the Source shown in the tree"),
            Severity.WARNING,
        )

    def show_history(self, url: str | None = None) -> HistoryPanel | None:
        """The History view of ``url`` (the open Source by default), shown and raised."""
        from explorer.ui.history.history_panel import HistoryPanel

        url = url or self.source_url()
        if url is None:
            self._no_source()
            return None
        panel = self.histories.get(url)
        if panel is None:
            panel = self.histories[url] = HistoryPanel(self.services, url, self.window.widget())
        panel.show()
        panel.raise_()
        return panel

    def extend_tree_menu(self, menu: QMenu, url: str, capability: str | None) -> None:
        if capability in AUDITED:
            menu.addAction(self.tr("Audit a local copy…"), lambda: self.show_audit(url))

    def show_audit(self, url: str | None = None) -> AuditPanel | None:
        """The audit view for the list at ``url``: by default the Capability List or
        Resource List selected in the tree, else the open Source."""
        from explorer.ui.history.audit_panel import AuditPanel

        if url is None:
            selected = self.window.selected_document()
            chosen = selected is not None and selected[1] in AUDITED
            url = selected[0] if chosen and selected is not None else self.source_url()
        if url is None:
            self._no_source()
            return None
        panel = self.audits.get(url)
        if panel is None:
            panel = self.audits[url] = AuditPanel(
                self.services, url, self.go_to_entry, self.window.widget()
            )
        panel.show()
        panel.raise_()
        return panel

    def go_to_entry(self, document: str, loc: str) -> None:
        """An audit row: its list in the window, at the resource's entry, in front."""
        window = self.window.widget()
        if self.window.navigate(document, entry=loc):
            window.activateWindow()
            window.raise_()

    def ask_label(self) -> None:
        """Ask for an optional label (without a nested event loop), then save."""
        if self.source_url() is None:
            self._no_source()
            return
        dialog = QInputDialog(self.window.widget())
        dialog.setWindowTitle(self.tr("Save snapshot"))
        dialog.setLabelText(self.tr("Label (optional), e.g. before-migration:"))
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.textValueSelected.connect(self.save)
        self._label_dialog = dialog
        dialog.open()

    def save(self, label: str) -> None:
        panel = self.show_history()
        if panel is not None:
            panel.save_snapshot(label.strip() or None)


TIME_ACTIONS: Key[TimeActions] = Key("history")
"""The feature's TimeActions, published for the scenes and the tests."""
