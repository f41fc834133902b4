"""Change List entries an incremental harvester would never read.

A harvester that finished a run at moment T starts its next run from T (``resync-sync
--incremental --from T``) and skips every change dated before it. An entry that appears in
a Change List after T but is dated before T (backdated) is skipped by every such harvester:
the resource stays stale in every copy made incrementally. Comparing the Change List
entries of a later reading with those of a stored snapshot shows them: new since the
snapshot, dated before it.

A Change List Index splits the changes into lists by ``from``/``until`` (core 1.1 §12.2); a
gap between one list's ``until`` and the next one's ``from`` is a stretch of time no list
covers, an overlap a stretch two lists claim (changes in it may be read twice or, by a
client that trusts the windows, from the wrong list).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from explorer.core.rules.datetimes import parse_w3c_datetime


@dataclass(frozen=True, slots=True)
class Window:
    """One Change List of an index and the time it says it covers."""

    url: str
    start: str | None
    end: str | None


@dataclass(frozen=True, slots=True)
class WindowProblem:
    """``kind`` is ``gap`` or ``overlap``, between ``first`` and the list after it."""

    kind: str
    first: Window
    second: Window


def is_backdated(stamp: str | None, snapshot_taken: float) -> bool:
    """Whether a change dated ``stamp`` (its datetime, else its lastmod) lies before the
    moment a snapshot was taken; an undated change cannot be judged here."""
    if stamp is None:
        return False
    moment = parse_w3c_datetime(stamp)
    return moment is not None and moment < snapshot_taken


def window_problems(windows: list[Window]) -> list[WindowProblem]:
    """Gaps and overlaps between consecutive windows, ordered by their ``from``; a window
    without a readable ``from`` is left out (the document's own findings say so), and an
    open window (no ``until``) covers everything after its ``from``."""
    dated = [
        (moment, window)
        for window in windows
        if window.start is not None and (moment := parse_w3c_datetime(window.start)) is not None
    ]
    dated.sort(key=lambda pair: (pair[0], pair[1].url))
    problems: list[WindowProblem] = []
    for (_, first), (start, second) in pairwise(dated):
        end = parse_w3c_datetime(first.end) if first.end is not None else None
        if end is None:
            problems.append(WindowProblem("overlap", first, second))
        elif start > end:
            problems.append(WindowProblem("gap", first, second))
        elif start < end:
            problems.append(WindowProblem("overlap", first, second))
    return problems
