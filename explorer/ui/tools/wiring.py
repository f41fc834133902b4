"""Tools ▸ Signature…, and Replay… on the feed's deliveries and the inspector's
exchanges."""

from __future__ import annotations

from explorer.ui.shared.shell import Shell
from explorer.ui.shared.surfaces import FEED, INSPECTOR
from explorer.ui.tools.replay_actions import ReplayActions
from explorer.ui.tools.signature_dialog import show_signature_tool


def install(shell: Shell) -> None:
    shell.action("signature").triggered.connect(lambda: show_signature_tool(shell.widget()))
    ReplayActions(shell.part(FEED), shell.part(INSPECTOR), shell.spawn)
