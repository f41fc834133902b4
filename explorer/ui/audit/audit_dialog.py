"""Audit a local copy… (the Source tree's menu on a Capability List or Resource List):
is a Destination's folder in sync with the Source, and if not, why, resource by
resource. The judgement is ``audit --dest``'s (the reference client's rule: length and
lastmod, and the hash with Compare hashes), run through the services."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from explorer.core.audit_rules import Verdict
from explorer.net.audit import AuditError
from explorer.ui.audit.audit_model import verdict_text
from explorer.ui.audit.audit_widgets import AuditWidgets
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.folder_choice import choose_folder

if TYPE_CHECKING:
    from explorer.ui.services.history import AuditOutcome
    from explorer.ui.shell.main_window import MainWindow

FOLDER_KEY = "audit/folder"


class AuditDialog(AuditWidgets):
    """Runs the audit of the Source ``url`` belongs to against the chosen folder and
    lists what is not the same, filterable, with export."""

    def __init__(self, window: MainWindow, url: str) -> None:
        super().__init__(window)
        self.shell = window
        self.url = url
        self.outcome: AuditOutcome | None = None
        self.source_label.setText(self.tr("Source: the one {url} belongs to").format(url=url))
        self.folder_edit.setText(str(window.settings.value(FOLDER_KEY, "") or ""))
        self.verdict_filter.addItem(self.tr("every verdict"), None)
        for verdict in (Verdict.CREATE, Verdict.UPDATE, Verdict.DELETE):
            self.verdict_filter.addItem(verdict_text(verdict), verdict)
        self.browse_button.clicked.connect(self.browse)
        self.run_button.clicked.connect(lambda: window.spawn(self.run()))
        self.verdict_filter.currentIndexChanged.connect(self._filter_changed)
        self.filter_edit.textChanged.connect(self._filter_changed)
        self.export_button.clicked.connect(self.choose_export_file)
        self.export_button.setEnabled(False)

    def browse(self) -> QFileDialog:
        return choose_folder(self, self.tr("The local copy"), self.folder_edit)

    async def run(self) -> AuditOutcome | None:
        folder = Path(self.folder_edit.text().strip())
        if not self.folder_edit.text().strip() or not folder.is_dir():
            self.counts.setText(self.tr("Choose the folder that holds the local copy."))
            return None
        self.shell.settings.setValue(FOLDER_KEY, str(folder))
        self.run_button.setEnabled(False)
        self.counts.setText(self.tr("auditing…"))
        services = await self.shell.engines()
        try:
            outcome = await self.shell.progress.run(
                self.tr("Auditing {folder}").format(folder=folder),
                services.audit_copy(self.url, folder, self.checksum.isChecked()),
            )
        except asyncio.CancelledError:
            self.counts.setText(self.tr("cancelled"))
            return None
        except AuditError as exc:
            self.counts.setText(self.tr("The audit could not run: {reason}").format(reason=exc))
            return None
        finally:
            self.run_button.setEnabled(True)
        self.show_outcome(outcome)
        return outcome

    def show_outcome(self, outcome: AuditOutcome) -> None:
        self.outcome = outcome
        counts = {verdict: f"{outcome.counts.get(verdict, 0):,}" for verdict in Verdict}
        text = self.tr(
            "{state}: {same} same, {create} to create, {update} to update, {delete} to delete"
        ).format(
            state=self.tr("in sync") if outcome.in_sync else self.tr("not in sync"),
            same=counts[Verdict.SAME],
            create=counts[Verdict.CREATE],
            update=counts[Verdict.UPDATE],
            delete=counts[Verdict.DELETE],
        )
        self.counts.setText(text)
        self.model.set_items(outcome.items)
        self._filter_changed()
        self.export_button.setEnabled(True)

    def _filter_changed(self) -> None:
        self.model.set_filter(self.verdict_filter.currentData(), self.filter_edit.text())
        self.shown_label.setText(
            self.tr("{shown} of {total}").format(
                shown=f"{self.model.rowCount():,}", total=f"{self.model.total:,}"
            )
        )

    def choose_export_file(self) -> QFileDialog:
        dialog = QFileDialog(
            self, self.tr("Export audit"), str(Path.home() / "audit.csv"), self.tr("CSV (*.csv)")
        )
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("csv")
        dialog.fileSelected.connect(lambda path: self.shell.spawn(self.export(Path(path))))
        dialog.open()
        return dialog

    async def export(self, path: Path) -> bool:
        try:
            await asyncio.to_thread(path.write_text, self.model.shown_csv(), encoding="utf-8")
        except OSError as exc:
            confirm(self.shell, self.tr("export failed: {error}").format(error=exc), 15_000)
            return False
        confirm(
            self.shell,
            self.tr("exported {count} rows to {path}").format(
                count=f"{self.model.rowCount():,}", path=path
            ),
        )
        return True


def ask_audit(window: MainWindow, url: str) -> AuditDialog:
    dialog = AuditDialog(window, url)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
