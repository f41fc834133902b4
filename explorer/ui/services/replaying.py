"""Replay with edits, for the window: a stored delivery or an exchange of the log sent
again to any URL after the user edited it, re-signed or with its original signature
(``explorer.net.live.forwarding.replay``, the engine of the ``replay`` command).

The send runs on the net loop, so a slow target never holds the window; the answer is
written to the store as a new exchange linked to the original, and handed to the
inspector like any logged exchange.
"""

from __future__ import annotations

from typing import Any

from explorer.net.live.forwarding.replay import (
    Edits,
    ReplayRequest,
    ReplayResult,
    load_original,
    replay,
)
from explorer.net.loop_thread import LoopThread
from explorer.net.store.database import Store, StoreError
from explorer.net.store.records import ExchangeRecord


class ReplayServices:
    """Loads an original for the editor and sends the edited request."""

    store: Store | None
    net: LoopThread
    _exchanges: Any  # ExplorerServices' ThreadBatch to the inspector

    def replay_original(self, kind: str, original_id: int) -> ReplayRequest:
        """The delivery (``"delivery"``) or exchange (``"exchange"``) as it would be sent
        again; raises ``ReplayError`` when there is no such one."""
        if self.store is None:
            raise StoreError("store.not-open")
        return load_original(self.store, kind, original_id)

    def exchange_id(self, record: ExchangeRecord) -> int | None:
        """The store's id of an exchange the inspector got live (those carry none: the
        log writes them after handing them over), found by its time, method and URL."""
        if record.id is not None or self.store is None:
            return record.id
        rows = self.store.read(
            "SELECT id FROM exchanges WHERE time = ? AND method = ? AND url = ? "
            "ORDER BY id DESC LIMIT 1",
            (record.time, record.method, record.url),
        )
        return int(rows[0][0]) if rows else None

    async def send_replay(self, request: ReplayRequest, edits: Edits) -> ReplayResult:
        """Send ``request`` with ``edits``; the answer, recorded and linked to the
        original, also goes to the inspector. Raises ``ReplayError`` for unusable edits."""
        store = self.store
        if store is None:
            raise StoreError("store.not-open")
        result = await self.net.run(replay(store, request, edits))
        self._exchanges.put(result.record)
        return result
