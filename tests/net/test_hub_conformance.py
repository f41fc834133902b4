"""The conformance run against the demo hub (clean and faulted) and against scripted hubs
that break the rules the demo hub cannot be made to break."""

from __future__ import annotations

import asyncio
import dataclasses
import secrets
import ssl
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

import httpx
import pytest
from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback

from explorer.core.push.signatures import sign
from explorer.demo import RunningDemo, start_demo
from explorer.net.conformance import CHECKS, CheckResult, ConformanceSettings, run_conformance
from explorer.net.conformance.checks import NEEDS_PUBLICATION
from explorer.net.live.callback.callback_server import CallbackServer

FAST = ConformanceSettings(
    verification_timeout=2.0,
    delivery_timeout=2.0,
    quiet_period=0.2,
    slow_delivery=0.4,
    request_timeout=3.0,
    settle=0.05,
)


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    running = await start_demo(rate=0, slow_delivery_seconds=0.6, retry_delay=0.1)
    try:
        yield running
    finally:
        await running.stop()


@pytest.fixture(scope="session")
def tls_context() -> ssl.SSLContext:
    """Built once: loading the CA bundle costs ~0.4 s per httpx client otherwise."""
    return ssl.create_default_context()


@pytest.fixture
async def client(tls_context: ssl.SSLContext) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(verify=tls_context) as http:
        yield http


async def _run(
    hub: str,
    callback_server: CallbackServer,
    client: httpx.AsyncClient,
    topic: str | None,
    only: list[str] | None = None,
) -> dict[str, CheckResult]:
    results = await run_conformance(
        hub, callback_server, client, topic=topic, settings=FAST, only=only
    )
    return {result.check: result for result in results}


def _codes(result: CheckResult) -> set[str]:
    return {item.code for item in result.findings}


# --- the demo hub ------------------------------------------------------------------------


async def test_every_check_passes_against_the_demo_hub(demo: RunningDemo, callback_server, client):
    seen: list[str] = []
    results = await run_conformance(
        demo.hub_url,
        callback_server,
        client,
        topic=demo.channels[0].topic,
        settings=FAST,
        on_result=lambda r: seen.append(r.check),
    )
    assert [r.check for r in results] == list(CHECKS) == seen
    failing = {r.check: r.summary for r in results if r.outcome != "pass"}
    assert not failing
    by_id = {r.check: r for r in results}
    for result in results:
        assert result.evidence, f"{result.check} shows no exchange"
    assert "sha256" in by_id["signed-delivery"].summary
    assert by_id["signed-delivery"].facts == {"signature": "valid", "algorithm": "sha256"}
    assert by_id["lease-clamping"].facts == {"asked": [1, 315360000], "given": [300, 2678400]}
    assert by_id["subscription"].facts["lease_given"] == 3600
    clamping = by_id["lease-clamping"].summary
    assert "asked for 1 s, granted 300 s" in clamping and "granted 2678400 s" in clamping
    kinds = {record.kind for record in by_id["signed-delivery"].evidence}
    assert {"subscribe", "verification", "publish", "delivery"} <= kinds
    # the run cleans up: every probe unsubscribed or dropped, no path left registered
    async with asyncio.timeout(5):
        while demo.hub.subscriptions():
            await asyncio.sleep(0.02)
    assert not callback_server._targets and not callback_server._topics


FAULTS = [
    ("bad-signature", "signed-delivery", "fail", "websub.signature-invalid"),
    ("no-signature", "signed-delivery", "fail", "websub.signature-missing"),
    ("wrong-content-type", "delivery-headers", "fail", "hub.delivery-content-type"),
    ("missing-link-header", "delivery-headers", "fail", "hub.delivery-link-self"),
    ("lease-zero", "lease-clamping", "warn", "hub.lease-zero"),
    ("lease-zero", "subscription", "warn", "hub.lease-zero"),
    ("verify-wrong-topic", "subscription", "fail", "hub.verification-wrong-topic"),
    ("slow-delivery", "delivery-latency", "warn", "hub.delivery-slow"),
]


@pytest.mark.parametrize(("fault", "check", "outcome", "code"), FAULTS)
async def test_each_demo_fault_trips_its_check(
    demo: RunningDemo, callback_server, client, fault: str, check: str, outcome: str, code: str
):
    demo.faults.enable(fault)
    results = await _run(
        demo.hub_url, callback_server, client, demo.channels[0].topic, only=[check, "bad-requests"]
    )
    assert results[check].outcome == outcome, results[check].summary
    assert code in _codes(results[check])
    assert results["bad-requests"].outcome == "pass"  # unrelated checks are not dragged down


PUBLICATION_CHECKS = {
    "signed-delivery",
    "resubscribe",
    "unsubscribe",
    "delivery-headers",
    "wrong-challenge",
    "delivery-latency",
}


def test_the_checks_that_need_a_publication_are_these() -> None:
    assert NEEDS_PUBLICATION == PUBLICATION_CHECKS


@pytest.mark.parametrize("fault", [None, "refuse-unknown-topic"])
async def test_a_hub_serving_only_its_own_topics_fails_nothing(
    demo: RunningDemo, callback_server, client, fault: str | None
):
    """The demo hub denies the hosted topic (WebSub §5.2), or with the fault refuses it
    with 400 topic_not_supported as allowlisted hubs do: it says so once, and the checks
    that need a subscription are NOT RUN rather than FAIL."""
    if fault:
        demo.faults.enable(fault)
    results = await _run(demo.hub_url, callback_server, client, None)
    outcomes = {check: str(r.outcome) for check, r in results.items()}
    assert "fail" not in outcomes.values(), {c: r.summary for c, r in results.items()}
    subscription = results["subscription"]
    assert subscription.outcome == "warn" and "hub.topic-refused" in _codes(subscription)
    assert "only serves its own topics: give --topic" in subscription.summary
    assert ("400 topic_not_supported" if fault else "denied:") in subscription.summary
    assert sum("--topic" in r.summary for r in results.values()) == 1
    dependent = PUBLICATION_CHECKS | {"extra-parameters", "lease-clamping"}
    assert {c for c, o in outcomes.items() if o == "not-run"} == dependent
    assert {results[c].depends_on for c in dependent} == {"subscription"}
    assert outcomes["bad-requests"] == "pass"
    publish = results["publish"]  # the hub refuses a foreign topic's publication, both ways
    assert publish.outcome == "warn" and "hub.publish-not-taken" in _codes(publish)
    assert "application/xml POST" in publish.summary and "hub.mode=publish" in publish.summary
    assert [a["style"] for a in publish.facts["attempts"]] == ["xml", "form"]


async def test_publishing_disabled_leaves_the_other_checks_as_they_were(
    demo: RunningDemo, callback_server, client
):
    demo.faults.enable("publish-disabled")
    results = await _run(demo.hub_url, callback_server, client, demo.channels[0].topic)
    outcomes = {check: str(r.outcome) for check, r in results.items()}
    assert {c for c, o in outcomes.items() if o == "not-run"} == PUBLICATION_CHECKS
    assert {results[c].depends_on for c in PUBLICATION_CHECKS} == {"publish"}
    assert outcomes["publish"] == "warn"
    assert "403" in results["publish"].summary and "400" in results["publish"].summary
    assert {c: o for c, o in outcomes.items() if c not in PUBLICATION_CHECKS} == {
        "publish": "warn",
        "subscription": "pass",
        "extra-parameters": "pass",
        "lease-clamping": "pass",
        "bad-requests": "pass",
    }
    # the refusal is said once: the dependent checks did not publish again
    publishes = [r for res in results.values() for r in res.evidence if r.kind == "publish"]
    assert len(publishes) == 2


async def test_no_publish_waits_for_the_source_to_publish(
    demo: RunningDemo, callback_server, client
):
    channel = next(c for c in demo.channels if c.capability == "change-notification")

    async def source() -> None:
        while True:
            await asyncio.sleep(0.3)
            demo.change(channel.set_name)

    publisher = asyncio.create_task(source())
    try:
        settings = dataclasses.replace(FAST, publish_style="none")
        results = {
            r.check: r
            for r in await run_conformance(
                demo.hub_url, callback_server, client, topic=channel.topic, settings=settings
            )
        }
    finally:
        publisher.cancel()
        await asyncio.gather(publisher, return_exceptions=True)
    outcomes = {check: str(r.outcome) for check, r in results.items()}
    assert outcomes.pop("publish") == "not-run" and outcomes.pop("delivery-latency") == "not-run"
    assert set(outcomes.values()) == {"pass"}, {c: r.summary for c, r in results.items()}
    assert not any(r.kind == "publish" for res in results.values() for r in res.evidence)


async def test_an_unreachable_hub_fails_without_crashing(callback_server, client):
    results = await _run(
        "http://127.0.0.1:9/hub",
        callback_server,
        client,
        None,
        only=["publish", "subscription", "bad-requests"],
    )
    assert {r.outcome for r in results.values()} == {"fail"}
    assert all("hub.unreachable" in _codes(r) for r in results.values())


def test_unknown_check_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown check"):
        asyncio.run(
            run_conformance(
                "http://127.0.0.1:9/hub",
                CallbackServer(),
                None,  # type: ignore[arg-type]
                only=["nope"],
            )
        )


# --- scripted hubs ------------------------------------------------------------------------


@dataclass
class Behaviour:
    """How the scripted hub bends the rules; the defaults follow WebSub."""

    legacy: bool = False  # PubSubHubbub 0.4: hub.verify required, 204 after sync verify,
    #                      hub.mode=publish fetching the topic, sha1 signatures
    check_echo: bool = True
    duplicate_on_resubscribe: bool = False
    keep_after_unsubscribe: bool = False
    accept_bad_requests: bool = False
    refuse_unknown_parameters: bool = False
    min_lease: int | None = None  # refuse (400) a shorter lease instead of granting another
    act_after: float = 0.0  # store a verified change this long after the callback answered
    redeliver_after_unsubscribe: float | None = None  # a retry still in flight, sent then


@dataclass
class ScriptedHub:
    behaviour: Behaviour
    client: httpx.AsyncClient
    url: str = ""
    subscribers: list[tuple[str, str, str | None]] = field(default_factory=list)
    tasks: set[asyncio.Task] = field(default_factory=set)
    last_delivery: tuple[bytes, dict[str, str]] | None = None

    async def handle(self, request: web.Request) -> web.Response:
        if request.content_type == "application/xml":
            if self.behaviour.legacy:
                return web.Response(status=400, text="publish with hub.mode=publish")
            topic = _link_self(request.headers.get("Link", ""))
            await self._fan_out(topic, await request.read(), "application/xml")
            return web.Response(status=200, text="OK")
        form = dict(parse_qsl((await request.read()).decode()))
        mode = form.get("hub.mode")
        if mode == "publish" and self.behaviour.legacy:
            topic = form["hub.url"]
            response = await self.client.get(topic)
            await self._fan_out(topic, response.content, response.headers["content-type"])
            return web.Response(status=204)
        good = "hub.callback" in form and mode in ("subscribe", "unsubscribe")
        if not good and not self.behaviour.accept_bad_requests:
            return web.Response(status=400, text="hub.callback and a known hub.mode, please")
        if not good:
            return web.Response(status=202)
        if self.behaviour.refuse_unknown_parameters and any(
            not name.startswith("hub.") or name == "hub.explorer_probe" for name in form
        ):
            return web.Response(status=400, text="unknown parameter")
        lease = int(form.get("hub.lease_seconds", 600))
        if self.behaviour.min_lease is not None and lease < self.behaviour.min_lease:
            return web.Response(status=400, text="lease too short")
        if self.behaviour.legacy:
            if "hub.verify" not in form:
                return web.Response(status=400, text="hub.verify is required")
            ok = await self._verify(form)
            return web.Response(status=204 if ok else 409, text="" if ok else "not verified")
        self._spawn(self._verify(form))
        return web.Response(status=202)

    def _spawn(self, work: Coroutine[Any, Any, object]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _redeliver(self, callback: str) -> None:
        """Send the last delivery again, the way a retry queued before the unsubscription does."""
        assert self.behaviour.redeliver_after_unsubscribe is not None
        await asyncio.sleep(self.behaviour.redeliver_after_unsubscribe)
        if self.last_delivery is not None:
            body, headers = self.last_delivery
            await self.client.post(callback, content=body, headers=headers)

    async def _verify(self, form: dict[str, str]) -> bool:
        challenge = secrets.token_urlsafe(12)
        params = {
            "hub.mode": form["hub.mode"],
            "hub.topic": form["hub.topic"],
            "hub.challenge": challenge,
        }
        if form["hub.mode"] == "subscribe":
            params["hub.lease_seconds"] = str(max(60, int(form.get("hub.lease_seconds", 600))))
        response = await self.client.get(form["hub.callback"] + "?" + urlencode(params))
        if self.behaviour.check_echo and response.text != challenge:
            return False
        await asyncio.sleep(self.behaviour.act_after)  # a queue, a worker, a database
        entry = (form["hub.topic"], form["hub.callback"], form.get("hub.secret"))
        if form["hub.mode"] == "unsubscribe" and self.behaviour.redeliver_after_unsubscribe:
            self._spawn(self._redeliver(form["hub.callback"]))
        same = [s for s in self.subscribers if s[:2] == entry[:2]]
        if form["hub.mode"] == "unsubscribe":
            if not self.behaviour.keep_after_unsubscribe:
                self.subscribers = [s for s in self.subscribers if s[:2] != entry[:2]]
        elif not same or self.behaviour.duplicate_on_resubscribe:
            self.subscribers.append(entry)
        return True

    async def _fan_out(self, topic: str, body: bytes, content_type: str) -> None:
        for sub_topic, callback, secret in list(self.subscribers):
            if sub_topic != topic:
                continue
            headers = {
                "Content-Type": content_type,
                "Link": f'<{topic}>; rel="self", <{self.url}>; rel="hub"',
            }
            if secret:
                headers["X-Hub-Signature"] = sign(
                    secret, body, "sha1" if self.behaviour.legacy else "sha256"
                )
            self.last_delivery = (body, headers)
            await self.client.post(callback, content=body, headers=headers)


def _link_self(value: str) -> str:
    return value.split(">", 1)[0].lstrip("<").strip()


@pytest.fixture
async def scripted(tls_context: ssl.SSLContext) -> AsyncIterator:
    hubs: list[tuple[ScriptedHub, LoopbackSite]] = []

    async def start(behaviour: Behaviour) -> ScriptedHub:
        hub = ScriptedHub(behaviour, httpx.AsyncClient(verify=tls_context))
        app = web.Application()
        app.router.add_post("/hub", hub.handle)
        site = await start_loopback(app)
        hub.url = site.url("/hub")
        hubs.append((hub, site))
        return hub

    yield start
    for hub, site in hubs:
        for task in hub.tasks:
            task.cancel()
        await asyncio.gather(*hub.tasks, return_exceptions=True)
        await hub.client.aclose()
        await site.stop()


async def test_a_websub_hub_passes_with_a_hosted_topic(scripted, callback_server, client):
    hub = await scripted(Behaviour())
    results = await _run(hub.url, callback_server, client, None)
    assert {r.check: r.outcome for r in results.values() if r.outcome != "pass"} == {}


async def test_pubsubhubbub_0_4_is_recognised_and_labelled_not_failed(
    scripted, callback_server, client
):
    hub = await scripted(Behaviour(legacy=True))
    results = await _run(hub.url, callback_server, client, None)
    outcomes = {check: r.outcome for check, r in results.items()}
    assert "fail" not in outcomes.values(), {c: r.summary for c, r in results.items()}
    assert outcomes["subscription"] == "warn"
    assert "hub.legacy-flavour" in _codes(results["subscription"])
    assert "PubSubHubbub 0.4" in results["subscription"].summary
    assert "204" in results["subscription"].summary
    assert outcomes["publish"] == "warn" and "hub.legacy-publish" in _codes(results["publish"])
    assert outcomes["signed-delivery"] == "warn" and "sha1" in results["signed-delivery"].summary
    assert results["subscription"].facts["flavour"] == "pubsubhubbub-0.4"
    # the hub fetched the hosted topic to deliver it (HEAD/GET per notification §4.1)
    topic_kinds = [r.kind for r in results["publish"].evidence]
    assert "topic" in topic_kinds


@pytest.mark.parametrize(
    ("behaviour", "check", "code"),
    [
        (Behaviour(check_echo=False), "wrong-challenge", "hub.wrong-challenge-accepted"),
        (Behaviour(duplicate_on_resubscribe=True), "resubscribe", "hub.delivery-duplicated"),
        (Behaviour(keep_after_unsubscribe=True), "unsubscribe", "hub.delivery-after-unsubscribe"),
        (Behaviour(accept_bad_requests=True), "bad-requests", "hub.bad-request-accepted"),
        (
            Behaviour(refuse_unknown_parameters=True),
            "extra-parameters",
            "hub.extra-parameters-refused",
        ),
    ],
)
async def test_scripted_misbehaviour_fails_its_check(
    scripted, callback_server, client, behaviour: Behaviour, check: str, code: str
):
    hub = await scripted(behaviour)
    results = await _run(hub.url, callback_server, client, None, only=[check])
    assert results[check].outcome == "fail", results[check].summary
    assert code in _codes(results[check])


async def test_a_refused_lease_warns_once_a_plain_subscription_works(
    scripted, callback_server, client
):
    hub = await scripted(Behaviour(min_lease=60))
    results = await _run(hub.url, callback_server, client, None, only=["lease-clamping"])
    lease = results["lease-clamping"]
    assert lease.outcome == "warn" and "hub.lease-refused" in _codes(lease), lease.summary
    assert "asked for 1 s: refused with 400" in lease.summary
    assert lease.facts == {"asked": [1, 315360000], "given": [None, 315360000]}


async def test_a_hub_that_stores_a_change_late_is_given_the_settle_period(
    scripted, callback_server, client
):
    """The hub answers the verification, then needs 0.3 s to store the change (a task
    queue does that): publishing at once would race it; after the settle period it passes."""
    hub = await scripted(Behaviour(act_after=0.3))
    settings = dataclasses.replace(FAST, settle=0.6)
    checks = ["signed-delivery", "unsubscribe", "wrong-challenge"]
    results = await run_conformance(
        hub.url, callback_server, client, topic=None, settings=settings, only=checks
    )
    assert {r.check: str(r.outcome) for r in results} == dict.fromkeys(checks, "pass"), [
        r.summary for r in results
    ]


async def test_without_a_settle_period_the_same_hub_is_raced(scripted, callback_server, client):
    hub = await scripted(Behaviour(act_after=0.3))
    settings = dataclasses.replace(FAST, settle=0.0)
    results = await run_conformance(
        hub.url, callback_server, client, topic=None, settings=settings, only=["unsubscribe"]
    )
    assert results[0].outcome == "fail"  # what the settle period exists to prevent


async def test_a_delivery_inside_the_settle_period_warns_with_its_timing(
    scripted, callback_server, client
):
    hub = await scripted(Behaviour(redeliver_after_unsubscribe=0.1))
    settings = dataclasses.replace(FAST, settle=0.8)
    results = await run_conformance(
        hub.url, callback_server, client, topic=None, settings=settings, only=["unsubscribe"]
    )
    result = results[0]
    assert result.outcome == "warn", result.summary
    assert _codes(result) == {"hub.delivery-after-unsubscribe"}
    assert result.findings[0].severity == "warning"
    assert "within the 0.8 s settle period" in result.summary
    assert 0.05 <= result.facts["settling_seconds"] <= 0.8


async def test_a_wrongly_signed_delivery_is_not_called_unsigned(
    demo: RunningDemo, callback_server, client
):
    demo.faults.enable("bad-signature")
    results = await _run(
        demo.hub_url, callback_server, client, demo.channels[0].topic, only=["signed-delivery"]
    )
    assert _codes(results["signed-delivery"]) == {"websub.signature-invalid"}


async def test_an_unsigned_delivery_is_called_unsigned(demo: RunningDemo, callback_server, client):
    demo.faults.enable("no-signature")
    results = await _run(
        demo.hub_url, callback_server, client, demo.channels[0].topic, only=["signed-delivery"]
    )
    assert _codes(results["signed-delivery"]) == {
        "hub.delivery-unsigned",
        "websub.signature-missing",
    }
