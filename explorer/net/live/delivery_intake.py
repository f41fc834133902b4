"""Delivery intake: check a pushed notification, store it, then acknowledge it.

Deliveries are identified by their subscription only (for WebSub the callback path,
never their Link headers, §7), checked for X-Hub-Signature over the raw body (§7.1),
committed to the store before the 2xx, and answered 410 once the user ended the
subscription (§7). Sinks hear of each stored delivery after the commit (see
``explorer.net.live.push_transport``).

The body is read whole only once its signature holds and it is not a replay: a rejected
delivery keeps its start and its SHA-256, within a quota per subscription
(``delivery_memory``). A delivery nobody signed (every 2012 push, whether by HTTP callback
or XMPP, and a WebSub subscription without a secret) comes through the same steps and is
read whole only within its subscription's unverified quota; past it, it is kept as a
rejected one (``websub.unverified-over-quota``), so a stranger who learns the callback
URL cannot fill the disk or the memory.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.push.notification_checks import (
    DeliveryContext,
    check_continuity,
    check_delivery_headers,
    check_notification,
    summarize_notification,
)
from explorer.core.push.signatures import SignatureCheck, SignatureState, verify_signature
from explorer.core.validator import ValidationContext, check_bytes
from explorer.core.words.messages import Phrase, finding_words, said
from explorer.net.live import subscriber_events as ev
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import (
    DEFAULT_MAX_BODY,
    Delivery,
    Reply,
    reply_saying,
    said_on_the_wire,
)
from explorer.net.live.callback.received_body import SPOOL_AT
from explorer.net.live.delivery_memory import DeliveryMemory, replay_key
from explorer.net.live.probe_payloads import ProbePayloads
from explorer.net.live.push_transport import DeliverySink
from explorer.net.live.subscription import Subscription
from explorer.net.store.database import InTransaction, Store, StoreError
from explorer.net.store.records import NotificationRecord

PROBE_REPLY = said_on_the_wire("callback.reply-probe")

Emit = Callable[..., None]
Decode = Callable[[Delivery], Awaitable[Delivery]]


async def _as_is(delivery: Delivery) -> Delivery:
    return delivery


@dataclass(slots=True)
class _Checked:
    status: str
    signature: str
    reason: Phrase | None
    document: Document | None
    findings: list[Finding]
    summary: dict[str, Any] | None


class DeliveryIntake:
    """Takes the deliveries of every subscription of one store, in arrival order.

    ``probe_payloads`` names bodies a conformance run published: deliveries of them are
    acknowledged but neither stored nor published. Bodies over ``inline_parse_bytes``
    are checked in a worker thread so the loop keeps answering. ``decode`` undoes a
    Content-Encoding once the signature holds (the callback server's ``decode``).
    ``unverified_quota`` is what each subscription's unsigned notifications may store in
    all (``DeliveryMemory.unverified_room``).
    """

    def __init__(
        self,
        store: Store,
        emit: Emit,
        workers: Executor,
        *,
        inline_parse_bytes: Callable[[], int],
        probe_payloads: ProbePayloads | None = None,
        decode: Decode = _as_is,
        unverified_quota: int = DEFAULT_MAX_BODY,
    ) -> None:
        self.store = store
        self.memory = DeliveryMemory(store, unverified_quota)
        self.decode = decode
        self.forward: Callable[[Subscription], InTransaction | None] | None = None
        """When set, what to commit with a subscription's accepted delivery (a forwarding
        queue entry), so it is queued on disk before the hub hears 2xx."""
        self.probe_payloads = probe_payloads
        self.sinks: list[DeliverySink] = []
        self.last_until: dict[str, str | None] = {}  # per subscription, for continuity
        self._emit = emit
        self._workers = workers
        self._inline_parse_bytes = inline_parse_bytes

    async def take(self, sub: Subscription, delivery: Delivery) -> Reply:
        if sub.final:  # WebSub §7: 410 tells the hub the subscription is gone
            return reply_saying(410, "callback.reply-ended")
        raw = delivery.raw
        probes = self.probe_payloads
        if probes is not None and raw.size <= SPOOL_AT and probes.holds(raw.read()):
            # The hub fanned a conformance run's publication out to this subscription too:
            # acknowledged, and left in the exchange log, but no row and no continuity check.
            return Reply(200, PROBE_REPLY)
        header = delivery.header("X-Hub-Signature")
        signature = await self._run(verify_signature, raw.size, header, raw, sub.secret)
        if not signature.state.accepted:  # WebSub §7.1.2: not a notification
            return await self._keep_rejected(sub, delivery, signature, signature.reason)
        key = replay_key(header, raw.digest)
        original = self.memory.replay_of(sub.id, key)
        if original is not None:
            replayed = finding(
                "websub.delivery-replayed",
                params={"original": original},
            )
            return await self._keep_rejected(
                sub, delivery, signature, finding_words(replayed), [replayed]
            )
        unverified = signature.state is SignatureState.NONE
        if unverified and not self.memory.unverified_room(sub.id, raw.size):
            return await self._over_quota(sub, delivery, signature, raw.size)
        delivery = await self.decode(delivery)
        grown = len(delivery.decoded) - raw.size if delivery.decoded is not None else 0
        if unverified and grown > 0 and not self.memory.unverified_room(sub.id, grown):
            return await self._over_quota(sub, delivery, signature, len(delivery.content))
        facts = transports.facts(sub.transport)
        context = DeliveryContext(
            sub.topic,
            sub.hub,
            sub.channel_capability,
            delivery_headers=facts.delivery_headers,
            change_set_section=facts.change_set_section,
        )
        checked = await self._run(_check_delivery, raw.size, delivery, signature, context)
        doc = checked.document
        if checked.status == "notification" and doc is not None:
            # In arrival order: the previous until is updated before awaiting the commit.
            checked.findings.extend(check_continuity(doc, self.last_until.get(sub.id)))
            if doc.md.get("until"):
                self.last_until[sub.id] = doc.md["until"]
        record = _record(sub, delivery, checked, delivery.content)
        writes: list[InTransaction | None] = [self.memory.remember(sub.id, key)]
        if checked.status == "notification" and self.forward is not None:
            writes.append(self.forward(sub))
        try:
            stored = await self._store(sub, record, writes)
        finally:
            self.memory.settled(sub.id, key)
        if not stored:
            return reply_saying(500, "callback.reply-not-stored")
        self._announce(sub, record, checked)
        failure = delivery.decode_failure
        if failure is not None:  # kept raw as rejected; the hub learns the body was unreadable
            return Reply(failure.status, failure.finding.message.encode() + b"\n")
        # WebSub §7.1.2: a rejected delivery is still acknowledged with 2xx.
        return Reply(200)

    async def _run(self, check: Callable[..., Any], size: int, *args: Any) -> Any:
        """``check(*args)``, in a worker thread when the body is large."""
        if size <= self._inline_parse_bytes():
            return check(*args)
        return await asyncio.get_running_loop().run_in_executor(self._workers, check, *args)

    async def _store(
        self, sub: Subscription, record: NotificationRecord, writes: list[InTransaction | None]
    ) -> bool:
        """Commit ``record`` with ``writes``; then, after the reply is decided, the sinks."""
        also = [write for write in writes if write is not None]

        def together(conn: Any, notification_id: int) -> None:
            for write in also:
                write(conn, notification_id)

        try:
            await self.store.add_notification(record, also=together if also else None)
        except StoreError as exc:  # not acknowledged: the hub will retry
            self._emit(sub, ev.ERROR, message=said("events.reason-store-failed", message=exc))
            return False
        if self.sinks:  # after this reply is decided; a sink only queues its work
            asyncio.get_running_loop().call_soon(self._tell_sinks, sub, record)
        return True

    async def _over_quota(
        self, sub: Subscription, delivery: Delivery, signature: SignatureCheck, size: int
    ) -> Reply:
        """An unsigned delivery past its subscription's unverified quota: kept as rejected
        (its start and digest, within the rejected quota), never read whole."""
        over = finding(
            "websub.unverified-over-quota",
            params={
                "size": size,
                "used": self.memory.unverified_used(sub.id),
                "quota": self.memory.unverified_quota,
            },
        )
        return await self._keep_rejected(sub, delivery, signature, finding_words(over), [over])

    async def _keep_rejected(
        self,
        sub: Subscription,
        delivery: Delivery,
        signature: SignatureCheck,
        reason: Phrase | None,
        extra: list[Finding] | None = None,
    ) -> Reply:
        """Store the start of a rejected body and its digest, within the quota; 2xx."""
        raw = delivery.raw
        if not self.memory.rejected_room(sub.id, len(raw.prefix)):
            self._emit(
                sub,
                ev.REJECTED,
                reason=said("callback.rejected-over-quota", size=raw.size),
                signature=str(signature.state),
                findings=[*signature.findings, *(extra or [])],
            )
            return Reply(200)
        findings = [*signature.findings, *(extra or [])]
        if len(raw.prefix) < raw.size:
            findings.append(
                finding(
                    "websub.rejected-body-cut",
                    params={"kept": len(raw.prefix), "size": raw.size, "sha256": raw.digest},
                )
            )
        checked = _Checked("rejected", str(signature.state), reason, None, findings, None)
        record = _record(sub, delivery, checked, raw.prefix)
        if not await self._store(sub, record, []):
            return reply_saying(500, "callback.reply-not-stored")
        self._announce(sub, record, checked)
        return Reply(200)

    def _announce(self, sub: Subscription, record: NotificationRecord, checked: _Checked) -> None:
        if record.status == "notification":
            entries = checked.summary["entries"] if checked.summary else []
            self._emit(
                sub,
                ev.NOTIFICATION,
                notification_id=record.id,
                capability=record.capability,
                entries=entries,
                signature=record.signature,
                findings=record.findings,
                document=checked.document,
            )
        else:
            self._emit(
                sub,
                ev.REJECTED,
                notification_id=record.id,
                reason=record.reason,
                signature=record.signature,
                findings=record.findings,
            )

    def _tell_sinks(self, sub: Subscription, record: NotificationRecord) -> None:
        for sink in list(self.sinks):
            try:
                sink.delivered(record)
            except Exception as exc:  # a sink bug must not stop intake or the other sinks
                self._emit(sub, ev.ERROR, message=said("events.reason-sink-failed", message=exc))


def _record(
    sub: Subscription, delivery: Delivery, checked: _Checked, body: bytes
) -> NotificationRecord:
    doc = checked.document
    return NotificationRecord(
        subscription_id=sub.id,
        topic=sub.topic,
        received=delivery.received,
        status=checked.status,
        signature=checked.signature,
        body=body,
        headers=delivery.headers,
        content_type=delivery.header("Content-Type"),
        reason=checked.reason,
        capability=doc.capability if doc is not None else None,
        from_time=doc.md.get("from") if doc is not None else None,
        until_time=doc.md.get("until") if doc is not None else None,
        summary=checked.summary,
        findings=checked.findings,
    )


def _check_delivery(
    delivery: Delivery, signature: SignatureCheck, context: DeliveryContext
) -> _Checked:
    """Parse and validate a delivery whose signature holds (pure).

    Never raises: a bug in a check must not lose the delivery, so it becomes a finding.
    """
    findings = list(signature.findings)
    state = str(signature.state)
    failure = delivery.decode_failure
    if failure is not None:
        findings.append(failure.finding)
        return _Checked("rejected", state, finding_words(failure.finding), None, findings, None)
    try:
        findings += check_delivery_headers(
            delivery.header("Content-Type"), delivery.header_values("Link"), context
        )
        result = check_bytes(
            delivery.content,
            ValidationContext(declared_capability=context.channel_capability, url=context.topic),
        )
        findings += result.findings
        doc = result.document
        if doc is None:
            return _Checked("notification", state, None, None, findings, None)
        findings += check_notification(doc, context)
        return _Checked("notification", state, None, doc, findings, summarize_notification(doc))
    except Exception as exc:
        return _Checked(
            "notification",
            state,
            None,
            None,
            [
                *findings,
                finding(
                    "websub.check-failed",
                    params={"error": f"{type(exc).__name__}: {exc}"},
                ),
            ],
            None,
        )
