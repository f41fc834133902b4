"""Fire-and-forget coroutines from widgets, without losing them or their errors.

asyncio keeps only a weak reference to a task, so a widget that starts one must hold it;
and an exception nobody awaits would vanish. ``TaskKeeper`` does both jobs, and is the one
way the window's widgets start tasks on the GUI loop.

A keeper bound to the widget that owns it (``owner``) cancels its tasks when that widget
is destroyed and says nothing more: a task still awaiting the network when its tab or
window goes away would otherwise wake to a widget whose C++ half is gone, and its failure
report (a label of that widget) would fail in turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from PySide6.QtCore import QObject

log = logging.getLogger(__name__)

T = TypeVar("T")


class TaskKeeper:
    """Holds the tasks it starts until they finish; a failure is logged and told to ``report``
    while ``owner`` (if given) lives; the owner's destruction cancels every task."""

    def __init__(
        self, report: Callable[[str], None] | None = None, owner: QObject | None = None
    ) -> None:
        self._report = report
        self._tasks: set[asyncio.Task[Any]] = set()
        if owner is not None:
            owner.destroyed.connect(self._owner_gone)

    def _owner_gone(self) -> None:
        self._report = None
        self.cancel_all()

    def spawn(self, coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        task = asyncio.get_event_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.error("task failed", exc_info=exc)
            if self._report is not None:
                self._report(f"{type(exc).__name__}: {exc}")

    def __len__(self) -> int:
        """How many tasks are still running."""
        return len(self._tasks)

    def cancel_all(self) -> None:
        for task in list(self._tasks):
            task.cancel()
