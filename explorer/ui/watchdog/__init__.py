"""The watchdog per subscription: Change Lists reconciled with notifications, desktop
notifications of its verdicts, and a lease's history."""

from __future__ import annotations

from explorer.ui.shared.shell import Feature, Shell


def install(shell: Shell) -> None:
    """Put the feature into the window (its modules load here, after the first frame)."""
    from explorer.ui.watchdog.wiring import install as install_feature

    install_feature(shell)


FEATURE = Feature("watchdog", install)
