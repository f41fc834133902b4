"""Many Sources watched unattended: the fleet's health table, read-only (Fleet…)."""

from __future__ import annotations

from explorer.ui.shared.shell import Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.fleet.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature("fleet", install)
"""Tools ▸ Fleet…: the health table of the fleet database Settings ▸ Fleet names."""
