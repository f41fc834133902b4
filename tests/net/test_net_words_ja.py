"""What the network layer stores in English (a forward's failure, a subscription's move)
is said again in Japanese from the catalog line it came from."""

from __future__ import annotations

from explorer.core import catalog
from explorer.core.words.engine_words import event_detail
from explorer.net.live.forwarding.forward_outbox import ForwardAnswer
from explorer.net.live.forwarding.forwarder import ForwardState, describe


def _down(error: str) -> ForwardState:
    answer = ForwardAnswer(1, 0.0, "http://127.0.0.1:9/in", None, None, "", error, 3)
    return ForwardState("http://127.0.0.1:9/in", 2, down_since=0.0, last=answer)


def test_a_forward_failure_of_the_explorer_is_said_in_japanese() -> None:
    state = _down(catalog.text("forwarding.failed-no-answer-in-time"))
    assert describe(state, "en").endswith("last answer: none (no answer in time)")
    assert describe(state, "ja").endswith("最後の応答: なし（時間内に応答がありませんでした）")


def test_a_forward_failure_in_the_systems_words_stays_as_it_came() -> None:
    state = _down("ConnectionRefusedError: [Errno 111] Connection refused")
    assert "（ConnectionRefusedError: [Errno 111] Connection refused）" in describe(state, "ja")


def test_a_moved_subscription_is_said_in_japanese() -> None:
    english = catalog.text("events.reason-move-failed", callback="http://a/", reason="x", old="o")
    said = event_detail(english, "ja")
    assert "への移動に失敗しました" in said
    assert "failed" not in said
