"""``demo-source --replay``: a recorded session served and published again.

The recorded documents are served at their paths (the version recorded by the moment
the playback has reached; before the first delivery, the one the session began with),
and the recorded deliveries are published through the demo hub, with their original
spacing divided by ``speed``, to whoever subscribes to their topics. The clock starts
when the first subscription to a recorded topic is active, so a listener started at
leisure still gets the first delivery. URLs of the recorded hosts (and of their hub) are
rewritten to the demo's own, so the played-back Source links to itself; the bodies are
otherwise byte for byte. The demo's faults apply on top (``RunningDemo`` applies them).
"""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from explorer.core.link_header import links_by_rel
from explorer.core.recording import MAX_HOSTS, Rebaser, Recording

SUBSCRIBER_POLL = 0.02
_NOT_SERVED = frozenset(
    {"content-length", "content-encoding", "transfer-encoding", "connection", "date", "server"}
)
"""The stored body is decoded and the server sets these for the answer it makes."""


@dataclass(frozen=True, slots=True)
class ServedDocument:
    status: int
    headers: list[tuple[str, str]]
    body: bytes


@dataclass(frozen=True, slots=True)
class Publication:
    offset: float  # seconds after the first recorded delivery
    topic: str
    body: bytes


class Playback:
    """The recording, rebased on ``attach``; ``run`` publishes its deliveries."""

    def __init__(self, recording: Recording, speed: float = 1.0) -> None:
        if speed <= 0:
            raise ValueError("speed must be more than 0")
        self.recording = recording
        self.speed = speed
        self.topics: set[str] = set()
        self.publications: list[Publication] = []
        self.published = 0
        self._versions: dict[str, tuple[list[float], list[ServedDocument]]] = {}
        self._first = recording.deliveries[0].time if recording.deliveries else recording.started
        self._started_at: float | None = None

    def attach(self, base_url: str, hub_url: str) -> None:
        """Rebase every URL on the demo's ``base_url`` (its hub at ``hub_url``)."""
        base = base_url.rstrip("/")
        # the hubs first: a hub URL starts with its origin, and the longer match wins
        moves = dict.fromkeys(self.recording.origins(), base)
        moves.update(dict.fromkeys(self._recorded_hubs(), hub_url))
        moved = Rebaser(moves)  # one pass a body, whatever the number of hosts

        def moved_text(text: str) -> str:
            return moved(text.encode("utf-8")).decode("utf-8")

        for doc in sorted(self.recording.documents, key=lambda d: d.time):
            parts = urlsplit(moved_text(doc.url))
            path = parts.path + (f"?{parts.query}" if parts.query else "")
            headers = [
                (name, moved_text(value))
                for name, value in doc.headers
                if name.lower() not in _NOT_SERVED
            ]
            times, served = self._versions.setdefault(path, ([], []))
            times.append(doc.time)
            served.append(ServedDocument(doc.status, headers, moved(doc.body)))
        for delivery in self.recording.deliveries:
            topic = moved_text(delivery.topic)
            self.topics.add(topic)
            offset = max(delivery.time - self._first, 0.0)
            self.publications.append(Publication(offset, topic, moved(delivery.body)))
        self.publications.sort(key=lambda p: p.offset)

    def _recorded_hubs(self) -> list[str]:
        """The hub URLs the recorded topics and deliveries named in ``Link`` headers."""
        found: dict[str, None] = {}
        headers = [d.headers for d in self.recording.deliveries]
        headers += [d.headers for d in self.recording.documents]
        for pairs in headers:
            links = [value for name, value in pairs if name.lower() == "link"]
            for hub in links_by_rel(links).get("hub", []) if links else []:
                found.setdefault(hub, None)
                if len(found) >= MAX_HOSTS:  # past a session's few hubs: left as recorded
                    return list(found)
        return list(found)

    def document(self, path: str, now: float) -> ServedDocument | None:
        """The version of ``path`` recorded by the playback's moment ``now`` (loop time)."""
        versions = self._versions.get(path)
        if versions is None:
            return None
        times, served = versions
        if self._started_at is None:
            moment = self._first
        else:
            moment = self._first + (now - self._started_at) * self.speed
        index = bisect.bisect_right(times, moment) - 1
        return served[max(index, 0)]

    async def run(
        self, subscribed: Callable[[set[str]], bool], publish: Callable[[str, bytes], None]
    ) -> None:
        """Wait for a subscriber to a recorded topic, then publish on schedule."""
        loop = asyncio.get_running_loop()
        while not subscribed(self.topics):
            await asyncio.sleep(SUBSCRIBER_POLL)
        self._started_at = loop.time()
        for publication in self.publications:
            due = self._started_at + publication.offset / self.speed
            delay = due - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            publish(publication.topic, publication.body)
            self.published += 1
