"""The Settings put into effect: now, and each time the user accepts them."""

from __future__ import annotations

from explorer.ui.settings.settings_effects import apply_settings
from explorer.ui.shared.shell import Shell


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    shell.on_settings(lambda values: apply_settings(shell, services, values))
