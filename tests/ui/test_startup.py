"""Start-up in two steps: the window shell shows with Qt alone, the engines are
imported, started and attached afterwards, and what the user asked for meanwhile waits."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QIcon, QImage
from PySide6.QtWidgets import QDockWidget, QLabel, QLineEdit, QStyle, QWidget
from shiboken6 import isValid

ENGINE_PACKAGES = ("httpx", "aiohttp", "explorer.net", "explorer.demo", "explorer.ui.services")
SHELL_IMPORTS = """
import sys
import explorer.cli, explorer.ui.app, explorer.ui.shell.main_window
print("\\n".join(sys.modules))
"""


def printed_words(script: str, env: dict[str, str] | None = None) -> list[str]:
    """What ``script`` prints, run in a fresh interpreter: its imports are its own."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env=env,
    )
    return done.stdout.split()


def test_the_window_shell_imports_no_engine() -> None:
    loaded = printed_words(SHELL_IMPORTS)
    assert "explorer.ui.shell.main_window" in loaded
    assert [m for m in loaded if m.startswith(ENGINE_PACKAGES)] == []


FIRST_FRAME = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from explorer.ui.app import open_shell, parse_arguments
shell = open_shell(parse_arguments([]))
app.processEvents()
print(shell.window.painted)
print("\\n".join(sys.modules))
"""
NOT_BEFORE_THE_FIRST_FRAME = (
    "asyncio",
    "qasync",
    "explorer.core.words.messages",
    "explorer.ui.source.",
    "explorer.ui.shared.tasks",
)
"""What the light shell's first frame does without: asyncio (the loop starts after it),
the findings catalog, the document view and the controllers. (A feature package itself,
``explorer.ui.source`` too, is read for the docks it declares: its modules wait.)"""


def test_the_first_frame_is_painted_before_asyncio_and_the_document_view_load(
    tmp_path,
) -> None:
    home = tmp_path / "home"
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
    }
    painted, *loaded = printed_words(FIRST_FRAME, env)
    assert painted == "True"
    assert "explorer.ui.shell.main_window" in loaded
    assert [m for m in loaded if m.startswith(NOT_BEFORE_THE_FIRST_FRAME)] == []


def reaches(start: QWidget, target: QWidget) -> bool:
    """Whether Tab from ``start`` reaches ``target`` before the focus chain wraps around.
    (A walk over Qt's own dock tab bars would leave wrappers that outlive them.)"""
    window = start.window()
    widget = start.nextInFocusChain()
    while widget is not None and widget is not window:
        if widget is target:
            return True
        widget = widget.nextInFocusChain()
    return False


def style_icon(widget: QWidget, pixmap: str) -> QIcon:
    return widget.style().standardIcon(getattr(QStyle.StandardPixmap, pixmap))


def icon_image(icon: QIcon) -> QImage:
    return icon.pixmap(16, 16).toImage()


def test_the_light_shell_completed_after_its_first_frame_keeps_focus_and_tab_order(
    qtbot, qloop, run, settings
) -> None:
    from explorer.ui.shell.main_window import MainWindow, build_after_first_frame

    shell = MainWindow(settings=settings, light=True)
    qtbot.addWidget(shell)
    shell.show()
    qtbot.waitUntil(lambda: shell.focusWidget() is not None)  # activated: the address box
    assert not hasattr(shell, "document_view")
    assert icon_image(shell.back_action.icon()) != icon_image(style_icon(shell, "SP_ArrowBack"))
    run(build_after_first_frame(shell))
    assert shell.built
    for action, pixmap in (
        (shell.back_action, "SP_ArrowBack"),
        (shell.settings_action, "SP_FileDialogDetailedView"),
    ):
        assert icon_image(action.icon()) == icon_image(style_icon(shell, pixmap))
    # as when the document view was built first: focused on activation, before the frame
    assert shell.focusWidget() is shell.document_view.header
    panel = QLineEdit()
    shell.add_dock("FeedDock", panel)  # panels are installed later still
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the placeholder
    assert isValid(shell.help_menu)  # no wrapper of Qt's own dock widgets outlived them
    assert reaches(shell.document_view.header, shell.address)
    assert reaches(shell.address, shell.tree)
    assert panel.nextInFocusChain() is shell  # last, after the tree


def test_shell_shows_first_and_opens_a_waiting_address_once_engines_attach(
    qtbot, qloop, run, settings, tmp_path
) -> None:
    from explorer.ui.shell.main_window import STARTING, MainWindow

    shell = MainWindow(settings=settings)
    qtbot.addWidget(shell)
    shell.restore_state()
    shell.show()
    run(shell.first_frame())
    assert shell.services is None and shell.statusBar().currentMessage() == STARTING
    names = {dock.objectName() for dock in shell.findChildren(QDockWidget)}
    assert names == {
        "SourceDock",
        "SubscriptionsDock",
        "FeedDock",
        "InspectorDock",
        "HubWorkbenchDock",
        "ProblemsDock",
    }
    assert isinstance(shell.docks["FeedDock"].widget(), QLabel)

    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.ui.services import SELF_TEST_DEMO, ExplorerServices
    from explorer.ui.shell.panels import install_panels

    services = ExplorerServices(
        store_path=tmp_path / "store.sqlite3",
        subscriber_config=SubscriberConfig(request_timeout=5.0),
        demo_options=SELF_TEST_DEMO,
    )
    try:
        run(services.start())
        url = run(services.start_demo())
        task = shell.open_url(url)  # typed while the engines start
        qtbot.waitUntil(lambda: "waiting" in shell.discovery_label.text(), timeout=5000)
        assert task is not None and not task.done()
        assert shell.address.currentText() == url

        shell.attach_services(services)
        panels = install_panels(shell)
        assert shell.docks["FeedDock"].widget() is panels.feed
        assert shell.statusBar().currentMessage() == ""
        qtbot.waitUntil(task.done, timeout=15000)
        assert shell.tree_model.roots and shell.discovery_label.text().startswith("found via")
    finally:
        shell.shutdown()
        run(services.aclose())
