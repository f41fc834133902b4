"""Applying a public URL moves live subscriptions: the window asks first, louder when the
URL did not answer its Test, so a typo or a dead tunnel cannot silently break what works.

The question is a window-modal message box opened without a nested event loop
(``open``), awaited through its ``finished`` signal: the engines keep running meanwhile.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget


def move_question(url: str, count: int, tested: bool | None) -> tuple[str, str]:
    """The question's title and text for moving ``count`` live subscriptions to ``url``."""
    moving = QCoreApplication.translate(
        "PublicUrlMove",
        "{count} live subscription(s) will be subscribed again with callbacks at {url}. Each "
        "old subscription is ended only once the hub has verified its replacement; if the hub "
        "cannot reach {url}, the old one stays active.",
    ).format(count=count, url=url)
    if tested is None:
        title = QCoreApplication.translate("PublicUrlMove", "Public URL not tested")
        warning = QCoreApplication.translate(
            "PublicUrlMove",
            "{url} has not been tested: press Test first to see that hubs can reach it.",
        )
    elif not tested:
        title = QCoreApplication.translate("PublicUrlMove", "Public URL failed its test")
        warning = QCoreApplication.translate(
            "PublicUrlMove",
            "{url} did not reach this callback server when tested: hubs will not reach it "
            "either, so the move would fail.",
        )
    else:
        return QCoreApplication.translate("PublicUrlMove", "Move subscriptions"), moving
    return title, f"{warning.format(url=url)}\n\n{moving}"


async def ask_to_move(parent: QWidget, url: str, count: int, tested: bool | None) -> bool:
    """True when the user chose to apply ``url`` and move the subscriptions."""
    title, text = move_question(url, count, tested)
    box = QMessageBox(
        QMessageBox.Icon.Information if tested else QMessageBox.Icon.Warning,
        title,
        text,
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setObjectName("public-url-move")
    move = box.addButton(
        QCoreApplication.translate("PublicUrlMove", "Apply and move"),
        QMessageBox.ButtonRole.AcceptRole,
    )
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(move if tested else cancel)  # Return does the safe thing
    done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def finished(_result: int) -> None:
        if not done.done():
            done.set_result(box.clickedButton() is move)

    box.finished.connect(finished)
    box.open()
    try:
        return await done
    finally:
        box.deleteLater()
