"""Icons drawn at run time with QPainter, so the app ships no image assets.

Each capability gets a coloured tile with a short label; the colours are mid-tones
that stay readable on dark and light palettes. Pixmaps are drawn at several sizes so
high-DPI screens pick a sharp one.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap

from explorer.core.findings import Severity

# capability -> (label, colour)
CAPABILITY_STYLE: dict[str, tuple[str, str]] = {
    "description": ("SD", "#3b6fd1"),
    "capabilitylist": ("CL", "#6a4fc9"),
    "resourcelist": ("RL", "#2e8b57"),
    "resourcedump": ("RD", "#2e7d6b"),
    "resourcedump-manifest": ("RM", "#2e7d6b"),
    "changelist": ("CH", "#c77c12"),
    "changedump": ("CD", "#b0651a"),
    "changedump-manifest": ("CM", "#b0651a"),
    "resourcelist-archive": ("RA", "#5d7f6a"),
    "resourcedump-archive": ("DA", "#5d7f6a"),
    "changelist-archive": ("CA", "#8a6d3b"),
    "changedump-archive": ("XA", "#8a6d3b"),
    "notification": ("N", "#c0392b"),
    "change-notification": ("CN", "#c0392b"),
    "framework-notification": ("FN", "#8e44ad"),
}
UNKNOWN_STYLE = ("?", "#7f7f7f")
SIZES = (16, 24, 32, 48)


def _tile(size: int, label: str, colour: str, *, index: bool, channel: bool) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    margin = size * 0.06
    rect = QRectF(margin, margin, size - 2 * margin, size - 2 * margin)
    if index:  # a stack: one offset tile behind the main one
        back = rect.adjusted(size * 0.12, 0, 0, -size * 0.12)
        painter.setBrush(QColor(colour).darker(140))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(back, size * 0.15, size * 0.15)
        rect = rect.adjusted(0, size * 0.12, -size * 0.12, 0)
    path = QPainterPath()
    if channel:
        path.addEllipse(rect)
    else:
        path.addRoundedRect(rect, size * 0.18, size * 0.18)
    painter.fillPath(path, QColor(colour))
    painter.setPen(QPen(QColor(colour).darker(150), max(1.0, size / 24)))
    painter.drawPath(path)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(rect.height() * (0.5 if len(label) > 1 else 0.65))))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
    painter.end()
    return pixmap


@cache
def capability_icon(capability: str | None, *, index: bool = False, channel: bool = False) -> QIcon:
    """The icon for a document of this capability (a stack for indexes, round for channels)."""
    label, colour = CAPABILITY_STYLE.get(capability or "", UNKNOWN_STYLE)
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(_tile(size, label, colour, index=index, channel=channel))
    return icon


SEVERITY_COLOURS = {
    Severity.ERROR: "#d32f2f",
    Severity.WARNING: "#e09b00",
    Severity.INFO: "#1e88e5",
}
SEVERITY_GLYPHS = {Severity.ERROR: "×", Severity.WARNING: "!", Severity.INFO: "i"}


def _severity_pixmap(size: int, severity: Severity) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRectF(size * 0.08, size * 0.08, size * 0.84, size * 0.84)
    colour = QColor(SEVERITY_COLOURS[severity])
    path = QPainterPath()
    if severity is Severity.WARNING:
        path.moveTo(rect.center().x(), rect.top())
        path.lineTo(rect.right(), rect.bottom())
        path.lineTo(rect.left(), rect.bottom())
        path.closeSubpath()
    else:
        path.addEllipse(rect)
    painter.fillPath(path, colour)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(6, int(size * 0.62)))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    text_rect = rect.adjusted(0, size * 0.12, 0, 0) if severity is Severity.WARNING else rect
    painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, SEVERITY_GLYPHS[severity])
    painter.end()
    return pixmap


@cache
def severity_icon(severity: Severity) -> QIcon:
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(_severity_pixmap(size, severity))
    return icon


# Change types keep the same colours everywhere: created green, updated amber, deleted red.
CHANGE_COLOURS = {"created": "#2e9d48", "updated": "#d08a00", "deleted": "#d32f2f"}


def change_colour(change: str | None) -> QColor | None:
    colour = CHANGE_COLOURS.get(change or "")
    return QColor(colour) if colour else None
