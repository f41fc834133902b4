"""The History view of one Source: its snapshots; save one; compare two, or one with
now, side by side, filtered, exported (docs/user-guide.md, "What changed since last
time")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QWidget

from explorer.core.words.engine_words import capability_word
from explorer.ui.history.filter_bar import ask_export_file
from explorer.ui.history.history_model import taken_text
from explorer.ui.history.history_widgets import HistoryWidgets
from explorer.ui.language import ui_language
from explorer.ui.services.snapshot_history import ComparisonView
from explorer.ui.shared.job import Job
from explorer.ui.shared.plain_text import window_title

if TYPE_CHECKING:
    from explorer.net.history.snapshot_store import SnapshotInfo
    from explorer.ui.services import ExplorerServices


class HistoryPanel(HistoryWidgets):
    """Snapshots of the Source at ``url`` and their comparison."""

    def __init__(self, services: ExplorerServices, url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.services = services
        self.history = services.history
        self.shown_comparison: ComparisonView | None = None
        self.setWindowTitle(window_title(self.tr("History — {url}").format(url=url)))
        self.source_label.setText(url)
        self.job = Job(
            self.status,
            self.cancel_button,
            [self.save_button, self.compare_button, self.compare_now_button, self.export_button],
        )
        self.save_button.clicked.connect(lambda: self.save_snapshot(None))
        self.compare_button.clicked.connect(self.compare_selected)
        self.compare_now_button.clicked.connect(self.compare_with_now)
        self.export_button.clicked.connect(self.choose_export)
        self.section_choice.currentIndexChanged.connect(self._filter)
        self.filter_edit.textChanged.connect(self._filter)
        self.snapshot_table.selectionModel().selectionChanged.connect(self._selection_changed)
        self._file_dialog: QFileDialog | None = None
        self.schedule = QTimer(self)
        self.schedule.timeout.connect(self.take_scheduled)
        self.every_box.toggled.connect(self._schedule_changed)
        self.every_minutes.valueChanged.connect(self._schedule_changed)
        self._selection_changed()
        self.refresh()

    # --- snapshots
    def refresh(self) -> asyncio.Task[None]:
        return self.job.start(
            lambda: self.history.snapshots(self.url), self.tr("reading the history…"), self._listed
        )

    def _listed(self, snapshots: list[SnapshotInfo]) -> None:
        self.snapshots.set_rows(snapshots)
        self._selection_changed()

    def selected(self) -> list[SnapshotInfo]:
        rows = sorted(
            {index.row() for index in self.snapshot_table.selectionModel().selectedRows()}
        )
        return [self.snapshots.row(row) for row in rows]

    def _selection_changed(self) -> None:
        count = len(self.selected())
        self.compare_button.setEnabled(count == 2 and not self.job.running)
        self.compare_now_button.setEnabled(count == 1 and not self.job.running)

    def save_snapshot(self, label: str | None) -> asyncio.Task[None]:
        """Crawl the whole Source into a new snapshot."""
        return self.job.start(
            lambda: self.history.save(self.url, label, self._progress),
            self.tr("saving a snapshot of the whole Source…"),
            lambda _info: self.refresh(),
        )

    def _progress(self, requests: int) -> None:
        if self.job.running:
            self.status.setText(
                self.tr("saving a snapshot: {count} requests…").format(count=f"{requests:,}")
            )

    # --- comparing
    def compare_selected(self) -> asyncio.Task[None] | None:
        chosen = self.selected()
        if len(chosen) != 2:
            return None
        return self.compare(chosen[0].id, chosen[1].id)

    def compare(self, a: int, b: int) -> asyncio.Task[None]:
        return self.job.start(
            lambda: self.history.compare(a, b), self.tr("comparing…"), self.show_comparison
        )

    def compare_with_now(self) -> asyncio.Task[None] | None:
        """Take a snapshot now (kept, labelled "now") and compare the selected one with it."""
        chosen = self.selected()
        if len(chosen) != 1:
            return None
        return self._save_and_compare(chosen[0].id, self.tr("now"))

    def take_scheduled(self) -> asyncio.Task[None] | None:
        """The schedule's turn: a snapshot compared with the newest one before it (none
        while another job runs: the next turn takes it)."""
        if self.job.running:
            return None
        newest = self.snapshots.row(0).id if self.snapshots.rowCount() else None
        return self._save_and_compare(newest, self.tr("scheduled"))

    def _save_and_compare(self, earlier: int | None, label: str) -> asyncio.Task[None]:
        async def save_and_compare() -> ComparisonView | None:
            fresh = await self.history.save(self.url, label, self._progress)
            return None if earlier is None else await self.history.compare(earlier, fresh.id)

        def shown(view: ComparisonView | None) -> None:
            if view is not None:
                self.show_comparison(view)
            self.refresh()

        return self.job.start(
            save_and_compare, self.tr("saving a snapshot now, then comparing…"), shown
        )

    def _schedule_changed(self) -> None:
        if self.every_box.isChecked():
            self.schedule.start(self.every_minutes.value() * 60_000)
        else:
            self.schedule.stop()

    def show_comparison(self, view: ComparisonView) -> None:
        self.shown_comparison = view
        self.comparison.set_rows(view.rows)
        self.summary.setText(self._summary(view))
        self.export_button.setEnabled(True)
        self._filter()

    def _summary(self, view: ComparisonView) -> str:
        def side(info: SnapshotInfo) -> str:
            # the language's own quotation marks: “before”, 「before」
            label = " " + self.tr("“{label}”").format(label=info.label) if info.label else ""
            return f"#{info.id}{label} {taken_text(info)}"

        parts = [
            self.tr("A: {a}  →  B: {b}").format(a=side(view.a), b=side(view.b)),
            self.tr("documents: {added} added, {removed} removed, {changed} changed").format(
                **view.documents
            ),
        ]
        for capability, counts in sorted(view.entries.items()):
            parts.append(
                self.tr(
                    "{capability} entries: {added} added, {removed} removed, {changed} changed"
                ).format(capability=capability_word(capability, ui_language()), **counts)
            )
        parts.append(self.tr("findings: {new} new, {fixed} fixed").format(**view.findings))
        if view.change_lists:
            parts.append(
                self.tr("changes the Change Lists did not announce: {count}").format(
                    count=view.unannounced
                )
            )
        else:
            parts.append(self.tr("B has no Change List: announcements not checked"))
        if not view.complete:
            parts.append(
                self.tr("the first {count} rows are shown; Export writes them all").format(
                    count=f"{len(view.rows):,}"
                )
            )
        return "\n".join(parts)

    def _filter(self) -> None:
        self.comparison.set_filter(self.section_choice.currentData() or "", self.filter_edit.text())
        self.filters.show_counts(self.comparison.rowCount(), self.comparison.total())

    # --- export
    def choose_export(self) -> None:
        self._file_dialog = ask_export_file(self, self.tr("Export the comparison"), self.export_to)

    def export_to(self, path: Path) -> asyncio.Task[None] | None:
        """Every difference of the shown comparison into ``path`` (JSON for ``.json``)."""
        view = self.shown_comparison
        if view is None:
            return None
        return self.job.export(lambda: self.history.export(view.a.id, view.b.id, path), path)

    def closeEvent(self, event: QCloseEvent) -> None:
        """The schedule lasts while the window is open."""
        self.every_box.setChecked(False)
        super().closeEvent(event)
