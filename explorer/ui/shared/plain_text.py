"""Text from Sources and hubs, shown as the characters it is and never as Qt rich text.

Qt guesses: a ``QLabel`` in its default ``AutoText`` mode, a tooltip and an item model's
``ToolTipRole`` are rendered as HTML whenever ``Qt::mightBeRichText`` thinks they look
like it, and that HTML loads local images (``<img width=40000 height=40000>`` held the
window for seconds and gigabytes). So labels that show outside text are ``PlainText``,
tooltips are a fixed rich-text template around escaped text, and HTML built on purpose
escapes every value it interpolates (docs/reliability.md). Shown text is clipped as well: a 1 MB
header must not become a 1 MB tooltip. And its bidi, zero-width and control characters are
shown as escapes (``visible``), so a loc ``invoice\\u202efdp.exe`` cannot pass for a PDF.

The rule is applied where every panel passes: ``PlainModel`` makes the text an item model
gives its views (and screen readers) visible, whatever its ``data`` returns, so a new panel's
table gets it by inheriting; ``PlainTextView`` does the same for a read-only text pane, and
``notification_text`` for the desktop's notification body, which the desktop reads as markup.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSizePolicy, QWidget

from explorer.core.words import visible_text

MAX_CHARS = 2_000
"""Characters of one outside value shown in a label, tooltip or HTML fragment."""
MAX_LINES = 40
"""Lines shown in a label or tooltip: a tooltip taller than the screen is no use."""


def visible(value: object) -> str:
    """``value`` as text with its control, bidi and invisible characters written as
    escapes (``explorer.core.words.visible_text``, the terminal's rule too); not clipped."""
    return visible_text.visible(str(value))


def clip(value: object, limit: int = MAX_CHARS, lines: int = MAX_LINES) -> str:
    """``value`` as text of at most ``limit`` characters and ``lines`` lines, saying
    how much was left out; invisible characters but line breaks and tabs made visible."""
    text = str(value)
    head = text[:limit]
    parts = head.split("\n", lines)
    if len(parts) > lines:
        head = "\n".join(parts[:lines])
    if len(head) == len(text):
        return visible_text.visible(text)
    head = visible_text.visible(head)
    more = QCoreApplication.translate("PlainLabel", "({count} more characters)")
    return f"{head}… " + more.format(count=f"{len(text) - len(head):,}")


def escape_for_html(value: object, limit: int = MAX_CHARS) -> str:
    """``value`` clipped and escaped, for interpolation into HTML built on purpose."""
    import html  # its entity table loads on use: the window's first frame has no HTML

    return html.escape(clip(value, limit, lines=limit), quote=True)


def tooltip_text(outside: object) -> str:
    """A tooltip (or ``ToolTipRole`` value) that shows ``outside`` literally: always rich
    text, so Qt never guesses, with the outside part escaped and line breaks kept.
    Empty text gives an empty string, which shows no tooltip."""
    text = clip(outside) if outside is not None else ""
    if not text:
        return ""
    import html

    return f'<p style="white-space:pre-wrap">{html.escape(text, quote=False)}</p>'


def window_title(text: object) -> str:
    """A window title that names outside text (a Source's URL, a topic): one line, clipped,
    its invisible characters made visible (a title bar obeys a bidi override too)."""
    return clip(text, 300, 1).replace("\n", " ")


class PlainLabel(QLabel):
    """A label for outside text: plain text format, and ``setText`` clips."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str) -> None:
        super().setText(clip(text))


class ElidedLabel(QLabel):
    """One line of feedback that never asks for more room than its row gives it: the text
    elided at the right, whole in the tooltip and in ``text()``. A label sized to its text
    grows with a long message and its layout gives way instead: in the HTTP inspector the
    exchange table collapsed and the buttons moved under the pointer."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._full = ""

    def setText(self, text: str) -> None:
        self._full = clip(text).replace("\n", " ")
        self.setToolTip(tooltip_text(self._full))
        self._elide()

    def text(self) -> str:
        """The whole text, as set (what is painted may be elided)."""
        return self._full

    def shown_text(self) -> str:
        """What is painted: the text elided to the label's width."""
        return super().text()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        metrics = self.fontMetrics()
        super().setText(metrics.elidedText(self._full, Qt.TextElideMode.ElideRight, self.width()))


class PlainTextView(QPlainTextEdit):
    """A read-only pane of outside text (an application's answer, a hub's reply): the text
    set or appended is shown with its invisible characters as escapes (``visible``).
    ``QPlainTextEdit`` never reads markup, but it does obey a bidi override."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)

    def setPlainText(self, text: str) -> None:
        super().setPlainText(visible(text))

    def appendPlainText(self, text: str) -> None:
        super().appendPlainText(visible(text))


SHOWN_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.AccessibleTextRole,
        Qt.ItemDataRole.AccessibleDescriptionRole,
        Qt.ItemDataRole.StatusTipRole,
        Qt.ItemDataRole.WhatsThisRole,
    }
)
"""Roles whose text is drawn or read out as it is (``ToolTipRole`` is ``tooltip_text``'s)."""

DataMethod = Callable[..., Any]


def _plain_data(data: DataMethod) -> DataMethod:
    @functools.wraps(data)
    def shown(self: Any, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        value = data(self, index, role)
        if role in SHOWN_ROLES and isinstance(value, str):
            return visible_text.visible(value)
        return value

    shown.plain_text = True  # type: ignore[attr-defined]
    return shown


class PlainModel:
    """Put first among an item model's bases: every ``data`` a subclass defines is wrapped
    so that the text it gives for ``SHOWN_ROLES`` is ``visible``. A model built on a Qt model
    that keeps its own items (``QStandardItemModel``) has its inherited ``data`` wrapped too.
    ``tests/ui/test_plain_models.py`` holds every model of the window to it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("data")
        if own is not None:
            cls.data = _plain_data(own)  # type: ignore[attr-defined]
            return
        inherited = getattr(cls, "data", None)
        if inherited is not None and not getattr(inherited, "plain_text", False):
            cls.data = _plain_data(inherited)  # type: ignore[attr-defined]


def is_plain(model: type) -> bool:
    """Whether ``model``'s ``data`` gives its shown text through ``visible``."""
    return getattr(getattr(model, "data", None), "plain_text", False) is True


MARKUP_DESKTOPS = sys.platform not in ("win32", "darwin")
"""Desktops whose notifications read their body as markup: the freedesktop notification
servers (GNOME, KDE, dunst…) follow links and load images in ``<a>`` and ``<img>``, and Qt's
own balloon (no system notifier) is a ``QLabel`` that guesses rich text. Windows and macOS
show the text as it is, so escaping it there would show ``&lt;``."""


def notification_text(text: object, limit: int = 500, lines: int = 6, markup: bool = True) -> str:
    """A desktop notification's body: clipped, invisible characters made visible and, where
    the desktop reads markup (``markup``), ``&``, ``<`` and ``>`` escaped so a Source's
    ``<a href=javascript:…>`` or ``<img>`` is shown as the characters it is."""
    shown = clip(text, limit, lines)
    if not markup:
        return shown
    import html

    return html.escape(shown, quote=False)
