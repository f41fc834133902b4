"""Plan…: what a harvest of the Source will cost before it is run, in the window.

The same plan as ``resourcesync-explorer plan`` (the services call the command's engine
path): the baseline, incremental and audit runs side by side, a bar chart of each run's
time at every profile, what forces refetching, the incremental-safety list and, with an
OAI-PMH URL, the parity table (docs/user-guide.md, "Before you harvest")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QTableWidgetItem, QWidget

from explorer.core import catalog
from explorer.core.harvest.oai_map import IdentifierMap, MapError, parse_map
from explorer.core.plan.profiles import PARALLEL, Profile
from explorer.core.plan.report import RUN_NAMES, Note, Plan, Run
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.core.said_error import SaidError
from explorer.core.words.messages import render_message
from explorer.net.plan.options import DEFAULT_METADATA_PREFIX, PlanOptions
from explorer.ui.language import ui_language
from explorer.ui.plan.plan_widgets import ROW_NAMES, PlanWidgets
from explorer.ui.services.audit import mappings_for
from explorer.ui.shared.job import Job
from explorer.ui.shared.plain_text import window_title

if TYPE_CHECKING:
    from explorer.ui.services import ExplorerServices


class PlanPanel(PlanWidgets):
    """The plan of the Source found from ``url`` (a Source Description or a Capability
    List), run with the options filled in."""

    def __init__(self, services: ExplorerServices, url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.services = services
        self.plan: Plan | None = None
        self.setWindowTitle(window_title(self.tr("Plan a harvest — {url}").format(url=url)))
        self.url_label.setText(url)
        self.job = Job(self.status, self.cancel_button, [self.start_button])
        self.start_button.clicked.connect(self.start)
        self.profile_choice.currentIndexChanged.connect(self._profile_chosen)
        self._profile_chosen()

    def _profile_chosen(self) -> None:
        self.connections.setEnabled(self.profile_choice.currentData() == PARALLEL)

    def options(self) -> PlanOptions:
        """The form as the plan engine takes it; ValueError says what to fix."""
        name = self.profile_choice.currentData()
        profile = Profile(name, self.connections.value()) if name == PARALLEL else Profile(name)
        since_text = self.since_edit.text().strip()
        since = parse_w3c_datetime(since_text) if since_text else None
        if since_text and since is None:
            raise ValueError(catalog.text("plan.bad-from", ui_language(), value=since_text))
        folder = self.folder_edit.text().strip()
        lines = self.mappings_edit.toPlainText()
        if lines.strip() and not folder:
            raise ValueError(catalog.text("plan.error.map-without-dest", ui_language()))
        try:
            mappings = mappings_for(self.url, Path(folder), lines) if folder else None
        except SaidError as exc:
            raise ValueError(exc.describe(ui_language())) from None
        oai = self.oai_edit.text().strip() or None
        return PlanOptions(
            profile=profile,
            delay=self.delay.value(),
            since=since,
            mappings=mappings,
            oai=oai,
            oai_map=self._oai_map(),
            metadata_prefix=self.prefix_edit.text().strip() or DEFAULT_METADATA_PREFIX,
        )

    def _oai_map(self) -> IdentifierMap | None:
        text = self.oai_map_edit.text().strip()
        if not text:
            return None
        try:
            return parse_map(text)
        except MapError as exc:
            raise ValueError(exc.describe(ui_language())) from None

    def start(self) -> asyncio.Task[None] | None:
        """Plan with the options as filled in."""
        try:
            options = self.options()
        except ValueError as exc:
            self.status.setText(self.tr("cannot plan: {reason}").format(reason=exc))
            return None
        return self.job.start(
            lambda: self._plan(options), self.tr("reading the Source…"), self.show_plan
        )

    async def _plan(self, options: PlanOptions) -> Plan:
        """The services' plan; what stops it said in the interface's language."""
        try:
            return await self.services.plan.run(self.url, options, self._progress)
        except SaidError as exc:
            raise RuntimeError(exc.describe(ui_language())) from None

    def _progress(self, requests: int) -> None:
        if self.job.running:
            self.status.setText(
                self.tr("reading the Source: {count} requests…").format(count=f"{requests:,}")
            )

    def show_plan(self, plan: Plan) -> None:
        self.plan = plan
        for column, name in enumerate(RUN_NAMES):
            run = plan.runs.get(name)
            for row, figure in enumerate(ROW_NAMES):
                text = self._figure(run, figure) if run is not None else "—"
                self.runs.setItem(row, column, QTableWidgetItem(text))
        self.chart.set_times(plan.seconds_by_profile)
        self.findings.setPlainText("\n".join(self.finding_lines(plan, ui_language())))

    def finding_lines(self, plan: Plan, lang: str) -> list[str]:
        """The Source's speed, the notes, the refetch reasons and the other sections
        (incremental safety, the OAI-PMH cost, the parity table), each rendered from its
        catalog key in ``lang``; a section's heading unindented, its items beneath."""
        timing = plan.timing
        throughput = (
            catalog.text("plan.throughput", lang, rate=round(timing.throughput))
            if timing.throughput
            else catalog.text("plan.throughput-unknown", lang)
        )
        lines = [
            catalog.text(
                "plan.timing",
                lang,
                latency=round(timing.latency * 1000, 1),
                throughput=throughput,
                samples=timing.samples,
            )
        ]
        notes = [_note(note, lang) for note in plan.notes]
        for name in RUN_NAMES:
            run = plan.runs.get(name)
            notes += [_note(note, lang) for note in run.notes] if run is not None else []
        if notes:
            lines += ["", self.tr("Notes")] + ["  " + note for note in notes]
        lines += ["", catalog.text("plan.refetch-heading", lang)]
        lines += ["  " + render_message(reason.finding(), lang) for reason in plan.refetch]
        if not plan.refetch:
            lines.append("  " + self.tr("nothing forces refetching"))
        for section in plan.sections:
            lines += ["", *section.lines(lang)]
        return lines

    def _figure(self, run: Run, figure: str) -> str:
        locale = QLocale()
        if figure == "seconds":
            return self.tr("{seconds} s").format(seconds=f"{run.seconds:,.1f}")
        if figure == "dump":
            if run.dump_saves is None:
                return "—"
            return self.tr("{count} requests, {wire} bytes on the wire").format(
                count=f"{run.dump_saves:,}", wire=f"{run.dump_saves_wire:,}"
            )
        value = {
            "requests": run.requests,
            "documents": run.documents,
            "resources": run.resources,
            "bytes": run.bytes,
            "wire": run.wire_bytes,
        }[figure]
        shown = f"{value:,}"
        if figure in ("bytes", "wire") and value >= 1024:
            shown += f" ({locale.formattedDataSize(value)})"
        return shown

    def closeEvent(self, event: QCloseEvent) -> None:
        self.job.cancel()
        super().closeEvent(event)


def _note(note: Note, lang: str) -> str:
    return catalog.text(f"plan.note.{note.key}", lang, **note.params)
