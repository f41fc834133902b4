"""Which set of resources each subscribed channel belongs to: its Capability List and
the change notification channel whose resource state priming fills.

A subscription knows its topic and hub only; the Capability List it was found through is
known while subscribing and lost at a relaunch. Without it a resumed subscription cannot
be primed, and its first deliveries have no "before". So priming writes the set here, in
a table of the store (``channel_sets``, declared in ``schema``), and a live session that
resumes a channel reads it back. Blocking calls on a connection of their own (as
``exchange_links``): run them in a thread; the caller holds the store open for writing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from explorer.net.store import schema

_BUSY_SECONDS = 30


@dataclass(frozen=True, slots=True)
class ChannelSet:
    """A set of resources: its Capability List and its change notification channel."""

    capability_list: str
    change_topic: str | None


def remember_set(path: Path, topics: Iterable[str], channel_set: ChannelSet) -> None:
    """Record that each of ``topics`` belongs to ``channel_set`` (a later priming of the
    same channel replaces what an earlier one said)."""
    rows = [(topic, channel_set.capability_list, channel_set.change_topic) for topic in topics]
    if not rows:
        return
    conn = sqlite3.connect(path, timeout=_BUSY_SECONDS)
    try:
        conn.execute(schema.UNTRUSTED)
        with conn:
            conn.executemany(
                "INSERT OR REPLACE INTO channel_sets (topic, capability_list, change_topic) "
                "VALUES (?, ?, ?)",
                rows,
            )
    finally:
        conn.close()


def sets_of(path: Path, topics: Iterable[str]) -> list[ChannelSet]:
    """The distinct sets ``topics`` belong to, in the order of ``topics`` (a topic never
    primed has none)."""
    wanted = list(dict.fromkeys(topics))
    if not wanted:
        return []
    conn = sqlite3.connect(path, timeout=_BUSY_SECONDS)
    try:
        conn.execute(schema.UNTRUSTED)
        marks = ",".join("?" for _ in wanted)
        rows = conn.execute(
            "SELECT topic, capability_list, change_topic FROM channel_sets "
            f"WHERE topic IN ({marks})",
            wanted,
        ).fetchall()
    finally:
        conn.close()
    found = {topic: ChannelSet(capability_list, change) for topic, capability_list, change in rows}
    return list(dict.fromkeys(found[topic] for topic in wanted if topic in found))
