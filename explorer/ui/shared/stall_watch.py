"""A watchdog for the GUI event loop: it notes every time the loop is held for more than
``STALL_SECONDS`` by one piece of work (a slot, an asyncio callback, a paint).

Each event the GUI thread delivers is a tick of the loop: the watchdog times the gaps between
ticks while the thread is inside event delivery. A plain tick timer would also count the
time a caller spends outside the loop (a test's own code between two waits, start-up
before the loop runs), which is not a stall of the window. A nested event loop (a modal
dialog's ``exec``) keeps delivering events, so it counts as alive.

On a loaded machine the GUI thread also waits for a core, directly or behind another thread
of the process that holds the interpreter lock while it waits for one: the kernel counts
that wait per thread (``/proc/self/task/*/schedstat``), and the longest of them over the
gap is taken off, so a busy machine does not make a stall. What remains is the GUI
thread's own work and its blocking waits (a sleep, a synchronous read, the lock held by
work that is running), which is what freezes a window.

A hold the watchdog finds loading a module for the first time is not counted: the explorer
imports its heavier parts after the first frame, and where no bytecode is kept
(``PYTHONDONTWRITEBYTECODE``) each is compiled then, once per process.

Used by ``--self-test`` (which fails when the window stalled) and by the test suite
(``tests/helpers/stall_plugin.py``), which fails any Qt test in which it stalled.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

STALL_SECONDS = 1.0
"""The window answers input within this; longer is a freeze to the user."""
SCHED_EVERY = 0.1
"""Seconds between readings of the run-queue wait: a reading per event would cost more than
the events; the stall is then measured from the reading before its start, at most this
much early."""


IMPORTING = "<frozen importlib._bootstrap"
"""A hold found loading a module is not counted: the first import of a module, compiled
where no bytecode is kept, happens once per process (as the fonts' first loading does)."""
WHERE_FRAMES = 8
"""How many of the GUI thread's innermost frames a stall's report shows."""


@dataclass(frozen=True, slots=True)
class Stall:
    """One hold of the loop: how long, what was being delivered, and where the GUI thread
    was once the hold passed the threshold (the innermost frames, for the fix)."""

    seconds: float
    receiver: str
    event: str
    where: str = ""

    def __str__(self) -> str:
        said = f"GUI loop held {self.seconds:.1f} s delivering {self.event} to {self.receiver}"
        return f"{said}, in:\n{self.where}" if self.where else said


class _RunQueueWaits:
    """Seconds each thread of this process has spent runnable but waiting for a core, by
    thread id (empty where the kernel does not say)."""

    TASKS = "/proc/self/task"

    def __call__(self) -> dict[str, float]:
        waits: dict[str, float] = {}
        try:
            tasks = os.listdir(self.TASKS)
        except OSError:
            return waits
        for task in tasks:
            try:
                with open(f"{self.TASKS}/{task}/schedstat", "rb") as stat:
                    fields = stat.read(128).split()
            except OSError:  # the thread ended meanwhile
                continue
            if len(fields) > 1:
                waits[task] = int(fields[1]) / 1e9
        return waits


class StallWatch:
    """Measures holds of the loop on the thread that made it (the GUI thread)."""

    def __init__(self, threshold: float = STALL_SECONDS) -> None:
        self.threshold = threshold
        self.stalls: list[Stall] = []
        self._thread = threading.get_ident()
        self._waited = _RunQueueWaits()
        self._delivering: list[tuple[QObject, QEvent]] = []
        self._mark = 0.0  # the last tick
        self._reading_at = 0.0  # when the run-queue wait was last read
        self._reading: dict[str, float] = {}
        self._where = ""  # the GUI thread's stack, taken by the sampler during a long hold
        self._importing = False  # ... and it was loading a module for the first time
        sampler = threading.Thread(target=self._sample, name="stall-watch", daemon=True)
        sampler.start()

    def _sample(self) -> None:
        """On its own thread: while one delivery holds the loop past the threshold, note
        once where the GUI thread is (a stall's report then names the code to fix)."""
        while True:
            time.sleep(self.threshold / 4)
            held = self._delivering and time.monotonic() - self._mark > self.threshold
            if held and not self._where:
                stack = self._gui_stack()
                self._importing = any(IMPORTING in line for line in stack)
                self._where = "".join(stack).rstrip()

    def _gui_stack(self) -> list[str]:
        """The GUI thread's innermost frames as text. The frame itself is let go of on
        return: kept (as a loop variable would keep it), it would keep every local of that
        stack alive, ``notify``'s wrappers of a receiver and an event among them, and Qt
        reuses a freed object's address for a new one, which would then come back to
        Python through the stale wrapper."""
        frame = sys._current_frames().get(self._thread)
        return traceback.format_stack(frame, limit=WHERE_FRAMES) if frame else []

    def on_gui_thread(self) -> bool:
        return threading.get_ident() == self._thread

    def enter(self, receiver: QObject, event: QEvent) -> None:
        """A delivery begins: inside another one, the time since the last tick was held."""
        now = time.monotonic()
        if self._delivering:
            self._check(now, *self._delivering[-1])
        self._tick(now)
        self._delivering.append((receiver, event))

    def leave(self) -> None:
        """A delivery ended: the time since its start (or its last nested tick) was held."""
        now = time.monotonic()
        receiver, event = self._delivering.pop()
        self._check(now, receiver, event)
        self._tick(now)

    def _tick(self, now: float) -> None:
        self._mark = now
        if self._where and not self._delivering:
            self._where, self._importing = "", False
        if now - self._reading_at > SCHED_EVERY:
            self._reading_at, self._reading = now, self._waited()

    def _check(self, now: float, receiver: QObject, event: QEvent) -> None:
        if now - self._mark <= self.threshold:
            return
        waited = self._waited()
        queued = max(
            (waited[task] - before for task, before in self._reading.items() if task in waited),
            default=0.0,
        )
        held = now - self._reading_at - queued
        if held > self.threshold and not self._importing:  # named only then: this runs
            name, kind = type(receiver).__name__, event.type().name  # for every event
            self.stalls.append(Stall(held, name, kind, self._where))
        self._where, self._importing = "", False

    def take(self) -> list[Stall]:
        """The stalls seen since the last call (and forget them)."""
        stalls, self.stalls = self.stalls, []
        return stalls


class StallWatchingApplication(QApplication):
    """A QApplication whose GUI thread is watched by ``stall_watch`` (made on that thread)."""

    stall_watch: StallWatch | None = None  # until __init__ has run

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        self.stall_watch = StallWatch()

    def notify(self, receiver: QObject, event: QEvent) -> bool:
        watch = self.stall_watch
        if watch is None or not watch.on_gui_thread():
            return super().notify(receiver, event)
        watch.enter(receiver, event)
        try:
            return super().notify(receiver, event)
        finally:
            watch.leave()
