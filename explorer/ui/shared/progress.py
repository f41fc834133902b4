"""Status-bar progress for long jobs (crawls, downloads) with a cancel button."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget
from shiboken6 import isValid

from explorer.ui.shared.plain_text import PlainLabel

T = TypeVar("T")


class ProgressIndicator(QWidget):
    """Runs one job at a time as a task; shows done/total (or busy) and cancels on click."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = PlainLabel()
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(180)
        self.bar.setAccessibleName(self.tr("Progress"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setAccessibleName(self.tr("Cancel job"))
        self.cancel_button.clicked.connect(self.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        self._tasks: list[asyncio.Task[Any]] = []
        self.hide()

    def report(self, done: int, total: int | None) -> None:
        """Progress callback for engines: ``total`` None means unknown (busy bar)."""
        if total:
            self.bar.setRange(0, total)
            self.bar.setValue(min(done, total))
        else:
            self.bar.setRange(0, 0)

    async def run(self, label: str, coro: Coroutine[Any, Any, T]) -> T:
        """Await ``coro`` as a cancellable job; re-raises CancelledError if cancelled."""
        task = asyncio.ensure_future(coro)
        self._tasks.append(task)
        self.label.setText(label)
        self.bar.setRange(0, 0)
        self.show()
        try:
            return await task
        finally:
            self._tasks.remove(task)
            if not self._tasks and isValid(self):  # the window may be gone (closing)
                self.hide()

    def cancel(self) -> None:
        for task in list(self._tasks):
            task.cancel()

    @property
    def busy(self) -> bool:
        return bool(self._tasks)
