"""Back and Forward over the places a user opened: a Source, and a document in it.

Like a browser's history: visiting a new place drops the forward part; stepping back
and forward moves a cursor without recording anything. Consecutive visits to the same
place count once, so re-selecting a row does not fill the history.
"""

from __future__ import annotations

from dataclasses import dataclass

HISTORY_LIMIT = 200


@dataclass(frozen=True, slots=True)
class Place:
    """An opened Source (the address it was opened from) and the document shown in it."""

    address: str
    document: str | None = None


class NavigationHistory:
    def __init__(self, limit: int = HISTORY_LIMIT) -> None:
        self._places: list[Place] = []
        self._at = -1
        self._limit = limit

    @property
    def current(self) -> Place | None:
        return self._places[self._at] if self._at >= 0 else None

    def visit(self, place: Place) -> None:
        if place == self.current:
            return
        del self._places[self._at + 1 :]
        self._places.append(place)
        if len(self._places) > self._limit:
            del self._places[0]
        self._at = len(self._places) - 1

    def can_go_back(self) -> bool:
        return self._at > 0

    def can_go_forward(self) -> bool:
        return self._at < len(self._places) - 1

    def back(self) -> Place | None:
        if not self.can_go_back():
            return None
        self._at -= 1
        return self._places[self._at]

    def recent(self, count: int) -> list[tuple[int, Place]]:
        """The latest ``count`` places, newest first, with their positions (for ``jump``)."""
        first = max(0, len(self._places) - count)
        return [(i, self._places[i]) for i in range(len(self._places) - 1, first - 1, -1)]

    def jump(self, position: int) -> Place | None:
        """Move the cursor to ``position`` (from ``recent``), like several Back steps."""
        if not 0 <= position < len(self._places):
            return None
        self._at = position
        return self._places[position]

    def forward(self) -> Place | None:
        if not self.can_go_forward():
            return None
        self._at += 1
        return self._places[self._at]
