"""The stall watch looks at the GUI thread's stack from its own thread, and must let go of
it at once. A frame it kept would keep that stack's locals alive, among them the Python
wrappers ``notify`` was given for a receiver and an event; once Qt frees those objects,
a new one made at the same address comes back through the old wrapper (seen under load:
``notify`` called with two QEvents, a widget's constructor returning NULL)."""

from __future__ import annotations

import gc
import time
import weakref

from PySide6.QtCore import QEvent, QObject

from explorer.ui.shared.stall_watch import Stall, StallWatch


class Sentinel:
    """Stands for whatever a held frame's locals reach."""


def _hold_the_loop_once(watch: StallWatch) -> tuple[weakref.ref[Sentinel], list[Stall]]:
    """One delivery held four thresholds long, with a local the held frame reaches."""
    watch.enter(QObject(), QEvent(QEvent.Type.User))
    kept = Sentinel()
    time.sleep(watch.threshold * 4)  # the sampler looks at this frame meanwhile
    watch.leave()
    return weakref.ref(kept), watch.take()


def test_the_sampler_keeps_no_frame_of_the_gui_thread() -> None:
    watch = StallWatch(threshold=0.05)
    for _attempt in range(100):  # until the sampler has had its look (at once, idle)
        gone, stalls = _hold_the_loop_once(watch)
        if any(stall.where for stall in stalls):
            break
    assert any("_hold_the_loop_once" in stall.where for stall in stalls), stalls
    gc.collect()
    assert gone() is None, "the stall watch still holds the GUI thread's frame"
