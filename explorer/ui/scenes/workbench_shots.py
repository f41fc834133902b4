"""The user guide's screen of the Hub workbench's "Subscriber under test" mode
(``explorer.ui.scenes.screenshots`` takes it after the others): the explorer's own
``listen`` put through a few tests, as docs/cli.md runs it, with the first test it could
not be judged on selected, its reason and evidence shown."""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtWidgets import QWidget

from explorer.ui.scenes.stage import Stage

Wait = Callable[..., Awaitable[None]]
LISTEN = 'resourcesync-explorer listen --store "$(mktemp -d)/s.db" --topic {topic}'
"""A store per start, so no start resumes another test's subscription (docs/cli.md)."""
SHOWN_TESTS = [
    "discovery-link-header",
    "discovery-caplist",
    "verify-challenge",
    "deliver-valid",
    "signature-wrong",
    "lease-unsubscribe",
]
"""Passes, and the two kinds of NOT RUN a subscriber like ``listen`` meets."""


async def subscriber_shot(window: Stage, wait: Wait) -> QWidget:
    from explorer.ui.workbench.hub_workbench_widgets import SUBSCRIBER_MODE

    # the command as a user types it: the program on PATH, as installed beside Python
    programs = str(Path(sys.executable).parent)
    os.environ["PATH"] = os.pathsep.join([programs, os.environ.get("PATH", "")])
    window.docks["HubWorkbenchDock"].raise_()
    workbench = window.panels.workbench
    workbench.mode_combo.setCurrentIndex(SUBSCRIBER_MODE)
    page = workbench.subscriber
    page.command_edit.setText(LISTEN)
    page.choose(SHOWN_TESTS)
    page.timeout_spin.setValue(20.0)
    await page.run_tests()
    rows = [page.results_tree.topLevelItem(n) for n in range(page.results_tree.topLevelItemCount())]
    unjudged = next((row for row in rows if row.text(1) == "signature-wrong"), None)
    if unjudged is not None:
        page.results_tree.setCurrentItem(unjudged)
    await wait(lambda: True)
    return window.widget()
