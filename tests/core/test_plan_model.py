"""``explorer.core.plan``: profiles and the time they take, the tallies over entries as
they stream past (resync's last-entry-wins, repeats, missing hashes and lengths)."""

from __future__ import annotations

import pytest

from explorer.core.plan.profiles import LARGE_BODY, Profile, Timing, measure_timing, parse_profile
from explorer.core.plan.report import Note, Plan, Refetch, Run, Section
from explorer.core.plan.sampling import LENGTH_SAMPLE_MAX
from explorer.core.plan.tally import Bytes, ChangeTally, ResourceTally
from explorer.core.rules.datetimes import parse_w3c_datetime


@pytest.mark.parametrize(
    ("text", "profile"),
    [
        ("resync-sync", Profile("resync-sync")),
        ("dumps", Profile("dumps")),
        ("parallel:8", Profile("parallel", 8)),
        ("parallel:256", Profile("parallel", 256)),
        ("parallel:0", None),
        ("parallel:257", None),
        ("parallel:", None),
        ("parallel:٣", None),
        ("fast", None),
    ],
)
def test_profiles_are_read_or_refused(text: str, profile: Profile | None) -> None:
    assert parse_profile(text) == profile


def test_a_sequential_run_waits_the_delay_between_requests_but_before_the_first() -> None:
    timing = Timing(latency=0.01, throughput=1000.0, samples=3)
    # 2 documents + 3 resources: 5 requests, 4 delays, 500 bytes at 1000 B/s
    seconds = timing.seconds(2, 3, 500, Profile("resync-sync"), 0.5)
    assert seconds == pytest.approx(5 * 0.01 + 0.5 + 4 * 0.5)


def test_parallel_fetches_resources_in_rounds_and_documents_one_by_one() -> None:
    timing = Timing(latency=0.1, throughput=None, samples=1)
    seconds = timing.seconds(3, 10, 10_000, Profile("parallel", 4), 0.0)
    assert seconds == pytest.approx((3 + 3) * 0.1)  # ceil(10 / 4) rounds of resources


def test_the_timing_is_measured_from_small_and_large_bodies() -> None:
    small = [(0.010, 100), (0.012, 200), (0.030, 300)]
    large = [(0.012 + 1.0, LARGE_BODY * 10)]
    timing = measure_timing(small + large)
    assert timing.latency == 0.012
    assert timing.throughput == pytest.approx(LARGE_BODY * 10 / 1.0)
    assert measure_timing(small).throughput is None
    assert measure_timing([]) == Timing(0.0, None, 0)


def test_resources_without_length_or_hash_and_repeats_are_counted() -> None:
    tally = ResourceTally()
    tally.add("http://s/a", "10", "md5:x")
    tally.add("http://s/b", None, None)
    tally.add("http://s/c", "nope", "md5:y")
    tally.add("http://s/a", "10", "md5:x")
    assert (tally.bytes.count, tally.bytes.listed, tally.bytes.unlisted) == (3, 10, 2)
    assert (tally.no_length, tally.no_hash, tally.repeated) == (2, 1, 1)
    assert sorted(tally.bytes.sample) == ["http://s/b", "http://s/c"]
    assert sorted(tally.timed.urls) == ["http://s/a", "http://s/b", "http://s/c"]


def test_bytes_without_length_are_estimated_from_the_sample_or_the_mean() -> None:
    sized = Bytes()
    for number in range(LENGTH_SAMPLE_MAX + 5):
        sized.add(f"http://s/{number}", None)
    sized.add("http://s/known", 100)
    assert len(sized.sample) == LENGTH_SAMPLE_MAX
    assert sized.estimate(50.0) == 100 + 205 * 50
    assert sized.estimate(None) == 100 + 205 * 100
    assert Bytes().estimate(None) == 0


def test_the_incremental_keeps_each_resources_last_change_inside_the_window() -> None:
    since = parse_w3c_datetime("2026-11-10T00:00:00Z")
    changes = ChangeTally(since)
    changes.add("http://s/old", "updated", "2026-11-01T00:00:00Z", "5", "md5:a")
    changes.add("http://s/at", "updated", "2026-11-10T00:00:00Z", "3", "md5:a")  # at: in
    changes.add("http://s/a", "updated", "2026-11-10T12:00:00Z", "5", "md5:a")
    changes.add("http://s/b", "created", "2026-11-11T00:00:00Z", "7", None)
    changes.add("http://s/a", "updated", "2026-11-12T00:00:00Z", "6", "md5:b")
    changes.add("http://s/b", "deleted", "2026-11-13T00:00:00Z", None, None)
    changes.add("http://s/c", "updated", None, None, None)
    fetched = changes.to_fetch()
    assert changes.fetched_urls() == ["http://s/at", "http://s/a"]
    assert (fetched.count, fetched.listed) == (2, 3 + 6)
    assert (changes.entries, changes.undated, changes.deleted_no_hash) == (7, 1, 1)
    assert (changes.repeated_resources, changes.repeated_entries) == (2, 2)


def test_the_last_change_is_fetched_in_the_place_of_its_last_entry() -> None:
    changes = ChangeTally(0.0)
    for url in ("http://s/a", "http://s/b", "http://s/a"):
        changes.add(url, "updated", "2026-11-12T00:00:00Z", None, None)
    assert changes.fetched_urls() == ["http://s/b", "http://s/a"]


def test_the_latest_change_wins_whatever_order_the_lists_arrive_in() -> None:
    """The crawl hands a Change List Index's lists over as they arrive: the same figures
    either way (the window's plan and the command's read the same Source)."""
    older = [("http://s/a", "updated", "2026-11-11T00:00:00Z", "5")]
    newer = [("http://s/a", "updated", "2026-11-12T00:00:00Z", "9")]
    seen = []
    for lists in ((older, newer), (newer, older)):
        changes = ChangeTally(0.0)
        for entries in lists:
            for url, change, when, length in entries:
                changes.add(url, change, when, length, None)
        fetched = changes.to_fetch()
        seen.append((fetched.count, fetched.listed))
    assert seen == [(1, 9), (1, 9)]


def test_without_a_window_nothing_is_fetched_incrementally() -> None:
    changes = ChangeTally(None)
    changes.add("http://s/a", "updated", "2026-11-12T00:00:00Z", "1", None)
    assert changes.to_fetch().count == 0


def test_the_plan_says_its_runs_and_the_sections_others_add() -> None:
    plan = Plan("http://s/", Profile("parallel", 2), 0.1, Timing(0.01, None, 4), None)
    run = Run(3, 4, 1000, 200, 1.23456, estimated=1, dump_saves=3)
    run.copy = Run(0, 2, 500, 100, 0.5)
    plan.runs["baseline"] = run
    plan.refetch.append(Refetch("no-hash", 4, 4))
    plan.notes.append(Note("no-incremental"))
    plan.sections.append(Section("oai", {"requests": 2}, lambda lang: []))
    shown = plan.to_json()
    assert shown["profile"] == "parallel:2"
    assert shown["runs"]["baseline"]["requests"] == 7
    assert shown["runs"]["baseline"]["wire_bytes"] == 1200
    assert shown["runs"]["baseline"]["seconds"] == 1.235
    assert shown["runs"]["baseline"]["copy"]["resources"] == 2
    (reason,) = shown["refetch"]
    assert (reason["reason"], reason["resources"], reason["entries"]) == ("no-hash", 4, 4)
    assert (reason["code"], reason["severity"]) == ("refetch.no-hash", "info")
    assert reason["message"].startswith("4 Resource List entries without a hash")
    assert shown["incremental_safety"] == []
    assert shown["oai"] == {"requests": 2}
