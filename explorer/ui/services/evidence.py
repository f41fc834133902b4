"""Evidence out of the window: the inspector's exchanges as HAR 1.2, CSV or JSON lines
(the writers of ``export --exchanges``), and a subscription request with its real
``hub.secret`` for the explicit "with secrets" curl copy.

Exchanges are written masked (credential headers, ``hub.secret``), as the store keeps
them; only the curl action that says it carries secrets puts a secret back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject

from explorer.net.reports.callback_tokens import callback_tokens
from explorer.net.reports.evidence import masked, revealed
from explorer.net.reports.export_formats import EXCHANGE_FORMATS
from explorer.net.store.exchange_links import ExchangeLink, read_links
from explorer.net.store.records import ExchangeRecord
from explorer.ui.services.engines import Engines, stored_rows

LINK_BATCH = 500
"""Exchange ids per query for their links (SQLite bounds the parameters of one query)."""


class EvidenceServices(QObject):
    """Writes exchanges out; finds a subscription request's secret when asked to."""

    def __init__(self, engines: Engines, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engines = engines

    def hub_secrets(self) -> dict[str, str]:
        """callback URL → ``hub.secret`` of every stored subscription that has one."""
        store = self.engines.store
        if store is None:
            return {}
        rows = stored_rows(store.subscriptions)
        return {row["callback_url"]: row["secret"] for row in rows if row.get("secret")}

    def callback_tokens(self) -> frozenset[str]:
        """The secret parts of every stored subscription's callback URL, for masking."""
        store = self.engines.store
        return (
            callback_tokens(stored_rows(store.subscriptions)) if store is not None else frozenset()
        )

    def with_secret(self, record: ExchangeRecord) -> ExchangeRecord:
        """``record`` with its masked ``hub.secret`` put back (a subscription request);
        any other record as it is."""
        return revealed(record, self.hub_secrets())

    async def export_exchanges(self, path: Path, records: Sequence[ExchangeRecord]) -> int:
        """Write ``records`` (masked) to ``path`` as HAR, CSV or JSON lines, by its suffix,
        each with the exchange it replays when it is a replay; returns how many."""
        tokens = self.callback_tokens()
        chosen = [masked(record, tokens) for record in records]
        store = self.engines.store
        store_path = store.path if store is not None else None
        return await asyncio.to_thread(_write, path, chosen, store_path)


def _write(path: Path, records: list[ExchangeRecord], store_path: Path | None) -> int:
    ids = [record.id for record in records if record.id is not None]
    links: dict[int, ExchangeLink] = {}
    if store_path is not None:
        for start in range(0, len(ids), LINK_BATCH):
            links.update(read_links(store_path, ids[start : start + LINK_BATCH]))
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = EXCHANGE_FORMATS.choose(None, path).writer(stream)
        for record in records:
            writer.write(record, links.get(record.id or 0))
        writer.close()
    return writer.count
