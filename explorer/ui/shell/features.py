"""The window's features, in the one list the shell reads.

Their docks are laid out in this order (the bottom ones as tabs, left to right) before
any panel exists, and each ``install`` runs in this order once the engines are started:
a feature that takes a part another publishes (``explorer.ui.shared.surfaces``) comes
after it. A new feature is one package of ``explorer.ui`` exposing ``FEATURE`` and its
name here.
"""

from __future__ import annotations

from importlib import import_module

from explorer.ui.shared.shell import DockSpec, Feature

FEATURE_PACKAGES = (
    "live",
    "inspector",
    "workbench",
    "problems",
    "source",
    "tools",
    "history",
    "plan",
    "fleet",
    "watchdog",
    "settings",
)


def load_feature(package: str) -> Feature:
    """``explorer.ui.<package>.FEATURE``: only its declaration is imported here; its
    modules load when it is installed."""
    feature = import_module(f"explorer.ui.{package}").FEATURE
    if not isinstance(feature, Feature):
        raise TypeError(f"explorer.ui.{package}.FEATURE is not a Feature")
    return feature


FEATURES: tuple[Feature, ...] = tuple(load_feature(package) for package in FEATURE_PACKAGES)


def feature_docks(features: tuple[Feature, ...] = FEATURES) -> tuple[DockSpec, ...]:
    """Every dock the features fill, in the list's order."""
    return tuple(dock for feature in features for dock in feature.docks)
