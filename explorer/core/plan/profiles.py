"""How a client fetches, and how long that takes at the Source's measured speed.

``resync-sync`` (resync 2.0.1) makes one GET at a time and sleeps ``--delay`` before every
request but its process's first (``url_or_file_open``); ``parallel:N`` keeps N resource
requests in flight; ``dumps`` fetches Resource Dump packages in place of resources.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

RESYNC_SYNC, PARALLEL, DUMPS = "resync-sync", "parallel", "dumps"
MAX_CONNECTIONS = 256


@dataclass(frozen=True, slots=True)
class Profile:
    """A client's way of fetching: its name and the requests it keeps in flight."""

    name: str
    connections: int = 1

    def __str__(self) -> str:
        return f"{PARALLEL}:{self.connections}" if self.name == PARALLEL else self.name


def parse_profile(text: str) -> Profile | None:
    """``resync-sync``, ``parallel:N`` (1 ≤ N ≤ 256) or ``dumps``; None for anything else."""
    if text in (RESYNC_SYNC, DUMPS):
        return Profile(text)
    name, sep, count = text.partition(":")
    if name == PARALLEL and sep and count.isascii() and count.isdigit():
        connections = int(count)
        if 1 <= connections <= MAX_CONNECTIONS:
            return Profile(PARALLEL, connections)
    return None


@dataclass(frozen=True, slots=True)
class Timing:
    """The Source's speed as measured from plan's own requests: seconds from request to
    the end of a small body (``latency``) and body bytes a second past that
    (``throughput``, None when every sample was too small to tell)."""

    latency: float
    throughput: float | None
    samples: int

    def seconds(
        self, documents: int, resources: int, body_bytes: int, profile: Profile, delay: float
    ) -> float:
        """Wall time of a run: documents are read one after the other by every client;
        resources one at a time, or ``connections`` at a time for ``parallel:N``; a delay
        before each request (or each round of requests) but the first."""
        transfer = body_bytes / self.throughput if self.throughput else 0.0
        rounds = documents + math.ceil(resources / profile.connections)
        waits = max(rounds - 1, 0) * delay
        return rounds * self.latency + transfer + waits


LARGE_BODY = 64 * 1024
"""A body from this size on tells the throughput; smaller ones tell the latency."""


def measure_timing(samples: list[tuple[float, int]]) -> Timing:
    """Latency and throughput from (seconds, body bytes) pairs: the latency is the median
    time of the small bodies (of all when none is small); the throughput is the large
    bodies' bytes over their time past the latency (None without a large body: then the
    time of a run is its requests' latency alone, and the output says so)."""
    if not samples:
        return Timing(0.0, None, 0)
    small = sorted(seconds for seconds, size in samples if size < LARGE_BODY)
    small = small or sorted(seconds for seconds, _ in samples)
    latency = small[len(small) // 2]
    large = [(seconds, size) for seconds, size in samples if size >= LARGE_BODY]
    spent = sum(max(seconds - latency, 0.0) for seconds, _ in large)
    carried = sum(size for _, size in large)
    return Timing(latency, carried / spent if spent > 0 else None, len(samples))
