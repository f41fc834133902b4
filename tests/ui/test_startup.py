"""Start-up in two steps: the window shell shows with Qt alone, the engines are
imported, started and attached afterwards, and what the user asked for meanwhile waits."""

from __future__ import annotations

import subprocess
import sys

from PySide6.QtWidgets import QDockWidget, QLabel

ENGINE_PACKAGES = ("httpx", "aiohttp", "explorer.net", "explorer.demo", "explorer.ui.services")
SHELL_IMPORTS = """
import sys
import explorer.cli, explorer.ui.app, explorer.ui.shell.main_window
print("\\n".join(sys.modules))
"""


def test_the_window_shell_imports_no_engine() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SHELL_IMPORTS],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    loaded = done.stdout.split()
    assert "explorer.ui.shell.main_window" in loaded
    assert [m for m in loaded if m.startswith(ENGINE_PACKAGES)] == []


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

    from explorer.net.subscriber import SubscriberConfig
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
