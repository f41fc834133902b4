"""The hub workbench in its dock."""

from __future__ import annotations

from explorer.ui.shared.shell import Shell
from explorer.ui.workbench.hub_workbench import HubWorkbench


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    shell.add_dock("HubWorkbenchDock", HubWorkbench(services, shell.spawn))
