"""One long job at a time in a view: a status line while it runs, Cancel, and its
outcome or its failure in the same line (never a dialog, never a lost exception)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from shiboken6 import isValid

from explorer.ui.shared.tasks import TaskKeeper

log = logging.getLogger(__name__)
T = TypeVar("T")


class Job:
    """Runs a coroutine with ``status`` saying what it does and ``cancel`` stopping it;
    ``busy`` widgets are disabled meanwhile."""

    def __init__(self, status: QLabel, cancel: QPushButton, busy: list[QWidget]) -> None:
        self.status, self.cancel_button, self.busy = status, cancel, busy
        self._tasks = TaskKeeper()
        self.task: asyncio.Task[Any] | None = None
        cancel.clicked.connect(self.cancel)

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def start(
        self,
        work: Callable[[], Coroutine[Any, Any, T]],
        doing: str,
        done: Callable[[T], object],
    ) -> asyncio.Task[None]:
        """Cancel the job running, if any, and run ``work()`` (made only once the task
        runs, so a job cancelled before it began leaves no coroutine unawaited)."""
        self.cancel()
        self.status.setText(doing)
        self._set_busy(True)
        task = self._tasks.spawn(self._run(work, done))
        task.add_done_callback(self._ended)  # also when cancelled before it began
        self.task = task
        return task

    def export(
        self, work: Callable[[], Coroutine[Any, Any, int]], path: Path
    ) -> asyncio.Task[None]:
        """Run an export that returns how many rows it wrote to ``path``, and say so."""
        return self.start(
            work,
            QCoreApplication.translate("Job", "exporting…"),
            lambda count: self.status.setText(
                QCoreApplication.translate("Job", "{rows} rows written to {path}").format(
                    rows=f"{count:,}", path=path
                )
            ),
        )

    async def _run(
        self, work: Callable[[], Coroutine[Any, Any, T]], done: Callable[[T], object]
    ) -> None:
        try:
            result = await work()
        except Exception as exc:  # shown, not raised: the view says what went wrong
            log.info("job failed", exc_info=exc)
            if self._alive():
                self.status.setText(str(exc) or type(exc).__name__)
            return
        if not self._alive():  # the view was closed for good while the job ran
            return
        self.status.setText("")
        self._set_busy(False)
        if self.task is asyncio.current_task():
            self.task = None  # over: ``done`` may start the next job without cancelling this
        done(result)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """Unless a newer job took over: say a cancellation, and give the buttons back."""
        if task is self.task and self._alive():
            if task.cancelled():
                self.status.setText(QCoreApplication.translate("Job", "cancelled"))
            self._set_busy(False)

    def _alive(self) -> bool:
        return isValid(self.status) and isValid(self.cancel_button)

    def cancel(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()

    def _set_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        for widget in self.busy:
            widget.setEnabled(not busy)
