"""The shell as the features see it (``explorer.ui.shared.shell.Shell``): docks laid out
from the features' registrations, the window's actions, the File menu's group, parts one
feature publishes for another, Settings applied now and on each accept."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QAction

from explorer.ui.shared.app_settings import AppSettings
from explorer.ui.shared.shell import Key
from explorer.ui.shell import features, window_state
from explorer.ui.shell.features import FEATURES, feature_docks, load_feature


@pytest.fixture
def shell(qtbot, settings):
    from explorer.ui.shell.main_window import MainWindow

    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    return window


def test_every_registered_dock_is_laid_out_as_declared(shell) -> None:
    specs = feature_docks()
    assert {spec.name for spec in specs} >= {"FeedDock", "InspectorDock", "SubscriptionsDock"}
    for spec in specs:
        dock = shell.docks[spec.name]
        assert dock.windowTitle() == QCoreApplication.translate("MainWindow", spec.title)
        assert shell.dockWidgetArea(dock) == spec.area
        if spec.minimum is not None:
            assert dock.minimumSize() == QSize(*spec.minimum)
        assert dock.toggleViewAction() in shell.view_menu.actions()
    tabbed = [shell.docks[spec.name] for spec in specs if spec.tabbed]
    assert set(shell.tabifiedDockWidgets(tabbed[0])) == set(tabbed[1:])


def test_reset_layout_puts_a_moved_dock_back_where_its_feature_declared(shell) -> None:
    spec = next(spec for spec in feature_docks() if spec.tabbed)
    dock = shell.docks[spec.name]
    shell.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    assert shell.dockWidgetArea(dock) != spec.area
    window_state.reset_layout(shell)
    assert shell.dockWidgetArea(dock) == spec.area


def test_a_feature_gets_only_the_window_actions_meant_for_features(shell) -> None:
    assert shell.action("signature") is shell.signature_action
    with pytest.raises(LookupError, match="quit"):
        shell.action("quit")


def test_file_actions_of_features_go_in_one_group_above_quit(shell) -> None:
    first, second = QAction("first", shell), QAction("second", shell)
    shell.add_action("file", first)
    shell.add_action("file", second)
    actions = shell.menus["file"].actions()
    at = actions.index(first)
    assert actions[at : at + 4] == [first, second, actions[at + 2], shell.quit_action]
    assert actions[at + 2].isSeparator()


def test_a_part_is_had_once_published_and_a_missing_one_is_named(shell) -> None:
    key: Key[list[str]] = Key("notes")
    with pytest.raises(LookupError, match="notes"):
        shell.part(key)
    shell.publish(key, ["kept"])
    assert shell.part(key) == ["kept"]


def test_settings_reach_a_feature_now_and_on_each_accept(shell) -> None:
    seen: list[AppSettings] = []
    shell.on_settings(seen.append)
    changed = AppSettings(feed_size=500)
    shell.settings_applied.emit(changed)
    assert seen == [shell.preferences, changed]


def test_a_feature_package_must_declare_a_feature(monkeypatch) -> None:
    assert all(feature.name for feature in FEATURES)
    monkeypatch.setattr(features, "import_module", lambda name: SimpleNamespace(FEATURE="x"))
    with pytest.raises(TypeError, match=r"explorer\.ui\.odd\.FEATURE"):
        load_feature("odd")
