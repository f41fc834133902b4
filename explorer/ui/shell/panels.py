"""The docks around the document view: subscriptions, live feed, HTTP inspector, hub
workbench."""

from __future__ import annotations

from dataclasses import dataclass

from explorer.ui.inspector.inspector_panel import InspectorPanel
from explorer.ui.live.feed_panel import FeedPanel
from explorer.ui.live.forwarding_actions import InspectorForwarding
from explorer.ui.live.recording_action import install_recording_action
from explorer.ui.live.subscription_panel import SubscriptionPanel
from explorer.ui.problems.handover import install_handover
from explorer.ui.problems.source_problems_panel import SourceProblemsPanel
from explorer.ui.settings.settings_effects import connect_settings
from explorer.ui.shell.main_window import MainWindow
from explorer.ui.tools.replay_actions import ReplayActions
from explorer.ui.workbench.hub_workbench import HubWorkbench


@dataclass(slots=True)
class Panels:
    subscriptions: SubscriptionPanel
    feed: FeedPanel
    inspector: InspectorPanel
    workbench: HubWorkbench
    problems: SourceProblemsPanel


def install_panels(window: MainWindow) -> Panels:
    """Fill the window's docks (laid out by the shell, see ``PANEL_DOCKS``) and the
    panels from the store; needs the engines attached."""
    services = window.services
    assert services is not None, "attach_services before install_panels"
    subscriptions = SubscriptionPanel(services, window.spawn)
    feed = FeedPanel(services)
    inspector = InspectorPanel(services, window.spawn)
    workbench = HubWorkbench(services, window.spawn)
    window.set_panel("SubscriptionsDock", subscriptions)
    window.set_panel("FeedDock", feed)
    window.set_panel("InspectorDock", inspector)
    window.set_panel("HubWorkbenchDock", workbench)
    ReplayActions(feed, inspector, window.spawn)  # owned by the inspector (its parent)
    install_recording_action(window)
    InspectorForwarding(inspector)  # owned by the inspector (its parent)
    subscriptions.forwarding.remember_in(window.settings)  # kept targets start again
    problems = install_handover(window, inspector)
    window.panels = Panels(subscriptions, feed, inspector, workbench, problems)
    connect_settings(window, services)  # the feed's size before it is filled
    feed.restore()
    inspector.restore()
    from explorer.ui.watchdog.watchdog_panel import WatchdogPanel

    window.watchdog = WatchdogPanel(window, services, subscriptions, window.spawn)
    return window.panels
