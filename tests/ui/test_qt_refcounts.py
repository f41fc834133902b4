"""PySide6-Essentials 6.12.0 on Python 3.11 loses a reference to ``None`` on every void Qt
call and one to ``True`` on every ``Signal.emit``; a session then aborts with
"none_dealloc"/"bool_dealloc" (qasync emits a signal per ``call_soon_threadsafe``, so a
burst of ~7,000 deliveries was enough). pyproject.toml pins below 6.12 for that reason;
these tests fail on a build with the bug, so the pin can be lifted only when they pass.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, QRect, Signal

CALLS = 200  # few enough that a buggy build fails the assertion instead of aborting


class Emitter(QObject):
    fired = Signal(object)


def test_void_qt_calls_keep_the_reference_count_of_none(qapp) -> None:
    rect = QRect()
    before = sys.getrefcount(None)
    for _ in range(CALLS):
        rect.setWidth(1)
    assert sys.getrefcount(None) > before - CALLS // 2


def test_signal_emits_keep_the_reference_count_of_true(qapp) -> None:
    emitter = Emitter()
    received: list[object] = []
    emitter.fired.connect(received.append)
    before = sys.getrefcount(True)
    for n in range(CALLS):
        emitter.fired.emit(n)
    assert len(received) == CALLS
    assert sys.getrefcount(True) > before - CALLS // 2
