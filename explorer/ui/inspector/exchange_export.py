"""The inspector's Export… menu: all exchanges the inspector holds, the filtered ones or
the selected ones, as HAR 1.2 (for browsers' developer tools, Insomnia, HTTP Toolkit),
CSV or JSON lines; the writers are ``export --exchanges``'s, and secrets stay masked."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from explorer.net.reports.export_formats import EXCHANGE_FORMATS
from explorer.net.store.records import ExchangeRecord
from explorer.ui.shared.export_dialog import export_dialog
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.wording import count_text

if TYPE_CHECKING:
    from explorer.ui.inspector.inspector_panel import InspectorPanel
    from explorer.ui.services import ExplorerServices

ALL, SHOWN, SELECTED = "all", "shown", "selected"


class ExchangeExport(QObject):
    """Connects the Export… menu of an ``InspectorPanel``."""

    def __init__(self, panel: InspectorPanel, services: ExplorerServices) -> None:
        super().__init__(panel)
        self.panel = panel
        self.services = services
        self.dialog: QFileDialog | None = None
        panel.export_all_action.triggered.connect(lambda: self.choose_file(ALL))
        panel.export_shown_action.triggered.connect(lambda: self.choose_file(SHOWN))
        panel.export_selected_action.triggered.connect(lambda: self.choose_file(SELECTED))

    def records(self, which: str) -> list[ExchangeRecord]:
        """The exchanges ``which`` names, oldest first."""
        model = self.panel.model
        if which == ALL:
            return model.all_records()
        if which == SHOWN:
            return [model.record(row) for row in range(model.rowCount())]
        rows = sorted(index.row() for index in self.panel.table.selectionModel().selectedRows())
        return [model.record(row) for row in rows]

    def choose_file(self, which: str) -> QFileDialog | None:
        records = self.records(which)
        if not records:
            self.panel.status.setText(self.tr("no exchanges to export"))
            return None
        dialog = export_dialog(
            self.panel, self.tr("Export exchanges"), Path.home() / "exchanges", EXCHANGE_FORMATS
        )
        dialog.fileSelected.connect(lambda path: self.panel.spawn(self.export(Path(path), records)))
        self.dialog = dialog
        dialog.open()  # never exec() inside the qasync loop
        return dialog

    async def export(self, path: Path, records: list[ExchangeRecord]) -> int | None:
        try:
            count = await self.services.evidence.export_exchanges(path, records)
        except OSError as exc:
            confirm(self.panel, self.tr("export failed: {error}").format(error=exc), 15_000)
            return None
        confirm(
            self.panel,
            self.tr("exported {count} to {path}, secrets masked").format(
                count=count_text(count, "exchange"), path=path
            ),
        )
        return count
