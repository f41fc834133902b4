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
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import aiohttp

from explorer.core import catalog
from explorer.core.signatures import sign
from explorer.net.forward_outbox import ANSWER_KEPT, ForwardAnswer, ForwardOutbox
from explorer.net.retry_policy import RetryPolicy
from explorer.net.store import InTransaction, NotificationRecord, Store

DELIVERY_HEADER = "X-ResourceSync-Explorer-Delivery"
ALGORITHMS = ("sha1", "sha256", "sha384", "sha512")
SETTLE_EVERY = 64
"""Answered deliveries whose outbox rows are deleted in one transaction."""


@dataclass(frozen=True, slots=True)
class ForwardTarget:
    """Where and how to forward; ``secret`` signs with ``algorithm`` when given."""

    url: str
    secret: str | None = None
    algorithm: str = "sha256"
    headers: tuple[tuple[str, str], ...] = ()
    timeout: float = 10.0
    retry: RetryPolicy = field(
        default_factory=lambda: RetryPolicy(
            retries=1_000_000_000, backoff=0.5, max_retry_after=300.0, max_backoff=30.0
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

    @property
    def down(self) -> bool:
        return self.down_since is not None


class Forwarder:
    """Drains one store's outbox to one target; ``delivered`` is the sink side."""

    def __init__(self, store: Store, target: ForwardTarget) -> None:
        self.outbox = ForwardOutbox(store)
        self.target = target
        self.state_listeners: list[Callable[[ForwardState], None]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._down_since: float | None = None
        self._last: ForwardAnswer | None = None
        self._done: list[int] = []  # answered 2xx (or gone), rows not yet deleted
        self._answers: list[ForwardAnswer] = []

    async def start(self) -> None:
        """Create the outbox tables, then drain what a previous run left."""
        await self.outbox.prepare()
        self._session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=self.target.timeout), auto_decompress=False
        )
        self._task = asyncio.create_task(self._run())
        self._wake.set()

    async def close(self) -> None:
        """Stop; what is still queued stays in the outbox for the next start."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    def queue_with(self, sub_id: str) -> InTransaction:
        """What the intake commits with each accepted delivery of ``sub_id``."""
        return self.outbox.queue_with(sub_id)

    # --- the sink side -----------------------------------------------------------------

    def delivered(self, record: NotificationRecord) -> None:
        """A delivery is stored (its outbox row with it, when it is to be forwarded)."""
        if record.status == "notification":
            self._wake.set()

    async def forward_again(self, notification_ids: list[int]) -> int:
        """Queue stored deliveries to be forwarded once more; returns how many."""
        queued = await self.outbox.requeue(notification_ids)
        self._wake.set()
        return queued

    def state(self) -> ForwardState:
        return ForwardState(self.target.url, self.outbox.count(), self._down_since, self._last)

    # --- the task ----------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            after = 0
            while batch := self.outbox.waiting(after):
                for notification_id in batch:
                    answer = await self._send_until_answered(notification_id)
                    self._done.append(notification_id)
                    if answer is not None:
                        self._answers.append(answer)
                    if len(self._done) >= SETTLE_EVERY:
                        await self._settle()
                await self._settle()
                after = batch[-1]

    async def _settle(self) -> None:
        """Delete the answered rows and keep their answers, in one transaction."""
        if self._done:
            done, answers, self._done, self._answers = self._done, self._answers, [], []
            await self.outbox.settle(done, answers)

    async def _send_until_answered(self, notification_id: int) -> ForwardAnswer | None:
        """POST one delivery until the target answers 2xx (None: it was deleted meanwhile)."""
        record = self._record(notification_id)
        if record is None:
            return None
        attempt = 0
        while True:
            attempt += 1
            answer, retry_after = await self._post(record, attempt)
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

    def _record(self, notification_id: int) -> NotificationRecord | None:
        rows = self.outbox.store.notifications(after_id=notification_id - 1, limit=1)
        return rows[0] if rows and rows[0].id == notification_id else None

    def headers(self, record: NotificationRecord) -> list[tuple[str, str]]:
        """The forwarded request's headers (see the module's docstring)."""
        pairs = [("Content-Type", record.content_type or "application/xml")]
        pairs += [(name, value) for name, value in record.headers if name.lower() == "link"]
        if self.target.secret:
            pairs.append(
                ("X-Hub-Signature", sign(self.target.secret, record.body, self.target.algorithm))
            )
        pairs.append((DELIVERY_HEADER, str(record.id)))
        pairs += list(self.target.headers)
        return pairs

    async def _post(
        self, record: NotificationRecord, attempt: int
    ) -> tuple[ForwardAnswer, str | None]:
        assert self._session is not None and record.id is not None
        started = time.time()
        status: int | None = None
        body, error, retry_after = "", None, None
        try:
            async with self._session.post(
                self.target.url, data=record.body, headers=self.headers(record)
            ) as response:
                status = response.status
                retry_after = response.headers.get("Retry-After")
                kept = await response.content.read(ANSWER_KEPT)
                body = kept.decode("utf-8", "replace")
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            error = f"{type(exc).__name__}: {exc}"[:500]
        duration = round((time.time() - started) * 1000, 3)
        answer = ForwardAnswer(
            record.id, started, self.target.url, status, duration, body, error, attempt
        )
        return answer, retry_after

    def _tell(self) -> None:
        state = self.state()
        for listener in list(self.state_listeners):
            listener(state)


def describe(state: ForwardState, lang: str = "en") -> str:
    """The state as one line: "forwarding …" or "target down since …, N waiting", and the
    last answer."""
    if state.down_since is not None:
        since = datetime.fromtimestamp(state.down_since, UTC).isoformat(timespec="seconds")
        line = catalog.text("forwarding.state-down", lang, since=since, waiting=state.waiting)
    else:
        line = catalog.text(
            "forwarding.state-forwarding", lang, target=state.target, waiting=state.waiting
        )
    last = state.last
    if last is not None and last.status is not None:
        status, took = last.status, last.duration_ms or 0.0
        line += "; " + catalog.text("forwarding.last-answer", lang, status=status, duration_ms=took)
    elif last is not None:
        line += "; " + catalog.text("forwarding.last-error", lang, error=last.error)
    return line
