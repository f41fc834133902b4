"""Requests that match no subscription or topic: counted, and only a few sampled into the log.

Anyone who finds the tunnel's address can send them, as many and as large as they like, and
no secret is needed; logging each one is a way to fill the disk. So the first
``samples_per_window`` of each ``window`` seconds are logged with their headers cut to
``header_bytes``, and the rest are only counted; when a window with uncounted requests ends,
one summary row says how many there were.

Requests the HTTP parser refuses (400 for a malformed line or headers over aiohttp's
limits) never reach a handler; aiohttp logs each with a traceback and a slice of the
offending bytes. ``error_logger`` takes its place: those are counted and sampled too, and
the sampled lines keep neither the traceback nor more than a short message.

Deliveries whose connection closed before their body ended (the connection guard cut a
body that came too slowly, or the sender hung up) are as cheap to send and as many:
the callback server samples them with a sampler of their own (its own ``summary`` line),
as kind "other": they were never received whole, so they are not deliveries to replay.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from explorer.core import catalog
from explorer.net.store.exchange_log import ExchangeLog, Headers, cap_headers

DEFAULT_WINDOW = 60.0
DEFAULT_SAMPLES_PER_WINDOW = 5
DEFAULT_HEADER_BYTES = 512
URL_BYTES = 256
MESSAGE_BYTES = 200


@dataclass(slots=True)
class StrayCounts:
    total: int = 0
    sampled: int = 0
    http_errors: int = 0  # answered by aiohttp itself, mostly 400s for malformed requests


class StraySampler:
    """Decides which stray requests reach the exchange log, and in how little space."""

    def __init__(
        self,
        log: ExchangeLog | None,
        *,
        window: float = DEFAULT_WINDOW,
        samples_per_window: int = DEFAULT_SAMPLES_PER_WINDOW,
        header_bytes: int = DEFAULT_HEADER_BYTES,
        summary: str = "evidence.stray-requests",
    ) -> None:
        self.log = log
        self.summary = summary  # a catalog key taking ``count`` and ``seconds``
        self.window = window
        self.samples_per_window = samples_per_window
        self.header_bytes = header_bytes
        self.counts = StrayCounts()
        self._window_start = 0.0
        self._in_window = 0

    def note(
        self,
        *,
        method: str,
        url: str,
        headers: Headers,
        size: int | None,
        status: int | None,
        error: str | None = None,
    ) -> None:
        """Count one request, and log it if the window still has room for a sample."""
        now = time.time()
        if now - self._window_start >= self.window:
            self.flush(now)
            self._window_start = now
        self.counts.total += 1
        self._in_window += 1
        if self.log is None or self._in_window > self.samples_per_window:
            return
        self.counts.sampled += 1
        self.log.record(
            direction="in",
            kind="other",
            method=method[:16],
            url=url[:URL_BYTES],
            status=status,
            request_headers=cap_headers(headers, self.header_bytes),
            request_size=size,
            started=now,
            error=error,
        )

    def note_http_error(self, message: str) -> bool:
        """Count a request aiohttp answered itself with an error; True when it is sampled."""
        now = time.time()
        if now - self._window_start >= self.window:
            self.flush(now)
            self._window_start = now
        self.counts.total += 1
        self.counts.http_errors += 1
        self._in_window += 1
        if self._in_window > self.samples_per_window:
            return False
        self.counts.sampled += 1
        if self.log is not None:
            self.log.record(
                direction="in",
                kind="other",
                method="?",
                url="",
                status=400,
                started=now,
                error=message[:MESSAGE_BYTES],
            )
        return True

    def error_logger(self, logger: logging.Logger) -> logging.LoggerAdapter[logging.Logger]:
        """A stand-in for aiohttp's server logger that samples its per-request errors."""
        return _SampledErrors(logger, self)

    def flush(self, now: float | None = None) -> None:
        """Write the summary of the current window if it counted more than it sampled."""
        unlogged = self._in_window - self.samples_per_window
        self._in_window = 0
        if unlogged <= 0 or self.log is None:
            return
        ended = now if now is not None else time.time()
        self.log.record(
            direction="in",
            kind="other",
            method="*",
            url="",
            status=None,
            started=self._window_start,
            error=catalog.text(self.summary, count=unlogged, seconds=ended - self._window_start),
        )


class _SampledErrors(logging.LoggerAdapter[logging.Logger]):
    """Warnings and errors pass only when sampled, cut short and without the traceback."""

    def __init__(self, logger: logging.Logger, sampler: StraySampler) -> None:
        super().__init__(logger, {})
        self._sampler = sampler

    def log(self, level: int, msg: object, *args: object, **kwargs: Any) -> None:
        if level < logging.WARNING:
            super().log(level, msg, *args, **kwargs)
            return
        error = kwargs.pop("exc_info", None)
        reason = error if isinstance(error, BaseException) else None
        # as logging itself formats a record: str(msg), then % args if there are any
        text = str(msg) % args if args else str(msg)
        if reason is not None:
            text = f"{text}: {type(reason).__name__}: {reason}"
        if self._sampler.note_http_error(text):
            super().log(level, "%s", text[:MESSAGE_BYTES])
