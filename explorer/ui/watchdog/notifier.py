"""Desktop notifications of the watchdog's verdicts, through the system tray, only when
the window is not in front (in front, the feed row says it already). The verdict names a
Source's URLs and words, and the desktop reads a notification's body as markup, so the
body is ``notification_text`` (escaped), the title ``clip`` (a summary is plain text)."""

from __future__ import annotations

from PySide6.QtWidgets import QSystemTrayIcon, QWidget

from explorer.ui.shared.plain_text import MARKUP_DESKTOPS, clip, notification_text

NOTIFICATION_MS = 10_000


class DesktopNotifier:
    """One tray icon for the window, made on the first notification."""

    def __init__(self, window: QWidget) -> None:
        self.window = window
        self.tray: QSystemTrayIcon | None = None

    def notify(self, title: str, text: str) -> bool:
        """Show ``text`` as a desktop notification unless the window is active or the
        desktop has no system tray; True when shown."""
        if self.window.isActiveWindow() or not QSystemTrayIcon.isSystemTrayAvailable():
            return False
        if self.tray is None:
            self.tray = QSystemTrayIcon(self.window.windowIcon(), self.window)
            self.tray.messageClicked.connect(self._bring_forward)
        self.tray.show()
        self.tray.showMessage(
            clip(title, 200),
            notification_text(text, markup=MARKUP_DESKTOPS),
            QSystemTrayIcon.MessageIcon.Warning,
            NOTIFICATION_MS,
        )
        return True

    def _bring_forward(self) -> None:
        self.window.showNormal()
        self.window.raise_()
        self.window.activateWindow()
