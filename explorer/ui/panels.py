"""The docks around the document view: subscriptions, live feed, HTTP inspector, hub
workbench."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt

from explorer.ui.feed_view import FeedView
from explorer.ui.hub_workbench import HubWorkbench
from explorer.ui.inspector import InspectorView
from explorer.ui.main_window import MainWindow
from explorer.ui.subscription_panel import SubscriptionPanel


@dataclass(slots=True)
class Panels:
    subscriptions: SubscriptionPanel
    feed: FeedView
    inspector: InspectorView
    workbench: HubWorkbench


def install_panels(window: MainWindow) -> Panels:
    """Create the docks (restorable by object name) and fill them from the store."""
    services = window.services
    subscriptions = SubscriptionPanel(services, window.spawn)
    feed = FeedView(services)
    inspector = InspectorView(services, window.spawn)
    window.add_dock("Subscriptions", "SubscriptionsDock", subscriptions,
                    Qt.DockWidgetArea.RightDockWidgetArea)
    feed_dock = window.add_dock("Live feed", "FeedDock", feed,
                                Qt.DockWidgetArea.BottomDockWidgetArea)
    inspector_dock = window.add_dock("HTTP inspector", "InspectorDock", inspector,
                                     Qt.DockWidgetArea.BottomDockWidgetArea)
    window.tabifyDockWidget(feed_dock, inspector_dock)
    workbench = HubWorkbench(services, window.spawn)
    workbench_dock = window.add_dock("Hub workbench", "HubWorkbenchDock", workbench,
                                     Qt.DockWidgetArea.BottomDockWidgetArea)
    window.tabifyDockWidget(inspector_dock, workbench_dock)
    feed_dock.raise_()
    feed.restore()
    inspector.restore()
    window.panels = Panels(subscriptions, feed, inspector, workbench)
    return window.panels
