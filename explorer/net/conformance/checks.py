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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from explorer.core import catalog
from explorer.core.findings import Finding, finding
from explorer.core.messages import Phrase
from explorer.core.signatures import SignatureState, verify_signature
from explorer.net.callback_server import Delivery
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
from explorer.net.hub_client import FLAVOUR_PUSH
from explorer.net.publisher import XML
from explorer.net.store import ExchangeRecord

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


def _not_run(reason: Phrase, depends_on: str | None) -> _Verdict:
    said = Phrase(f"not run: {reason}", "not-run", {"reason": reason})
    return _Verdict(Outcome.NOT_RUN, said, [], depends_on=depends_on)


def _step(english: str, key: str, **params: object) -> Phrase:
    """What a check was doing, named in its messages: 'subscription with hub.secret'."""
    return Phrase(english, f"step.{key}", params)


def _short(text: str, limit: int = 200) -> str:
    return text.strip()[:limit] or "(no reason given)"


# --- shared steps -----------------------------------------------------------------------


def _not_active(session: Session, step: Phrase, sub: SubscribeOutcome) -> _Verdict | None:
    """Why a subscription request did not give an active subscription, or None if it did."""
    answer = sub.answer
    if answer.status is None:
        message = f"{step}: POST {session.hub} failed: {answer.error}"
        unreachable = finding(
            "hub.unreachable",
            message,
            url=session.hub,
            params={"step": step, "hub": session.hub, "reason": answer.error},
            variant="step",
        )
        return _Verdict(Outcome.FAIL, message, [unreachable])
    if not answer.accepted:
        said = answer.body.strip()[:300] or "(no reason given)"
        message = f"{step}: the hub answered {answer.status}: {said}"
        refused = finding(
            "hub.subscribe-refused",
            message,
            url=session.hub,
            params={"step": step, "status": answer.status, "text": said},
        )
        return _Verdict(Outcome.FAIL, message, [refused])
    if sub.denial is not None:
        reason = sub.denial.reason or "(no hub.reason)"
        message = f"{step}: the hub denied {session.topic}: {reason}"
        denied = finding(
            "hub.denied", message, params={"step": step, "topic": session.topic, "reason": reason}
        )
        return _Verdict(Outcome.FAIL, message, [denied])
    if sub.verification is None:
        if sub.stray:
            stray = sub.stray[0]
            message = (
                f"{step}: the hub's {stray.mode!r} verification named another topic, "
                f"{stray.topic}; the probe answered 404 (WebSub §5.3.1)"
            )
            wrong = finding(
                "hub.verification-wrong-topic",
                message,
                params={"step": step, "mode": stray.mode, "topic": stray.topic},
            )
            return _Verdict(Outcome.FAIL, message, [wrong])
        wait = session.settings.verification_timeout
        message = (
            f"{step}: the hub answered {answer.status} but no verification arrived "
            f"within {wait:g} s"
        )
        missing = finding(
            "hub.verification-missing",
            message,
            params={"step": step, "status": answer.status, "seconds": wait},
        )
        return _Verdict(Outcome.FAIL, message, [missing])
    return None


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
    return _not_run(
        Phrase(
            f"the hub took no publication ({tried}); "
            "give --publish xml|form, or --no-publish and publish through the Source",
            "no-publication",
            {"tried": tried},
        ),
        "publish",
    )


def _missing_delivery(session: Session, publication: Publication, what: Phrase) -> _Verdict:
    """No delivery: a FAIL after a publication the hub took, NOT RUN when the Source was
    to publish (``--no-publish``) and may not have."""
    seconds = session.settings.delivery_timeout
    wait = f"{seconds:g} s"
    if publication.by_user:
        return _not_run(
            Phrase(
                f"no delivery within {wait} (--no-publish: did the Source publish?)",
                "no-delivery-by-source",
                {"seconds": seconds},
            ),
            None,
        )
    message = f"{what}: no delivery within {wait} of the publication"
    missing = finding("hub.delivery-missing", message, params={"step": what, "seconds": seconds})
    return _Verdict(Outcome.FAIL, message, [missing])


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
        said = (
            f"denied: {sub.denial.reason or '(no hub.reason)'}"
            if sub.denial is not None
            else f"{sub.answer.status} {_short(sub.answer.body)}"
        )
        if session.hosts_topic:
            message = (
                f"the hub refused the topic hosted here ({said}): this hub only serves "
                "its own topics: give --topic"
            )
            params: dict[str, object] = {"said": said}
        else:
            message = f"the hub does not serve {session.topic} ({said})"
            params = {"topic": session.topic, "said": said}
        refused = finding(
            "hub.topic-refused",
            message,
            params=params,
            variant="hosted" if session.hosts_topic else "",
        )
        return _Verdict(Outcome.WARN, message, [refused])
    return _not_active(session, _step("subscription", "subscription"), sub)


async def _prerequisite(session: Session, check_id: str) -> _Verdict | None:
    """NOT RUN when what the check needs is missing: an active plain subscription (made
    here if no check made it yet), or a publication style the hub takes."""
    if check_id in NEEDS_SUBSCRIPTION:
        sub = await _baseline(session)
        problem = _baseline_problem(session, sub)
        if problem is not None:
            answer = sub.answer
            said: str | Phrase = _said(problem)
            if _topic_refused(session, sub):
                said = Phrase("the hub does not serve this topic", "topic-not-served")
            elif answer.status is not None and not answer.accepted:
                body = _short(answer.body)
                said = Phrase(
                    f"the hub answered {answer.status}: {body}",
                    "hub-answered",
                    {"status": answer.status, "text": body},
                )
            return _not_run(
                Phrase(
                    f"a plain subscription did not become active: {said}",
                    "plain-subscription-inactive",
                    {"said": said},
                ),
                "subscription",
            )
    if check_id in NEEDS_PUBLICATION and session.publish_refusal is not None:
        return _not_run(
            Phrase(
                "the hub took none of the publication styles tried, as said once already; "
                "give --publish xml|form, or --no-publish and publish through the Source",
                "publication-refused-before",
            ),
            "publish",
        )
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
    return Phrase(summary, "")


def _lease_verdict(raw: str | None, asked: int | None) -> tuple[Outcome, Phrase, list[Finding]]:
    """hub.lease_seconds of a subscribe verification (WebSub §5.3: required, positive)."""
    if raw is None:
        message = "the verification carried no hub.lease_seconds"
        missing = finding("hub.lease-missing", message, params={})
        return Outcome.FAIL, Phrase(message, "finding", {"finding": missing}), [missing]
    if not raw.strip().isdigit() or int(raw) <= 0:
        value = raw[:40]
        text = f"hub.lease_seconds={value!r}, not a positive lease"
        message = (
            f"{text}: the expiry is unknown (some hubs say 0 while keeping a lease); "
            f"asked for {asked} s"
        )
        zero = finding("hub.lease-zero", message, params={"value": value, "asked": asked})
        return Outcome.WARN, Phrase(text, "lease-not-positive", {"value": value}), [zero]
    given = int(raw)
    if asked is not None and given != asked:
        way = "up" if given > asked else "down"
        message = f"asked for {asked} s, granted {given} s (clamped {way})"
        clamped = finding(
            "hub.lease-clamped",
            message,
            params={"asked": asked, "given": given},
            variant=way,
        )
        return Outcome.PASS, Phrase(message, "finding", {"finding": clamped}), [clamped]
    text = f"granted {given} s" + (" as asked" if asked else "")
    key = "lease-granted-as-asked" if asked else "lease-granted"
    return Outcome.PASS, Phrase(text, key, {"given": given}), []


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
    step = _step("subscription with hub.secret", "signed")
    probe, _sub, problem = await _active_probe(session, step, secret=True)
    publication = delivery = None
    if problem is None:
        publication = await session.publish()
        problem = _publish_problem(publication)
        if problem is None:
            found = await session.deliveries([probe], publication, expect=True, settle=False)
            delivery = next(iter(found[probe]), None)
            if delivery is None:
                problem = _missing_delivery(
                    session, publication, _step("signed subscription", "signed-subscription")
                )
    sample = _SignedSample(probe, problem, publication, delivery, session.evidence(since, [probe]))
    session.shared["signed"] = sample
    return sample


# --- the checks -------------------------------------------------------------------------


async def check_publish(session: Session) -> _Verdict:
    """10. The hub takes a publication: the §4.1 POST (change-notification 1.0.1), or
    hub.mode=publish, which WebSub §6 leaves to each hub."""
    if session.settings.publish_style == PUBLISH_NONE:
        return _not_run(
            Phrase(
                "--no-publish: the Source publishes; the delivery checks wait for it",
                "source-publishes",
            ),
            None,
        )
    publication = await session.publish()
    result = publication.result
    tried = publication.describe()
    facts = {
        "status": result.status,
        "legacy": publication.legacy,
        "attempts": [{"style": style, "status": r.status} for style, r in publication.attempts],
    }
    if result.status is None:
        message = f"publishing to {session.hub} failed: {tried}"
        unreachable = finding(
            "hub.unreachable",
            message,
            url=session.hub,
            params={"hub": session.hub, "tried": tried},
            variant="publishing",
        )
        return _Verdict(Outcome.FAIL, message, [unreachable], facts)
    if not publication.accepted:
        message = (
            f"the hub took none of the publication styles tried: {tried}; give --publish "
            "xml|form, or --no-publish and publish through the Source"
        )
        not_taken = finding("hub.publish-not-taken", message, params={"tried": tried})
        return _Verdict(Outcome.WARN, message, [not_taken], facts)
    if publication.legacy:
        message = f"the hub took hub.mode=publish, PubSubHubbub 0.4 style: {tried}"
        legacy = finding("hub.legacy-publish", message, params={"tried": tried})
        return _Verdict(Outcome.WARN, message, [legacy], facts)
    if result.status != 200:
        said = Phrase(f"{tried}; §4.1 asks for 200", "publish-not-200", {"tried": tried})
        return _Verdict(Outcome.WARN, said, result.findings, facts)
    return _Verdict(
        Outcome.PASS,
        Phrase(
            "answered 200 OK to an application/xml POST with Link self, hub and resourcesync",
            "publish-ok",
        ),
        [],
        facts,
    )


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
    if sub.flavour == FLAVOUR_PUSH:
        message = "PubSubHubbub 0.4 behaviour: " + "; ".join(map(str, sub.legacy_notes))
        legacy = finding("hub.legacy-flavour", message, params={"notes": list(sub.legacy_notes)})
        return _Verdict(
            Outcome.WARN,
            Phrase(
                f"{message}; lease: {lease_text}",
                "legacy-flavour",
                {"finding": legacy, "lease": lease_text},
            ),
            [legacy, *findings],
            facts,
        )
    if sub.answer.status != 202:
        message = f"accepted with {sub.answer.status}, not 202"
        status = finding("hub.subscribe-status", message, params={"status": sub.answer.status})
        return _Verdict(
            Outcome.WARN,
            Phrase(
                f"{message}; verified; lease: {lease_text}",
                "subscribe-status",
                {"finding": status, "lease": lease_text},
            ),
            [status, *findings],
            facts,
        )
    return _Verdict(
        lease_outcome,
        Phrase(
            f"202 Accepted, then verified asynchronously; lease: {lease_text}",
            "subscription-ok",
            {"lease": lease_text},
        ),
        findings,
        facts,
    )


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
        return _Verdict(
            Outcome.WARN if weak else Outcome.PASS,
            Phrase(
                f"signed with {check.algorithm}; the signature is valid",
                "signature-valid",
                {"algorithm": check.algorithm},
            ),
            list(check.findings),
            facts,
        )
    message = f"the delivery is not validly signed: {check.reason}"
    unsigned = finding(
        "hub.delivery-unsigned",
        message,
        params={"reason": check.findings[0] if check.findings else check.reason},
    )
    return _Verdict(Outcome.FAIL, message, [unsigned, *check.findings], facts)


async def check_extra_parameters(session: Session) -> _Verdict:
    """3. Unknown request parameters are ignored (WebSub §5.1); a refusal counts only
    because the plain subscription, without them, became active."""
    probe = session.probe()
    sub = await session.request(
        probe, "subscribe", lease=session.settings.lease_seconds, extra=EXTRA_PARAMETERS
    )
    problem = _not_active(session, _step("subscription with unknown parameters", "extra"), sub)
    if problem is not None:
        if sub.answer.status is not None and 400 <= sub.answer.status < 500:
            names = ", ".join(EXTRA_PARAMETERS)
            body = _short(sub.answer.body)
            message = (
                f"a plain subscription became active, but the hub refused the same request "
                f"with {names}: {sub.answer.status} {body}"
            )
            refused = finding(
                "hub.extra-parameters-refused",
                message,
                params={"names": names, "status": sub.answer.status, "text": body},
            )
            return _Verdict(Outcome.FAIL, message, [refused])
        return problem
    names = ", ".join(EXTRA_PARAMETERS)
    return _Verdict(
        Outcome.PASS,
        Phrase(
            f"subscribed and verified with {names} in the request",
            "extra-parameters-ok",
            {"names": names},
        ),
        [],
    )


async def check_resubscribe(session: Session) -> _Verdict:
    """4. Re-subscribing before expiry leaves one subscription: one delivery per publish."""
    probe, _sub, problem = await _active_probe(session, _step("first subscription", "first"))
    if problem is not None:
        return problem
    again = await session.request(probe, "subscribe", lease=session.settings.lease_seconds)
    problem = _not_active(session, _step("re-subscription", "again"), again)
    if problem is not None:
        return problem
    publication = await session.publish()
    if (problem := _publish_problem(publication)) is not None:
        return problem
    found = (await session.deliveries([probe], publication, expect=True))[probe]
    copies = max((sum(d.body == x.body for d in found) for x in found), default=0)
    if not found:
        return _missing_delivery(
            session, publication, _step("after the re-subscription", "after-again")
        )
    if copies == 1:
        return _Verdict(
            Outcome.PASS,
            Phrase(
                "re-subscribed before expiry; one publication gave exactly one delivery",
                "resubscribe-ok",
            ),
            [],
        )
    message = f"after the re-subscription, one publication was delivered {copies} times"
    duplicated = finding("hub.delivery-duplicated", message, params={"copies": copies})
    return _Verdict(Outcome.FAIL, message, [duplicated])


async def check_unsubscribe(session: Session) -> _Verdict:
    """5. After unsubscribing, nothing more is delivered (WebSub §5.1, §5.3)."""
    probe, _sub, problem = await _active_probe(session, _step("subscription", "subscription"))
    if problem is not None:
        return problem
    before = await session.publish()
    if (problem := _publish_problem(before)) is not None:
        return problem
    if not (await session.deliveries([probe], before, expect=True, settle=False))[probe]:
        return _missing_delivery(
            session,
            before,
            _step("while subscribed, so 'none after' is void", "while-subscribed"),
        )
    probe.accept_unsubscribe = True
    ended = await session.request(probe, "unsubscribe")
    if ended.answer.status is None or not ended.answer.accepted:
        answered = ended.answer.status or ended.answer.error
        body = ended.answer.body.strip()[:200]
        message = f"the hub answered {answered} to the unsubscription: {body}"
        refused = finding(
            "hub.subscribe-refused",
            message,
            params={"status": answered, "text": body},
            variant="unsubscribe",
        )
        return _Verdict(Outcome.FAIL, message, [refused])
    after = await session.publish()
    if (problem := _publish_problem(after)) is not None:
        return problem
    if after.by_user:  # the Source may be quiet: watch as long as a delivery may take
        await asyncio.sleep(session.settings.delivery_timeout)
    late = (await session.deliveries([probe], after, expect=False))[probe]
    if late:
        message = f"{len(late)} delivery(ies) arrived after the unsubscription"
        after_end = finding("hub.delivery-after-unsubscribe", message, params={"count": len(late)})
        return _Verdict(Outcome.FAIL, message, [after_end])
    seconds = session.quiet_period()
    quiet = f"no delivery in {seconds:.1f} s after the unsubscription"
    if ended.verification is None:
        message = "the hub sent no verification of the unsubscription"
        unverified = finding("hub.unsubscribe-unverified", message, params={})
        said = Phrase(f"{message}; {quiet}", "unsubscribe-unverified", {"seconds": seconds})
        return _Verdict(Outcome.WARN, said, [unverified])
    said = Phrase(f"unsubscription verified; {quiet}", "unsubscribe-ok", {"seconds": seconds})
    return _Verdict(Outcome.PASS, said, [])


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
        findings.append(
            finding(
                "hub.delivery-content-type",
                f"Content-Type is {got or 'absent'}; the notification was published as {XML}"
                + (f" and the topic serves {topic_type}" if topic_type else ""),
                params={"got": got or "—", "published": XML, "topic_type": topic_type or ""},
                variant="topic" if topic_type else "",
            )
        )
    links = delivery_links(delivery)
    if session.topic not in links.get("self", []):
        shown = ", ".join(links.get("self", [])) or "none"
        findings.append(
            finding(
                "hub.delivery-link-self",
                f"Link rel=self is {shown}, expected {session.topic}",
                params={"shown": shown, "topic": session.topic},
            )
        )
    if not links.get("hub"):
        findings.append(
            finding("hub.delivery-link-hub", "the delivery has no Link rel=hub", params={})
        )
    if findings:
        return _Verdict(Outcome.FAIL, "; ".join(f.message for f in findings), findings)
    hub_note = (
        ""
        if session.hub in links["hub"]
        else f" (rel=hub names {links['hub'][0]}, not {session.hub})"
    )
    said = Phrase(
        f"Content-Type {XML} like the topic; Link self and hub present{hub_note}",
        "headers-ok-other-hub" if hub_note else "headers-ok",
        {"type": XML, "named": links["hub"][0], "hub": session.hub},
    )
    return _Verdict(Outcome.PASS, said, [])


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
            text = f"asked for {asked} s: refused with {status} {body}"
            facts["asked"].append(asked)
            facts["given"].append(None)
            outcomes.append(Outcome.WARN)
            refused = finding(
                "hub.lease-refused", text, params={"asked": asked, "status": status, "text": body}
            )
            findings.append(refused)
            parts.append(Phrase(text, "finding", {"finding": refused}))
            continue
        step = _step(f"subscription asking for {asked} s", "lease-asked", asked=asked)
        problem = _not_active(session, step, sub)
        if problem is not None:
            return problem
        assert sub.verification is not None
        outcome, lease, notes = _lease_verdict(sub.verification.lease, asked)
        facts["asked"].append(asked)
        facts["given"].append(_lease_value(sub.verification.lease))
        outcomes.append(outcome)
        findings += notes
        parts.append(
            lease
            if lease.english.startswith("asked")
            else Phrase(
                f"asked for {asked} s, got {lease}",
                "lease-asked-got",
                {"asked": asked, "got": lease},
            )
        )
    worst = (
        Outcome.FAIL
        if Outcome.FAIL in outcomes
        else Outcome.WARN
        if Outcome.WARN in outcomes
        else Outcome.PASS
    )
    said = Phrase("; ".join(map(str, parts)), "parts", {"parts": parts})
    return _Verdict(worst, said, findings, facts)


async def check_bad_requests(session: Session) -> _Verdict:
    """8. No hub.callback, or a bad hub.mode: 4xx with a plain-text reason (WebSub §5.1.2)."""
    # The callback never confirms: a bogus mode gets 404, a subscribe a wrong echo.
    probe = session.probe(answer=WRONG_ECHO)
    cases = [
        (
            _step("without hub.callback", "no-callback"),
            {"hub.mode": "subscribe", "hub.topic": session.topic},
        ),
        (
            _step("with hub.mode=bogus", "bogus-mode"),
            {"hub.callback": probe.url, "hub.mode": "bogus", "hub.topic": session.topic},
        ),
    ]
    findings: list[Finding] = []
    parts: list[Phrase] = []
    for label, form in cases:
        answer = await session.post_form(form, "bad-request")
        if answer.status is None:
            message = f"request {label}: POST failed: {answer.error}"
            findings.append(
                finding(
                    "hub.unreachable",
                    message,
                    url=session.hub,
                    params={"label": label, "reason": answer.error},
                    variant="request",
                )
            )
        elif not 400 <= answer.status < 500:
            findings.append(
                finding(
                    "hub.bad-request-accepted",
                    f"request {label}: answered {answer.status}, not 4xx",
                    params={"label": label, "status": answer.status},
                )
            )
        elif not answer.body.strip():
            findings.append(
                finding(
                    "hub.bad-request-no-reason",
                    f"request {label}: {answer.status} with an empty body",
                    params={"label": label, "status": answer.status},
                )
            )
        body = repr(answer.body.strip()[:120])
        parts.append(
            Phrase(
                f"{label}: no answer ({answer.error})",
                "request-unanswered",
                {"label": label, "reason": answer.error},
            )
            if answer.status is None
            else Phrase(
                f"{label}: {answer.status} {body}",
                "request-answered",
                {"label": label, "status": answer.status, "text": body},
            )
        )
    summary = Phrase("; ".join(map(str, parts)), "parts", {"parts": parts})
    if any(f.code in ("hub.bad-request-accepted", "hub.unreachable") for f in findings):
        return _Verdict(Outcome.FAIL, summary, findings)
    return _Verdict(Outcome.WARN if findings else Outcome.PASS, summary, findings)


async def check_wrong_challenge(session: Session) -> _Verdict:
    """9. Echoing the wrong challenge must not activate the subscription (WebSub §5.3.1).
    A correctly subscribed control probe shows the publication was delivered at all."""
    probe = session.probe(answer=WRONG_ECHO)
    sub = await session.request(probe, "subscribe", lease=session.settings.lease_seconds)
    if sub.verification is None:
        problem = _not_active(session, _step("subscription", "subscription"), sub)
        assert problem is not None
        if sub.answer.status is None:
            return problem
        said = _said(problem)
        return _not_run(
            Phrase(
                f"the hub sent no verification to answer wrongly: {said}",
                "no-verification-to-answer",
                {"said": said},
            ),
            None,
        )
    control, _control_sub, problem = await _active_probe(
        session, _step("control subscription", "control")
    )
    if problem is not None:
        return problem
    publication = await session.publish()
    if (problem := _publish_problem(publication)) is not None:
        return problem
    if not (await session.deliveries([control], publication, expect=True))[control]:
        return _missing_delivery(session, publication, _step("the control probe", "control-probe"))
    if [d for d in probe.deliveries if publication.matches(d)]:
        message = "the probe echoed a wrong challenge, yet the hub delivered to it"
        accepted = finding("hub.wrong-challenge-accepted", message, params={})
        return _Verdict(Outcome.FAIL, message, [accepted])
    refused = (
        ""
        if sub.answer.accepted
        else f"; the hub answered {sub.answer.status} after verifying synchronously"
    )
    seconds = session.quiet_period()
    said = Phrase(
        f"answered the challenge wrongly; the publication reached a control probe, and not "
        f"this one in {seconds:.1f} s{refused}",
        "wrong-challenge-ok-sync" if refused else "wrong-challenge-ok",
        {"seconds": seconds, "status": sub.answer.status},
    )
    return _Verdict(Outcome.PASS, said, [])


async def check_delivery_latency(session: Session) -> _Verdict:
    """11. How long a publication takes to arrive, against the configured threshold."""
    sample = await _signed_sample(session)
    if sample.problem is not None:
        return sample.problem
    assert sample.delivery is not None and sample.publication is not None
    if sample.publication.by_user:
        return _not_run(
            Phrase(
                "--no-publish: when the Source published is not known here",
                "publish-time-unknown",
            ),
            "publish",
        )
    seconds = max(0.0, sample.delivery.received - sample.publication.started)
    limit = session.settings.slow_delivery
    facts = {"seconds": round(seconds, 3), "threshold": limit}
    if seconds > limit:
        message = f"delivered {seconds:.2f} s after the publication (threshold {limit:g} s)"
        slow = finding("hub.delivery-slow", message, params={"seconds": seconds, "limit": limit})
        return _Verdict(Outcome.WARN, message, [slow], facts)
    said = Phrase(
        f"delivered {seconds:.2f} s after the publication", "delivered-after", {"seconds": seconds}
    )
    return _Verdict(Outcome.PASS, said, [], facts)


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


async def run_check(session: Session, check_id: str) -> CheckResult:
    """Run one check, collecting its evidence; probes it started are closed afterwards."""
    title, function = CHECKS[check_id]
    since = session.mark()
    had_sample = "signed" in session.shared
    probes_before = len(session.probes)
    verdict = await _prerequisite(session, check_id)
    if verdict is None:
        verdict = await function(session)
    probes = session.probes[probes_before:]
    for probe in probes:  # later deliveries to it get 410 (WebSub §7)
        probe.closed = True
    evidence = session.evidence(since, probes)
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
