"""The watchdog's rule, read by read: a listed change no notification carried is named
after a full period, a notified change the lists never show likewise, a matched one never."""

from __future__ import annotations

from explorer.core.words.time_text import seconds_text
from explorer.net.live.reconcile import Reconciler

T0 = 1_700_000_000.0
A = ("http://x/a", T0 + 1)
B = ("http://x/b", T0 + 2)
C = ("http://x/c", T0 + 3)


def _entry(key: tuple[str, float]) -> dict[str, object]:
    return {"loc": key[0], "change": "updated", "datetime": seconds_text(key[1])}


def test_each_change_is_matched_or_named_once() -> None:
    watchdog = Reconciler("http://x/capabilitylist.xml", period=5, started=T0)
    watchdog.notified([_entry(A), _entry(C)], at=T0 + 3)
    first = watchdog.reconcile({A, B}, now=T0 + 5)
    assert (first.unannounced, first.unlisted) == ([], [])  # B seen once; C not yet a period
    second = watchdog.reconcile({A, B}, now=T0 + 10)
    assert (second.unannounced, second.unlisted) == (["http://x/b"], ["http://x/c"])
    third = watchdog.reconcile({A, B}, now=T0 + 15)
    assert third.empty


def test_a_read_that_failed_names_nothing_unlisted() -> None:
    watchdog = Reconciler("http://x/capabilitylist.xml", period=5, started=T0)
    watchdog.notified([_entry(C)], at=T0 + 3)
    report = watchdog.reconcile(set(), now=T0 + 20, problems=["http://x/changelist.xml: 503"])
    assert report.unlisted == []
    assert watchdog.reconcile({C}, now=T0 + 25).empty


def test_changes_from_before_the_watchdog_started_are_not_its_business() -> None:
    watchdog = Reconciler("http://x/capabilitylist.xml", period=5, started=T0 + 10)
    watchdog.notified([_entry(A)], at=T0 + 11)
    assert watchdog.reconcile(set(), now=T0 + 30).empty


def test_a_long_quiet_while_the_lists_change_is_said_once() -> None:
    watchdog = Reconciler("http://x/capabilitylist.xml", period=5, started=T0)
    listed = {("http://x/a", T0 + 1), ("http://x/b", T0 + 6), ("http://x/c", T0 + 11)}
    assert watchdog.reconcile(listed, now=T0 + 14).quiet is None  # under 3 x 5 s
    assert watchdog.reconcile(listed, now=T0 + 16).quiet == 16
    assert watchdog.reconcile(listed, now=T0 + 30).quiet is None  # said already
    watchdog.notified([_entry(("http://x/d", T0 + 31))], at=T0 + 31)
    assert watchdog.reconcile(listed, now=T0 + 60).quiet is None  # no change since
