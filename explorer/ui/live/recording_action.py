"""File ▸ Save recording…: the session as ``listen --record`` writes it, for
``demo-source --replay`` on a colleague's laptop (``services/session_recording.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog

from explorer.net.store.database import StoreError
from explorer.ui.shared.feedback import confirm

if TYPE_CHECKING:
    from explorer.ui.shared.shell import Shell


def install_recording_action(window: Shell) -> None:
    window.action("save_recording").triggered.connect(lambda: choose_recording_file(window))


def choose_recording_file(window: Shell) -> QFileDialog:
    dialog = QFileDialog(
        window.widget(),
        QCoreApplication.translate("RecordingAction", "Save recording"),
        str(Path.home() / "session.jsonl"),
        QCoreApplication.translate("RecordingAction", "Recordings (*.jsonl)"),
    )
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.fileSelected.connect(lambda path: window.spawn(save_recording(window, Path(path))))
    dialog.open()  # never exec() inside the qasync loop
    return dialog


async def save_recording(window: Shell, path: Path) -> tuple[int, int] | None:
    services = await window.engines()
    try:
        documents, deliveries = await services.recording.save_recording(path)
    except (OSError, StoreError) as exc:
        window.show_error(
            QCoreApplication.translate(
                "RecordingAction", "The recording could not be saved: {reason}"
            ).format(reason=exc)
        )
        return None
    confirm(
        window.widget(),
        QCoreApplication.translate(
            "RecordingAction",
            "recording saved to {path}: {documents} documents, {deliveries} deliveries; "
            "play it back with demo-source --replay",
        ).format(path=path, documents=documents, deliveries=deliveries),
        10_000,
    )
    return documents, deliveries
