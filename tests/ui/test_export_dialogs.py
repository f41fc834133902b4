"""The window's Save dialogs list an export registry's formats, titled in the window's
language, and the chosen filter's ending is the one the registry writes that format for."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from explorer.net.reports.export_formats import EXCHANGE_FORMATS, REPORT_FORMATS
from explorer.ui.live.feed_export import FEED_FORMATS
from explorer.ui.shared.export_dialog import export_dialog


@pytest.mark.parametrize("registry", [EXCHANGE_FORMATS, REPORT_FORMATS, FEED_FORMATS])
def test_a_dialog_lists_the_registry_and_adds_its_ending(qtbot, registry) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = export_dialog(parent, "Export", Path("/tmp/x"), registry)
    filters = [text for text, _fmt in registry.dialog_filters()]
    assert dialog.nameFilters() == filters
    for text, fmt in registry.dialog_filters():
        dialog.filterSelected.emit(text)
        assert dialog.defaultSuffix() == fmt.suffixes[0].lstrip(".")
        assert registry.for_path(f"x.{dialog.defaultSuffix()}") is fmt


def test_exchange_titles_come_from_the_catalog() -> None:
    assert EXCHANGE_FORMATS.named("har").dialog_filter() == "HAR 1.2 (*.har)"
    assert REPORT_FORMATS.named("html").dialog_filter("ja") == "HTML レポート (*.html *.htm)"
