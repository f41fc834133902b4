"""File ▸ Save snapshot…, History… and Audit a local copy…, and Audit… in the tree."""

from __future__ import annotations

from explorer.ui.history.time_actions import TIME_ACTIONS, TimeActions
from explorer.ui.shared.shell import Shell


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    shell.publish(TIME_ACTIONS, TimeActions(shell, services))
