"""File ▸ Plan a harvest… and Plan… in the Source tree."""

from __future__ import annotations

from explorer.ui.plan.plan_actions import PLAN_ACTIONS, PlanActions
from explorer.ui.shared.shell import Shell


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    shell.publish(PLAN_ACTIONS, PlanActions(shell, services))
