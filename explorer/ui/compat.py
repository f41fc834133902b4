"""A guard against a reference-counting bug of PySide6 6.12 on Python 3.11.

Measured here (PySide6-Essentials 6.12.0, CPython 3.11.7): every call of a Qt method
that returns nothing (``QLabel.setText``, ``QPainter.setPen``, ``QSyntaxHighlighter``'s
``setFormat``...) drops one reference to ``None`` without having taken it. From Python
3.12 on ``None`` is immortal and this is harmless; on 3.11 the count (about 67,000 at
start-up) reaches zero after that many calls and the interpreter aborts with
"none_dealloc: deallocating None" -- highlighting one 50,000-line document is enough.

The same build drops one reference to ``True`` on every ``Signal.emit`` (measured:
qasync's ``call_soon_threadsafe`` emits a signal, so every ``run_in_executor`` and every
store commit costs one): a session that received about 7,000 notifications aborted with
"bool_dealloc: deallocating True or False" (issue 10's load benchmark found it).

``guard_none_refcount`` detects each bug with a short probe and, only if present, gives
``None`` (and ``True``/``False``) a very large reference count, which is what 3.12 does
for immortal objects.
"""

from __future__ import annotations

import ctypes
import sys

PROBE_CALLS = 64
RESERVE = 1 << 48  # far beyond any number of Qt calls a session can make


def leaks_none() -> bool:
    """True when a void Qt method call loses a reference to None."""
    from PySide6.QtCore import QRect

    rect = QRect()
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        rect.setWidth(1)
    return sys.getrefcount(None) <= before - PROBE_CALLS // 2


def leaks_true() -> bool:
    """True when emitting a signal loses a reference to True (its return value)."""
    from PySide6.QtCore import QObject, Signal

    class Probe(QObject):
        fired = Signal()

    probe = Probe()
    before = sys.getrefcount(True)
    for _ in range(PROBE_CALLS):
        probe.fired.emit()
    return sys.getrefcount(True) <= before - PROBE_CALLS // 2


def guard_none_refcount() -> bool:
    """Make ``None`` (and the bools) effectively immortal if this PySide6 needs it;
    returns whether it did anything."""
    if sys.version_info >= (3, 12):
        return False
    guarded = [obj for obj, leaks in ((None, leaks_none), (True, leaks_true)) if leaks()]
    if True in guarded:
        guarded.append(False)  # a failed emit returns False: guard it the same way
    for obj in guarded:
        ctypes.c_ssize_t.from_address(id(obj)).value += RESERVE
    return bool(guarded)
