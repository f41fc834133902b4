"""The window's features, in the one list the shell reads.

Their docks are laid out in this order (the bottom ones as tabs, left to right) before
any panel exists, and each ``install`` runs in this order once the engines are started:
a feature that takes a part another publishes (``explorer.ui.shared.surfaces``) comes
after it. A new feature is one package exposing ``FEATURE`` and one line here.
"""

from __future__ import annotations

from explorer.ui import (
    history,
    inspector,
    live,
    problems,
    settings,
    source,
    tools,
    watchdog,
    workbench,
)
from explorer.ui.shared.shell import DockSpec, Feature

FEATURES: tuple[Feature, ...] = (
    live.FEATURE,
    inspector.FEATURE,
    workbench.FEATURE,
    problems.FEATURE,
    source.FEATURE,
    tools.FEATURE,
    history.FEATURE,
    watchdog.FEATURE,
    settings.FEATURE,
)


def feature_docks(features: tuple[Feature, ...] = FEATURES) -> tuple[DockSpec, ...]:
    """Every dock the features fill, in the list's order."""
    return tuple(dock for feature in features for dock in feature.docks)
