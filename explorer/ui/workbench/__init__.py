"""The hub workbench: exercising a WebSub hub by hand."""

from __future__ import annotations

from PySide6.QtCore import Qt

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.shared.shell import DockSpec, Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.workbench.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature(
    "workbench",
    install,
    (
        DockSpec(
            QT_TRANSLATE_NOOP("MainWindow", "Hub workbench"),
            "HubWorkbenchDock",
            Qt.DockWidgetArea.BottomDockWidgetArea,
            minimum=(240, 140),
            scrolled=True,
            tabbed=True,
        ),
    ),
)
