"""File ▸ Save recording…: what this window's session saw from outside, written in the
format of ``listen --record`` (``explorer.core.recording``), so ``demo-source --replay``
plays it back.

Nothing is recorded on the side while the session runs: the store already keeps it. At
start the services note the last exchange and delivery ids; saving reads what came
after, in batches (never all at once), and writes one line each in time order: the
documents the window read (the Source's crawl and discovery's topic checks, GETs that got
an answer, bodies as the exchange log kept them) and every delivery stored, accepted or
rejected, with its headers, body and arrival time.
"""

from __future__ import annotations

import asyncio
import heapq
import time
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QObject

import explorer
from explorer.core.recording import delivery_line, document_line, header_line
from explorer.net.store.database import Store
from explorer.ui.services.engines import Engines

BATCH = 200
"""Rows read from the store at once."""
DOCUMENT_KINDS = frozenset({"crawl", "topic-check"})
"""Exchanges of the log that are documents read from the Source."""


class SessionRecordingServices(QObject):
    """Marks where the session began; writes its recording on request."""

    def __init__(self, engines: Engines, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engines = engines
        self.session_started = 0.0
        self._session_after = (0, 0)  # last exchange id, last delivery id at start

    def mark_session(self) -> None:
        """Called once the store is open: what is stored from now on is this session's."""
        self.session_started = time.time()
        store = self.engines.store
        if store is None:
            return
        last = store.read(
            "SELECT (SELECT COALESCE(MAX(id), 0) FROM exchanges), "
            "(SELECT COALESCE(MAX(id), 0) FROM notifications)"
        )[0]
        self._session_after = (int(last[0]), int(last[1]))

    async def save_recording(self, path: Path) -> tuple[int, int]:
        """Write the session's recording to ``path``; (documents, deliveries) written."""
        store = self.engines.open_store()
        return await asyncio.to_thread(
            _write, store, path, self.session_started, self._session_after
        )


def _documents(store: Store, after: int) -> Iterator[tuple[float, int, str]]:
    while batch := store.exchanges(after_id=after, limit=BATCH):
        for record in batch:
            if (
                record.direction == "out"
                and record.method == "GET"
                and record.kind in DOCUMENT_KINDS
                and record.status is not None
            ):
                body = record.response_body or b""
                line = document_line(
                    record.time, record.url, record.status, record.response_headers, body
                )
                yield record.time, 0, line
        after = batch[-1].id or after + len(batch)


def _deliveries(store: Store, after: int) -> Iterator[tuple[float, int, str]]:
    while batch := store.notifications(after_id=after, limit=BATCH):
        for note in batch:
            line = delivery_line(note.received, note.topic, note.status, note.headers, note.body)
            yield note.received, 1, line
        after = batch[-1].id or after + len(batch)


def _write(store: Store, path: Path, started: float, after: tuple[int, int]) -> tuple[int, int]:
    counts = [0, 0]
    with path.open("w", encoding="utf-8") as stream:
        stream.write(header_line(started, explorer.__version__) + "\n")
        merged = heapq.merge(_documents(store, after[0]), _deliveries(store, after[1]))
        for _time, which, line in merged:
            stream.write(line + "\n")
            counts[which] += 1
    return counts[0], counts[1]
