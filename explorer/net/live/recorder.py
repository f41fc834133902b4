"""``listen --record``: write what a session sees from outside to one JSON-lines file.

Hooked onto what the session already reports, not onto the subscriber's insides: the
``Fetcher``'s ``on_exchange`` (documents read for priming and refetches), the exchange
log's listeners (the topic checks of discovery), and the subscriber's events (each
stored delivery, read back from the store by its id, so its headers, body and arrival
time are the ones kept). A writer thread does the store reads and the file writes, so
the event loop only queues; each line is flushed as written, so a killed session keeps
what was written. Bounded: past ``limit`` bytes the recording stops, said once.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import explorer
from explorer.core.recording import delivery_line, document_line, header_line
from explorer.net.http.fetcher import Exchange
from explorer.net.live.subscriber_events import NOTIFICATION, REJECTED, SubscriberEvent
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import mask_secret_in_url
from explorer.net.store.records import ExchangeRecord

DEFAULT_LIMIT = 512 * 1024 * 1024
"""The reader's limit on a whole recording (``explorer.core.recording``), in bytes."""


class Recorder:
    """Opened on ``path`` (truncated); ``close`` writes what is queued and stops."""

    def __init__(
        self,
        path: Path,
        store: Store,
        *,
        limit: int = DEFAULT_LIMIT,
        on_full: Callable[[int], None] | None = None,
    ) -> None:
        self.store = store
        self.limit = limit
        self.on_full = on_full
        self.written = 0
        self.full = False
        self._file: IO[str] = path.open("w", encoding="utf-8")
        self._queue: queue.SimpleQueue[Callable[[], str | None] | None] = queue.SimpleQueue()
        self._write(header_line(time.time(), explorer.__version__))
        self._thread = threading.Thread(target=self._run, name="listen-recorder", daemon=True)
        self._thread.start()

    # --- hooks (called on the event loop: they only queue) -------------------------

    def fetched(self, exchange: Exchange) -> None:
        """A ``Fetcher``'s ``on_exchange``: a GET that got an answer is a document."""
        if exchange.method != "GET" or exchange.status is None:
            return
        self._queue.put(
            lambda: document_line(
                exchange.started,
                mask_secret_in_url(exchange.url),
                exchange.status or 0,
                exchange.response_headers,
                exchange.body,
            )
        )

    def logged(self, record: ExchangeRecord) -> None:
        """An exchange log listener: discovery's topic checks are documents too."""
        if record.kind != "topic-check" or record.method != "GET" or record.status is None:
            return
        body = record.response_body or b""
        self._queue.put(
            lambda: document_line(
                record.time, record.url, record.status or 0, record.response_headers, body
            )
        )

    def event(self, event: SubscriberEvent) -> None:
        """A subscriber listener: each stored delivery, accepted or rejected."""
        if event.event not in (NOTIFICATION, REJECTED) or event.notification_id is None:
            return
        wanted = event.notification_id
        self._queue.put(lambda: self._delivery(wanted))

    # --- the writer thread ------------------------------------------------------------

    def _delivery(self, notification_id: int) -> str | None:
        found = self.store.notifications(after_id=notification_id - 1, limit=1)
        if not found or found[0].id != notification_id:
            return None
        note = found[0]
        return delivery_line(note.received, note.topic, note.status, note.headers, note.body)

    def _run(self) -> None:
        while (make := self._queue.get()) is not None:
            if self.full:
                continue
            try:
                line = make()
            except Exception:  # a store read failing must not end the session's recording
                continue
            if line is not None:
                self._write(line)

    def _write(self, line: str) -> None:
        size = len(line.encode("utf-8")) + 1
        if self.written + size > self.limit:
            self.full = True
            if self.on_full is not None:
                self.on_full(self.limit)
            return
        self._file.write(line + "\n")
        self._file.flush()
        self.written += size

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join()
        self._file.close()
