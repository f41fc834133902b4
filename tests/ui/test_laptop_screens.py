"""The docks fit a laptop screen, maximised, in English and Japanese: the workbench's Run
checks, Cancel and Publish (and in its subscriber mode Run, Stop and Copy command line) show
without scrolling and its payload editor several lines, the
document's entries table a dozen rows above it, the Subscriptions table shows state, lease
and hub, and a document diff gets at least 15 lines per side."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from explorer.core.changes import diff_lines

SCREENS = [QSize(1366, 768), QSize(1280, 720)]
LISTED = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
    '<rs:ln rel="up" href="https://example.org/dataset1/capabilitylist.xml"/>\n'
    '<rs:md capability="resourcelist" at="2026-12-01T00:00:00Z"/>\n'
    + "".join(
        f"<url><loc>https://example.org/dataset1/res/{n}.xml</loc>"
        f"<lastmod>2026-11-{1 + n % 28:02d}T00:00:00Z</lastmod></url>\n"
        for n in range(40)
    )
    + "</urlset>\n"
)
"""A Resource List of 40 entries with a link and a time: its header takes the lines a
real one does."""


@pytest.fixture(params=["en", "ja"])
def laptop(request, qapp, qtbot, qloop, run, settings, tmp_path):
    """The real window with its panels, built in the language asked for."""
    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.ui.language import install_language
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shell.main_window import MainWindow
    from explorer.ui.shell.panels import install_panels

    install_language(request.param, qapp)  # before the widgets: they read their text once
    services = ExplorerServices(
        store_path=tmp_path / "store.sqlite3", subscriber_config=SubscriberConfig()
    )
    main = MainWindow(services, settings)
    qtbot.addWidget(main)
    try:
        run(services.start())
        install_panels(main)
        yield main
    finally:
        main.shutdown()
        run(services.aclose())
        install_language("en", qapp)


def _maximised(window, size: QSize) -> None:
    """As on a screen of ``size`` with the window maximised, on first start."""
    from explorer.ui.shell.window_state import default_dock_sizes

    window.resize(size)
    window.show()
    QApplication.processEvents()
    default_dock_sizes(window)
    QApplication.processEvents()


def _fully_shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.visibleRegion().boundingRect().size() == widget.size()


@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_the_workbench_controls_show_without_scrolling(laptop, size: QSize) -> None:
    _maximised(laptop, size)
    laptop.docks["HubWorkbenchDock"].raise_()
    QApplication.processEvents()
    bench = laptop.panels.workbench
    for button in (bench.run_button, bench.cancel_button, bench.publish_button):
        assert _fully_shown(button), (button.text(), laptop.docks["HubWorkbenchDock"].size())
    area = laptop.docks["HubWorkbenchDock"].widget()
    assert isinstance(area, QScrollArea)
    assert area.horizontalScrollBar().maximum() == 0  # never sideways
    assert area.verticalScrollBar().maximum() == 0  # nor cut at the bottom: all of it shows


@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_the_subscriber_mode_controls_show_without_scrolling(laptop, size: QSize) -> None:
    from explorer.ui.workbench.hub_workbench_widgets import SUBSCRIBER_MODE

    _maximised(laptop, size)
    laptop.docks["HubWorkbenchDock"].raise_()
    bench = laptop.panels.workbench
    bench.mode_combo.setCurrentIndex(SUBSCRIBER_MODE)
    QApplication.processEvents()
    page = bench.subscriber
    for widget in (page.run_button, page.stop_button, page.copy_button, page.command_edit):
        assert _fully_shown(widget), widget.accessibleName() or widget.text()
    area = laptop.docks["HubWorkbenchDock"].widget()
    assert area.horizontalScrollBar().maximum() == 0
    assert area.verticalScrollBar().maximum() == 0


@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_the_subscriptions_table_shows_state_lease_and_hub(laptop, size: QSize) -> None:
    from explorer.ui.live.subscriptions_model import COLUMNS

    _maximised(laptop, size)
    area = laptop.docks["SubscriptionsDock"].widget()
    assert isinstance(area, QScrollArea)
    assert area.horizontalScrollBar().maximum() == 0  # Stop, Test, Subscribe not cut
    table = laptop.panels.subscriptions.table
    for name in ("state", "lease", "hub"):
        column = COLUMNS.index(name)
        right = table.columnViewportPosition(column) + table.columnWidth(column)
        assert table.columnViewportPosition(column) >= 0 and right <= table.viewport().width()


@pytest.mark.qt_log_ignore("does not support raise")  # a top-level window, offscreen
@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_a_document_diff_gets_fifteen_lines_per_side(laptop, size: QSize) -> None:
    from explorer.ui.live.diff_window import DiffWindow

    _maximised(laptop, size)
    old = [f"<line n='{n}'/>" for n in range(60)]
    rows = diff_lines(old, [*old[:30], "<changed/>", *old[31:]]).side_by_side()
    window = DiffWindow(laptop)
    window.resize(int(size.width() * 0.85), int(size.height() * 0.85))  # as on that screen
    window.show_diff("http://example.org/changelist.xml", rows, "1 line changed")
    QApplication.processEvents()
    for pane in (window.view.old, window.view.new):
        assert pane.viewport().height() // pane.fontMetrics().lineSpacing() >= 15
    window.close()


@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_the_subscriptions_dock_shows_three_rows_or_scrolls_to_them(
    laptop, size: QSize, output_dir
) -> None:
    """NE1: Japanese at 1366×768 showed no row at all: the table keeps three rows and the
    dock scrolls as a whole instead of squeezing it."""
    from explorer.ui.live.subscription_widgets import TABLE_ROWS_SHOWN

    _maximised(laptop, size)
    laptop.docks["SubscriptionsDock"].raise_()
    QApplication.processEvents()
    table = laptop.panels.subscriptions.table
    rows = table.verticalHeader().defaultSectionSize()
    assert table.viewport().height() >= TABLE_ROWS_SHOWN * rows, table.viewport().height()
    area = laptop.docks["SubscriptionsDock"].widget()
    assert isinstance(area, QScrollArea)
    header = table.horizontalHeader().height()
    # unscrolled, as the dock first shows: at least a row under the table's header
    assert table.visibleRegion().boundingRect().height() >= header + rows
    area.ensureWidgetVisible(table)
    QApplication.processEvents()
    assert table.visibleRegion().boundingRect().height() >= TABLE_ROWS_SHOWN * rows
    from explorer.ui.language import ui_language

    name = f"subscriptions-dock-{ui_language()}-{size.width()}x{size.height()}.png"
    assert laptop.grab().save(str(output_dir / name))


@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_the_payload_editor_shows_several_lines(laptop, size: QSize, output_dir) -> None:
    """M5: the workbench's editor showed one line at 1366×768; it keeps EDITOR_LINES whole
    lines of a payload wider than itself (its scroll bar shown), unscrolled, and the hub's
    response gets what is left."""
    from explorer.ui.language import ui_language
    from explorer.ui.workbench.hub_workbench_widgets import EDITOR_LINES

    _maximised(laptop, size)
    laptop.docks["HubWorkbenchDock"].raise_()
    QApplication.processEvents()
    editor = laptop.panels.workbench.editor
    wide = "<!-- a payload line wider than the editor -->" * 20
    editor.setPlainText("\n".join([wide] * 40))  # its horizontal scroll bar shows
    QApplication.processEvents()
    assert editor.horizontalScrollBar().isVisible()
    shown = editor.visibleRegion().boundingRect().height()
    assert shown == editor.height()  # not scrolled away or cut by the dock
    assert editor.viewport().height() // editor.fontMetrics().lineSpacing() >= EDITOR_LINES
    name = f"workbench-{ui_language()}-{size.width()}x{size.height()}.png"
    assert laptop.grab().save(str(output_dir / name))


@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_the_entries_table_shows_a_dozen_rows(laptop, size: QSize, output_dir) -> None:
    """M5: the entries table showed 4 to 7 rows under the bottom docks at 1366×768 and
    1280×720. With a document's header shown, the first layout leaves it ENTRY_ROWS rows
    at 1366×768 and ENTRY_ROWS_SMALL at 1280×720, while the workbench below shows all of
    itself, its payload editor EDITOR_LINES lines (the tests above)."""
    from explorer.core.parser import parse_document
    from explorer.ui.language import ui_language
    from explorer.ui.shell.window_layout import ENTRY_ROWS, ENTRY_ROWS_SMALL

    _maximised(laptop, size)
    url = "https://example.org/dataset1/resourcelist.xml"
    body = LISTED.encode()
    laptop.document_view.show_document(url, parse_document(body), [], body)
    table = laptop.document_view.table
    laptop.document_view.tabs.setCurrentIndex(0)
    QApplication.processEvents()
    assert laptop.document_view.entries.rowCount() == 40
    name = f"entries-{ui_language()}-{size.width()}x{size.height()}.png"
    assert laptop.grab().save(str(output_dir / name))
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    wanted = ENTRY_ROWS if size.height() >= 768 else ENTRY_ROWS_SMALL
    assert rows >= wanted >= 10, (rows, table.viewport().height())


@pytest.mark.parametrize("size", SCREENS, ids=["1366x768", "1280x720"])
def test_the_workbench_combos_show_their_longest_item_whole(laptop, size: QSize) -> None:
    """NE11: the template and publish-style combos cut their Japanese short
    (「変更通知（N 件のエント」): each one's text field holds its longest item."""
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    _maximised(laptop, size)
    laptop.docks["HubWorkbenchDock"].raise_()
    QApplication.processEvents()
    bench = laptop.panels.workbench
    for combo in (bench.template_combo, bench.publish_style_combo):
        texts = [combo.itemText(n) for n in range(combo.count())]
        longest = max(texts, key=combo.fontMetrics().horizontalAdvance)
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox,
            option,
            QStyle.SubControl.SC_ComboBoxEditField,
            combo,
        )
        assert field.width() >= combo.fontMetrics().horizontalAdvance(longest), longest
        assert _fully_shown(combo), longest
