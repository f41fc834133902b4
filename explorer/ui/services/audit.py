"""The audit of a local copy against the open Source, for the window ("Is our copy in
sync?"): ``explorer.net.history.audit`` run off the GUI thread, its verdicts handed over as
immutable rows with their reasons in the interface's language.

The engine keeps both sides and every verdict in a private temporary SQLite file; an
``AuditOutcome`` holds that report open (its connection may be read from any thread) so
an export writes every verdict, not only the rows shown, until ``close``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlsplit

from PySide6.QtCore import QObject

from explorer.core.audit_rules import Mapping, Verdict
from explorer.core.harvest.folder_map import HTTP_SCHEMES, MappingError, parse_mappings
from explorer.core.said_error import SaidError
from explorer.core.spreadsheet import csv_writer
from explorer.net.history.audit import AuditItem, AuditReport, audit
from explorer.net.history.audit_text import reasons
from explorer.ui.language import ui_language
from explorer.ui.services.worker import job_fetcher, off_gui, request_counter

if TYPE_CHECKING:
    from explorer.ui.services.engines import Engines

SHOWN_ROWS = 20_000
"""Verdicts handed to the window; an export writes them all."""
CSV_COLUMNS = ("status", "loc", "local_path", "reason", "section", "document")


@dataclass(frozen=True, slots=True)
class AuditRow:
    status: str  # a Verdict: create, update, delete
    loc: str
    local_path: str
    reason: str  # every reason, "; " between them
    section: str
    document: str


@dataclass(slots=True)
class AuditOutcome:
    source: str | None
    counts: dict[str, int]  # per Verdict, "same" included
    resource_lists: int
    change_lists: int
    rows: tuple[AuditRow, ...]
    complete: bool  # False: more verdicts than SHOWN_ROWS; the export has them all
    _report: AuditReport | None = field(default=None, repr=False)

    @property
    def in_sync(self) -> bool:
        return all(count == 0 for verdict, count in self.counts.items() if verdict != "same")

    def close(self) -> None:
        """Remove the engine's temporary file."""
        if self._report is not None:
            self._report.close()
            self._report = None


def mappings_for(url: str, folder: Path, text: str) -> list[Mapping]:
    """The mappings of ``text`` (``URL_PREFIX=DIR`` a line) in order, then ``folder`` for
    the rest of the Source's host, as ``audit --map … --dest``. Raises SaidError naming the
    first bad line or the first folder that is not one."""
    root = _host_root(url)
    if not root.lower().startswith(HTTP_SCHEMES):
        raise MappingError("audit.not-a-mapping", value=f"{root}={folder}")
    found = []
    for prefix, path in [*parse_mappings(text), (root, str(folder))]:
        if not Path(path).is_dir():
            raise SaidError("audit.not-a-folder", value=path)
        found.append(Mapping(prefix, str(Path(path).resolve())))
    return found


def _host_root(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def audit_row(item: AuditItem, lang: str) -> AuditRow:
    return AuditRow(
        str(item.verdict),
        item.loc,
        item.path or "",
        "; ".join(reasons(item, lang)),
        item.section,
        item.document or "",
    )


class AuditServices(QObject):
    """Audits of a local copy; the crawl and the scan run off the GUI thread."""

    def __init__(self, engines: Engines, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engines = engines

    async def run(
        self,
        url: str,
        mappings: list[Mapping],
        checksum: bool,
        progress: Callable[[int], object],
    ) -> AuditOutcome:
        """Audit the Source found from ``url``; ``progress`` hears how many documents
        have been read, on the GUI thread. Raises ``AuditError`` (the audit means
        nothing: no Resource List, a list not read in full, too many files)."""
        engines, lang = self.engines, ui_language()
        counted = request_counter(progress)

        async def job() -> AuditOutcome:
            fetcher = job_fetcher(engines, counted)
            try:
                report = await audit(url, fetcher, mappings, checksum=checksum)
            finally:
                await fetcher.aclose()
            try:
                rows: list[AuditRow] = []
                for item in report.items():
                    if len(rows) > SHOWN_ROWS:
                        break
                    rows.append(audit_row(item, lang))
            except BaseException:
                report.close()
                raise
            return AuditOutcome(
                report.source,
                {str(verdict): report.counts[verdict] for verdict in Verdict},
                report.resource_lists,
                report.change_lists,
                tuple(rows[:SHOWN_ROWS]),
                len(rows) <= SHOWN_ROWS,
                report,
            )

        return await off_gui(job(), "explorer-audit")

    async def export(self, outcome: AuditOutcome, path: Path) -> int:
        """Every verdict into ``path``: JSON for a ``.json`` name, else CSV."""
        report = outcome._report
        if report is None:
            raise ValueError("this audit is closed: run it again to export")
        lang = ui_language()

        def write() -> int:
            with path.open("w", encoding="utf-8", newline="") as out:
                if path.suffix.lower() == ".json":
                    return _write_json(outcome, report, out)
                return _write_csv(report, out, lang)

        return await asyncio.to_thread(write)


def _write_csv(report: AuditReport, out: TextIO, lang: str) -> int:
    out.write("\ufeff")  # spreadsheet programs then read Japanese correctly
    writer = csv_writer(out)
    writer.writerow(CSV_COLUMNS)
    count = 0
    for item in report.items():
        row = audit_row(item, lang)
        writer.writerow(
            (
                row.status,
                row.loc,
                row.local_path,
                row.reason,
                row.section,
                row.document,
            )
        )
        count += 1
    return count


def _write_json(outcome: AuditOutcome, report: AuditReport, out: TextIO) -> int:
    head = {"source": outcome.source, "in_sync": outcome.in_sync, "counts": outcome.counts}
    out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "items": [')
    count = 0
    for count, item in enumerate(report.items(), 1):
        out.write(
            ("," if count > 1 else "") + "\n  " + json.dumps(item.to_json(), ensure_ascii=False)
        )
    out.write("\n]}\n")
    return count
