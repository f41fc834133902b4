"""The History view's models: a Source's snapshots, and one comparison's differences."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication

from explorer.core.words.engine_words import field_word
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.history.comparison_rows import ComparisonRow
from explorer.net.history.snapshot_store import SnapshotInfo
from explorer.ui.language import ui_language
from explorer.ui.shared.columns import Column
from explorer.ui.shared.filtered_rows_model import FilteredRowsModel


def taken_text(info: SnapshotInfo) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(info.taken))


def _count(value: int | None) -> str:
    return "" if value is None else f"{value:,}"


SECTION_NAMES = {
    "document": QT_TRANSLATE_NOOP("ComparisonModel", "document"),
    "entry": QT_TRANSLATE_NOOP("ComparisonModel", "entry"),
    "finding": QT_TRANSLATE_NOOP("ComparisonModel", "finding"),
    "unannounced": QT_TRANSLATE_NOOP("ComparisonModel", "unannounced change"),
}
KIND_NAMES = {
    "added": QT_TRANSLATE_NOOP("ComparisonModel", "added"),
    "removed": QT_TRANSLATE_NOOP("ComparisonModel", "removed"),
    "changed": QT_TRANSLATE_NOOP("ComparisonModel", "changed"),
    "new": QT_TRANSLATE_NOOP("ComparisonModel", "new"),
    "fixed": QT_TRANSLATE_NOOP("ComparisonModel", "fixed"),
    "unannounced": QT_TRANSLATE_NOOP("ComparisonModel", "not announced"),
}


def _word(names: dict[str, str], value: str) -> str:
    return QCoreApplication.translate("ComparisonModel", names.get(value, value))


class SnapshotsModel(FilteredRowsModel[SnapshotInfo]):
    """One row per snapshot, newest first."""

    columns = (
        Column("id", QT_TRANSLATE_NOOP("SnapshotsModel", "#"), 40, lambda s: str(s.id)),
        Column("taken", QT_TRANSLATE_NOOP("SnapshotsModel", "taken"), 150, taken_text),
        Column(
            "label",
            QT_TRANSLATE_NOOP("SnapshotsModel", "label"),
            120,
            lambda s: s.label or "",
            tooltip=True,
        ),
        Column(
            "documents",
            QT_TRANSLATE_NOOP("SnapshotsModel", "documents"),
            80,
            lambda s: _count(s.documents),
        ),
        Column(
            "entries",
            QT_TRANSLATE_NOOP("SnapshotsModel", "entries"),
            80,
            lambda s: _count(s.entries),
        ),
        Column(
            "url",
            QT_TRANSLATE_NOOP("SnapshotsModel", "Source"),
            0,
            lambda s: s.source or s.start_url,
            tooltip=True,
        ),
    )


class ComparisonModel(FilteredRowsModel[ComparisonRow]):
    """One row per difference (a changed document or entry: one per changed field),
    the earlier and later values side by side; filtered by section."""

    columns = (
        Column(
            "section",
            QT_TRANSLATE_NOOP("ComparisonModel", "what"),
            110,
            lambda r: _word(SECTION_NAMES, r.section),
        ),
        Column(
            "kind",
            QT_TRANSLATE_NOOP("ComparisonModel", "change"),
            90,
            lambda r: _word(KIND_NAMES, r.kind),
        ),
        Column(
            "capability",
            QT_TRANSLATE_NOOP("ComparisonModel", "capability"),
            110,
            lambda r: r.capability,
        ),
        Column(
            "key",
            QT_TRANSLATE_NOOP("ComparisonModel", "URL or loc"),
            280,
            lambda r: r.key,
            tooltip=True,
        ),
        Column(
            "field",
            QT_TRANSLATE_NOOP("ComparisonModel", "field or code"),
            110,
            lambda r: field_word(r.field, ui_language()),
        ),
        Column(
            "a",
            QT_TRANSLATE_NOOP("ComparisonModel", "A (earlier)"),
            170,
            lambda r: r.a,
            tooltip=True,
        ),
        Column(
            "b", QT_TRANSLATE_NOOP("ComparisonModel", "B (later)"), 170, lambda r: r.b, tooltip=True
        ),
        Column("spec", QT_TRANSLATE_NOOP("ComparisonModel", "spec"), 0, lambda r: r.spec),
    )

    def choice_of(self, row: ComparisonRow) -> str:
        return row.section
