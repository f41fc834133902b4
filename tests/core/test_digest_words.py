"""A digest mismatch is said in the reader's language, its English as it always was."""

from __future__ import annotations

from explorer.core.digests import digest_mismatches
from explorer.core.words.messages import render_phrase


def test_each_differing_algorithm_is_said_in_english_and_japanese() -> None:
    expected = {"md5": "aa", "sha-256": "bb", "sha-1": "cc"}
    actual = {"md5": "a1", "sha-256": "b1", "sha-1": "cc"}
    said = digest_mismatches(expected, actual)
    assert said is not None
    assert str(said) == "md5 listed aa, computed a1; sha-256 listed bb, computed b1"
    japanese = render_phrase(said, "ja")
    assert japanese == "md5 は記載が aa、計算結果が a1。sha-256 は記載が bb、計算結果が b1"
    assert digest_mismatches({"md5": "aa"}, {"md5": "aa"}) is None
