"""Finding the main window a test started, among those earlier tests left behind."""

from __future__ import annotations

from typing import Any


def main_windows(qapp: Any) -> set[int]:
    """The ids of the main windows that exist now (shown or not, deleted later or not)."""
    from explorer.ui.shell.main_window import MainWindow

    return {id(w) for w in qapp.topLevelWidgets() if isinstance(w, MainWindow)}


def opened_windows(qapp: Any, before: set[int]) -> list[Any]:
    """Main windows shown that were not among ``before``.

    Windows of earlier tests are closed but may not be deleted yet, and
    ``topLevelWidgets()`` lists them in no set order: taking the first main window found
    took one of those now and then."""
    from explorer.ui.shell.main_window import MainWindow

    return [
        w
        for w in qapp.topLevelWidgets()
        if isinstance(w, MainWindow) and w.isVisible() and id(w) not in before
    ]
