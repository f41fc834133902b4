"""Document versions kept for the feed's diffs, per framework notification."""

from __future__ import annotations

import threading
from collections import OrderedDict

from explorer.net.live.refetch import MemoryDocumentVersions


class VersionHistory(MemoryDocumentVersions):
    """Document versions for the change tracker that also keep, per framework
    notification, the (old, new) bytes of each document it refetched, so the feed can
    draw a side-by-side diff when a row is selected."""

    def __init__(self, max_notifications: int = 200) -> None:
        super().__init__()
        self.pairs: OrderedDict[int, dict[str, tuple[bytes, bytes]]] = OrderedDict()
        self._max = max_notifications
        self._guard = threading.Lock()

    def remember(self, url: str, data: bytes, notification: int | None = None) -> None:
        if notification is not None:
            old = self.latest(url) or b""
            with self._guard:
                self.pairs.setdefault(notification, {})[url] = (old, data)
                while len(self.pairs) > self._max:
                    self.pairs.popitem(last=False)
        super().remember(url, data, notification)

    def pair(self, notification: int, url: str) -> tuple[bytes, bytes] | None:
        with self._guard:
            return self.pairs.get(notification, {}).get(url)
