"""The live side's and the hub inspector's own words, said in Japanese when it is chosen:
the lease findings of a verification, what a conformance check concludes about a lease,
and the reasons a subscription stores (kept in English, said anew by the catalog)."""

from __future__ import annotations

import re

import pytest

from explorer.core.words.engine_words import known_reason
from explorer.core.words.messages import render_message, render_phrase, said
from explorer.net.conformance.checks import _lease_verdict
from explorer.net.live.lease_schedule import LeaseSchedule
from explorer.net.live.subscription import Subscription

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TWO_WORDS = re.compile(r"[A-Za-z]{2,}[,;:.]?\s+[A-Za-z]{2,}")
"""Two English words in a row: a sentence left in English."""


def _subscription() -> Subscription:
    return Subscription(
        "s1", "http://t.test/", "http://h.test/", "/cb/1", "http://cb.test/cb/1", None,
        requested_lease=600,
    )  # fmt: skip


def _reads_japanese(said: str) -> None:
    assert JAPANESE.search(said), said
    assert not TWO_WORDS.search(said), said


@pytest.mark.parametrize("granted", [None, b"soon", b"99999999999", b"30", b"100"])
def test_a_verification_s_lease_findings_read_japanese(granted: bytes | None) -> None:
    notes, _lease = LeaseSchedule(lambda: 0.5, lambda: 60.0).judge(_subscription(), granted)
    assert notes
    for note in notes:
        _reads_japanese(render_message(note, "ja"))


@pytest.mark.parametrize("granted", [None, "0", "300", "600", "900"])
def test_a_check_s_lease_verdict_reads_japanese_and_keeps_its_english(
    granted: str | None,
) -> None:
    _outcome, said, findings = _lease_verdict(granted, 600)
    _reads_japanese(render_phrase(said, "ja"))
    for item in findings:
        _reads_japanese(render_message(item, "ja"))
    assert str(said) == render_phrase(said, "en")


def test_the_reasons_a_subscription_stores_are_said_anew_in_japanese() -> None:
    gone = said("events.reason-hub-gone", hub="http://h.test/", cause="nothing listens")
    waiting = said("events.reason-refetches-waiting", count=8)
    assert str(gone) == "the hub http://h.test/ is gone: nothing listens"
    for reason in (gone, waiting):
        _reads_japanese(known_reason(reason, "ja").split("（")[0])
