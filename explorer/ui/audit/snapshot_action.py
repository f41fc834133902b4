"""File ▸ Save snapshot: keep the open Source as it is now in the store (documents,
validators, digests, findings and every entry's metadata), for ``compare`` later."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from explorer.core.findings import Severity
from explorer.net.snapshot_store import SnapshotInfo
from explorer.net.store import StoreError
from explorer.ui.shared.feedback import confirm

if TYPE_CHECKING:
    from explorer.ui.shell.main_window import MainWindow


async def save_snapshot(window: MainWindow) -> SnapshotInfo | None:
    services = await window.engines()
    if services.crawl_result is None:
        window.show_error(
            QCoreApplication.translate(
                "SnapshotAction", "Open a Source before saving a snapshot of it."
            ),
            Severity.WARNING,
        )
        return None
    try:
        info = await window.progress.run(
            QCoreApplication.translate("SnapshotAction", "Saving a snapshot of {url}").format(
                url=services.crawl_result.start_url
            ),
            services.save_snapshot(),
        )
    except asyncio.CancelledError:
        return None
    except StoreError as exc:
        window.show_error(
            QCoreApplication.translate(
                "SnapshotAction", "The snapshot could not be saved: {reason}"
            ).format(reason=exc)
        )
        return None
    confirm(
        window,
        QCoreApplication.translate(
            "SnapshotAction", "snapshot {id} saved: {documents} documents, {entries} entries"
        ).format(
            id=info.id, documents=f"{info.documents or 0:,}", entries=f"{info.entries or 0:,}"
        ),
        10_000,
    )
    return info
