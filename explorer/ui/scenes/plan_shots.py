"""The user guide's "Before you harvest" screen (``explorer.ui.scenes.screenshots`` takes
it): Plan… of the demo's Source Description, with an incremental window of the last hour,
run to the end, at the guide's laptop size."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget

from explorer.core.rules import capabilities as caps
from explorer.ui.plan.plan_actions import PLAN_ACTIONS
from explorer.ui.scenes.stage import Stage

Wait = Callable[..., Awaitable[None]]
SIZE = QSize(1366, 768)
WINDOW = 3600
"""Seconds back from now the shot's incremental run starts: the demo's changes so far."""


async def plan_shot(window: Stage, wait: Wait) -> QWidget:
    services = await window.engines()
    assert services.demo is not None
    await window.open_source(str(services.demo.base_url))
    root = window.tree_model.roots[0]
    assert root.capability == caps.DESCRIPTION
    panel = window.part(PLAN_ACTIONS).show_plan(root.url)
    assert panel is not None
    panel.resize(SIZE)
    since = datetime.now(UTC) - timedelta(seconds=WINDOW)
    panel.since_edit.setText(since.strftime("%Y-%m-%dT%H:%M:%SZ"))
    task = panel.start()
    assert task is not None
    await wait(task.done, 60)
    await wait(lambda: panel.size() == SIZE)
    return panel
