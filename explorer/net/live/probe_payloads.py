"""Payloads a conformance run published, so the live side can tell them from the Source's.

A hub fans a publication out to every subscriber of the topic: when the user is
subscribed to the topic a conformance run publishes to, the run's probe payloads reach
the user's own subscription too. They are the workbench's, not the Source's: the
subscriber acknowledges them without a feed row or a continuity warning.
"""

from __future__ import annotations

import hashlib
import threading
from collections import deque

import httpx

KEPT = 1024
"""Digests remembered; a run publishes a few dozen payloads."""


class ProbePayloads:
    """A bounded set of payload digests; ``add`` and ``holds`` from any thread."""

    def __init__(self, kept: int = KEPT) -> None:
        self._order: deque[bytes] = deque()
        self._digests: set[bytes] = set()
        self._kept = kept
        self._lock = threading.Lock()

    def add(self, body: bytes) -> None:
        digest = hashlib.sha256(body).digest()
        with self._lock:
            if digest in self._digests:
                return
            self._order.append(digest)
            self._digests.add(digest)
            while len(self._order) > self._kept:
                self._digests.discard(self._order.popleft())

    def holds(self, body: bytes) -> bool:
        if not self._digests:
            return False
        digest = hashlib.sha256(body).digest()
        with self._lock:
            return digest in self._digests

    async def note_request(self, request: httpx.Request) -> None:
        """An httpx request hook: every body POSTed through the client is a probe's,
        remembered before it is sent, since a hub may deliver before it answers."""
        if request.method == "POST":
            try:
                self.add(request.content)
            except httpx.RequestNotRead:  # a streamed body: not one of the run's payloads
                return
