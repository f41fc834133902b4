"""Qt's translation marker, typed as it behaves.

``pyside6-lupdate`` finds ``QT_TRANSLATE_NOOP("Context", "text")`` by its name wherever it is
called, and at run time Qt's marker returns its text unchanged. PySide6's stubs declare that
it returns ``object``, which would leave every marked table untyped for the type checker;
this one returns the ``str`` it is given.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for translation in ``context``; it is translated where it is shown."""
    return text
