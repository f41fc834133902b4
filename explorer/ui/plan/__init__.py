"""Before a harvest: what it will cost and what it would miss (Plan…)."""

from __future__ import annotations

from explorer.ui.shared.shell import Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.plan.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature("plan", install)
