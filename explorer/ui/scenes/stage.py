"""The window as the scenes drive it: what the open-Source feature sees of it, plus the
features' panels by name and the user's own moves (open, subscribe, Settings…). The
scenes never name the concrete window, so the app's entry alone builds it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from PySide6.QtWidgets import QDockWidget, QMainWindow

from explorer.ui.shared.shell import Key
from explorer.ui.source.window_parts import SourceWindow

if TYPE_CHECKING:
    from explorer.ui.settings.settings_dialog import SettingsDialog
    from explorer.ui.source.source_tree import TreeItem

T = TypeVar("T")


class Stage(SourceWindow, Protocol):
    @property
    def panels(self) -> Any:
        """``panels.feed``, ``panels.inspector``…: each feature's panel in its dock."""

    @property
    def docks(self) -> dict[str, QDockWidget]: ...

    async def open_source(self, url: str, select: str | None = None) -> TreeItem | None: ...

    async def subscribe(self, topic: str, hub: str | None, capability: str | None) -> None: ...

    def show_settings(self) -> SettingsDialog: ...

    def part(self, key: Key[T]) -> T:
        """What a feature published under ``key`` (its actions, for a scene to drive)."""


def main_window(stage: Stage) -> QMainWindow:
    """The stage's window, for what only a main window does (its docks' sizes)."""
    window = stage.widget()
    assert isinstance(window, QMainWindow)
    return window
