"""Forwarding: each stored, accepted delivery POSTed on to the user's own application.

A ``DeliverySink``: told of a delivery after it is committed (with its outbox row, in the
same transaction, see ``forward_outbox``), it only wakes the forwarder task, so it can
neither delay the hub's acknowledgement nor hold up intake. The task drains the outbox
in id order, which is the hub's order; a target that is down, times out or answers
non-2xx is tried again under the one retry policy (backoff, ``Retry-After``), and later
deliveries wait behind it: order is kept, nothing is skipped. A row leaves the outbox only
after a 2xx; on start the outbox is drained again.

What is sent (WebSub §7 as a hub would): the stored body unchanged, its Content-Type,
its Link headers (rel="hub", rel="self"), ``X-Hub-Signature: <alg>=<hex>`` over the
forwarded body with the forward secret (§7.1; the hub's own signature is never passed
on), ``X-ResourceSync-Explorer-Delivery: <id>`` so the application can drop duplicates,
and the user's extra headers.

Forwarding vouches only for what was verified: the forward signature says "the hub
signed this", so only a delivery whose hub signature was valid on arrival is signed. A
2012 HTTP-callback push or an XMPP item (neither form is signed) and a delivery of a
``--no-secret`` subscription came from whoever knew the callback; signed with the forward
secret, a forged one would reach the application looking genuine. Such a delivery is by
default not forwarded (its answer row says ``forwarding.not-verified``); with the target's
``forward_unverified`` it is sent without ``X-Hub-Signature`` and with
``X-ResourceSync-Explorer-Verified: no``. The rule is here, at the send, so it also holds
for rows an older version queued and for "forward again".
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from explorer.core import catalog
from explorer.core.push.signatures import SignatureState, signer
from explorer.core.words.messages import Phrase, render_phrase, said
from explorer.net.http.retry_policy import RetryPolicy
from explorer.net.live.forwarding.forward_client import ForwardHTTPError, OneConnection
from explorer.net.live.forwarding.forward_outbox import (
    ANSWER_KEPT,
    ForwardAnswer,
    ForwardItem,
    ForwardOutbox,
)
from explorer.net.store.database import InTransaction, Store
from explorer.net.store.records import NotificationRecord

DELIVERY_HEADER = "X-ResourceSync-Explorer-Delivery"
VERIFIED_HEADER = "X-ResourceSync-Explorer-Verified"
"""Sent as ``no`` on a delivery forwarded although its hub signature was not valid."""
ALGORITHMS = ("sha1", "sha256", "sha384", "sha512")
SETTLE_EVERY = 64
"""Answered deliveries whose outbox rows are deleted in one transaction."""
SETTLE_AFTER = 0.5
"""Seconds the queue stays empty before the answered rows are deleted."""
GATHER = 0.02
"""Seconds the forwarder lets deliveries gather after it is woken."""


@dataclass(frozen=True, slots=True)
class ForwardTarget:
    """Where and how to forward; ``secret`` signs with ``algorithm`` when given."""

    url: str
    secret: str | None = None
    algorithm: str = "sha256"
    headers: tuple[tuple[str, str], ...] = ()
    timeout: float = 10.0
    # Deliveries whose hub signature was not valid: sent unsigned and marked (True), or
    # not sent (False, the default: the application never hears of them).
    forward_unverified: bool = False
    # Never gives up (nothing is skipped); a local application that comes back is tried
    # again within 5 s, unless it asked for longer with Retry-After.
    retry: RetryPolicy = field(
        default_factory=lambda: RetryPolicy(
            retries=1_000_000_000, backoff=0.5, max_retry_after=300.0, max_backoff=5.0
        )
    )


@dataclass(frozen=True, slots=True)
class ForwardState:
    """What the window and ``listen`` show: "forwarding", or "target down since …, N
    waiting", and the last answer."""

    target: str
    waiting: int
    down_since: float | None = None
    last: ForwardAnswer | None = None
    unverified: bool = False  # deliveries without a valid hub signature are forwarded

    @property
    def down(self) -> bool:
        return self.down_since is not None


class Forwarder:
    """Drains one store's outbox (or one subscription's part of it) to one target;
    ``delivered`` is the sink side."""

    def __init__(
        self, store: Store, target: ForwardTarget, subscription_id: str | None = None
    ) -> None:
        self.outbox = ForwardOutbox(store, subscription_id)
        self.target = target
        self.state_listeners: list[Callable[[ForwardState], None]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._connection = OneConnection(target.url, target.timeout)
        self._down_since: float | None = None
        self._last: ForwardAnswer | None = None
        self._rescan = False
        self._done: list[int] = []  # answered 2xx (or gone), rows not yet deleted
        self._answers: list[ForwardAnswer] = []
        self._sign = signer(target.secret, target.algorithm) if target.secret else None

    async def start(self) -> None:
        """Drain what a previous run left in the outbox."""
        self._task = asyncio.create_task(self._run())
        self._wake.set()

    async def close(self) -> None:
        """Stop; what is still queued stays in the outbox for the next start, and what was
        answered leaves it (so a clean stop sends nothing twice)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._connection.aclose()
        await self._settle()

    def queue_with(self, sub_id: str) -> InTransaction:
        """What the intake commits with each accepted delivery of ``sub_id``."""
        return self.outbox.queue_with(sub_id)

    # --- the sink side -----------------------------------------------------------------

    def delivered(self, record: NotificationRecord) -> None:
        """A delivery is stored (its outbox row with it, when it is to be forwarded)."""
        mine = self.outbox.subscription_id in (None, record.subscription_id)
        if record.status == "notification" and mine:
            self._wake.set()

    async def forward_again(self, notification_ids: list[int]) -> int:
        """Queue stored deliveries to be forwarded once more; returns how many."""
        await self._settle()  # an answered row still in the queue would swallow the new one
        queued = await self.outbox.requeue(notification_ids)
        self._rescan = True
        self._wake.set()
        return queued

    def answer(self, notification_id: int) -> ForwardAnswer | None:
        """The target's last answer to a delivery (also one not yet written down)."""
        pending = [a for a in self._answers if a.notification_id == notification_id]
        return pending[-1] if pending else self.outbox.answer(notification_id)

    def state(self) -> ForwardState:
        waiting = self.outbox.count() - len(self._done)  # answered rows not yet deleted
        target = self.target
        return ForwardState(
            target.url, waiting, self._down_since, self._last, target.forward_unverified
        )

    # --- the task ----------------------------------------------------------------------

    async def _run(self) -> None:
        """Forward queued rows in id order. Answered rows are deleted in groups: once
        ``SETTLE_EVERY`` have gone, before waiting on a target that is down, and when the
        queue has been empty for ``SETTLE_AFTER`` seconds."""
        after = 0  # the highest id sent; rows above it are new
        while True:
            if self._rescan:  # forward_again may have queued rows below ``after``
                self._rescan = False
                await self._settle()
                after = 0
            batch = self.outbox.next_items(after)
            if not batch:
                await self._idle()
                continue
            for item in batch:
                withheld = False
                if isinstance(item, ForwardItem):  # else deleted meanwhile: nothing to send
                    answer = await self._send_or_withhold(item)
                    self._answers.append(answer)
                    withheld = answer.attempts == 0
                after = item.id if isinstance(item, ForwardItem) else item
                self._done.append(after)
                if withheld:  # said once it no longer counts as waiting
                    self._tell()
                if len(self._done) >= SETTLE_EVERY:
                    await self._settle()

    async def _idle(self) -> None:
        """Wait for the next delivery; settle what was answered if none comes soon."""
        if self._done:
            try:  # not wait_for: in 3.11 it can swallow a cancellation that comes as it ends
                async with asyncio.timeout(SETTLE_AFTER):
                    await self._wake.wait()
            except TimeoutError:
                await self._settle()
        else:
            await self._wake.wait()
        await asyncio.sleep(GATHER)  # let a burst queue up: one read serves it all
        self._wake.clear()

    async def _settle(self) -> None:
        """Delete the answered rows and keep their answers, in one transaction."""
        if self._done:
            done, answers, self._done, self._answers = self._done, self._answers, [], []
            await self.outbox.settle(done, answers)

    async def _send_or_withhold(self, item: ForwardItem) -> ForwardAnswer:
        """Send ``item``, unless it is unverified and the target does not take those: then
        an answer that says why it was not sent (no attempt)."""
        if verified(item) or self.target.forward_unverified:
            return await self._send_until_answered(item)
        withheld = ForwardAnswer(
            item.id,
            time.time(),
            self.target.url,
            None,
            None,
            "",
            said("forwarding.not-verified"),
            0,
        )
        self._last = withheld
        return withheld

    async def _send_until_answered(self, item: ForwardItem) -> ForwardAnswer:
        """POST one delivery until the target answers 2xx."""
        attempt = 0
        while True:
            attempt += 1
            answer, retry_after = await self._post(item, attempt)
            self._last = answer
            if answer.status is not None and 200 <= answer.status < 300:
                if self._down_since is not None:
                    self._down_since = None
                    self._tell()
                return answer
            if self._down_since is None:
                await self._settle()  # what went out before waits for nothing
                self._down_since = answer.time
                self._tell()
            delay = self.target.retry.delay(min(attempt, 30), retry_after)
            await asyncio.sleep(self.target.retry.max_backoff if delay is None else delay)

    def headers(self, item: ForwardItem) -> list[tuple[str, str]]:
        """The forwarded request's headers (see the module's docstring)."""
        pairs = [("Content-Type", item.content_type or "application/xml")]
        pairs += [(name, value) for name, value in item.headers if name.lower() == "link"]
        if not verified(item):  # never vouched for: no signature, and said so
            pairs.append((VERIFIED_HEADER, "no"))
        elif self._sign is not None:
            pairs.append(("X-Hub-Signature", self._sign(item.body)))
        pairs.append((DELIVERY_HEADER, str(item.id)))
        pairs += self.target.headers
        return pairs

    async def _post(self, item: ForwardItem, attempt: int) -> tuple[ForwardAnswer, str | None]:
        started = time.time()
        status: int | None = None
        body, error, retry_after = "", None, None
        try:
            answer = await self._connection.post(self.headers(item), item.body, ANSWER_KEPT)
            status, retry_after = answer.status, answer.retry_after
            body = answer.body.decode("utf-8", "replace")
        except ForwardHTTPError as exc:
            error = exc.said
        duration = round((time.time() - started) * 1000, 3)
        forwarded = ForwardAnswer(
            item.id, started, self.target.url, status, duration, body, error, attempt
        )
        return forwarded, retry_after

    def _tell(self) -> None:
        state = self.state()
        for listener in list(self.state_listeners):
            listener(state)


def verified(item: ForwardItem) -> bool:
    """Whether the hub's signature over the delivery was valid when it arrived (a replay
    is stored rejected, whatever its signature)."""
    return item.status == "notification" and item.signature == SignatureState.VALID


def describe(state: ForwardState, lang: str = "en") -> str:
    """The state as one line: "forwarding …" or "target down since …, N waiting", whether
    unverified deliveries are forwarded, and the last answer."""
    if state.down_since is not None:
        since = datetime.fromtimestamp(state.down_since, UTC).isoformat(timespec="seconds")
        line = catalog.text("forwarding.state-down", lang, since=since, waiting=state.waiting)
    else:
        line = catalog.text(
            "forwarding.state-forwarding", lang, target=state.target, waiting=state.waiting
        )
    policy = "forwarding.unverified-marked" if state.unverified else "forwarding.unverified-held"
    line += catalog.text("common.sentence-end", lang) + catalog.text(policy, lang)
    last = state.last
    if last is not None and last.attempts == 0:  # withheld: never sent
        line += catalog.text("common.sentence-end", lang) + catalog.text(
            "forwarding.last-withheld",
            lang,
            id=last.notification_id,
            reason=_error_in(last.error, lang),
        )
    elif last is not None and last.status is not None:
        status, took = last.status, last.duration_ms or 0.0
        line += catalog.text("common.sentence-end", lang) + catalog.text(
            "forwarding.last-answer", lang, status=status, duration_ms=took
        )
    elif last is not None:
        line += catalog.text("common.sentence-end", lang) + catalog.text(
            "forwarding.last-error", lang, error=_error_in(last.error, lang)
        )
    return line


def _error_in(error: Phrase | None, lang: str) -> str | None:
    """Why a forward failed, in ``lang``: the explorer's own reasons (``forwarding.failed-*``)
    said again; the system's words as they came."""
    return render_phrase(error, lang) if error is not None else None
