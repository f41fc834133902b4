"""The watchdog, placed in the Subscriptions dock above its log."""

from __future__ import annotations

from explorer.ui.shared.shell import Shell
from explorer.ui.shared.surfaces import SUBSCRIPTIONS
from explorer.ui.watchdog.watchdog_panel import WATCHDOG, WatchdogPanel


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    panel = WatchdogPanel(shell.widget(), services, shell.part(SUBSCRIPTIONS), shell.spawn)
    shell.publish(WATCHDOG, panel)
