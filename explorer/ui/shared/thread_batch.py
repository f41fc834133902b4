"""Carry items made on any thread to the GUI thread, a batch at a time.

Deliveries are handled on the network thread (explorer/net/loop_thread.py) and can
arrive by the thousand per second; posting one Qt event per delivery and per exchange
would make the GUI thread the bottleneck. ``ThreadBatch.put`` queues an item and, for
the first item of a batch only, wakes a timer on the GUI thread; when it fires, the
whole batch is handed over in one call, in the order the items were put.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

DEFAULT_INTERVAL_MS = 100
"""Ten hand-overs a second at most: each one costs the GUI thread a repaint, and the
feed and the inspector gain nothing from redrawing faster than people read."""


class ThreadBatch(QObject):
    """``put`` from any thread; ``deliver(items)`` is called on this object's thread."""

    _wake = Signal()

    def __init__(
        self,
        deliver: Callable[[list[Any]], None],
        *,
        interval_ms: int = DEFAULT_INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._deliver: Callable[[list[Any]], None] | None = deliver
        self._items: list[Any] = []
        self._lock = threading.Lock()
        self._armed = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.flush)
        self._wake.connect(self._timer.start)  # queued when emitted from another thread

    def put(self, item: Any) -> None:
        with self._lock:
            if self._deliver is None:  # closed: nobody is left to hand items to
                return
            self._items.append(item)
            if self._armed:
                return
            self._armed = True
        self._wake.emit()

    def flush(self) -> None:
        """Hand over everything queued so far (the timer calls this; tests may too)."""
        with self._lock:
            items, self._items = self._items, []
            self._armed = False
            deliver = self._deliver
        if items and deliver is not None:
            deliver(items)

    def close(self) -> None:
        """Hand over what is queued, then drop ``deliver``: its owner usually holds this
        batch, and a reference cycle through a QObject may be collected by the garbage
        collector on any thread, where Qt must not delete the owner's timers."""
        self.flush()
        with self._lock:
            self._deliver = None
        self._timer.stop()
