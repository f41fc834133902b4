"""Bounds on the live side's refetches: what a framework notification may make the
explorer read and diff, whoever sent it.

A framework notification names documents (framework-notification 1.0.1 §3) and the
explorer refetches and diffs each one; a diff holds both versions parsed and as canonical
lines, about twenty times the document's size. A Source that publishes on its own topic
has its notifications signed by the hub, so a signed notification naming 63 MB documents
is ordinary input, not an attack one can refuse by signature. So refetches read at most
``REFETCH_MAX_BYTES`` each (a larger document gets ``changes.refetch-failed`` saying it
is too large, and no diff), earlier versions are kept within ``VERSIONS_BYTES``, and the
event pipeline runs at most ``event_pipeline.REFETCHES_AT_ONCE`` notifications' refetches
at a time: a few hundred MB at worst, however many notifications arrive.
"""

from __future__ import annotations

from explorer.net.http.fetcher import ExchangeHook, Fetcher, Timeouts
from explorer.net.http.network_access import NetworkAccess
from explorer.net.live.refetch import ChangeTracker, MemoryDocumentVersions

REFETCH_MAX_BYTES = 8 * 1024 * 1024
VERSIONS_BYTES = 64 * 1024 * 1024
REFETCH_TIMEOUT = 30.0


def refetch_fetcher(
    access: NetworkAccess | None, on_exchange: ExchangeHook | None = None
) -> Fetcher:
    """The change tracker's fetcher: one retry, 30 s, at most ``REFETCH_MAX_BYTES``;
    ``on_exchange`` sees each fetch (``listen --record`` keeps the documents)."""
    return Fetcher(
        timeout=Timeouts.uniform(REFETCH_TIMEOUT),
        retries=1,
        access=access,
        max_bytes=REFETCH_MAX_BYTES,
        on_exchange=on_exchange,
    )


def bounded_tracker(
    access: NetworkAccess | None, on_exchange: ExchangeHook | None = None
) -> ChangeTracker:
    """A change tracker whose refetches and kept versions are bounded as above."""
    return ChangeTracker(
        MemoryDocumentVersions(VERSIONS_BYTES),
        fetcher_factory=lambda: refetch_fetcher(access, on_exchange),
    )
