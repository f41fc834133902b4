"""What the hub says about an intent moves a WebSub subscription on.

The hub's answer to a (un)subscription POST (WebSub §5.1.2: 202, or 204 from a
PubSubHubbub 0.4 hub, or a refusal shown verbatim), its verification of intent (echoed
only for a pending intent, anything else is 404, §5.3.1, see ``Subscription.wants``), a
denial (§5.2, at any time), and the verification that never came. Each change is
committed before its event; the timers that follow are set in the ``LeaseSchedule``.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from explorer.core.addresses import one_cause
from explorer.core.findings import Finding, finding
from explorer.core.words.messages import Phrase, finding_words, said, verbatim
from explorer.net.live import subscriber_events as ev
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import Reply, reply_saying
from explorer.net.live.event_pipeline import EventPipeline
from explorer.net.live.hub_client import HubAnswer
from explorer.net.live.lease_schedule import LeaseSchedule
from explorer.net.live.subscription import State, Subscription
from explorer.net.live.subscription_book import SubscriptionBook


class IntentOutcomes:
    """The state machine's moves on the hub's answers, verifications and silences.

    ``renew`` sends a renewal (the subscriber's request); ``verification_timeout`` is read
    at each use (settings may replace the subscriber's config while it runs).
    """

    def __init__(
        self,
        book: SubscriptionBook,
        leases: LeaseSchedule,
        pipeline: EventPipeline,
        verification_timeout: Callable[[], float],
        renew: Callable[[Subscription], Awaitable[None]],
    ) -> None:
        self.book = book
        self.leases = leases
        self._emit = pipeline.emit
        self._verification_timeout = verification_timeout
        self._renew = renew

    async def verification(self, sub: Subscription, params: dict[str, bytes]) -> Reply:
        mode = params.get("hub.mode", b"").decode("utf-8", "replace")
        topic = params.get("hub.topic", b"").decode("utf-8", "replace")
        if mode == "denied":  # WebSub §5.2: the hub may deny at any time
            if topic != sub.topic or sub.final:
                return self._unknown_intent(sub, mode, topic)
            self.leases.cancel(sub)
            reason = params.get("hub.reason", b"").decode("utf-8", "replace") or None
            hub_said = verbatim(reason) if reason else None  # the hub's own words
            sub.transition(State.DENIED, hub_said or said("events.reason-denied-without-reason"))
            await self.book.save(sub)
            denied = finding(
                "websub.denied",
                params={"hub": sub.hub, "topic": sub.topic, "reason": reason or "—"},
                variant="" if reason else "no-reason",
            )
            self._emit(sub, ev.DENIED, reason=hub_said, findings=[denied])
            return Reply(200)
        challenge = params.get("hub.challenge")
        if challenge is None or not sub.wants(mode, topic):
            return self._unknown_intent(sub, mode, topic)
        self.leases.cancel(sub)
        if mode == "unsubscribe":
            sub.transition(State.ENDED, sub.reason)
            await self.book.save(sub)
            self._emit(sub, ev.UNSUBSCRIBED, reason=sub.reason)
            return Reply(200, challenge)  # WebSub §5.3.1: the body is the challenge, nothing else
        notes, lease = self.leases.judge(sub, params.get("hub.lease_seconds"))
        renewed = sub.state in (State.ACTIVE, State.RENEWING)
        sub.lease_seconds = lease
        sub.lease_expires = time.time() + lease if lease else None
        self.book.renewal_errors.pop(sub.id, None)
        confirmed = self.book.restore.confirmed(sub.id)
        sub.transition(State.ACTIVE, None)
        await self.book.save(sub)
        name = ev.CONFIRMED if confirmed else ev.RENEWED if renewed else ev.VERIFIED
        self._emit(sub, name, lease_seconds=lease, findings=notes)
        self.schedule_renewal(sub)
        return Reply(200, challenge)

    async def answered(self, sub: Subscription, mode: str, answer: HubAnswer) -> HubAnswer:
        if sub.final:  # ended here while the request was in flight (``abandon``)
            return answer
        if answer.hub and answer.hub != sub.hub and answer.status is not None:
            sub.hub = answer.hub
        if not answer.accepted:
            if mode == "unsubscribe":
                refused = said("events.reason-refused-unsubscribe", message=answer.message)
                sub.transition(State.ENDED, refused)
                await self.book.save(sub)
                self._emit(sub, ev.ERROR, message=answer.message, findings=answer.findings)
                return answer
            if sub.state == State.RENEWING and (sub.lease_expires or 0) > time.time():
                reason = answer.message or said("events.reason-hub-refused")
                failed = said("events.reason-renewal-failed", message=reason)
                await self._renewal_failed(sub, failed, answer.findings)
                return answer
            refused = answer.message or said("events.reason-hub-refused")
            await self.fail(sub, None, refused, answer.findings)
            return answer
        sub.dialect = transports.dialect_answered(answer.status)
        notes = list(answer.findings)
        if answer.status == 204:
            notes.append(finding("websub.legacy-hub", params={"hub": sub.hub}))
        elif answer.status != 202:
            notes.append(
                finding("websub.hub-status", params={"hub": sub.hub, "status": answer.status})
            )
        if sub.state == State.REQUESTED:
            sub.transition(State.PENDING, None)
        await self.book.save(sub)
        if mode == "subscribe":
            self._emit(sub, ev.SUBSCRIBE_REQUESTED, flavour=sub.flavour, findings=notes)
        elif notes:
            self._emit(
                sub, ev.ERROR, message=said("events.reason-unsubscription-notes"), findings=notes
            )
        if sub.state in (State.PENDING, State.RENEWING, State.UNSUBSCRIBING):
            self.arm_verification_timer(sub)
        return answer

    async def _renewal_failed(
        self, sub: Subscription, message: Phrase, notes: list[Finding]
    ) -> None:
        """A renewal the hub did not take while the lease still holds: the subscription
        stays, marked. For a restored one under check, the hub did not confirm it: said
        once, as ``not-confirmed``, and asked again soon (not at half the lease)."""
        if self.book.restore.doubtful(sub.id) and (cause := one_cause(sub.hub, [str(message)])):
            message = said("events.reason-hub-gone", hub=sub.hub, cause=cause)
        self.book.renewal_errors[sub.id] = message
        sub.transition(State.ACTIVE, message)
        first = self.book.restore.refused(sub.id, message)
        await self.book.save(sub)
        if not self.book.restore.doubtful(sub.id):
            self._emit(sub, ev.ERROR, message=message, findings=notes)
            self.schedule_renewal(sub, retry=True)
            return
        delay = self.book.restore.recheck_delay
        if first:
            said_line = said("first_hour.not-confirmed", reason=message, seconds=delay)
            self._emit(sub, ev.NOT_CONFIRMED, message=said_line, findings=notes)
        self.leases.after(sub, delay, lambda: self._renew(sub))

    def check_restored(self, sub: Subscription) -> None:
        """Ask the hub at once to confirm a restored subscription (a renewal, WebSub §5.1):
        until its verification comes the subscription is ``checking``."""
        self._emit(sub, ev.CHECKING, message=said("first_hour.checking"))
        self.leases.after(sub, 0, lambda: self._renew(sub))

    def schedule_renewal(self, sub: Subscription, *, retry: bool = False) -> None:
        self.leases.renew_later(sub, lambda: self._renew(sub), retry=retry)

    def arm_verification_timer(self, sub: Subscription) -> None:
        self.leases.after(
            sub, self._verification_timeout(), lambda: self._verification_overdue(sub)
        )

    async def _verification_overdue(self, sub: Subscription) -> None:
        async with self.book.settle(sub):
            await self._verification_overdue_now(sub)

    async def _verification_overdue_now(self, sub: Subscription) -> None:
        overdue = finding(
            "websub.verification-timeout",
            params={"hub": sub.hub, "seconds": self._verification_timeout()},
        )
        message, notes = finding_words(overdue), [overdue]
        if sub.state == State.UNSUBSCRIBING:
            sub.transition(State.ENDED, said("events.reason-never-verified-unsubscribed"))
            await self.book.save(sub)
            self._emit(sub, ev.UNSUBSCRIBED, reason=sub.reason, findings=notes)
        elif sub.state == State.RENEWING and (sub.lease_expires or 0) > time.time():
            await self._renewal_failed(sub, message, notes)
        elif sub.state in (State.REQUESTED, State.PENDING, State.RENEWING):
            await self.fail(sub, None, message, notes)

    async def fail(
        self,
        sub: Subscription,
        code: str | None,
        message: Phrase,
        notes: list[Finding] | None = None,
        *,
        params: dict[str, object] | None = None,
        variant: str = "",
    ) -> None:
        self.leases.cancel(sub)
        self.book.restore.forget(sub.id)
        sub.transition(State.FAILED, message)
        await self.book.save(sub)
        findings = list(notes or [])
        if code is not None:
            findings.append(finding(code, str(message), params=params, variant=variant))
        self._emit(sub, ev.ERROR, message=message, findings=findings)

    def _unknown_intent(self, sub: Subscription, mode: str, topic: str) -> Reply:
        unknown = finding(
            "websub.unknown-intent",
            params={"mode": mode, "topic": topic, "state": str(sub.state), "subscribed": sub.topic},
        )
        self._emit(sub, ev.ERROR, message=finding_words(unknown), findings=[unknown])
        return reply_saying(404, "callback.reply-no-intent")
