"""Tools ▸ Fleet…: the fleet's health table in the window, read-only.

The same rows as ``fleet status`` (``FleetDatabase.health``), read through the services
from the database Settings ▸ Fleet names, on a worker thread; Refresh reads them again.
"Open latest snapshot" shows the selected Source's newest stored snapshot in the Source
tree: a tree rebuilt from the stored rows, nothing fetched, and the window says so.

Failures are said in a strip above the table, naming the database (password masked) and
the fix: an unreachable server, a database without a fleet, or a window installed without
the fleet's optional dependencies (psycopg), which are loaded only when this view reads.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from explorer.core.findings import Severity
from explorer.core.fleet.dsn import database_host, masked_dsn
from explorer.core.said_error import SaidError
from explorer.ui.fleet.fleet_model import PROBLEM, moment_text
from explorer.ui.fleet.fleet_widgets import FleetWidgets
from explorer.ui.language import ui_language
from explorer.ui.shared.tasks import TaskKeeper

if TYPE_CHECKING:
    from explorer.core.fleet.health import SourceHealth
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.shell import Shell

NO_DRIVER = "fleet.db.no-driver"
UNREACHABLE = "fleet.db.unreachable"
NO_SCHEMA = "fleet.db.no-schema"


class FleetPanel(FleetWidgets):
    """The fleet at the DSN of the window's Settings (read at each refresh)."""

    def __init__(self, shell: Shell, services: ExplorerServices, parent: QWidget | None = None):
        super().__init__(parent)
        self.shell, self.services = shell, services
        self.setWindowTitle(self.tr("Fleet"))
        self.tasks = TaskKeeper(self.say, owner=self)
        self.reading: asyncio.Task[None] | None = None
        self.refresh_button.clicked.connect(self.refresh)
        self.problems_only.toggled.connect(self._filter)
        self.open_button.clicked.connect(self.open_latest)
        self.table.selectionModel().selectionChanged.connect(self._selected)

    @property
    def dsn(self) -> str:
        return self.shell.preferences.fleet_dsn

    def say(self, text: str) -> None:
        """A message in the strip above the table (hidden with an empty text)."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def refresh(self) -> asyncio.Task[None] | None:
        """Read the health table again (None when no fleet is set)."""
        dsn = self.dsn
        if not dsn:
            self.database_label.setText(self.tr("No fleet database set"))
            self.model.set_rows([])
            self.say(self.tr("No fleet database is set: enter one in Settings ▸ Fleet."))
            return None
        self.database_label.setText(self.tr("Fleet database: {dsn}").format(dsn=masked_dsn(dsn)))
        if self.reading is not None and not self.reading.done():
            return self.reading
        self.status.setText(self.tr("reading the fleet…"))
        self.refresh_button.setEnabled(False)
        self.reading = self.tasks.spawn(self._read(dsn))
        return self.reading

    async def _read(self, dsn: str) -> None:
        try:
            rows = await self.services.fleet.health(dsn)
        except SaidError as exc:
            self.status.setText("")
            self.say(self.failure_text(dsn, exc))
            return
        finally:
            self.refresh_button.setEnabled(True)
        self.say("")
        self.model.set_rows(rows)
        self._summarise(rows)
        self._selected()

    def failure_text(self, dsn: str, exc: SaidError) -> str:
        """What went wrong, naming the database (password masked) and the fix."""
        host, shown = database_host(dsn), masked_dsn(dsn)
        if exc.key == NO_DRIVER:
            return self.tr(
                "The Fleet view needs the fleet's optional dependencies, which are not "
                "installed: pip install 'resourcesync-explorer[fleet]'"
            )
        if exc.key == UNREACHABLE:
            return self.tr(
                "Cannot reach the fleet database at {host} ({dsn}): {reason}. Start PostgreSQL "
                "there, or correct the address in Settings ▸ Fleet."
            ).format(host=host, dsn=shown, reason=masked_dsn(str(exc.params.get("reason", ""))))
        if exc.key == NO_SCHEMA:
            return self.tr(
                "The database at {host} ({dsn}) holds no fleet: run "
                "resourcesync-explorer fleet init --db against it, or correct the address in "
                "Settings ▸ Fleet."
            ).format(host=host, dsn=shown)
        return exc.describe(ui_language())

    def _summarise(self, rows: list[SourceHealth]) -> None:
        problems = sum(row.is_problem for row in rows)
        self.status.setText(
            self.tr("{count} Sources, {problems} with problems; read {time}").format(
                count=len(rows), problems=problems, time=moment_text(datetime.now(UTC))
            )
        )

    def _filter(self, only: bool) -> None:
        self.model.set_filter(PROBLEM if only else "")
        self._selected()

    def selected_row(self) -> SourceHealth | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.row(rows[0].row()) if rows else None

    def _selected(self) -> None:
        row = self.selected_row()
        self.open_button.setEnabled(row is not None and row.latest_snapshot is not None)

    def open_latest(self) -> asyncio.Task[None] | None:
        """Show the selected Source's latest snapshot in the Source tree."""
        row = self.selected_row()
        if row is None or not self.dsn:
            return None
        self.open_button.setEnabled(False)
        return self.tasks.spawn(self._open(self.dsn, row.url))

    async def _open(self, dsn: str, url: str) -> None:
        try:
            snapshot = await self.services.fleet.latest_snapshot(dsn, url)
        except SaidError as exc:
            self.say(self.failure_text(dsn, exc))
            return
        finally:
            self._selected()
        if snapshot is None:
            self.say(
                self.tr("{url} has no snapshot yet: its first run has not finished.").format(
                    url=url
                )
            )
            return
        taken = moment_text(snapshot.taken)
        note = self.tr("stored snapshot of {time}, not live").format(time=taken)
        said = self.tr(
            "The Source tree shows the stored snapshot of {url} taken {time} ({shown} of "
            "{documents} documents), not a live read. Open its address again to read it now."
        ).format(url=url, time=taken, shown=snapshot.shown, documents=snapshot.documents)
        if self.shell.show_stored_source(snapshot.result, note, said):
            self.say(said)
            self.shell.show_error(said, Severity.INFO)
        else:
            self.say(self.tr("The snapshot of {url} holds no documents.").format(url=url))
