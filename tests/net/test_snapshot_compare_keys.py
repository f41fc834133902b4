"""How two snapshots' entries are matched: per capability by loc, by occurrence for a loc
listed more than once (in document, then position order, across the documents of that
capability), and in Change Lists by datetime too. Built directly in a store, so the
repeated locs a crawl of a valid Source never produces are covered."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer.net.history.snapshot_compare import Comparison
from explorer.net.history.snapshot_store import SnapshotStore
from explorer.net.store.database import Store
from explorer.net.store.entry_sets import EntryRow, keep_entries, keyed_entries

Listing = dict[tuple[str, str], list[tuple[str, str | None, str | None]]]
"""(document URL, capability): [(loc, lastmod, change)] in position order."""

L1, L2, L3 = "2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"
RL, CL = "resourcelist", "changelist"


@pytest.fixture
def snapshots(tmp_path: Path) -> Iterator[SnapshotStore]:
    store = Store(tmp_path / "store.sqlite3")
    kept = SnapshotStore(store)
    try:
        yield kept
    finally:
        kept.close()
        store.close()


def _snapshot(snapshots: SnapshotStore, listing: Listing) -> int:
    """A finished snapshot whose documents list the given entries."""
    snapshot = snapshots.begin("http://src/", None)
    db = snapshots.db
    db.execute("BEGIN IMMEDIATE")
    for (url, capability), entries in listing.items():
        rows: list[EntryRow] = [
            (position, loc, lastmod, None, None, None, change, lastmod if change else None)
            for position, (loc, lastmod, change) in enumerate(entries)
        ]
        entry_set = keep_entries(db, keyed_entries(capability, rows))
        db.execute(
            "INSERT INTO snapshot_documents (snapshot, url, capability, state, entries, md,"
            " entry_set) VALUES (?, ?, ?, 'loaded', ?, '{}', ?)",
            (snapshot, url, capability, len(rows), entry_set),
        )
    db.execute(
        "UPDATE snapshots SET finished = ?, documents = ?, entries = ? WHERE id = ?",
        (time.time(), len(listing), sum(map(len, listing.values())), snapshot),
    )
    db.execute("COMMIT")
    return snapshot


def _changes(snapshots: SnapshotStore, a: Listing, b: Listing) -> set[tuple[str, ...]]:
    first, second = _snapshot(snapshots, a), _snapshot(snapshots, b)
    comparison = Comparison(snapshots, snapshots.get(first), snapshots.get(second))
    return {
        (item.kind, str(item.capability), item.key, *sorted(item.fields))
        for capability in comparison.entry_counts()
        for item in comparison.entries(capability)
    }


def test_a_loc_listed_twice_is_matched_by_occurrence(snapshots: SnapshotStore) -> None:
    a: Listing = {("http://src/rl", RL): [("http://src/x", L1, None), ("http://src/x", L2, None)]}
    b: Listing = {("http://src/rl", RL): [("http://src/x", L1, None)]}
    assert _changes(snapshots, a, b) == {("removed", RL, "http://src/x")}


def test_occurrences_run_across_the_documents_of_a_capability(
    snapshots: SnapshotStore,
) -> None:
    a: Listing = {
        ("http://src/rl-1", RL): [("http://src/x", L1, None)],
        ("http://src/rl-2", RL): [("http://src/y", L1, None), ("http://src/x", L2, None)],
    }
    b: Listing = {
        ("http://src/rl-1", RL): [("http://src/x", L1, None)],
        ("http://src/rl-2", RL): [("http://src/y", L1, None), ("http://src/x", L3, None)],
    }
    # the second x (rl-2) changed; the first (rl-1) did not
    assert _changes(snapshots, a, b) == {("changed", RL, "http://src/x", "lastmod")}


def test_an_occurrence_gained_before_the_others_shifts_their_ranks(
    snapshots: SnapshotStore,
) -> None:
    a: Listing = {("http://src/rl-2", RL): [("http://src/x", L1, None)]}
    b: Listing = {
        ("http://src/rl-1", RL): [("http://src/x", L2, None)],
        ("http://src/rl-2", RL): [("http://src/x", L1, None)],
    }
    # ranked by document: rl-1's x is now the first occurrence (changed), rl-2's the
    # second (added)
    assert _changes(snapshots, a, b) == {
        ("changed", RL, "http://src/x", "lastmod"),
        ("added", RL, "http://src/x"),
    }


def test_change_list_entries_are_matched_by_datetime_too(snapshots: SnapshotStore) -> None:
    a: Listing = {("http://src/cl", CL): [("http://src/x", L1, "updated")]}
    b: Listing = {
        ("http://src/cl", CL): [("http://src/x", L1, "updated"), ("http://src/x", L2, "updated")]
    }
    assert _changes(snapshots, a, b) == {("added", CL, "http://src/x")}


def test_the_same_loc_in_two_capabilities_is_two_entries(snapshots: SnapshotStore) -> None:
    a: Listing = {("http://src/rl", RL): [("http://src/x", L1, None)]}
    b: Listing = {
        ("http://src/rl", RL): [("http://src/x", L1, None)],
        ("http://src/cl", CL): [("http://src/x", L2, "updated")],
    }
    assert _changes(snapshots, a, b) == {("added", CL, "http://src/x")}


def test_comparing_ranks_only_the_repeated_keys(snapshots: SnapshotStore) -> None:
    """Work counted in SQLite's virtual machine instructions (its progress handler), not
    time: ranking every entry with a window function took about 317 per entry compared
    (2,000 entries, 1% changed); ranking only repeated keys took about 192; a side whose
    keys do not repeat is not ranked at all (its unique key index shows it), about 144."""
    count = 2000

    def lists(changed: str) -> Listing:
        return {
            (f"http://src/rl-{k}", RL): [
                (f"http://src/{k}/{i}", changed if i % 100 == 0 else L1, None)
                for i in range(count // 4)
            ]
            for k in range(4)
        }

    first, second = _snapshot(snapshots, lists(L1)), _snapshot(snapshots, lists(L2))
    steps = 0

    def tick() -> int:
        nonlocal steps
        steps += 1
        return 0

    snapshots.db.set_progress_handler(tick, 100)
    comparison = Comparison(snapshots, snapshots.get(first), snapshots.get(second))
    snapshots.db.set_progress_handler(None, 0)
    assert comparison.entry_counts() == {RL: {"added": 0, "removed": 0, "changed": 20}}
    assert steps * 100 / count < 160


def test_a_capability_whose_documents_all_held_still_is_not_read(
    snapshots: SnapshotStore,
) -> None:
    """Four Resource Lists of 500 entries name the same entry sets in both snapshots; only
    the Change List changed. Their 2,000 entries are left out of the comparison (counted
    in SQLite's instructions: under 20 per Resource List entry, about 192 when each is
    matched), and the change list's new entry is still found."""
    lists: Listing = {
        (f"http://src/rl-{k}", RL): [(f"http://src/{k}/{i}", L1, None) for i in range(500)]
        for k in range(4)
    }
    a: Listing = {**lists, ("http://src/cl", CL): [("http://src/0/1", L2, "updated")]}
    b: Listing = {
        **lists,
        ("http://src/cl", CL): [
            ("http://src/0/1", L2, "updated"),
            ("http://src/1/2", L3, "updated"),
        ],
    }
    first, second = _snapshot(snapshots, a), _snapshot(snapshots, b)
    steps = 0

    def tick() -> int:
        nonlocal steps
        steps += 1
        return 0

    snapshots.db.set_progress_handler(tick, 100)
    comparison = Comparison(snapshots, snapshots.get(first), snapshots.get(second))
    snapshots.db.set_progress_handler(None, 0)
    assert comparison.entry_counts() == {CL: {"added": 1, "removed": 0, "changed": 0}}
    assert comparison.unannounced_count() == 0
    assert steps * 100 / 2000 < 20


def test_a_resource_list_moved_to_another_url_is_still_compared(
    snapshots: SnapshotStore,
) -> None:
    """The same entries under another document URL name the same set: the capability is
    read again (its documents changed), and nothing in it changed."""
    entries = [("http://src/x", L1, None), ("http://src/y", L1, None)]
    a: Listing = {("http://src/rl-1", RL): entries}
    b: Listing = {("http://src/rl-2", RL): entries}
    assert _changes(snapshots, a, b) == set()
    b = {("http://src/rl-2", RL): [*entries, ("http://src/z", L1, None)]}
    assert _changes(snapshots, a, b) == {("added", RL, "http://src/z")}


def test_an_unchanged_change_list_still_announces_a_change(snapshots: SnapshotStore) -> None:
    """A Change List that held still is read all the same: it announces the Resource
    List's change, made before the earlier snapshot was compared (dated after it)."""
    later = "2030-01-01T00:00:00Z"  # after the earlier snapshot was taken
    changes: Listing = {("http://src/cl", CL): [("http://src/x", later, "updated")]}
    a: Listing = {("http://src/rl", RL): [("http://src/x", L1, None)], **changes}
    b: Listing = {("http://src/rl", RL): [("http://src/x", L2, None)], **changes}
    first, second = _snapshot(snapshots, a), _snapshot(snapshots, b)
    comparison = Comparison(snapshots, snapshots.get(first), snapshots.get(second))
    assert comparison.entry_counts() == {RL: {"added": 0, "removed": 0, "changed": 1}}
    assert comparison.unannounced_count() == 0


def test_the_removed_entries_are_looked_up_only_when_some_are_missing(
    snapshots: SnapshotStore,
) -> None:
    """Statements counted (SQLite's trace callback): when the later side's matches account
    for every earlier entry, no pass looks each earlier entry up in the later side; when
    one is missing, or a repeated loc lost an occurrence, the pass runs and finds it."""
    lookups: list[str] = []

    def trace(statement: str) -> None:
        if "FROM ea n" in statement:
            lookups.append(statement)

    snapshots.db.set_trace_callback(trace)
    a: Listing = {("http://src/rl", RL): [("http://src/x", L1, None), ("http://src/y", L1, None)]}
    b: Listing = {("http://src/rl", RL): [("http://src/x", L2, None), ("http://src/y", L1, None)]}
    assert _changes(snapshots, a, b) == {("changed", RL, "http://src/x", "lastmod")}
    assert lookups == []
    b = {("http://src/rl", RL): [("http://src/x", L1, None), ("http://src/z", L1, None)]}
    assert _changes(snapshots, a, b) == {
        ("added", RL, "http://src/z"),
        ("removed", RL, "http://src/y"),
    }
    assert len(lookups) == 1
    twice: Listing = {("http://src/rl", RL): [("http://src/x", L1, None)] * 2}
    b = {("http://src/rl", RL): [("http://src/x", L1, None), ("http://src/y", L1, None)]}
    assert _changes(snapshots, twice, b) == {
        ("added", RL, "http://src/y"),
        ("removed", RL, "http://src/x"),
    }
    assert len(lookups) == 2
