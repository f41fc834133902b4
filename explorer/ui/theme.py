"""Light, dark or the system's look, chosen in Settings and applied to the whole app.

Qt follows the desktop's colour scheme by itself; an explicit choice overrides it with
a palette of our own, because not every platform theme honours the colour-scheme hint.
The XML views pick their highlighting colours from the palette (``xml_view``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

_DARK = {
    QPalette.ColorRole.Window: "#2b2b2b",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1e1e1e",
    QPalette.ColorRole.AlternateBase: "#2b2b2b",
    QPalette.ColorRole.ToolTipBase: "#3a3a3a",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#353535",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Link: "#6cb4ff",
    QPalette.ColorRole.Highlight: "#2f65ca",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.PlaceholderText: "#8c8c8c",
}
_SCHEMES = {
    "system": Qt.ColorScheme.Unknown,
    "light": Qt.ColorScheme.Light,
    "dark": Qt.ColorScheme.Dark,
}


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7a7a"))
    return palette


def apply_theme(app: QApplication, theme: str) -> None:
    """``theme`` is one of ``explorer.ui.shared.app_settings.THEMES``."""
    QGuiApplication.styleHints().setColorScheme(_SCHEMES.get(theme, Qt.ColorScheme.Unknown))
    style = app.style()
    if theme == "dark":
        app.setPalette(dark_palette())
    elif style is not None:
        app.setPalette(style.standardPalette())
