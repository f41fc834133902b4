"""Every export format, in one place: which suffix means which writer, and its title.

The command line and the window read the same registries, so a file name means the same
format in both: ``export --exchanges --out x.har`` writes HAR as the inspector's Export…
does, ``--format`` may say which one but cannot contradict the file name (``--format
jsonl --out x.har`` is refused, cause and fix said), and a file dialog lists the formats
with their catalog titles. Adding a format is one writer and one line here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import PurePath
from typing import IO, TYPE_CHECKING, Generic, TypeVar

from explorer.core import catalog
from explorer.net.reports.evidence import CsvExchangeWriter, HarWriter, JsonlExchangeWriter
from explorer.net.reports.notification_export import (
    Subscriptions,
    notifications_csv,
    notifications_jsonl,
)
from explorer.net.store.records import NotificationRecord

if TYPE_CHECKING:
    from explorer.net.source.inspection import Inspection

W = TypeVar("W")


class FormatMismatch(ValueError):
    """``--format`` and the file name's suffix name different formats."""


@dataclass(frozen=True, slots=True)
class ExportFormat(Generic[W]):
    """One format: its ``--format`` name, the suffixes that mean it (the first is the one a
    file dialog adds), its title's catalog key, and its writer."""

    name: str
    suffixes: tuple[str, ...]
    title_key: str
    writer: W

    def title(self, lang: str = catalog.ENGLISH) -> str:
        return catalog.text(self.title_key, lang)

    def dialog_filter(self, lang: str = catalog.ENGLISH) -> str:
        """As a file dialog lists it: ``HAR 1.2 (*.har)``."""
        patterns = " ".join(f"*{suffix}" for suffix in self.suffixes)
        return f"{self.title(lang)} ({patterns})"


@dataclass(frozen=True, slots=True)
class ExportRegistry(Generic[W]):
    """The formats of one kind of export; ``default`` is written for a name with no known
    suffix (and to standard output) when no format is given."""

    formats: tuple[ExportFormat[W], ...]
    default: str

    def names(self) -> tuple[str, ...]:
        return tuple(fmt.name for fmt in self.formats)

    def named(self, name: str) -> ExportFormat[W]:
        for fmt in self.formats:
            if fmt.name == name:
                return fmt
        raise KeyError(name)

    def for_path(self, path: str | PurePath) -> ExportFormat[W] | None:
        """The format the file name's suffix asks for, if it names one."""
        suffix = PurePath(path).suffix.lower()
        return next((fmt for fmt in self.formats if suffix in fmt.suffixes), None)

    def choose(
        self, name: str | None, path: str | PurePath | None, lang: str = catalog.ENGLISH
    ) -> ExportFormat[W]:
        """``--format`` (``name``) and ``--out`` (``path``) together: the suffix chooses
        unless a format is named; a named format the suffix contradicts is refused."""
        by_suffix = None if path is None else self.for_path(path)
        if name is None:
            return by_suffix or self.named(self.default)
        chosen = self.named(name)
        if by_suffix is not None and by_suffix is not chosen:
            raise FormatMismatch(
                catalog.text(
                    "export.format-mismatch",
                    lang,
                    format=name,
                    path=str(path),
                    suffix=PurePath(str(path)).suffix,
                    other=by_suffix.name,
                    wanted=chosen.suffixes[0],
                )
            )
        return chosen

    def dialog_filters(self, lang: str = catalog.ENGLISH) -> list[tuple[str, ExportFormat[W]]]:
        """``(filter text, format)`` for a file dialog, in the registry's order."""
        return [(fmt.dialog_filter(lang), fmt) for fmt in self.formats]


ExchangeWriterClass = type[HarWriter] | type[CsvExchangeWriter] | type[JsonlExchangeWriter]

EXCHANGE_FORMATS: ExportRegistry[ExchangeWriterClass] = ExportRegistry(
    (
        ExportFormat("har", (".har",), "export.title-har", HarWriter),
        ExportFormat("csv", (".csv",), "export.title-csv", CsvExchangeWriter),
        ExportFormat("jsonl", (".jsonl",), "export.title-jsonl", JsonlExchangeWriter),
    ),
    default="jsonl",
)
"""``export --exchanges`` and the inspector's Export…: the exchange log."""


NotificationWriter = Callable[[Iterable[NotificationRecord], Subscriptions, IO[str]], int]

NOTIFICATION_FORMATS: ExportRegistry[NotificationWriter] = ExportRegistry(
    (
        ExportFormat("jsonl", (".jsonl",), "export.title-jsonl", notifications_jsonl),
        ExportFormat("csv", (".csv",), "export.title-csv", notifications_csv),
    ),
    default="jsonl",
)
"""``export``: stored notifications, to standard output or ``DIR/notifications<suffix>``
(``--format xml``, raw payloads and an index, is a folder of files, not one stream)."""


def _report_html(inspection: Inspection, lang: str) -> bytes:
    from explorer.net.reports.report_html import report_html  # its page template only when asked

    return report_html(inspection, lang)


def _report_csv(inspection: Inspection, lang: str) -> bytes:
    from explorer.net.reports.report_csv import report_csv

    return report_csv(inspection, lang)


ReportWriter = Callable[["Inspection", str], bytes]

REPORT_FORMATS: ExportRegistry[ReportWriter] = ExportRegistry(
    (
        ExportFormat("html", (".html", ".htm"), "export.title-report-html", _report_html),
        ExportFormat("csv", (".csv",), "export.title-report-csv", _report_csv),
    ),
    default="html",
)
"""``inspect --report FILE`` and File ▸ Export report…: a Source's findings."""
