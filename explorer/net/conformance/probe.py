"""A scripted subscriber endpoint for conformance checks: one callback URL, told how to answer.

Unlike the real subscriber (``explorer.net.live.subscriber``), a probe keeps no state
machine and no store: it records every verification and delivery its callback gets and
answers the way the check wants (a correct echo, a wrong echo, 404), so the check can
see exactly what the hub did.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from explorer.net.live.callback.callback_server import Delivery, Reply

ECHO, WRONG_ECHO = "echo", "wrong-echo"
FAILING = 503  # what a probe scripted to fail answers a delivery (WebSub §7: any non-2xx)
GONE = 410  # WebSub §7: the subscription has been deleted


@dataclass(frozen=True, slots=True)
class Verification:
    """A verification-of-intent (or denial) GET as the probe received it (WebSub §5.2, §5.3)."""

    mode: str
    topic: str
    challenge: bytes | None
    lease: str | None  # raw hub.lease_seconds, None when absent
    reason: str | None  # hub.reason of a denial
    status: int  # what the probe answered
    received: float

    @property
    def confirmed(self) -> bool:
        """The probe agreed with a correct echo, so the hub may activate (WebSub §5.3.1)."""
        return self.status == 200 and self.mode in ("subscribe", "unsubscribe")


class Probe:
    """One callback path; register it on a ``CallbackServer`` under ``token``."""

    def __init__(
        self, token: str, url: str, topic: str, *, secret: str | None = None, answer: str = ECHO
    ) -> None:
        self.token = token
        self.url = url
        self.topic = topic
        self.secret = secret
        self.answer = answer
        self.accept_unsubscribe = False  # echo hub.mode=unsubscribe only once we asked
        self.closed = False  # after the check: deliveries get 410 (WebSub §7)
        self.witness = False  # the run-long shadow probe: stays open after its check
        # A memory check scripts the answers to deliveries: fail the next ``fail_next``,
        # fail every one while ``fail_all``, or say 410 Gone while ``gone``.
        self.fail_next = 0
        self.fail_all = False
        self.gone = False
        self.verifications: list[Verification] = []
        self.deliveries: list[Delivery] = []
        self.answers: list[int] = []  # the status each delivery got, in order
        self.refusals: list[str] = []

    # --- CallbackTarget --------------------------------------------------------------

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        mode = _text(params.get("hub.mode")) or ""
        topic = _text(params.get("hub.topic")) or ""
        challenge = params.get("hub.challenge")
        reply = self._answer(mode, topic, challenge)
        self.verifications.append(
            Verification(
                mode,
                topic,
                challenge,
                _text(params.get("hub.lease_seconds")),
                _text(params.get("hub.reason")),
                reply.status,
                time.time(),
            )
        )
        return reply

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        self.deliveries.append(delivery.kept())  # its spooled body goes with the request
        status = self._delivery_status()
        self.answers.append(status)
        if status == GONE:
            return Reply(GONE, b"this conformance probe has finished\n")
        if status == FAILING:
            return Reply(FAILING, b"this conformance probe fails deliveries on purpose\n")
        return Reply(200)

    def _delivery_status(self) -> int:
        if self.closed or self.gone:
            return GONE
        if self.fail_all:
            return FAILING
        if self.fail_next > 0:
            self.fail_next -= 1
            return FAILING
        return 200

    def on_refused(self, token: str, code: str, message: str) -> None:
        self.refusals.append(f"{code}: {message}")

    def _answer(self, mode: str, topic: str, challenge: bytes | None) -> Reply:
        """Echo only for the intent this probe has (WebSub §5.3.1); a check may lie on purpose."""
        if mode == "denied":
            return Reply(200)
        wanted = mode == "subscribe" or (mode == "unsubscribe" and self.accept_unsubscribe)
        if topic != self.topic or challenge is None or not wanted:
            return Reply(404, b"no such pending intent\n")
        if mode == "subscribe" and self.answer == WRONG_ECHO:
            return Reply(200, b"not-" + challenge)
        return Reply(200, challenge)

    # --- what the checks read --------------------------------------------------------

    def verifications_after(self, index: int, *modes: str) -> list[Verification]:
        return [v for v in self.verifications[index:] if not modes or v.mode in modes]

    def answered(self) -> list[tuple[Delivery, int]]:
        """Each delivery with the status the probe gave it."""
        return list(zip(self.deliveries, self.answers, strict=True))


async def wait_until(predicate: Callable[[], bool], timeout: float, poll: float = 0.02) -> bool:
    """Poll ``predicate`` until it holds or ``timeout`` passes; True when it held."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(poll)
    return True


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("utf-8", "replace")
