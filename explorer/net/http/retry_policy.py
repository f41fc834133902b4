"""When to try a failed request again, and after how long: one policy for every client.

The Fetcher (Sources) and the subscriber (hubs) both retry 5xx answers and network errors
with exponential backoff, and both honour a server's ``Retry-After`` (RFC 9110 §10.2.3),
which is either a number of seconds or an HTTP date. A server asking for a longer wait
than the client is willing to make gets no retry: its answer stands, rather than a request
that silently hangs for an hour.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from datetime import UTC
from email.utils import parsedate_to_datetime


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Exponential backoff from ``backoff`` seconds, capped, with ``Retry-After`` honoured.

    ``retries`` is the number of extra attempts; ``max_retry_after`` the longest
    ``Retry-After`` waited for; ``jitter`` spreads the waits of many clients (±25 %).
    """

    retries: int
    backoff: float
    max_retry_after: float = 10.0
    max_backoff: float = 30.0
    jitter: bool = False

    def delay(
        self, attempt: int, retry_after: str | None = None, *, now: float | None = None
    ) -> float | None:
        """Seconds to wait before retry number ``attempt`` (1 for the first), or None: give up.

        A ``Retry-After`` the policy will not wait for, or retries used up, give None. A
        value that is neither seconds nor an HTTP date says nothing and is ignored.
        """
        if attempt < 1 or attempt > self.retries:
            return None
        delay: float = min(self.backoff * 2 ** (attempt - 1), self.max_backoff)
        if self.jitter:
            delay *= 0.75 + random.random() / 2
        wait = retry_after_seconds(retry_after, now=now) if retry_after else None
        if wait is None:
            return delay
        if wait > self.max_retry_after:
            return None
        return max(delay, wait)


def retry_after_seconds(value: str, *, now: float | None = None) -> float | None:
    """A ``Retry-After`` value in seconds from ``now`` (a past date is 0), or None if unreadable.

    RFC 9110 §10.2.3: ``delay-seconds`` (a non-negative integer) or an ``HTTP-date``.
    """
    value = value.strip()
    if value.isascii() and value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # the asctime form carries no zone; HTTP dates are GMT (§5.6.7)
        when = when.replace(tzinfo=UTC)
    current = time.time() if now is None else now
    return max(0.0, when.timestamp() - current)
