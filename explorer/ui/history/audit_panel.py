"""Audit a local copy…: is a Destination's copy of the Source in sync, and what differs,
resource by resource with the reason and its spec section (docs/user-guide.md, "Is our
copy in sync?")."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QWidget

from explorer.core.said_error import SaidError
from explorer.ui.history.audit_widgets import AuditWidgets
from explorer.ui.history.filter_bar import ask_export_file
from explorer.ui.language import ui_language
from explorer.ui.services.audit import AuditOutcome, mappings_for
from explorer.ui.shared.job import Job
from explorer.ui.shared.plain_text import window_title

if TYPE_CHECKING:
    from explorer.ui.services import ExplorerServices


Navigate = Callable[[str, str], object]
"""The window's way to a resource's entry in a list (``document``, ``loc``): the shell's
``navigate``, the one the Problems panel uses."""


class AuditPanel(AuditWidgets):
    """The audit of a local copy against the Source found from ``url``; activating a row
    (double-click, Enter) shows the list that describes its resource, at that entry."""

    def __init__(
        self,
        services: ExplorerServices,
        url: str,
        navigate: Navigate,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.url = url
        self.navigate = navigate
        self.services = services
        self.audits = services.audit
        self.outcome: AuditOutcome | None = None
        self._dialog: QFileDialog | None = None
        self.setWindowTitle(window_title(self.tr("Audit a local copy — {url}").format(url=url)))
        self.url_label.setText(url)
        self.job = Job(self.status, self.cancel_button, [self.start_button, self.export_button])
        self.start_button.clicked.connect(self.start)
        self.browse_button.clicked.connect(self.choose_folder)
        self.export_button.clicked.connect(self.choose_export)
        self.status_choice.currentIndexChanged.connect(self._filter)
        self.filter_edit.textChanged.connect(self._filter)
        self.table.activated.connect(self.go_to_row)

    def start(self) -> asyncio.Task[None] | None:
        """Audit with the folder, mappings and checksum choice as filled in."""
        try:
            mappings = mappings_for(
                self.url,
                Path(self.folder_edit.text().strip()),
                self.mappings_edit.toPlainText(),
            )
        except SaidError as exc:
            reason = exc.describe(ui_language())
            self.status.setText(self.tr("cannot audit: {reason}").format(reason=reason))
            return None
        checksum = self.checksum_box.isChecked()
        return self.job.start(
            lambda: self.audits.run(self.url, mappings, checksum, self._progress),
            self.tr("reading the Source and the local folder…"),
            self.show_outcome,
        )

    def _progress(self, documents: int) -> None:
        if self.job.running:
            self.status.setText(
                self.tr("reading the Source: {count} requests…").format(count=f"{documents:,}")
            )

    def show_outcome(self, outcome: AuditOutcome) -> None:
        if self.outcome is not None:
            self.outcome.close()
        self.outcome = outcome
        self.model.set_rows(outcome.rows)
        counts = outcome.counts
        verdict = self.tr("in sync") if outcome.in_sync else self.tr("not in sync")
        lines = [
            self.tr(
                "{verdict}: {same} same, {create} to create, {update} to update, {delete} to delete"
            ).format(verdict=verdict, **{key: f"{value:,}" for key, value in counts.items()}),
            self.tr(
                "Source {source}: {resource_lists} Resource Lists, {change_lists} Change Lists"
            ).format(
                source=outcome.source,
                resource_lists=outcome.resource_lists,
                change_lists=outcome.change_lists,
            ),
        ]
        if not outcome.complete:
            lines.append(
                self.tr("the first {count} rows are shown; Export writes them all").format(
                    count=f"{len(outcome.rows):,}"
                )
            )
        self.summary.setText("\n".join(lines))
        self.export_button.setEnabled(True)
        self._filter()

    def _filter(self) -> None:
        self.model.set_filter(self.status_choice.currentData() or "", self.filter_edit.text())
        self.filters.show_counts(self.model.rowCount(), self.model.total())

    def go_to_row(self, index: QModelIndex) -> None:
        """The row's resource in the list that describes it (a resource only in the
        local copy has none)."""
        row = self.model.row(index.row())
        if row.document:
            self.navigate(row.document, row.loc)

    def choose_folder(self) -> None:
        dialog = QFileDialog(self, self.tr("The local copy"))
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.fileSelected.connect(self.folder_edit.setText)
        self._dialog = dialog
        dialog.open()

    def choose_export(self) -> None:
        self._dialog = ask_export_file(self, self.tr("Export the audit"), self.export_to)

    def export_to(self, path: Path) -> asyncio.Task[None] | None:
        """Every verdict of the audit shown into ``path`` (JSON for ``.json``)."""
        outcome = self.outcome
        if outcome is None:
            return None
        return self.job.export(lambda: self.audits.export(outcome, path), path)

    def closeEvent(self, event: QCloseEvent) -> None:
        """The engine's temporary file goes with the view."""
        self.job.cancel()
        if self.outcome is not None:
            self.outcome.close()
            self.outcome = None
            self.export_button.setEnabled(False)
        super().closeEvent(event)
