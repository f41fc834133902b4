"""The conformance checks, one function each, in the order a run performs them.

Each takes the ``Session`` and returns a verdict: pass, warn, fail or not run, the reason
in one line and findings (registered ``hub.*`` codes, plus ``websub.*`` signature
findings); ``run_check`` adds the exchanges that show it and makes the ``CheckResult``.
A check starts its own probes. What several checks rest on is established once per run:
a plain subscription (the baseline that a refusal is measured against), the publication
style the hub takes, and the signed delivery sample that three checks read. When one of
those is missing, the checks that need it are NOT RUN, naming it: FAIL is kept for
evidence of the hub doing what the spec forbids.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from explorer.core import catalog
from explorer.core.findings import Finding, Severity, finding
from explorer.core.push.signatures import SignatureState, verify_signature
from explorer.core.words.messages import Phrase, said, verbatim
from explorer.net.conformance.probe import WRONG_ECHO, Probe
from explorer.net.conformance.session import (
    PUBLISH_NONE,
    CheckResult,
    Outcome,
    Publication,
    Session,
    SubscribeOutcome,
    delivery_links,
)
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import Delivery
from explorer.net.live.publisher import XML
from explorer.net.store.records import ExchangeRecord

SAMPLE_READERS = frozenset({"signed-delivery", "delivery-headers", "delivery-latency"})
NEEDS_PUBLICATION = SAMPLE_READERS | {"resubscribe", "unsubscribe", "wrong-challenge"}
NEEDS_SUBSCRIPTION = NEEDS_PUBLICATION | {"extra-parameters", "lease-clamping"}
EXTRA_PARAMETERS = {"hub.explorer_probe": "1", "x-explorer-unknown": "ignore me"}


@dataclass(slots=True)
class _Verdict:
    outcome: Outcome
    summary: str | Phrase  # a Phrase when it is not simply one finding's message
    findings: list[Finding]
    facts: dict[str, Any] = field(default_factory=dict)  # machine-readable (``--json``)
    depends_on: str | None = None  # NOT RUN because of this check's result
    # probes made before the check whose whole exchanges show it (the shadow probe)
    witnesses: list[Probe] = field(default_factory=list)


def _not_run(reason: Phrase, depends_on: str | None) -> _Verdict:
    not_run = said("conformance.said.not-run", reason=reason)
    return _Verdict(Outcome.NOT_RUN, not_run, [], depends_on=depends_on)


def _step(key: str, **params: object) -> Phrase:
    """What a check was doing, named in its messages: 'subscription with hub.secret'."""
    return said(f"conformance.said.step.{key}", **params)


def _short(text: str, limit: int = 200) -> str | Phrase:
    """The start of the hub's own words, or that it gave none."""
    return text.strip()[:limit] or said("conformance.said.no-reason-given")


def _verdict(outcome: Outcome, found: Finding, facts: dict[str, Any] | None = None) -> _Verdict:
    """A verdict that says one finding's message."""
    return _Verdict(outcome, found.message, [found], facts or {})


# --- shared steps -----------------------------------------------------------------------


def _not_active(session: Session, step: Phrase, sub: SubscribeOutcome) -> _Verdict | None:
    """Why a subscription request did not give an active subscription, or None if it did."""
    answer = sub.answer
    if answer.status is None:
        unreachable = finding(
            "hub.unreachable",
            url=session.hub,
            params={"step": step, "hub": session.hub, "reason": answer.error},
            variant="step",
        )
        return _verdict(Outcome.FAIL, unreachable)
    if not answer.accepted:
        refused = finding(
            "hub.subscribe-refused",
            url=session.hub,
            params={"step": step, "status": answer.status, "text": _short(answer.body, 300)},
        )
        return _verdict(Outcome.FAIL, refused)
    if sub.denial is not None:
        reason = _denial_reason(sub)
        denied = finding(
            "hub.denied", params={"step": step, "topic": session.topic, "reason": reason}
        )
        return _verdict(Outcome.FAIL, denied)
    if sub.verification is None:
        if sub.stray:
            stray = sub.stray[0]
            wrong = finding(
                "hub.verification-wrong-topic",
                params={"step": step, "mode": stray.mode, "topic": stray.topic},
            )
            return _verdict(Outcome.FAIL, wrong)
        wait = session.settings.verification_timeout
        missing = finding(
            "hub.verification-missing",
            params={"step": step, "status": answer.status, "seconds": wait},
        )
        return _verdict(Outcome.FAIL, missing)
    return None


def _denial_reason(sub: SubscribeOutcome) -> str | Phrase:
    """The hub's hub.reason for a denial, or that it gave none."""
    reason = sub.denial.reason if sub.denial is not None else None
    return reason or said("conformance.said.no-hub-reason")


async def _active_probe(
    session: Session, step: Phrase, *, secret: bool = False
) -> tuple[Probe, SubscribeOutcome, _Verdict | None]:
    probe = session.probe(secret=secret)
    sub = await session.request(probe, "subscribe", lease=session.settings.lease_seconds)
    return probe, sub, _not_active(session, step, sub)


def _publish_problem(publication: Publication) -> _Verdict | None:
    """NOT RUN when the hub took no publication: a check that needs one proves nothing."""
    if publication.accepted:
        return None
    tried = publication.describe()
    return _not_run(said("conformance.said.no-publication", tried=tried), "publish")


def _missing_delivery(session: Session, publication: Publication, what: Phrase) -> _Verdict:
    """No delivery: a FAIL after a publication the hub took, NOT RUN when the Source was
    to publish (``--no-publish``) and may not have."""
    seconds = session.settings.delivery_timeout
    if publication.by_user:
        return _not_run(said("conformance.said.no-delivery-by-source", seconds=seconds), None)
    missing = finding("hub.delivery-missing", params={"step": what, "seconds": seconds})
    return _verdict(Outcome.FAIL, missing)


def _topic_refused(session: Session, sub: SubscribeOutcome) -> bool:
    """The hub denied the topic, or refused it with a 4xx (WebSub §5.2 lets a hub choose)."""
    status = sub.answer.status
    if sub.denial is not None:
        return True
    return session.hosts_topic and status is not None and 400 <= status < 500


async def _baseline(session: Session) -> SubscribeOutcome:
    """A plain subscription, made once per run: every check that subscribes rests on it."""
    cached = session.shared.get("baseline")
    if isinstance(cached, SubscribeOutcome):
        return cached
    probe = session.probe()
    sub = await session.request(probe, "subscribe", lease=session.settings.lease_seconds)
    session.shared["baseline"] = sub
    return sub


def _baseline_problem(session: Session, sub: SubscribeOutcome) -> _Verdict | None:
    """Why the plain subscription is not active; a refused topic is the hub's right."""
    if _topic_refused(session, sub):
        answered = (
            said("conformance.said.denied", reason=_denial_reason(sub))
            if sub.denial is not None
            else said(
                "conformance.said.status-said",
                status=sub.answer.status,
                text=_short(sub.answer.body),
            )
        )
        refused = finding(
            "hub.topic-refused",
            params={"topic": session.topic, "said": answered},
            variant="hosted" if session.hosts_topic else "",
        )
        return _verdict(Outcome.WARN, refused)
    return _not_active(session, _step("subscription"), sub)


async def _prerequisite(session: Session, check_id: str) -> _Verdict | None:
    """NOT RUN when what the check needs is missing: an active plain subscription (made
    here if no check made it yet), or a publication style the hub takes."""
    if check_id in NEEDS_SUBSCRIPTION:
        sub = await _baseline(session)
        problem = _baseline_problem(session, sub)
        if problem is not None:
            answer = sub.answer
            why = _said(problem)
            if _topic_refused(session, sub):
                why = said("conformance.said.topic-not-served")
            elif answer.status is not None and not answer.accepted:
                body = _short(answer.body)
                why = said("conformance.said.hub-answered", status=answer.status, text=body)
            inactive = said("conformance.said.plain-subscription-inactive", said=why)
            return _not_run(inactive, "subscription")
    if check_id in NEEDS_PUBLICATION and session.publish_refusal is not None:
        return _not_run(said("conformance.said.publication-refused-before"), "publish")
    return None


def _said(verdict: _Verdict) -> Phrase:
    """A verdict's summary as a Phrase: its own, or the message of the finding it repeats."""
    summary = verdict.summary
    if isinstance(summary, Phrase):
        return summary
    for item in verdict.findings:
        if item.message == summary:
            return Phrase(summary, "finding", {"finding": item})
    if summary == "; ".join(item.message for item in verdict.findings):
        return Phrase(summary, "findings", {"findings": list(verdict.findings)})
    return verbatim(summary)


def _lease_verdict(raw: str | None, asked: int | None) -> tuple[Outcome, Phrase, list[Finding]]:
    """hub.lease_seconds of a subscribe verification (WebSub §5.3: required, positive)."""
    if raw is None:
        missing = finding("hub.lease-missing", params={})
        return Outcome.FAIL, said("conformance.said.finding", finding=missing), [missing]
    if not raw.strip().isdigit() or int(raw) <= 0:
        value = raw[:40]
        zero = finding("hub.lease-zero", params={"value": value, "asked": asked})
        return Outcome.WARN, said("conformance.said.lease-not-positive", value=value), [zero]
    given = int(raw)
    if asked is not None and given != asked:
        way = "up" if given > asked else "down"
        clamped = finding("hub.lease-clamped", params={"asked": asked, "given": given}, variant=way)
        return Outcome.PASS, said("conformance.said.finding", finding=clamped), [clamped]
    granted = said(
        "conformance.said.lease-granted-as-asked" if asked else "conformance.said.lease-granted",
        given=given,
    )
    return Outcome.PASS, granted, []


def _lease_value(raw: str | None) -> int | str | None:
    """A granted lease for the facts: an int when it reads as one, else the raw text."""
    return int(raw) if raw is not None and raw.strip().isdigit() else raw


@dataclass(slots=True)
class _SignedSample:
    """One signed subscription and one delivery, read by three checks (made once per run)."""

    probe: Probe
    problem: _Verdict | None
    publication: Publication | None
    delivery: Delivery | None
    evidence: list[ExchangeRecord]


async def _signed_sample(session: Session) -> _SignedSample:
    made = session.shared.get("signed")
    if isinstance(made, _SignedSample):
        return made
    since = session.mark()
    step = _step("signed")
    probe, _sub, problem = await _active_probe(session, step, secret=True)
    publication = delivery = None
    if problem is None:
        publication = await session.publish()
        problem = _publish_problem(publication)
        if problem is None:
            found = await session.deliveries([probe], publication, expect=True, settle=False)
            delivery = next(iter(found[probe]), None)
            if delivery is None:
                problem = _missing_delivery(session, publication, _step("signed-subscription"))
    sample = _SignedSample(probe, problem, publication, delivery, session.evidence(since, [probe]))
    session.shared["signed"] = sample
    return sample


# --- the checks -------------------------------------------------------------------------


async def check_publish(session: Session) -> _Verdict:
    """10. The hub takes a publication: the §4.1 POST (change-notification 1.0.1), or
    hub.mode=publish, which WebSub §6 leaves to each hub."""
    if session.settings.publish_style == PUBLISH_NONE:
        return _not_run(said("conformance.said.source-publishes"), None)
    publication = await session.publish()
    result = publication.result
    tried = publication.describe()
    facts = {
        "status": result.status,
        "legacy": publication.legacy,
        "attempts": [{"style": style, "status": r.status} for style, r in publication.attempts],
    }
    if result.status is None:
        unreachable = finding(
            "hub.unreachable",
            url=session.hub,
            params={"hub": session.hub, "tried": tried},
            variant="publishing",
        )
        return _verdict(Outcome.FAIL, unreachable, facts)
    if not publication.accepted:
        not_taken = finding("hub.publish-not-taken", params={"tried": tried})
        return _verdict(Outcome.WARN, not_taken, facts)
    if publication.legacy:
        legacy = finding("hub.legacy-publish", params={"tried": tried})
        return _verdict(Outcome.WARN, legacy, facts)
    if result.status != 200:
        not_200 = said("conformance.said.publish-not-200", tried=tried)
        return _Verdict(Outcome.WARN, not_200, result.findings, facts)
    return _Verdict(Outcome.PASS, said("conformance.said.publish-ok"), [], facts)


async def check_subscription(session: Session) -> _Verdict:
    """1. 202, then an asynchronous verification carrying hub.lease_seconds (WebSub §5.1-5.3)."""
    sub = await _baseline(session)
    problem = _baseline_problem(session, sub)
    if problem is not None:
        return problem
    assert sub.verification is not None
    lease_outcome, lease_text, findings = _lease_verdict(
        sub.verification.lease, session.settings.lease_seconds
    )
    findings = [f for f in findings if f.code != "hub.lease-clamped"]
    facts = {
        "status": sub.answer.status,
        "flavour": sub.flavour,
        "lease_asked": session.settings.lease_seconds,
        "lease_given": _lease_value(sub.verification.lease),
    }
    if transports.dialect_is_legacy(sub.flavour):
        legacy = finding("hub.legacy-flavour", params={"notes": list(sub.legacy_notes)})
        flavour = said("conformance.said.legacy-flavour", finding=legacy, lease=lease_text)
        return _Verdict(Outcome.WARN, flavour, [legacy, *findings], facts)
    if sub.answer.status != 202:
        status = finding("hub.subscribe-status", params={"status": sub.answer.status})
        other = said("conformance.said.subscribe-status", finding=status, lease=lease_text)
        return _Verdict(Outcome.WARN, other, [status, *findings], facts)
    typical = said("conformance.said.subscription-ok", lease=lease_text)
    return _Verdict(lease_outcome, typical, findings, facts)


async def check_signed_delivery(session: Session) -> _Verdict:
    """2. With hub.secret, deliveries are signed and the signature is valid (WebSub §7.1)."""
    sample = await _signed_sample(session)
    if sample.problem is not None:
        return sample.problem
    assert sample.delivery is not None
    header = sample.delivery.header("X-Hub-Signature")
    check = verify_signature(header, sample.delivery.body, sample.probe.secret)
    facts = {"signature": str(check.state), "algorithm": check.algorithm}
    if check.state is SignatureState.VALID:
        weak = check.algorithm == "sha1"
        valid = said("conformance.said.signature-valid", algorithm=check.algorithm)
        return _Verdict(Outcome.WARN if weak else Outcome.PASS, valid, list(check.findings), facts)
    reason = check.findings[0] if check.findings else check.reason
    if check.state is not SignatureState.MISSING and check.findings:
        # signed, but wrongly: the signature finding says it; "unsigned" would be false
        wrong = said("conformance.said.not-validly-signed", reason=reason)
        return _Verdict(Outcome.FAIL, wrong, list(check.findings), facts)
    unsigned = finding("hub.delivery-unsigned", params={"reason": reason})
    return _Verdict(Outcome.FAIL, unsigned.message, [unsigned, *check.findings], facts)


async def check_extra_parameters(session: Session) -> _Verdict:
    """3. Unknown request parameters are ignored (WebSub §5.1); a refusal counts only
    because the plain subscription, without them, became active."""
    probe = session.probe()
    sub = await session.request(
        probe, "subscribe", lease=session.settings.lease_seconds, extra=EXTRA_PARAMETERS
    )
    problem = _not_active(session, _step("extra"), sub)
    if problem is not None:
        if sub.answer.status is not None and 400 <= sub.answer.status < 500:
            names = ", ".join(EXTRA_PARAMETERS)
            body = _short(sub.answer.body)
            refused = finding(
                "hub.extra-parameters-refused",
                params={"names": names, "status": sub.answer.status, "text": body},
            )
            return _verdict(Outcome.FAIL, refused)
        return problem
    names = ", ".join(EXTRA_PARAMETERS)
    return _Verdict(Outcome.PASS, said("conformance.said.extra-parameters-ok", names=names), [])


async def check_resubscribe(session: Session) -> _Verdict:
    """4. Re-subscribing before expiry leaves one subscription: one delivery per publish."""
    probe, _sub, problem = await _active_probe(session, _step("first"))
    if problem is not None:
        return problem
    again = await session.request(probe, "subscribe", lease=session.settings.lease_seconds)
    problem = _not_active(session, _step("again"), again)
    if problem is not None:
        return problem
    publication = await session.publish()
    if (problem := _publish_problem(publication)) is not None:
        return problem
    found = (await session.deliveries([probe], publication, expect=True))[probe]
    copies = max((sum(d.body == x.body for d in found) for x in found), default=0)
    if not found:
        return _missing_delivery(session, publication, _step("after-again"))
    if copies == 1:
        return _Verdict(Outcome.PASS, said("conformance.said.resubscribe-ok"), [])
    duplicated = finding("hub.delivery-duplicated", params={"copies": copies})
    return _verdict(Outcome.FAIL, duplicated)


async def check_unsubscribe(session: Session) -> _Verdict:
    """5. After unsubscribing, nothing more is delivered (WebSub §5.1, §5.3)."""
    probe, _sub, problem = await _active_probe(session, _step("subscription"))
    if problem is not None:
        return problem
    before = await session.publish()
    if (problem := _publish_problem(before)) is not None:
        return problem
    if not (await session.deliveries([probe], before, expect=True, settle=False))[probe]:
        return _missing_delivery(session, before, _step("while-subscribed"))
    probe.accept_unsubscribe = True
    ended = await session.request(probe, "unsubscribe")
    if ended.answer.status is None or not ended.answer.accepted:
        answered = ended.answer.status or ended.answer.error
        body = ended.answer.body.strip()[:200]
        refused = finding(
            "hub.subscribe-refused",
            params={"status": answered, "text": body},
            variant="unsubscribe",
        )
        return _verdict(Outcome.FAIL, refused)
    ended_at = ended.verification.received if ended.verification else time.time()
    after = await session.publish()  # once the settle period has passed
    if (problem := _publish_problem(after)) is not None:
        return problem
    if after.by_user:  # the Source may be quiet: watch as long as a delivery may take
        await asyncio.sleep(session.settings.delivery_timeout)
    late = (await session.deliveries([probe], after, expect=False))[probe]
    if late:
        after_end = finding("hub.delivery-after-unsubscribe", params={"count": len(late)})
        return _verdict(Outcome.FAIL, after_end)
    if (settling := _settling_delivery(session, probe, ended_at)) is not None:
        return settling
    seconds = session.quiet_period()
    if ended.verification is None:
        unverified = finding("hub.unsubscribe-unverified", params={})
        quiet = said("conformance.said.unsubscribe-unverified", seconds=seconds)
        return _Verdict(Outcome.WARN, quiet, [unverified])
    return _Verdict(Outcome.PASS, said("conformance.said.unsubscribe-ok", seconds=seconds), [])


def _settling_delivery(session: Session, probe: Probe, ended_at: float) -> _Verdict | None:
    """A WARN for a delivery that came while the hub may still have been removing the
    subscription (within the settle period after its verification): a race, not a breach."""
    settle = session.settings.settle
    early = [
        d.received - ended_at for d in probe.deliveries if 0 <= d.received - ended_at <= settle
    ]
    if not early:
        return None
    seconds = max(early)
    settling = finding(
        "hub.delivery-after-unsubscribe",
        severity=Severity.WARNING,
        params={"count": len(early), "seconds": seconds, "settle": settle},
        variant="settling",
    )
    return _verdict(Outcome.WARN, settling, {"settling_seconds": round(seconds, 3)})


async def check_delivery_headers(session: Session) -> _Verdict:
    """6. Deliveries carry the topic's Content-Type and Link self and hub (WebSub §7)."""
    sample = await _signed_sample(session)
    if sample.problem is not None:
        return sample.problem
    assert sample.delivery is not None
    delivery = sample.delivery
    topic_type = await session.topic_content_type()
    findings: list[Finding] = []
    got = (delivery.header("Content-Type") or "").split(";", 1)[0].strip().lower()
    if got != XML:
        variant = "-".join(["topic"] * bool(topic_type) + ["absent"] * (not got))
        findings.append(
            finding(
                "hub.delivery-content-type",
                params={"got": got or "—", "published": XML, "topic_type": topic_type or ""},
                variant=variant,
            )
        )
    links = delivery_links(delivery)
    if session.topic not in links.get("self", []):
        shown = ", ".join(links.get("self", []))
        findings.append(
            finding(
                "hub.delivery-link-self",
                params={"shown": shown, "topic": session.topic},
                variant="" if shown else "none",
            )
        )
    if not links.get("hub"):
        findings.append(finding("hub.delivery-link-hub", params={}))
    if findings:
        return _Verdict(Outcome.FAIL, "; ".join(f.message for f in findings), findings)
    present = said(
        "conformance.said.headers-ok"
        if session.hub in links["hub"]
        else "conformance.said.headers-ok-other-hub",
        type=XML,
        named=links["hub"][0],
        hub=session.hub,
    )
    return _Verdict(Outcome.PASS, present, [])


async def check_lease_clamping(session: Session) -> _Verdict:
    """7. Leases asked for and granted, side by side (WebSub §5.3.1). A hub may grant
    another lease; refusing the request for its lease is reported, not failed, since the
    plain subscription (no unusual lease) became active."""
    findings: list[Finding] = []
    outcomes: list[Outcome] = []
    parts: list[Phrase] = []
    facts: dict[str, Any] = {"asked": [], "given": []}
    for asked in session.settings.probe_leases:
        probe = session.probe()
        sub = await session.request(probe, "subscribe", lease=asked)
        status = sub.answer.status
        if status is not None and 400 <= status < 500:
            body = _short(sub.answer.body, 120)
            facts["asked"].append(asked)
            facts["given"].append(None)
            outcomes.append(Outcome.WARN)
            refused = finding(
                "hub.lease-refused", params={"asked": asked, "status": status, "text": body}
            )
            findings.append(refused)
            parts.append(said("conformance.said.finding", finding=refused))
            continue
        step = _step("lease-asked", asked=asked)
        problem = _not_active(session, step, sub)
        if problem is not None:
            return problem
        assert sub.verification is not None
        outcome, lease, notes = _lease_verdict(sub.verification.lease, asked)
        facts["asked"].append(asked)
        facts["given"].append(_lease_value(sub.verification.lease))
        outcomes.append(outcome)
        findings += notes
        clamped = any(note.code == "hub.lease-clamped" for note in notes)
        parts.append(
            lease if clamped else said("conformance.said.lease-asked-got", asked=asked, got=lease)
        )
    worst = (
        Outcome.FAIL
        if Outcome.FAIL in outcomes
        else Outcome.WARN
        if Outcome.WARN in outcomes
        else Outcome.PASS
    )
    return _Verdict(worst, said("conformance.said.parts", parts=parts), findings, facts)


async def check_bad_requests(session: Session) -> _Verdict:
    """8. No hub.callback, or a bad hub.mode: 4xx with a plain-text reason (WebSub §5.1.2)."""
    # The callback never confirms: a bogus mode gets 404, a subscribe a wrong echo.
    probe = session.probe(answer=WRONG_ECHO)
    cases = [
        (
            _step("no-callback"),
            {"hub.mode": "subscribe", "hub.topic": session.topic},
        ),
        (
            _step("bogus-mode"),
            {"hub.callback": probe.url, "hub.mode": "bogus", "hub.topic": session.topic},
        ),
    ]
    findings: list[Finding] = []
    parts: list[Phrase] = []
    for label, form in cases:
        answer = await session.post_form(form, "bad-request")
        if answer.status is None:
            findings.append(
                finding(
                    "hub.unreachable",
                    url=session.hub,
                    params={"label": label, "reason": answer.error},
                    variant="request",
                )
            )
        elif not 400 <= answer.status < 500:
            findings.append(
                finding(
                    "hub.bad-request-accepted",
                    params={"label": label, "status": answer.status},
                )
            )
        elif not answer.body.strip():
            findings.append(
                finding(
                    "hub.bad-request-no-reason",
                    params={"label": label, "status": answer.status},
                )
            )
        body = repr(answer.body.strip()[:120])
        parts.append(
            said("conformance.said.request-unanswered", label=label, reason=answer.error)
            if answer.status is None
            else said(
                "conformance.said.request-answered", label=label, status=answer.status, text=body
            )
        )
    summary = said("conformance.said.parts", parts=parts)
    if any(f.code in ("hub.bad-request-accepted", "hub.unreachable") for f in findings):
        return _Verdict(Outcome.FAIL, summary, findings)
    return _Verdict(Outcome.WARN if findings else Outcome.PASS, summary, findings)


async def check_wrong_challenge(session: Session) -> _Verdict:
    """9. Echoing the wrong challenge must not activate the subscription (WebSub §5.3.1).
    A correctly subscribed control probe shows the publication was delivered at all."""
    probe = session.probe(answer=WRONG_ECHO)
    sub = await session.request(probe, "subscribe", lease=session.settings.lease_seconds)
    if sub.verification is None:
        problem = _not_active(session, _step("subscription"), sub)
        assert problem is not None
        if sub.answer.status is None:
            return problem
        unanswered = said("conformance.said.no-verification-to-answer", said=_said(problem))
        return _not_run(unanswered, None)
    control, _control_sub, problem = await _active_probe(session, _step("control"))
    if problem is not None:
        return problem
    publication = await session.publish()
    if (problem := _publish_problem(publication)) is not None:
        return problem
    if not (await session.deliveries([control], publication, expect=True))[control]:
        return _missing_delivery(session, publication, _step("control-probe"))
    if [d for d in probe.deliveries if publication.matches(d)]:
        accepted = finding("hub.wrong-challenge-accepted", params={})
        return _verdict(Outcome.FAIL, accepted)
    seconds = session.quiet_period()
    kept_out = said(
        "conformance.said.wrong-challenge-ok"
        if sub.answer.accepted
        else "conformance.said.wrong-challenge-ok-sync",
        seconds=seconds,
        status=sub.answer.status,
    )
    return _Verdict(Outcome.PASS, kept_out, [])


async def check_delivery_latency(session: Session) -> _Verdict:
    """11. How long a publication takes to arrive, against the configured threshold."""
    sample = await _signed_sample(session)
    if sample.problem is not None:
        return sample.problem
    assert sample.delivery is not None and sample.publication is not None
    if sample.publication.by_user:
        return _not_run(said("conformance.said.publish-time-unknown"), "publish")
    seconds = max(0.0, sample.delivery.received - sample.publication.started)
    limit = session.settings.slow_delivery
    facts = {"seconds": round(seconds, 3), "threshold": limit}
    if seconds > limit:
        slow = finding("hub.delivery-slow", params={"seconds": seconds, "limit": limit})
        return _verdict(Outcome.WARN, slow, facts)
    delivered = said("conformance.said.delivered-after", seconds=seconds)
    return _Verdict(Outcome.PASS, delivered, [], facts)


Check = Callable[[Session], Awaitable[_Verdict]]

# id -> (title, function); the order of a run. Titles are catalog lines
# ("conformance.check.<id>"), so the window and the CLI say them in either language.
_ORDER: tuple[tuple[str, Check], ...] = (
    ("publish", check_publish),
    ("subscription", check_subscription),
    ("signed-delivery", check_signed_delivery),
    ("extra-parameters", check_extra_parameters),
    ("resubscribe", check_resubscribe),
    ("unsubscribe", check_unsubscribe),
    ("delivery-headers", check_delivery_headers),
    ("lease-clamping", check_lease_clamping),
    ("bad-requests", check_bad_requests),
    ("wrong-challenge", check_wrong_challenge),
    ("delivery-latency", check_delivery_latency),
)
CHECKS: dict[str, tuple[str, Check]] = {
    check_id: (catalog.text(f"conformance.check.{check_id}"), function)
    for check_id, function in _ORDER
}


async def run_check(session: Session, check_id: str, function: Check) -> CheckResult:
    """Run one check, collecting its evidence; probes it started are closed afterwards
    (but the memory checks' shadow probe, which watches the rest of the run)."""
    title = catalog.text(f"conformance.check.{check_id}")
    since = session.mark()
    had_sample = "signed" in session.shared
    probes_before = len(session.probes)
    verdict = await _prerequisite(session, check_id)
    if verdict is None:
        verdict = await function(session)
    probes = session.probes[probes_before:]
    for probe in probes:  # later deliveries to it get 410 (WebSub §7)
        probe.closed = not probe.witness
    evidence = session.evidence(since, probes)
    if verdict.witnesses:
        evidence = sorted(
            {id(r): r for r in session.probe_evidence(verdict.witnesses) + evidence}.values(),
            key=lambda record: record.time,
        )
    sample = session.shared.get("signed")
    if had_sample and check_id in SAMPLE_READERS and isinstance(sample, _SignedSample):
        evidence = sample.evidence + evidence
    return CheckResult(
        check_id,
        title,
        verdict.outcome,
        str(verdict.summary),
        verdict.findings,
        evidence,
        verdict.facts,
        verdict.depends_on,
        said=_said(verdict),
    )
