"""Laptop screens: the first launch fits the screen, the layout stays usable at 1280×720
and 1024×600, docks keep their share as the window grows, and View ▸ Reset layout."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRect, QSize, Qt

from explorer.ui.shell.window_layout import first_launch_geometry

LAPTOP = QRect(0, 0, 1366, 728)  # 1366×768 minus a 40-pixel panel


def test_first_launch_geometry_fits_the_available_screen() -> None:
    frame = first_launch_geometry(LAPTOP)
    assert LAPTOP.contains(frame)
    assert frame.width() <= 1366 * 0.9 and frame.height() <= 728 * 0.9
    assert frame.center() == LAPTOP.center()
    big = QRect(0, 0, 3840, 2160)
    assert first_launch_geometry(big).size() == QSize(1600, 1000)  # no bigger than needed


def test_a_window_without_saved_settings_opens_inside_a_1366x768_screen(qtbot, settings) -> None:
    from explorer.ui.shell.main_window import MainWindow

    window = MainWindow(settings=settings)  # the shell, as start-up shows it first
    qtbot.addWidget(window)
    window.restore_state(screen=LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    assert LAPTOP.contains(window.geometry()), window.geometry()


def _dock_rects(window) -> list[tuple[str, QRect]]:
    rects = [("central", window.centralWidget().geometry())]
    for dock in (window.tree_dock, *window.docks.values()):
        if dock.isVisible() and not dock.visibleRegion().isEmpty():  # not a tab behind
            rects.append((dock.objectName(), dock.geometry()))
    return rects


def _settle(qtbot, window, size: QSize) -> None:
    window.resize(size)
    qtbot.waitUntil(lambda: window.size() == size, timeout=5000)
    qtbot.wait(50)  # the dock layout follows the resize on the next turn


def test_layout_is_usable_at_1280x720_and_1024x600(window, qtbot, run) -> None:
    url = run(window.services.start_demo())
    window.open_url(url)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15000)
    for size in (QSize(1280, 720), QSize(1024, 600)):
        _settle(qtbot, window, size)
        rects = _dock_rects(window)
        for (name_a, a), (name_b, b) in itertools.combinations(rects, 2):
            assert not a.intersects(b), f"{size}: {name_a} {a} overlaps {name_b} {b}"
        for name, rect in rects:
            assert rect.width() >= 200 and rect.height() >= 100, f"{size}: {name} {rect}"
        # the tree's titles stay readable: the title column is wide enough for a file name
        title_width = window.tree.columnWidth(0)
        sample = window.tree.fontMetrics().horizontalAdvance("changelist-index.xml — Chan")
        assert title_width >= sample, f"{size}: the title column is {title_width} px"


def test_docks_keep_their_share_when_the_window_grows(window, qtbot) -> None:
    _settle(qtbot, window, QSize(1280, 720))
    tree_share = window.tree_dock.width() / window.width()
    feed_share = window.docks["FeedDock"].height() / window.height()
    _settle(qtbot, window, QSize(1800, 1100))

    def kept() -> None:  # the balancer applies the shares on a later turn of the loop
        assert abs(window.tree_dock.width() / window.width() - tree_share) < 0.03
        assert abs(window.docks["FeedDock"].height() / window.height() - feed_share) < 0.03

    qtbot.waitUntil(kept, timeout=5000)


@pytest.mark.qt_log_ignore("does not support raise")  # a floating dock, offscreen
def test_reset_layout_puts_every_dock_back(window, qtbot) -> None:
    window.tree_dock.hide()
    feed = window.docks["FeedDock"]
    feed.setFloating(True)
    window.removeDockWidget(window.docks["InspectorDock"])
    window.toolbar.hide()
    window.reset_layout_action.trigger()
    assert window.tree_dock.isVisible() and not feed.isFloating()
    assert window.dockWidgetArea(window.tree_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert window.docks["InspectorDock"] in window.tabifiedDockWidgets(feed)
    assert window.toolbar.isVisible()
    assert "layout reset" in window.statusBar().currentMessage()
