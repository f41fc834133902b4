"""Side-by-side document diff: two aligned panes with changed lines highlighted
(docs/architecture.md, "Diffs").

Rows come from ``LineDiff.side_by_side()``; a side without a line gets an empty
filler line so both panes stay aligned, and each changed row is marked with a
full-width ``ExtraSelection`` (removed red, added green, replaced amber, filler grey).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QColor, QFontDatabase, QTextCursor, QTextFormat
from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

from explorer.core.changes.line_diff import SideBySideRow
from explorer.ui.shared.plain_text import PlainLabel

OLD_COLOURS = {"delete": QColor(211, 47, 47, 70), "replace": QColor(224, 155, 0, 70)}
NEW_COLOURS = {"insert": QColor(46, 157, 72, 70), "replace": QColor(224, 155, 0, 70)}
FILLER = QColor(127, 127, 127, 45)


def _pane(name: str) -> QPlainTextEdit:
    pane = QPlainTextEdit()
    pane.setReadOnly(True)
    pane.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    pane.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    pane.setAccessibleName(name)
    return pane


def _selections(
    pane: QPlainTextEdit, marks: list[tuple[int, QColor]]
) -> list[QTextEdit.ExtraSelection]:
    selections = []
    document = pane.document()
    for line, colour in marks:
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(colour)
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        selection.cursor = QTextCursor(document.findBlockByNumber(line))
        selections.append(selection)
    return selections


class SideBySideDiffView(QWidget):
    """Old on the left, new on the right, scrolled together."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = PlainLabel()
        self.caption.setWordWrap(True)
        self.old = _pane(self.tr("Old version"))
        self.new = _pane(self.tr("New version"))
        self.old.verticalScrollBar().valueChanged.connect(self.new.verticalScrollBar().setValue)
        self.new.verticalScrollBar().valueChanged.connect(self.old.verticalScrollBar().setValue)
        panes = QHBoxLayout()
        panes.addWidget(self.old)
        panes.addWidget(self.new)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addLayout(panes, 1)
        self.changed_rows = 0

    def show_message(self, text: str) -> None:
        self.caption.setText(text)
        self.old.clear()
        self.new.clear()
        self.changed_rows = 0

    def set_rows(self, rows: Sequence[SideBySideRow], caption: str = "") -> None:
        """Fill both panes; returns after marking every changed and filler row."""
        width = len(str(max((r.old_number or r.new_number or 0) for r in rows))) if rows else 1
        old_lines, new_lines = [], []
        old_marks: list[tuple[int, QColor]] = []
        new_marks: list[tuple[int, QColor]] = []
        first_change = None
        for number, row in enumerate(rows):
            old_lines.append(
                "" if row.old_number is None else f"{row.old_number:>{width}}  {row.old_text}"
            )
            new_lines.append(
                "" if row.new_number is None else f"{row.new_number:>{width}}  {row.new_text}"
            )
            if row.kind == "equal":
                continue
            first_change = number if first_change is None else first_change
            old_marks.append(
                (
                    number,
                    OLD_COLOURS.get(row.kind, FILLER) if row.old_number is not None else FILLER,
                )
            )
            new_marks.append(
                (
                    number,
                    NEW_COLOURS.get(row.kind, FILLER) if row.new_number is not None else FILLER,
                )
            )
        self.caption.setText(caption)
        self.old.setPlainText("\n".join(old_lines))
        self.new.setPlainText("\n".join(new_lines))
        self.old.setExtraSelections(_selections(self.old, old_marks))
        self.new.setExtraSelections(_selections(self.new, new_marks))
        self.changed_rows = len(old_marks)
        if first_change is not None:  # QPlainTextEdit scrolls by lines
            self.old.verticalScrollBar().setValue(max(0, first_change - 3))
