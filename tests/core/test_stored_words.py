"""A finding and a phrase kept in a store are JSON: they come back with their key and
params (nested words included), so either language says them again after a restart."""

from __future__ import annotations

import json

from explorer.core.findings import Finding, finding
from explorer.core.words.messages import Phrase, render_message, render_phrase, said, verbatim


def _through_json(item: Finding) -> Finding:
    return Finding.from_json(json.loads(json.dumps(item.to_stored())))


def test_a_stored_finding_round_trips_with_its_key_and_params() -> None:
    why = said("events.reason-hub-gone", hub="http://h.test/", cause="nothing listens")
    kept = finding("websub.verification-timeout", params={"why": why}, variant="ended-here")
    back = _through_json(kept)
    assert back == kept and back.variant == "ended-here"
    assert back.params == {"why": why}
    assert isinstance(back.params["why"], Phrase)
    assert render_message(back, "ja") == render_message(kept, "ja")
    assert "ハブ http://h.test/ はもうありません" in render_message(back, "ja")
    assert kept.message not in render_message(back, "ja")  # said anew, not quoted


def test_a_finding_nested_in_a_phrase_round_trips_too() -> None:
    inner = finding("websub.signature-invalid", params={"method": "sha256", "size": 1234})
    phrase = said("changes.reason-unreadable", problem=inner)
    back = Phrase.from_json(json.loads(json.dumps(phrase.to_json())))
    assert back == phrase
    assert render_phrase(back, "ja") == render_phrase(phrase, "ja")
    assert "1,234 バイト" in render_phrase(back, "ja")


def test_the_json_scripts_read_is_unchanged() -> None:
    kept = finding("websub.signature-invalid", params={"method": "sha256", "size": 1})
    assert set(kept.to_json()) == {"severity", "code", "line", "message", "spec"}
    assert kept.to_stored()["params"] == {"method": "sha256", "size": 1}


def test_outside_words_stay_verbatim_and_values_that_are_not_json_are_text() -> None:
    phrase = said("events.reason-store-failed", message=OSError(28, "No space left on device"))
    back = Phrase.from_json(json.loads(json.dumps(phrase.to_json())))
    assert back.params == {"message": "[Errno 28] No space left on device"}
    assert render_phrase(back, "ja") == render_phrase(phrase, "ja")
    plain = verbatim("not on the list")
    assert Phrase.from_json(plain.to_json()) == plain
