"""XML source display: a syntax highlighter and a read-only editor with line numbers.

The highlighter uses QRegularExpression rules plus block state for comments and CDATA
that span lines (docs/architecture.md, "Diffs"). Large texts are inserted in chunks from a
coroutine so the
event loop keeps running while a 50,000-entry document is shown.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QEvent, QObject, QRect, QRegularExpression, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPainter,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextLayout,
)
from PySide6.QtWidgets import QPlainTextDocumentLayout, QPlainTextEdit, QTextEdit, QWidget

CHUNK_LINES = 1000
LAZY_LINES = 3000
"""Above this many lines the highlighter is detached and only the lines on screen are
coloured as they scroll into view: QSyntaxHighlighter colours every line up front,
which took 8 s for a 50,000-entry list (measured)."""
HIGHLIGHTED = 1  # QTextBlock.userState of a block the lazy path has coloured


def _is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


LIGHT_COLOURS = {
    "tag": "#1f4fa8",
    "attr": "#8a4b00",
    "value": "#21804a",
    "comment": "#7d7d7d",
    "decl": "#8e24aa",
    "entity": "#b71c1c",
}
DARK_COLOURS = {
    "tag": "#7fb2ff",
    "attr": "#f0b46c",
    "value": "#8fd19e",
    "comment": "#9a9a9a",
    "decl": "#d39bf0",
    "entity": "#ff8a80",
}


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


class XmlHighlighter(QSyntaxHighlighter):
    """Colours tags, attribute names and values, comments, entities and declarations."""

    IN_COMMENT = 1

    def __init__(self, parent: QTextDocument | QObject, *, dark: bool = False) -> None:
        super().__init__(parent)
        self.tag_format = QTextCharFormat()
        self.attr_format = QTextCharFormat()
        self.value_format = QTextCharFormat()
        self.comment_format = QTextCharFormat()
        self.decl_format = QTextCharFormat()
        self.entity_format = QTextCharFormat()
        self._apply_colours(dark)
        self._rules = [
            (QRegularExpression(r"<\?[^?]*\?>"), self.decl_format),
            (QRegularExpression(r"<!(?!--)[^>]*>"), self.decl_format),
            (QRegularExpression(r"</?[A-Za-z_][\w.:-]*|/?>"), self.tag_format),
            (QRegularExpression(r"[A-Za-z_][\w.:-]*(?=\s*=)"), self.attr_format),
            (QRegularExpression(r"\"[^\"]*\"|'[^']*'"), self.value_format),
            (QRegularExpression(r"&[#\w]+;"), self.entity_format),
        ]
        self._comment_start = QRegularExpression(r"<!--")
        self._comment_end = QRegularExpression(r"-->")

    def _apply_colours(self, dark: bool) -> None:
        colours = DARK_COLOURS if dark else LIGHT_COLOURS
        for name, fmt in (
            ("tag", self.tag_format),
            ("attr", self.attr_format),
            ("value", self.value_format),
            ("comment", self.comment_format),
            ("decl", self.decl_format),
            ("entity", self.entity_format),
        ):
            fmt.setForeground(QColor(colours[name]))
        self.tag_format.setFontWeight(QFont.Weight.Bold)
        self.comment_format.setFontItalic(True)

    def set_dark(self, dark: bool) -> None:
        """Switch colour sets when the palette changes between light and dark."""
        self._apply_colours(dark)
        if self.document() is not None:
            self.rehighlight()

    def ranges(self, text: str) -> list[tuple[int, int, QTextCharFormat]]:
        """(start, length, format) of the single-line rules, in application order."""
        found = []
        for pattern, fmt in self._rules:
            matches = pattern.globalMatch(text)
            while matches.hasNext():
                match = matches.next()
                found.append((match.capturedStart(), match.capturedLength(), fmt))
        comment = self._comment_start.match(text)
        if comment.hasMatch():
            end = self._comment_end.match(text, comment.capturedStart())
            stop = end.capturedEnd() if end.hasMatch() else len(text)
            found.append(
                (comment.capturedStart(), stop - comment.capturedStart(), self.comment_format)
            )
        return found

    def highlightBlock(self, text: str) -> None:
        for pattern, fmt in self._rules:
            matches = pattern.globalMatch(text)
            while matches.hasNext():
                match = matches.next()
                self.setFormat(match.capturedStart(), match.capturedLength(), fmt)
        self._highlight_comments(text)

    def _highlight_comments(self, text: str) -> None:
        self.setCurrentBlockState(0)
        start = 0
        if self.previousBlockState() != self.IN_COMMENT:
            match = self._comment_start.match(text)
            start = match.capturedStart() if match.hasMatch() else -1
        while start >= 0:
            end_match = self._comment_end.match(text, start)
            if end_match.hasMatch():
                length = end_match.capturedEnd() - start
            else:
                self.setCurrentBlockState(self.IN_COMMENT)
                length = len(text) - start
            self.setFormat(start, length, self.comment_format)
            next_match = self._comment_start.match(text, start + length)
            start = next_match.capturedStart() if next_match.hasMatch() else -1


class _LineNumberArea(QWidget):
    def __init__(self, editor: XmlSourceView) -> None:
        super().__init__(editor)
        self._editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self._editor.line_number_width(), 0)

    def paintEvent(self, event) -> None:
        self._editor.paint_line_numbers(event)


class XmlSourceView(QPlainTextEdit):
    """Read-only, highlighted XML with a line-number gutter; ``go_to_line`` for problems."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setAccessibleName(self.tr("XML source"))
        # parented to the view, not the document: documents are swapped per text
        self.highlighter = XmlHighlighter(self, dark=_is_dark(self.palette()))
        self.highlighter.setDocument(self.document())
        self._gutter = _LineNumberArea(self)
        self.blockCountChanged.connect(self._update_gutter_width)
        self.updateRequest.connect(self._update_gutter)
        self.updateRequest.connect(self._highlight_visible)
        self._lazy = False
        self._update_gutter_width()
        self._generation = 0

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.highlighter.set_dark(_is_dark(self.palette()))
            block = self.document().firstBlock()
            while block.isValid():  # lazily coloured lines are redone as they are shown
                block.setUserState(-1)
                block = block.next()
            self._highlight_visible()

    def line_number_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 8 + self.fontMetrics().horizontalAdvance("9") * max(3, digits)

    def _update_gutter_width(self, _count: int = 0) -> None:
        self.setViewportMargins(self.line_number_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self._gutter.scroll(0, dy)
        else:
            self._gutter.update(0, rect.y(), self._gutter.width(), rect.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        rect = self.contentsRect()
        self._gutter.setGeometry(
            QRect(rect.left(), rect.top(), self.line_number_width(), rect.height())
        )

    def paint_line_numbers(self, event) -> None:
        painter = QPainter(self._gutter)
        palette = self.palette()
        painter.fillRect(event.rect(), palette.color(QPalette.ColorRole.AlternateBase))
        painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        width = self._gutter.width() - 4
        while block.isValid() and top <= event.rect().bottom():
            if block.isVisible():
                painter.drawText(
                    0, top, width, height, Qt.AlignmentFlag.AlignRight, str(block.blockNumber() + 1)
                )
            top += round(self.blockBoundingRect(block).height())
            block = block.next()
        painter.end()

    def _set_lazy(self, lazy: bool) -> None:
        self._lazy = lazy
        self.highlighter.setDocument(None if lazy else self.document())

    def _highlight_visible(self, _rect: QRect | None = None, _dy: int = 0) -> None:
        """Lazy mode: colour the blocks on screen that are not coloured yet (none while
        the view is hidden: touching its blocks would force the whole layout now)."""
        if not self._lazy or not self.isVisible():
            return
        block = self.firstVisibleBlock()
        # count lines rather than trusting block geometry: blocks not laid out yet
        # report height 0, which would walk the whole document
        budget = self.viewport().height() // max(1, self.fontMetrics().height()) + 2
        coloured = False
        while block.isValid() and budget > 0:
            budget -= 1
            if block.userState() != HIGHLIGHTED:
                block.setUserState(HIGHLIGHTED)
                formats = []
                for start, length, fmt in self.highlighter.ranges(block.text()):
                    item = QTextLayout.FormatRange()
                    item.start, item.length, item.format = start, length, fmt
                    formats.append(item)
                block.layout().setFormats(formats)
                coloured = True
            block = block.next()
        if coloured:
            self.viewport().update()

    def set_xml(self, text: str) -> None:
        """Show ``text`` at once (small documents and payloads)."""
        self._generation += 1
        self._set_lazy(text.count("\n") > LAZY_LINES)
        self.setPlainText(text)
        self._highlight_visible()

    def _fresh_document(self, lazy: bool) -> None:
        """Swap in an empty document: cheaper than clearing a 50,000-line one in place."""
        document = QTextDocument(self)
        document.setDocumentLayout(QPlainTextDocumentLayout(document))
        document.setDefaultFont(self.font())
        self.highlighter.setDocument(None)
        self._lazy = False  # no colouring while lines stream in; see set_xml_async
        self.setDocument(document)  # the old one, if ours, is deleted by Qt
        if not lazy:
            self.highlighter.setDocument(document)

    def setDocument(self, document: QTextDocument) -> None:
        """Swap documents from the top-left corner, with no cursor or mark in the old one.

        With the cursor centred on a line scrolled sideways (``go_to_line`` on a long
        line), QPlainTextEdit's own ``setDocument`` re-lays the view out for ever, asking
        for the gutter's repaint each turn: the window froze. From the origin the swap is
        one layout; every caller (a new document, a shown problem) goes through here."""
        self.setExtraSelections([])
        self.setTextCursor(QTextCursor(self.document()))
        self.horizontalScrollBar().setValue(0)
        self.verticalScrollBar().setValue(0)
        super().setDocument(document)

    async def set_xml_async(self, data: bytes | str) -> None:
        """Show a document in chunks of lines, yielding to the event loop between them
        (decoding runs in a worker). A newer call supersedes one still in progress."""
        self._generation += 1
        generation = self._generation
        if isinstance(data, bytes):
            loop = asyncio.get_running_loop()
            text = await loop.run_in_executor(None, _decode, data)
            if generation != self._generation:
                return
        else:
            text = data
        lazy = text.count("\n") > LAZY_LINES
        self._fresh_document(lazy)
        cursor = QTextCursor(self.document())
        start = 0
        while start < len(text):
            end = start
            for _ in range(CHUNK_LINES):
                end = text.find("\n", end + 1)
                if end < 0:
                    end = len(text)
                    break
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(text[start:end])
            start = end
            await asyncio.sleep(0)
            if generation != self._generation:
                return
        self.moveCursor(QTextCursor.MoveOperation.Start)
        self._lazy = lazy
        self._highlight_visible()

    def go_to_line(self, line: int, column: int | None = None) -> None:
        """Scroll to a 1-based line (and column, where the problem was found) and mark it."""
        block = self.document().findBlockByNumber(max(0, line - 1))
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        if column is not None and column > 1:
            offset = min(column - 1, max(0, block.length() - 1))
            cursor.movePosition(
                QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.MoveAnchor, offset
            )
        self.setTextCursor(cursor)
        self.centerCursor()
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(QColor(255, 200, 0, 90))
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        selection.cursor = cursor
        self.setExtraSelections([selection])
