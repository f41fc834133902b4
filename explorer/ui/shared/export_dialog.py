"""A non-modal Save dialog listing an export registry's formats, with their titles in the
window's language; the chosen filter's suffix is added to a name typed without one, so
the name then says the format that ``explorer.net.reports.export_formats`` writes for it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QWidget

from explorer.net.reports.export_formats import ExportRegistry
from explorer.ui.language import ui_language


def export_dialog(
    parent: QWidget, caption: str, stem: Path, registry: ExportRegistry[Any]
) -> QFileDialog:
    """The dialog, not yet opened; ``stem`` is the proposed name without its suffix."""
    filters = dict(registry.dialog_filters(ui_language()))
    first = registry.formats[0]
    dialog = QFileDialog(
        parent, caption, str(stem.with_suffix(first.suffixes[0])), ";;".join(filters)
    )
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix(first.suffixes[0].lstrip("."))
    dialog.filterSelected.connect(
        lambda chosen: dialog.setDefaultSuffix(filters[chosen].suffixes[0].lstrip("."))
    )
    return dialog
