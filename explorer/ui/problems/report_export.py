"""File ▸ Export report… (and the Problems dock's button): the open Source's findings
as one self-contained HTML page to hand to whoever keeps the Source, or as CSV, one
finding per row; the same files ``inspect --report`` writes, in the window's language."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from explorer.core.findings import Severity
from explorer.net.reports.export_formats import REPORT_FORMATS
from explorer.ui.language import ui_language
from explorer.ui.shared.export_dialog import export_dialog
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.wording import count_text

if TYPE_CHECKING:
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.shell import Shell


class ReportExport(QObject):
    """Asks where to save the report (non-modal), writes it, says so in the status bar."""

    def __init__(self, services: ExplorerServices, window: Shell) -> None:
        super().__init__(window.widget())
        self.services = services
        self.window = window
        self.dialog: QFileDialog | None = None
        window.action("export_report").triggered.connect(self.choose_file)

    def choose_file(self) -> QFileDialog | None:
        if self.services.inspection() is None:
            self.window.show_error(
                self.tr("Open a Source before exporting its report."), Severity.WARNING
            )
            return None
        dialog = export_dialog(
            self.window.widget(),
            self.tr("Export report"),
            Path.home() / "resourcesync-report",
            REPORT_FORMATS,
        )
        dialog.fileSelected.connect(lambda path: self.window.spawn(self.export(Path(path))))
        self.dialog = dialog
        dialog.open()  # never exec() inside the qasync loop
        return dialog

    async def export(self, path: Path) -> bool:
        """Write the report to ``path`` (CSV for a ``.csv`` name, else HTML)."""
        try:
            findings = await self.services.write_report(path, ui_language())
        except (OSError, ValueError) as exc:
            self.window.show_error(self.tr("export failed: {error}").format(error=exc))
            return False
        confirm(
            self.window.widget(),
            self.tr("report of {findings} written to {path}").format(
                findings=count_text(findings, "finding"), path=path
            ),
        )
        return True
