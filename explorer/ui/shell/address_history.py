"""The address bar's drop-down: the addresses last opened, newest first, kept in the
settings so that they are there again at the next start."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox

HISTORY_KEY = "address/history"
HISTORY_SIZE = 20


class AddressHistory:
    """Fills ``address`` from ``settings`` and puts each address opened at its top."""

    def __init__(self, address: QComboBox, settings: QSettings) -> None:
        self.address = address
        self.settings = settings
        address.addItems(self.addresses())
        address.setCurrentText("")

    def addresses(self) -> list[str]:
        value = self.settings.value(HISTORY_KEY, [])
        if isinstance(value, str):
            return [value]
        return [str(item) for item in value] if isinstance(value, list) else []

    def remember(self, url: str) -> None:
        history = [url] + [item for item in self.addresses() if item != url]
        self.settings.setValue(HISTORY_KEY, history[:HISTORY_SIZE])
        self.address.blockSignals(True)
        self.address.clear()
        self.address.addItems(history[:HISTORY_SIZE])
        self.address.setCurrentText(url)
        self.address.blockSignals(False)
