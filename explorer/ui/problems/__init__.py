"""The Source-wide Problems view: every finding of the open Source, and the report."""

from __future__ import annotations

from PySide6.QtCore import Qt

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.shared.shell import DockSpec, Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.problems.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature(
    "problems",
    install,
    (
        DockSpec(
            QT_TRANSLATE_NOOP("MainWindow", "Problems"),
            "ProblemsDock",
            Qt.DockWidgetArea.BottomDockWidgetArea,
            tabbed=True,
        ),
    ),
)
