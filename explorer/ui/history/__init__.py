"""Across time: snapshots of a Source and their comparison, the audit of a local copy."""

from __future__ import annotations

from explorer.ui.shared.shell import Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.history.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature("history", install)
