"""The HTTP inspector: every exchange the explorer made, with its request and response."""

from __future__ import annotations

from PySide6.QtCore import Qt

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.shared.shell import DockSpec, Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.inspector.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature(
    "inspector",
    install,
    (
        DockSpec(
            QT_TRANSLATE_NOOP("MainWindow", "HTTP inspector"),
            "InspectorDock",
            Qt.DockWidgetArea.BottomDockWidgetArea,
            minimum=(240, 140),
            tabbed=True,
        ),
    ),
)
