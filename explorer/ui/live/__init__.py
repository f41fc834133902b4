"""The live side as the user sees it: subscriptions and the feed of what arrives."""

from __future__ import annotations

from PySide6.QtCore import Qt

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.shared.shell import DockSpec, Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.live.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature(
    "live",
    install,
    (
        DockSpec(
            QT_TRANSLATE_NOOP("MainWindow", "Subscriptions"),
            "SubscriptionsDock",
            Qt.DockWidgetArea.RightDockWidgetArea,
            minimum=(200, 120),
            scrolled=True,
        ),
        DockSpec(
            QT_TRANSLATE_NOOP("MainWindow", "Live feed"),
            "FeedDock",
            Qt.DockWidgetArea.BottomDockWidgetArea,
            minimum=(240, 140),
            tabbed=True,
        ),
    ),
)
