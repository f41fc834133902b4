"""The exchange log: every HTTP request and response the subscriber sees, both ways.

Subscription POSTs, verification GETs, deliveries and topic checks are recorded with
timestamps, method, URL, status, headers and bodies. Bodies are capped at ``body_cap``
bytes and the record keeps the full size and the cap, so a viewer can say "first
64 KiB of 3 MB shown". Records go to the store (bounded retention there) and to live
listeners (the GUI's exchange view, ``listen --verbose``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping

from explorer.net.store import ExchangeRecord, Store

DEFAULT_BODY_CAP = 64 * 1024

Headers = Mapping[str, str] | Iterable[tuple[str, str]]


class ExchangeLog:
    """Caps, stores and broadcasts exchanges. ``store`` may be None (memory-less logging)."""

    def __init__(self, store: Store | None = None, *, body_cap: int = DEFAULT_BODY_CAP):
        self.store = store
        self.body_cap = body_cap
        self.listeners: list[Callable[[ExchangeRecord], None]] = []

    def record(
        self,
        *,
        direction: str,
        kind: str,
        method: str,
        url: str,
        status: int | None,
        request_headers: Headers = (),
        request_body: bytes | None = None,
        response_headers: Headers = (),
        response_body: bytes | None = None,
        started: float | None = None,
        error: str | None = None,
        request_size: int | None = None,
    ) -> ExchangeRecord:
        """Log one exchange; ``started`` (``time.time()`` at the request) gives the duration."""
        now = time.time()
        entry = ExchangeRecord(
            time=started if started is not None else now,
            direction=direction,
            kind=kind,
            method=method,
            url=url,
            status=status,
            request_headers=_pairs(request_headers),
            request_body=None if request_body is None else request_body[: self.body_cap],
            request_size=request_size
            if request_size is not None
            else (None if request_body is None else len(request_body)),
            response_headers=_pairs(response_headers),
            response_body=None if response_body is None else response_body[: self.body_cap],
            response_size=None if response_body is None else len(response_body),
            body_cap=self.body_cap,
            duration_ms=None if started is None else round((now - started) * 1000, 3),
            error=error,
        )
        if self.store is not None:
            self.store.log_exchange(entry)
        for listener in list(self.listeners):
            listener(entry)
        return entry


def _pairs(headers: Headers) -> list[tuple[str, str]]:
    items = headers.items() if isinstance(headers, Mapping) else headers
    return [(str(name), str(value)) for name, value in items]
