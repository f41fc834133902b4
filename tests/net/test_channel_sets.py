"""The sets of resources the store remembers for subscribed channels (what a start primes)."""

from __future__ import annotations

from pathlib import Path

from explorer.net.store.channel_sets import ChannelSet, remember_set, sets_of
from explorer.net.store.database import Store

ONE = ChannelSet("http://127.0.0.1/a/capabilitylist.xml", "http://127.0.0.1/a/changes")
TWO = ChannelSet("http://127.0.0.1/b/capabilitylist.xml", None)


def test_each_set_once_in_the_order_of_the_topics_and_none_for_a_topic_never_primed(
    tmp_path: Path,
) -> None:
    path = tmp_path / "store.sqlite3"
    Store(path).close()  # a store opened for writing has the table
    remember_set(path, ["http://127.0.0.1/a/changes", "http://127.0.0.1/a/framework"], ONE)
    remember_set(path, ["http://127.0.0.1/b/framework"], TWO)
    remember_set(path, [], TWO)  # no channel: nothing to remember
    topics = [
        "http://127.0.0.1/b/framework",
        "http://127.0.0.1/elsewhere",
        "http://127.0.0.1/a/framework",
        "http://127.0.0.1/a/changes",
    ]
    assert sets_of(path, topics) == [TWO, ONE]
    assert sets_of(path, []) == []


def test_a_later_priming_of_a_channel_replaces_its_set(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    Store(path).close()
    remember_set(path, ["http://127.0.0.1/a/changes"], TWO)
    remember_set(path, ["http://127.0.0.1/a/changes"], ONE)
    assert sets_of(path, ["http://127.0.0.1/a/changes"]) == [ONE]
