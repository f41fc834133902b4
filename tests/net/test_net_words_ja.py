"""What the network layer keeps as phrases (a forward's failure, a subscription's move)
is said in Japanese from its catalog key; the system's own words stay as they came."""

from __future__ import annotations

from explorer.core.words.engine_words import event_detail
from explorer.core.words.messages import Phrase, said, verbatim
from explorer.net.live.forwarding.forward_outbox import ForwardAnswer
from explorer.net.live.forwarding.forwarder import ForwardState, describe


def _down(error: Phrase) -> ForwardState:
    answer = ForwardAnswer(1, 0.0, "http://127.0.0.1:9/in", None, None, "", error, 3)
    return ForwardState("http://127.0.0.1:9/in", 2, down_since=0.0, last=answer)


def test_a_forward_failure_of_the_explorer_is_said_in_japanese() -> None:
    state = _down(said("forwarding.failed-no-answer-in-time"))
    assert describe(state, "en").endswith("last answer: none (no answer in time)")
    assert describe(state, "ja").endswith("最後の応答: なし（時間内に応答がありませんでした）")


def test_a_forward_failure_in_the_systems_words_stays_as_it_came() -> None:
    state = _down(verbatim("ConnectionRefusedError: [Errno 111] Connection refused"))
    assert "（ConnectionRefusedError: [Errno 111] Connection refused）" in describe(state, "ja")


def test_a_moved_subscription_is_said_in_japanese() -> None:
    moved = said("events.reason-move-failed", callback="http://a/", reason="x", old="o")
    japanese = event_detail(moved, "ja")
    assert "への移動に失敗しました" in japanese
    assert "failed" not in japanese and japanese.startswith("— http://a/ ")  # no lead-in


def test_whether_unverified_deliveries_are_forwarded_is_said_in_both_languages() -> None:
    withheld = ForwardAnswer(
        7, 0.0, "http://127.0.0.1:9/in", None, None, "", said("forwarding.not-verified"), 0
    )
    held = ForwardState("http://127.0.0.1:9/in", 0, last=withheld)
    assert describe(held) == (
        "forwarding to http://127.0.0.1:9/in, 0 waiting; unverified deliveries are not "
        "forwarded; delivery 7 not forwarded: not verified (no valid hub signature)"
    )
    assert "署名未検証の配信は転送しません" in describe(held, "ja")
    assert describe(held, "ja").endswith(
        "配信 7: 転送しません: 署名未検証（ハブの有効な署名がありません）"
    )
    marked = ForwardState("http://127.0.0.1:9/in", 0, unverified=True)
    assert describe(marked).endswith(
        "unverified deliveries are forwarded unsigned, marked X-ResourceSync-Explorer-Verified: no"
    )
    assert "X-ResourceSync-Explorer-Verified: no を付けます" in describe(marked, "ja")
