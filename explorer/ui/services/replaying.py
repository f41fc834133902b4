"""Replay with edits, for the window: a stored delivery or an exchange of the log sent
again to any URL after the user edited it, re-signed or with its original signature
(``explorer.net.live.forwarding.replay``, the engine of the ``replay`` command).

The send runs on the net loop, so a slow target never holds the window; the answer is
written to the store as a new exchange linked to the original, and handed to the
inspector like any logged exchange.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from explorer.net.live.forwarding.replay import (
    Edits,
    ReplayRequest,
    ReplayResult,
    load_original,
    replay,
)
from explorer.net.store.records import ExchangeRecord
from explorer.ui.services.engines import Engines


class ReplayServices(QObject):
    """Loads an original for the editor and sends the edited request; ``hand_over``
    gives the answer's exchange to the inspector like any logged one."""

    def __init__(
        self,
        engines: Engines,
        hand_over: Callable[[ExchangeRecord], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.engines = engines
        self.hand_over = hand_over

    def replay_original(self, kind: str, original_id: int) -> ReplayRequest:
        """The delivery (``"delivery"``) or exchange (``"exchange"``) as it would be sent
        again; raises ``ReplayError`` when there is no such one."""
        return load_original(self.engines.open_store(), kind, original_id)

    def exchange_id(self, record: ExchangeRecord) -> int | None:
        """The store's id of an exchange the inspector got live (those carry none: the
        log writes them after handing them over), found by its time, method and URL."""
        store = self.engines.store
        if record.id is not None or store is None:
            return record.id
        rows = store.read(
            "SELECT id FROM exchanges WHERE time = ? AND method = ? AND url = ? "
            "ORDER BY id DESC LIMIT 1",
            (record.time, record.method, record.url),
        )
        return int(rows[0][0]) if rows else None

    async def send_replay(self, request: ReplayRequest, edits: Edits) -> ReplayResult:
        """Send ``request`` with ``edits``; the answer, recorded and linked to the
        original, also goes to the inspector. Raises ``ReplayError`` for unusable edits."""
        store = self.engines.open_store()
        result = await self.engines.net.run(replay(store, request, edits))
        self.hand_over(result.record)
        return result
