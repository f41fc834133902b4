"""The verdict rules of subscriber-check, on plain values: one rule per behaviour, and a
refusal every notification gets is judged by deliver-valid alone."""

from __future__ import annotations

from explorer.core.subscribers import TEST_IDS, TESTS, Verdict, named
from explorer.core.subscribers import verdicts as v
from explorer.core.words.messages import render_phrase, said

WHAT = said("subscribers.what.wrong-signature")


def test_ids_are_unique_and_every_test_has_words_in_both_languages() -> None:
    assert len(set(TEST_IDS)) == len(TESTS)
    for test in TESTS:
        assert named(test.id) is test
        title = said(f"subscribers.test.{test.id}")
        assert render_phrase(title, "ja") != title.english


def test_ignoring_a_bad_signature() -> None:
    assert v.ignored(v.Pair(202, 202, 0, 2), WHAT).verdict is Verdict.PASS
    assert v.ignored(v.Pair(202, 202, 2, 2), WHAT).verdict is Verdict.FAIL
    assert v.ignored(v.Pair(403, 202, 0, 2), WHAT).verdict is Verdict.WARN
    assert v.ignored(v.Pair(403, 202, 1, 2), WHAT).verdict is Verdict.FAIL  # acted all the same
    never = v.ignored(v.Pair(202, 202, 0, 0), WHAT)
    assert never.verdict is Verdict.NOT_RUN
    assert never.reason.key == "subscribers.reason.fetches-nothing"


def test_accepting_a_recognised_algorithm() -> None:
    assert v.accepted(v.Pair(200, 200, 2, 2), "sha1").verdict is Verdict.PASS
    assert v.accepted(v.Pair(200, 200, 0, 2), "sha1").verdict is Verdict.FAIL
    assert v.accepted(v.Pair(400, 200, 0, 2), "sha1").verdict is Verdict.FAIL
    assert v.accepted(v.Pair(500, 500, 0, 0), "sha1").verdict is Verdict.NOT_RUN
    assert v.accepted(v.Pair(200, 200, 0, 0), "sha1").verdict is Verdict.NOT_RUN


def test_payloads_required_and_allowed() -> None:
    assert v.payload(v.Pair(202, 202, 0, 0), WHAT, required=True).verdict is Verdict.PASS
    assert v.payload(v.Pair(415, 202, 0, 0), WHAT, required=True).verdict is Verdict.FAIL
    assert v.payload(v.Pair(413, 202, 0, 0), WHAT, required=False).verdict is Verdict.WARN
    assert v.payload(v.Pair(500, 500, 0, 0), WHAT, required=True).verdict is Verdict.NOT_RUN


def test_verification_rules() -> None:
    assert v.verification_status(204).verdict is Verdict.PASS
    assert v.verification_status(None).verdict is Verdict.FAIL
    assert v.verification_echo(200, True, "x").verdict is Verdict.PASS
    assert v.verification_echo(200, False, "x").verdict is Verdict.FAIL
    assert v.verification_echo(500, False, "x").verdict is Verdict.NOT_RUN
    assert v.unknown_topic(404).verdict is Verdict.PASS
    assert v.unknown_topic(200).verdict is Verdict.FAIL
    assert v.unknown_topic(403).verdict is Verdict.WARN
    assert v.denial(200).verdict is Verdict.PASS
    assert v.denial(500).verdict is Verdict.WARN


def test_discovery_lease_and_unsubscribe_rules() -> None:
    assert v.discovery("http://a/t", "http://a/t", 5).verdict is Verdict.PASS
    assert v.discovery("http://a/x", "http://a/t", 5).verdict is Verdict.FAIL
    assert v.discovery(None, "http://a/t", 5).verdict is Verdict.FAIL
    assert v.subscribe_once(1, 2).verdict is Verdict.PASS
    assert v.subscribe_once(2, 2).verdict is Verdict.FAIL
    assert v.renewal(5.0, 10).verdict is Verdict.PASS
    assert v.renewal(11.0, 10).verdict is Verdict.WARN
    assert v.renewal(None, 10).verdict is Verdict.FAIL
    assert v.unsubscribe(True, 5).verdict is Verdict.PASS
    assert v.unsubscribe(False, 5).verdict is Verdict.WARN
