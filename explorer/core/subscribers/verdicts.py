"""The verdict rules of ``subscriber-check``: what was seen in, a verdict and its reason out.

A subscriber under test is judged from outside, so each rule weighs what a hub can see:
answer statuses, which topic a subscription named, and how often the subscriber fetched
the resources a notification named from the test Source. Acting on a notification is
seen only by fetching; a subscriber that never fetches, even after a valid notification,
cannot show that it ignored a bad one, and gets NOT RUN rather than a guess. A refusal
that a plain valid notification also gets is NOT RUN too: ``deliver-valid`` judges it
once, so one defect fails one test. Reasons are catalog phrases
(``subscribers.reason.*``), rendered in the reader's language at the edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from explorer.core.phrase import Phrase
from explorer.core.subscribers.catalogue import Verdict
from explorer.core.words.messages import said

Answer = int | str | Phrase | None
"""What the subscriber answered: a status, or why there was none (an error's words)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """A verdict, its reason, and facts for ``--json``."""

    verdict: Verdict
    reason: Phrase
    facts: dict[str, Any] = field(default_factory=dict)


def judged(verdict: Verdict, key: str, /, **params: object) -> Judgement:
    """A verdict whose reason is the catalog line ``subscribers.reason.<key>``."""
    return Judgement(verdict, said(f"subscribers.reason.{key}", **params))


def is_success(answer: Answer) -> bool:
    return isinstance(answer, int) and 200 <= answer < 300


def answered(answer: Answer) -> str | Phrase:
    """A status as ``HTTP 404``, or the words saying why no answer came."""
    if isinstance(answer, int):
        return f"HTTP {answer}"
    if answer is None:
        return said("subscribers.reason.no-answer")
    return answer


def discovery(subscribed_to: str | None, expected: str, seconds: float) -> Judgement:
    """The subscription named the topic's ``self`` URL (WebSub §5.1), or another, or none."""
    if subscribed_to is None:
        return judged(Verdict.FAIL, "no-subscription", seconds=seconds, topic=expected)
    if subscribed_to == expected:
        return judged(Verdict.PASS, "subscribed", topic=expected)
    return judged(Verdict.FAIL, "wrong-topic", topic=subscribed_to, expected=expected)


def subscribe_once(requests: int, seconds: float) -> Judgement:
    """One subscription request per topic until a renewal is due."""
    if requests <= 1:
        return judged(Verdict.PASS, "subscribed-once", seconds=seconds)
    return judged(Verdict.FAIL, "subscribed-again", count=requests, seconds=seconds)


def verification_status(answer: Answer) -> Judgement:
    """A verification it asked for is confirmed with a 2xx (WebSub §5.3.1)."""
    if is_success(answer):
        return judged(Verdict.PASS, "verify-2xx", answer=answered(answer))
    return judged(Verdict.FAIL, "verify-not-2xx", answer=answered(answer))


def verification_echo(answer: Answer, echoed: bool, body: str) -> Judgement:
    """The body is ``hub.challenge`` exactly; a non-2xx answer is ``verify-status``'s."""
    if not is_success(answer):
        return judged(Verdict.NOT_RUN, "depends", test="verify-status", answer=answered(answer))
    if echoed:
        return judged(Verdict.PASS, "challenge-echoed")
    return judged(Verdict.FAIL, "challenge-wrong", body=body)


def unknown_topic(answer: Answer) -> Judgement:
    """A verification for a topic it never asked is refused with a 404 (WebSub §5.3.1)."""
    if answer == 404:
        return judged(Verdict.PASS, "unknown-refused")
    if is_success(answer):
        return judged(Verdict.FAIL, "unknown-confirmed", answer=answered(answer))
    return judged(Verdict.WARN, "unknown-other", answer=answered(answer))


def denial(answer: Answer) -> Judgement:
    """A ``hub.mode=denied`` request is received with a 2xx (WebSub §5.2)."""
    if is_success(answer):
        return judged(Verdict.PASS, "denied-received", answer=answered(answer))
    return judged(Verdict.WARN, "denied-not-2xx", answer=answered(answer))


def delivery(answer: Answer) -> Judgement:
    """A valid, signed notification is answered 2xx (WebSub §7)."""
    if is_success(answer):
        return judged(Verdict.PASS, "delivery-2xx", answer=answered(answer))
    return judged(Verdict.FAIL, "delivery-not-2xx", answer=answered(answer))


@dataclass(frozen=True, slots=True)
class Pair:
    """A notification under test followed by a plain valid one (the control), with the
    subscriber's answers and its fetches of what each named."""

    answer: Answer
    control: Answer
    fetched: int  # GETs of the resources the notification under test named
    fetched_control: int  # GETs of those the control named

    def facts(self) -> dict[str, Any]:
        return {
            "answer": self.answer if isinstance(self.answer, int | None) else str(self.answer),
            "control": self.control if isinstance(self.control, int | None) else str(self.control),
            "fetched": self.fetched,
            "fetched_control": self.fetched_control,
        }


def ignored(pair: Pair, what: Phrase) -> Judgement:
    """A badly signed notification (``what``) is answered 2xx and not acted on (WebSub
    §7.1.2): fetching what it named is a FAIL; a non-2xx answer a WARN."""
    if pair.fetched:
        verdict = judged(Verdict.FAIL, "acted", what=what, count=pair.fetched)
    elif not pair.fetched_control:
        verdict = judged(Verdict.NOT_RUN, "fetches-nothing", control=answered(pair.control))
    elif not is_success(pair.answer):
        verdict = judged(Verdict.WARN, "ignored-not-2xx", what=what, answer=answered(pair.answer))
    else:
        verdict = judged(Verdict.PASS, "ignored", what=what)
    return Judgement(verdict.verdict, verdict.reason, pair.facts())


def accepted(pair: Pair, algorithm: str) -> Judgement:
    """A notification signed with a recognised ``algorithm`` (WebSub §7.1.1) is taken as
    the sha256 control is: answered 2xx and, where the subscriber fetches, acted on."""
    if not is_success(pair.answer):
        if not is_success(pair.control):
            verdict = judged(
                Verdict.NOT_RUN, "depends", test="deliver-valid", answer=answered(pair.control)
            )
        else:
            verdict = judged(
                Verdict.FAIL, "algorithm-refused", algorithm=algorithm, answer=answered(pair.answer)
            )
    elif pair.fetched:
        verdict = judged(Verdict.PASS, "algorithm-acted", algorithm=algorithm)
    elif pair.fetched_control:
        verdict = judged(Verdict.FAIL, "algorithm-ignored", algorithm=algorithm)
    else:
        verdict = judged(Verdict.NOT_RUN, "fetches-nothing-accepted", algorithm=algorithm)
    return Judgement(verdict.verdict, verdict.reason, pair.facts())


def payload(pair: Pair, what: Phrase, *, required: bool) -> Judgement:
    """A ResourceSync payload (``what``) is answered 2xx. Refusing it while the plain
    control is taken is a FAIL where the specs require the form (``required``), a WARN
    where they only allow it (a body of 10 MB, a gzip coding)."""
    if is_success(pair.answer):
        verdict = judged(Verdict.PASS, "payload-2xx", what=what, answer=answered(pair.answer))
    elif not is_success(pair.control):
        verdict = judged(
            Verdict.NOT_RUN, "depends", test="deliver-valid", answer=answered(pair.control)
        )
    else:
        refused = Verdict.FAIL if required else Verdict.WARN
        verdict = judged(refused, "payload-refused", what=what, answer=answered(pair.answer))
    return Judgement(verdict.verdict, verdict.reason, pair.facts())


def renewal(renewed_after: float | None, lease: int) -> Judgement:
    """A renewal arrives before the lease the hub granted runs out (WebSub §5.1)."""
    if renewed_after is None:
        return judged(Verdict.FAIL, "not-renewed", lease=lease)
    seconds = round(renewed_after, 1)
    if renewed_after <= lease:
        return judged(Verdict.PASS, "renewed", seconds=seconds, lease=lease)
    return judged(Verdict.WARN, "renewed-late", seconds=seconds, lease=lease)


def unsubscribe(unsubscribed: bool, seconds: float) -> Judgement:
    """Asked to stop (SIGTERM), it unsubscribes; WebSub does not require it, so a
    subscriber that leaves its lease to run out is warned, not failed."""
    if unsubscribed:
        return judged(Verdict.PASS, "unsubscribed")
    return judged(Verdict.WARN, "not-unsubscribed", seconds=seconds)
