"""The shared machinery of a conformance run: probes, subscription requests, publications,
the hosted topic and the evidence each check collects from the exchange log.

The explorer plays both roles against the hub under test: Source (it publishes, and
can host the topic URI on its callback server) and Destination (its probes subscribe).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

import httpx

from explorer.core.findings import Finding, finding
from explorer.core.link_header import links_by_rel
from explorer.core.push.hub_check_plan import PUBLISH_AUTO as PUBLISH_AUTO
from explorer.core.push.hub_check_plan import PUBLISH_FORM as PUBLISH_FORM
from explorer.core.push.hub_check_plan import PUBLISH_NONE as PUBLISH_NONE
from explorer.core.push.hub_check_plan import PUBLISH_XML as PUBLISH_XML
from explorer.core.push.hub_check_plan import ConformanceSettings as ConformanceSettings
from explorer.core.push.payload_templates import change_notification
from explorer.core.serialize import serialize_document
from explorer.core.words.messages import Phrase, render_check_title, render_phrase, said
from explorer.core.words.text_width import pad
from explorer.net.conformance.probe import ECHO, Probe, Verification, wait_until
from explorer.net.http.bounded_body import (
    USER_AGENT,
    BodyError,
    read_body,
)
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import CallbackServer, Delivery, Reply
from explorer.net.live.hub_client import (
    HubAnswer,
    HubClient,
    HubRequestOptions,
    intent_form,
)
from explorer.net.live.hub_discovery import MAX_DISCOVERY_BYTES
from explorer.net.live.publisher import XML, PublishResult, topic_reply
from explorer.net.live.subscription import new_callback_token, new_secret
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord

PUBLISH_STYLES = {
    PUBLISH_AUTO: (PUBLISH_XML, PUBLISH_FORM),
    PUBLISH_XML: (PUBLISH_XML,),
    PUBLISH_FORM: (PUBLISH_FORM,),
    PUBLISH_NONE: (),
}


class Outcome(StrEnum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    NOT_RUN = "not-run"  # a check it depends on could not give it what it needs


@dataclass(slots=True)
class CheckResult:
    """One check's verdict, the reason in a line, findings, and the exchanges that show it."""

    check: str
    title: str
    outcome: Outcome
    summary: str
    findings: list[Finding] = field(default_factory=list)
    evidence: list[ExchangeRecord] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    depends_on: str | None = None  # for NOT RUN: the check whose result stopped it
    said: Phrase | None = None  # the summary for other languages (not in the JSON)

    def title_in(self, lang: str) -> str:
        """The check's title in ``lang`` (the CLI's and the window's language)."""
        return render_check_title(self.check, self.title, lang)

    def summary_in(self, lang: str) -> str:
        """The summary in ``lang``; the English one where the catalog has no words for it."""
        return self.summary if self.said is None else render_phrase(self.said, lang)

    def to_json(self, body_chars: int = 2000) -> dict[str, Any]:
        return {
            "check": self.check,
            "title": self.title,
            "outcome": str(self.outcome),
            "summary": self.summary,
            "depends_on": self.depends_on,
            "facts": self.facts,
            "findings": [item.to_json() for item in self.findings],
            "evidence": [exchange_json(record, body_chars) for record in self.evidence],
        }


def exchange_json(record: ExchangeRecord, body_chars: int = 2000) -> dict[str, Any]:
    """An exchange as JSON, bodies as text cut to ``body_chars``."""

    def text(body: bytes | None) -> str | None:
        return None if body is None else body[:body_chars].decode("utf-8", "replace")

    return {
        "time": record.time,
        "direction": record.direction,
        "kind": record.kind,
        "method": record.method,
        "url": record.url,
        "status": record.status,
        "request_headers": record.request_headers,
        "request_body": text(record.request_body),
        "response_headers": record.response_headers,
        "response_body": text(record.response_body),
        "error": record.error,
    }


def describe_exchange(record: ExchangeRecord, kind_width: int = 12) -> str:
    """One line: ``in  GET http://...?... -> 200`` (for the CLI and the GUI list); the
    kind padded to ``kind_width`` terminal columns, so a translated kind keeps the method
    and URL in line."""
    arrow = "->" if record.direction == "out" else "<-"
    status = record.error if record.status is None else str(record.status)
    return f"{arrow} {pad(record.kind, kind_width)} {record.method} {record.url}  [{status}]"


@dataclass(slots=True)
class SubscribeOutcome:
    """A (un)subscription request and the verification it led to."""

    answer: HubAnswer
    verification: Verification | None = None  # for this mode and topic
    denial: Verification | None = None
    stray: list[Verification] = field(default_factory=list)  # wrong topic or mode
    flavour: str = transports.DIALECT_WEBSUB  # the hub's dialect
    legacy_notes: list[Phrase] = field(default_factory=list)

    @property
    def active(self) -> bool:
        return self.verification is not None and self.verification.confirmed


@dataclass(slots=True)
class Publication:
    """A payload this run published, when, and every style tried with the hub's answer.

    With no attempts the user publishes through the Source (``--no-publish``); then, and
    when the hub fetched a topic not hosted here, deliveries are matched by time, not
    by their bytes.
    """

    body: bytes
    started: float
    attempts: list[tuple[str, PublishResult]] = field(default_factory=list)
    exact: bool = True  # the hub delivers exactly ``body``

    @property
    def by_user(self) -> bool:
        return not self.attempts

    @property
    def result(self) -> PublishResult:
        return self.attempts[-1][1]

    @property
    def accepted(self) -> bool:
        return self.by_user or self.result.accepted

    @property
    def style(self) -> str | None:
        """The style the hub took, if any."""
        return self.attempts[-1][0] if self.attempts and self.result.accepted else None

    @property
    def legacy(self) -> bool:
        """Taken as hub.mode=publish (PubSubHubbub 0.4 style)."""
        return self.style == PUBLISH_FORM

    def describe(self) -> Phrase:
        """Every attempt and the hub's answer, in order (for summaries); ``str()`` is the
        English."""
        parts = [
            said("conformance.attempt", style=said(f"conformance.style-{style}"), said=_said(r))
            for style, r in self.attempts
        ]
        return said("conformance.attempts", parts=parts)

    def matches(self, delivery: Delivery) -> bool:
        if self.exact:
            return delivery.body == self.body
        return delivery.received >= self.started


def _said(result: PublishResult) -> Phrase:
    """The hub's answer: its status and its own words, quoted."""
    if result.status is None:
        return said("conformance.no-answer", reason=result.error)
    text = result.body.decode("utf-8", "replace").strip()[:160]
    if not text:
        return said("conformance.status", status=result.status)
    return said("conformance.status-text", status=result.status, text=repr(text))


class Session:
    """State shared by the checks of one run against one hub and one topic."""

    def __init__(
        self,
        hub: str,
        server: CallbackServer,
        client: httpx.AsyncClient,
        *,
        topic: str | None,
        settings: ConformanceSettings,
    ) -> None:
        self.hub = hub
        self.server = server
        self.client = client
        self.settings = settings
        if server.exchange_log is None:  # the evidence comes from the exchange log
            server.exchange_log = ExchangeLog()
        self.log: ExchangeLog = server.exchange_log
        self.hub_client = HubClient(
            client, self.log, HubRequestOptions(timeout=settings.request_timeout)
        )
        self._topic_token: str | None = None
        if topic is None:
            self._topic_token = new_callback_token()
            topic = server.host_topic(self._topic_token, self._topic_reply)
        self.topic = topic
        self.latest = b""  # what the hosted topic serves: the latest payload published
        self.probes: list[Probe] = []
        self.latencies: list[float] = []
        self.publish_style: str | None = None  # the style the hub took; tried first from then on
        self.publish_refusal: Publication | None = None  # every style refused: said once
        self.shared: dict[str, Any] = {}  # results several checks read (made once)
        self.last_change = 0.0  # when the latest (un)subscription was verified (epoch)
        self.publications: list[Publication] = []  # every one this run made, in order
        self._records: list[ExchangeRecord] = []
        self._listener = self._records.append
        self._counter = 0
        self.log.listeners.append(self._listener)

    @property
    def hosts_topic(self) -> bool:
        return self._topic_token is not None

    def _topic_reply(self) -> Reply:
        return topic_reply(self.topic, self.hub, self.latest)

    async def close(self) -> None:
        """Unsubscribe what is still subscribed (best effort), then free every path."""
        live = [
            p
            for p in self.probes
            if p.verifications_after(0, "subscribe")
            and not any(v.confirmed for v in p.verifications_after(0, "unsubscribe"))
        ]
        for probe in live:
            probe.accept_unsubscribe = True
        await asyncio.gather(
            *(self.request(p, "unsubscribe", wait=False) for p in live), return_exceptions=True
        )
        if live:
            await wait_until(
                lambda: all(p.verifications_after(0, "unsubscribe") for p in live),
                self.settings.quiet_period,
            )
        for probe in self.probes:
            self.server.unregister(probe.token)
        if self._topic_token is not None:
            self.server.unhost_topic(self._topic_token)
        if self._listener in self.log.listeners:
            self.log.listeners.remove(self._listener)

    # --- evidence ----------------------------------------------------------------------

    def mark(self) -> int:
        return len(self._records)

    def evidence(self, since: int, probes: list[Probe]) -> list[ExchangeRecord]:
        """Exchanges since ``since`` that involve the hub, these probes or the hosted topic."""
        tokens = [p.token for p in probes]
        if self._topic_token is not None:
            tokens.append(self._topic_token)
        picked = []
        for record in self._records[since:]:
            url = record.url.split("?", 1)[0]
            ours = url in (self.hub.split("?", 1)[0], self.topic)
            if (record.direction == "out" and ours) or any(token in url for token in tokens):
                picked.append(record)
        return sorted(picked, key=lambda record: record.time)

    def probe_evidence(self, probes: list[Probe]) -> list[ExchangeRecord]:
        """Every exchange of the run at these probes' callbacks (their verifications and
        deliveries), for a check that watched a probe made before it."""
        tokens = [p.token for p in probes]
        return [r for r in self._records if any(token in r.url for token in tokens)]

    # --- subscriber side ---------------------------------------------------------------

    def probe(self, *, secret: bool = False, answer: str = ECHO) -> Probe:
        token = new_callback_token()
        probe = Probe(
            token,
            self.server.callback_url(token),
            self.topic,
            secret=new_secret() if secret else None,
            answer=answer,
        )
        self.server.register(token, probe)
        self.probes.append(probe)
        return probe

    async def post_form(self, form: dict[str, str], kind: str) -> HubAnswer:
        """A form POST to the hub (WebSub §5.1), logged as evidence; never raises. Not
        retried: a check judges the hub's first answer."""
        return await self.hub_client.post_form(self.hub, form, kind, retry=False)

    async def request(
        self,
        probe: Probe,
        mode: str,
        *,
        lease: int | None = None,
        extra: dict[str, str] | None = None,
        wait: bool = True,
    ) -> SubscribeOutcome:
        """Send a (un)subscription for ``probe`` and wait for the hub's verification.

        PubSubHubbub 0.4 hubs are recognised, not failed: a 204 (synchronous
        verification) is accepted, and a refusal that asks for ``hub.verify`` is
        re-sent with ``hub.verify=sync`` (framework-notification 1.0 §4.2).
        """
        form = intent_form(mode, probe.url, self.topic, lease=lease, secret=probe.secret)
        form.update(extra or {})
        seen = len(probe.verifications)
        answer = await self.post_form(form, mode)
        notes: list[Phrase] = []
        if answer.status is not None and 400 <= answer.status < 500 and "hub.verify" in answer.body:
            notes.append(said("conformance.said.asked-hub-verify", status=answer.status))
            answer = await self.post_form({**form, "hub.verify": "sync"}, mode)
        outcome = SubscribeOutcome(answer, legacy_notes=notes)
        if answer.status == 204:  # a WebSub hub that is merely fast still answers 202
            early = bool(probe.verifications_after(seen))
            outcome.legacy_notes.append(
                said(
                    "conformance.said.answered-204-sync"
                    if early
                    else "conformance.said.answered-204"
                )
            )
        if not answer.accepted or not wait:
            return self._classify(outcome, probe, seen, mode)
        # The probe is this request's alone: any GET to it (right, wrong or denial) ends the wait.
        await wait_until(
            lambda: bool(probe.verifications_after(seen)), self.settings.verification_timeout
        )
        return self._classify(outcome, probe, seen, mode)

    def _classify(
        self, outcome: SubscribeOutcome, probe: Probe, seen: int, mode: str
    ) -> SubscribeOutcome:
        self._note_change(probe.verifications_after(seen))
        for verification in probe.verifications_after(seen):
            if verification.mode == "denied" and outcome.denial is None:
                outcome.denial = verification
            elif (
                verification.mode == mode
                and verification.topic == self.topic
                and outcome.verification is None
            ):
                outcome.verification = verification
            elif verification.mode != "denied":
                outcome.stray.append(verification)
        if outcome.legacy_notes:
            outcome.flavour = transports.DIALECT_PUBSUBHUBBUB_04
        return outcome

    def _note_change(self, verifications: list[Verification]) -> None:
        confirmed = [v.received for v in verifications if v.confirmed]
        self.last_change = max([self.last_change, *confirmed])

    async def settle(self) -> float:
        """Wait until the settle period since the latest verified (un)subscription has
        passed, so a publication does not race the hub storing it; the seconds waited."""
        wait = self.last_change + self.settings.settle - time.time()
        if wait > 0:
            await asyncio.sleep(wait)
        return max(0.0, wait)

    # --- publisher side ----------------------------------------------------------------

    def payload(self) -> bytes:
        """A fresh one-entry change notification, unique to this run and call."""
        self._counter += 1
        marker = f"{new_callback_token()[:10]}-{self._counter}"
        doc = change_notification(1, datetime.now(UTC), marker=marker)
        return serialize_document(doc)

    async def publish(self) -> Publication:
        """Publish a fresh payload in the configured styles, in order, until the hub takes
        one: the §4.1 POST (change-notification 1.0.1), then hub.mode=publish (WebSub §6
        leaves publishing to the hub; PubSubHubbub 0.4 hubs fetch the topic). Once a style
        is taken only it is used; once every style is refused, the hub is not asked again."""
        await self.settle()
        body = self.payload()
        self.latest = body
        started = time.time()
        if self.publish_refusal is not None:
            return self.publish_refusal
        styles = PUBLISH_STYLES[self.settings.publish_style]
        if self.publish_style is not None:
            styles = (self.publish_style,)
        publication = Publication(body, started, exact=bool(styles))  # none: the user publishes
        self.publications.append(publication)
        for style in styles:
            result = await (
                self._publish_xml(body) if style == PUBLISH_XML else self._publish_form()
            )
            publication.attempts.append((style, result))
            if result.accepted:
                self.publish_style = style
                # a hub that fetches a topic hosted elsewhere delivers that topic's bytes
                publication.exact = style == PUBLISH_XML or self.hosts_topic
                return publication
            if result.status is None:  # unreachable: other styles would not fare better
                break
        if publication.attempts and self.publish_style is None:
            self.publish_refusal = publication
        return publication

    async def _publish_xml(self, body: bytes) -> PublishResult:
        return await self.hub_client.publish(self.hub, self.topic, body)

    async def _publish_form(self) -> PublishResult:
        answer = await self.hub_client.publish_form(self.hub, self.topic)
        result = PublishResult(
            self.hub, self.topic, answer.status, body=answer.body.encode(), error=answer.error
        )
        if answer.status is None:
            result.findings = [
                finding(
                    "hub.unreachable",
                    url=self.hub,
                    params={"hub": self.hub, "reason": answer.error},
                )
            ]
        return result

    async def deliveries(
        self, probes: list[Probe], publication: Publication, *, expect: bool, settle: bool = True
    ) -> dict[Probe, list[Delivery]]:
        """Deliveries of ``publication`` at ``probes``. With ``expect``, wait until each
        probe has one; with ``settle``, then watch for ``quiet_period()`` for more (or,
        without ``expect``, for any at all)."""

        def got() -> dict[Probe, list[Delivery]]:
            return {p: [d for d in p.deliveries if publication.matches(d)] for p in probes}

        if expect:
            await wait_until(lambda: all(got().values()), self.settings.delivery_timeout)
            for delivery in (d for found in got().values() for d in found[:1]):
                self.latencies.append(max(0.0, delivery.received - publication.started))
        if settle:
            await asyncio.sleep(self.quiet_period())
        return got()

    def quiet_period(self) -> float:
        """The configured quiet period, stretched to 1.5 times the slowest delivery seen:
        a delivery that should not come would take about as long as those that did."""
        return max([self.settings.quiet_period, *(1.5 * x for x in self.latencies)])

    async def topic_content_type(self) -> str | None:
        """The topic's media type as a GET shows it (logged as a topic check)."""
        if self.hosts_topic:
            return XML
        started = time.time()
        try:
            async with asyncio.timeout(self.settings.request_timeout):  # the whole exchange
                async with self.client.stream(
                    "GET",
                    self.topic,
                    timeout=self.settings.request_timeout,
                    headers={"User-Agent": USER_AGENT},
                ) as response:
                    body = await read_body(response, MAX_DISCOVERY_BYTES)
        except (httpx.HTTPError, ValueError, TimeoutError, BodyError) as exc:
            self.log.record(
                direction="out",
                kind="topic-check",
                method="GET",
                url=self.topic,
                status=None,
                started=started,
                error=str(exc) or type(exc).__name__,
            )
            return None
        self.log.record(
            direction="out",
            kind="topic-check",
            method="GET",
            url=self.topic,
            status=response.status_code,
            request_headers=response.request.headers.multi_items(),
            response_headers=response.headers.multi_items(),
            response_body=body,
            started=started,
        )
        value = response.headers.get("content-type")
        return value.split(";", 1)[0].strip().lower() if value else None


def delivery_links(delivery: Delivery) -> dict[str, list[str]]:
    return links_by_rel(delivery.header_values("Link"))
