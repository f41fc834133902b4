"""The engine objects ``ExplorerServices`` owns and its named parts share.

A part (``services.replay``, ``services.evidence``, ``services.recording``…) is a small
``QObject`` given, in its constructor, the ``Engines`` and whatever else it needs from
the others, so its dependencies are in its signature and mypy checks the wiring; none
reaches into another part. ``ExplorerServices`` makes the engines, opens and closes them
in order, and builds the parts on them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from explorer.net.http.fetcher import Timeouts
from explorer.net.http.network_access import NetworkAccess
from explorer.net.loop_thread import LoopThread
from explorer.net.store.database import Store, StoreError

log = logging.getLogger(__name__)


class Engines:
    """What the parts share: the net loop's thread; the store once ``start`` opened it
    (None before, after ``aclose``, and never written when opened read-only); how the
    GUI side's requests are made (Settings: timeouts and retries; credentials, proxy and
    TLS trust), read when a part makes a fetcher."""

    def __init__(self, net: LoopThread) -> None:
        self.net = net
        self.store: Store | None = None
        self.fetch_timeouts = Timeouts(connect=5.0, read=20.0, total=120.0)
        self.fetch_retries = 2
        self.access = NetworkAccess()

    def open_store(self) -> Store:
        """The store, or the ``StoreError`` a part's caller says when it is not open."""
        if self.store is None:
            raise StoreError("store.not-open")
        return self.store


def stored_rows(read: Callable[..., list[Any]], *args: Any, **params: Any) -> list[Any]:
    """Rows read from the store; none where a damaged store (opened read-only) fails."""
    try:
        return read(*args, **params)
    except StoreError as exc:
        log.warning("reading the store: %s", exc)
        return []
