"""Text from Sources and hubs, shown as the characters it is and never as Qt rich text.

Qt guesses: a ``QLabel`` in its default ``AutoText`` mode, a tooltip and an item model's
``ToolTipRole`` are rendered as HTML whenever ``Qt::mightBeRichText`` thinks they look
like it, and that HTML loads local images (``<img width=40000 height=40000>`` held the
window for seconds and gigabytes). So labels that show outside text are ``PlainText``,
tooltips are a fixed rich-text template around escaped text, and HTML built on purpose
escapes every value it interpolates (docs/reliability.md). Shown text is clipped as well: a 1 MB
header must not become a 1 MB tooltip. And its bidi, zero-width and control characters are
shown as escapes (``visible``), so a loc ``invoice\\u202efdp.exe`` cannot pass for a PDF.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

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
