"""What the window says when its store cannot be opened for writing.

Another explorer window or a ``listen`` may hold the store (one writer at a time), or
``PRAGMA quick_check`` may have found damage. A desktop user never sees the one line on
stderr, so the window asks instead: open the store read-only (the stored subscriptions
and notifications are shown; nothing is written and no callback server runs) or quit.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

from explorer.net.store.database import StoreDamaged, StoreError, StoreLocked
from explorer.ui.language import ui_language


class StoreProblemDialog(QMessageBox):
    """Says what is wrong with the store and offers "Open read-only" where that helps."""

    def __init__(
        self, problem: StoreError, *, offer_read_only: bool, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Warning)
        self.setTextFormat(Qt.TextFormat.PlainText)  # SQLite's words and a path, never markup
        self.setWindowTitle(self.tr("The store cannot be opened"))
        if isinstance(problem, StoreLocked):
            self.setText(self.tr("Another explorer window or a listen command is using the store."))
            advice = self.tr(
                "Only one of them can write to it at a time. Open it read-only to see the "
                "stored subscriptions and notifications (no new subscriptions, no callback "
                "server), or quit and close the other one first."
            )
        elif isinstance(problem, StoreDamaged):
            self.setText(self.tr("The store is damaged."))
            advice = self.tr(
                "SQLite's integrity check found problems in it. Open it read-only to see "
                "what can still be read, or quit and move the file aside: a new, empty store "
                "is made in its place at the next start."
            )
            self.setDetailedText("\n".join(problem.problems))
        else:
            self.setText(self.tr("The store cannot be used."))
            advice = self.tr("Quit, then move the file aside or start with --store PATH.")
        problem_text = problem.describe(ui_language())  # it names the file
        self.setInformativeText(f"{advice}\n\n{problem_text}")
        self.read_only_button: QAbstractButton | None = None
        if offer_read_only:
            self.read_only_button = self.addButton(
                self.tr("Open read-only"), QMessageBox.ButtonRole.AcceptRole
            )
        self.quit_button = self.addButton(self.tr("Quit"), QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.read_only_button or self.quit_button)
        self.setEscapeButton(self.quit_button)

    def chose_read_only(self) -> bool:
        clicked = self.clickedButton()
        return clicked is not None and clicked is self.read_only_button


def can_open_read_only(problem: StoreError) -> bool:
    """A held or damaged store can still be read; a newer schema or a foreign file not."""
    return isinstance(problem, StoreLocked | StoreDamaged)


async def ask_to_open_read_only(
    problem: StoreError, parent: QWidget | None, *, offer: bool = True
) -> bool:
    """Show the dialog and wait for the answer without a nested event loop (docs/architecture.md,
    "Rules of the event loop"):
    True to open the store read-only (offered only when ``offer`` and it can help), False
    to quit."""
    dialog = StoreProblemDialog(
        problem, offer_read_only=offer and can_open_read_only(problem), parent=parent
    )
    answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def finished(_result: int) -> None:
        if not answer.done():
            answer.set_result(dialog.chose_read_only())

    dialog.finished.connect(finished)
    dialog.open()
    try:
        return await answer
    finally:
        dialog.deleteLater()
