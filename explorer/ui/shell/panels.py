"""Installing the features into a window whose engines are attached, and the panels by
name for the scenes and the tests (features reach each other through published parts,
never through this)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from explorer.ui.shell.features import FEATURES

if TYPE_CHECKING:
    from explorer.ui.shell.main_window import MainWindow

PANEL_NAMES = {
    "subscriptions": "SubscriptionsDock",
    "feed": "FeedDock",
    "inspector": "InspectorDock",
    "workbench": "HubWorkbenchDock",
    "problems": "ProblemsDock",
}


class Panels:
    """``window.panels.feed`` and the like: the panel a feature put into a dock."""

    def __init__(self, window: MainWindow) -> None:
        self._window = window

    def __getattr__(self, name: str) -> Any:
        try:
            return self._window.panel_widgets[PANEL_NAMES[name]]
        except KeyError:
            raise AttributeError(name) from None


def install_panels(window: MainWindow) -> Panels:
    """Install every feature (``explorer.ui.shell.features``) in the list's order; needs
    the engines attached."""
    assert window.services is not None, "attach_services before install_panels"
    for feature in FEATURES:
        feature.install(window)
    window.panels = Panels(window)
    return window.panels
