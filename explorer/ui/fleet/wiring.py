"""Tools ▸ Fleet…: the fleet's action, published for the scenes and the tests."""

from __future__ import annotations

from explorer.ui.fleet.fleet_actions import FLEET_ACTIONS, FleetActions
from explorer.ui.shared.shell import Shell


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    shell.publish(FLEET_ACTIONS, FleetActions(shell, services))
