"""The live side in the window: the Subscriptions and Live feed docks, File ▸ Save
recording…, forwarding kept across starts, the feed's size from Settings; the feed, the
subscriptions and the XMPP account question offered to the other features."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from explorer.core.findings import Finding, Severity
from explorer.ui.language import finding_text
from explorer.ui.live.feed_panel import FeedPanel
from explorer.ui.live.recording_action import install_recording_action
from explorer.ui.live.subscription_panel import SubscriptionPanel
from explorer.ui.live.xmpp_account_panel import xmpp_panel
from explorer.ui.shared.app_settings import AppSettings
from explorer.ui.shared.shell import Shell
from explorer.ui.shared.surfaces import FEED, SUBSCRIPTIONS, XMPP_SUBSCRIBE


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    subscriptions = SubscriptionPanel(services, shell.spawn)
    feed = FeedPanel(services)
    shell.add_dock("SubscriptionsDock", subscriptions)
    shell.add_dock("FeedDock", feed)
    feed.place_chosen.connect(lambda url, problem: shell.navigate(url, problem))
    install_recording_action(shell)
    subscriptions.forwarding.remember_in(  # kept targets start again
        shell.settings, lambda text: shell.show_error(text, Severity.WARNING)
    )

    def unprimed(problems: list[Finding]) -> None:
        """A set of resources that could not be read before its notifications: the
        first 'updated' ones show no before until its lists are read again."""
        lines = [finding_text(problem) for problem in problems]
        text = QCoreApplication.translate(
            "LiveWiring",
            "A subscribed set of resources could not be read, so the first diffs of its "
            "notifications have no earlier version: {problem}",
        )
        details = "\n".join(lines) if len(lines) > 1 else None
        shell.show_error(text.format(problem=lines[0]), Severity.WARNING, details)

    services.live.priming_failed.connect(unprimed)

    def feed_size(values: AppSettings) -> None:
        feed.model.max_rows = values.feed_size

    shell.on_settings(feed_size)  # the feed's size before it is filled
    feed.restore()
    shell.publish(FEED, feed)
    shell.publish(SUBSCRIPTIONS, subscriptions)
    shell.publish(
        XMPP_SUBSCRIBE,
        lambda services, topic, hub, capability, node: xmpp_panel(shell).subscribe(
            services, topic, hub, capability, node
        ),
    )
