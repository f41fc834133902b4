"""PySide6-Essentials 6.12.0 on Python 3.11 loses a reference to ``None`` on every void Qt
call and one to ``True`` on every ``Signal.emit``; a session then aborts with
"none_dealloc"/"bool_dealloc" (qasync emits a signal per ``call_soon_threadsafe``, so a
burst of ~7,000 deliveries was enough). pyproject.toml pins below 6.12 for that reason;
these tests fail on a build with the bug, so the pin can be lifted only when they pass.

From Python 3.12 ``None`` and ``True`` are immortal: their count never moves, so a lost
reference cannot free them and the abort cannot happen. The tests then check that premise
instead of measuring a count that cannot change.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, QRect, Signal

CALLS = 200  # few enough that a buggy build fails the assertion instead of aborting


class Emitter(QObject):
    fired = Signal(object)


def references_lost(obj: object, action: Callable[[], object], calls: int = CALLS) -> int:
    """How many references to ``obj`` ``calls`` runs of ``action`` dropped (negative: kept)."""
    before = sys.getrefcount(obj)
    for _ in range(calls):
        action()
    return before - sys.getrefcount(obj)


def is_immortal(obj: object) -> bool:
    """True when holding more references does not move the count (Python 3.12+ singletons)."""
    before = sys.getrefcount(obj)
    held = [obj] * 100
    moved = sys.getrefcount(obj) != before
    del held
    return not moved


def assert_keeps_references(obj: object, action: Callable[[], object]) -> None:
    if is_immortal(obj):
        assert references_lost(obj, action) == 0  # a stray decrement cannot free it
    else:
        assert references_lost(obj, action) < CALLS // 2


def test_void_qt_calls_keep_the_reference_count_of_none(qapp) -> None:
    rect = QRect()
    assert_keeps_references(None, lambda: rect.setWidth(1))


def test_signal_emits_keep_the_reference_count_of_true(qapp) -> None:
    emitter = Emitter()
    received: list[object] = []
    emitter.fired.connect(received.append)
    assert_keeps_references(True, lambda: emitter.fired.emit(1))
    assert len(received) == CALLS


def test_the_measure_sees_a_lost_reference() -> None:
    """A call that drops a reference on each run is caught (an ordinary object stands in
    for ``None``; it is given the references first, so it is never freed)."""
    sentinel = object()
    target = ctypes.py_object(sentinel)
    for _ in range(CALLS):
        ctypes.pythonapi.Py_IncRef(target)
    assert not is_immortal(sentinel)
    assert references_lost(sentinel, lambda: ctypes.pythonapi.Py_DecRef(target)) == CALLS
    assert references_lost(sentinel, lambda: None) == 0
