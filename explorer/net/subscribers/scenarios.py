"""One scenario per test of ``subscriber-check``: what the bench does and what it watches.

Every scenario gets a fresh ``Channel`` and a freshly started subscriber (``Trial``),
waits for the subscription the test rests on, acts as the hub would, and hands what it
saw to a rule of ``explorer.core.subscribers.verdicts``. What a scenario could not get
(the subscriber exited, never subscribed, never confirmed) ends it with ``NotRun``: that
defect is judged once, by the test meant for it, and the other tests say which one.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from explorer.core.push.signatures import sign
from explorer.core.subscribers import payloads, verdicts
from explorer.core.subscribers.catalogue import SubscriberTest, Verdict
from explorer.core.subscribers.run_settings import SubscriberSettings as SubscriberSettings
from explorer.core.subscribers.verdicts import Answer, Judgement, Pair, judged
from explorer.core.words.messages import said
from explorer.net.subscribers.bench import Bench, Channel, HubRequest, Verification
from explorer.net.subscribers.launchers import Launched, SubscriberUnderTest


def settings_for(timeout: float) -> SubscriberSettings:
    """A run's settings given only its timeout (``--timeout``, the window's Timeout): the
    command line and the window make them here, so the same form judges the same way.
    The wait for a fetch never outlasts the timeout."""
    defaults = SubscriberSettings()
    return SubscriberSettings(timeout=timeout, fetch_timeout=min(timeout, defaults.fetch_timeout))


class NotRun(Exception):
    """The test could not be made; ``judgement`` says why."""

    def __init__(self, judgement: Judgement) -> None:
        super().__init__(judgement.reason.english)
        self.judgement = judgement


@dataclass(slots=True)
class Trial:
    """One test's run: its channel, the started subscriber and what the run shares."""

    test: SubscriberTest
    bench: Bench
    channel: Channel
    settings: SubscriberSettings
    subscriber: SubscriberUnderTest
    launched: Launched
    shared: dict[str, object] = field(default_factory=dict)
    stopped: bool = False

    def now(self) -> datetime:
        return datetime.now(UTC)

    async def first_request(self, *, judged_here: bool = False) -> HubRequest:
        """The first subscription request, or NotRun; ``judged_here``: its absence is this
        test's FAIL (the discovery tests)."""
        channel = self.channel
        seconds = self.settings.timeout
        found = await channel.wait_for(
            lambda: channel.subscribes() or self.launched.exit_status() is not None, seconds
        )
        if channel.subscribes():
            return channel.subscribes()[0]
        status = self.launched.exit_status()
        if status is not None:
            raise NotRun(judged(Verdict.NOT_RUN, "exited", status=status))
        assert not found
        if judged_here:
            raise NotRun(verdicts.discovery(None, channel.topic, seconds))
        raise NotRun(judged(Verdict.NOT_RUN, "no-request", seconds=seconds))

    async def first_verification(self) -> Verification:
        """The subscriber's answer to the first verification (or denial)."""
        await self.first_request()
        channel = self.channel
        wait = self.settings.request_timeout + 1.0
        await channel.wait_for(lambda: channel.verifications, wait)
        if not channel.verifications:  # the bench's GET is itself bounded: cannot happen
            raise NotRun(judged(Verdict.NOT_RUN, "no-request", seconds=wait))
        return channel.verifications[0]

    async def subscribed(self) -> Verification:
        """The confirmed subscription every later step rests on."""
        first = await self.first_verification()
        if not first.confirmed:
            raise NotRun(
                judged(Verdict.NOT_RUN, "not-confirmed", answer=verdicts.answered(first.answer))
            )
        return first

    async def secret(self) -> tuple[Verification, str]:
        """A confirmed subscription made with ``hub.secret``: signature tests need one."""
        active = await self.subscribed()
        if active.request.secret is None:
            raise NotRun(judged(Verdict.NOT_RUN, "no-secret"))
        return active, active.request.secret

    async def deliver(
        self,
        active: Verification,
        body: bytes,
        signature: str | None,
        encoding: str | None = None,
    ) -> Answer:
        return await self.bench.deliver(
            self.channel, active.request.callback, body, signature=signature, encoding=encoding
        )

    def signed(self, active: Verification, body: bytes, algorithm: str = "sha256") -> str | None:
        secret = active.request.secret
        return None if secret is None else sign(secret, body, algorithm)

    async def with_control(
        self, active: Verification, body: bytes, marker: str, signature: str | None
    ) -> Pair:
        """Deliver ``body`` (naming resources marked ``marker``), then a plain valid change
        notification; wait for the control's resources to be fetched (the positive sign
        that the subscriber acts), then a quiet while for late fetches of the first."""
        answer = await self.deliver(active, body, signature)
        control_marker = secrets.token_hex(4)
        control = payloads.change(self.channel.base_url, self.now(), control_marker)
        control_answer = await self.deliver(active, control, self.signed(active, control))
        mine = payloads.fetchable(self.channel.base_url, marker)
        theirs = payloads.fetchable(self.channel.base_url, control_marker)
        channel = self.channel
        await channel.wait_for(lambda: channel.fetched(theirs), self.settings.fetch_timeout)
        if channel.fetched(theirs):
            await channel.wait_for(lambda: channel.fetched(mine), self.settings.quiet)
        return Pair(answer, control_answer, channel.fetched(mine), channel.fetched(theirs))

    async def payload_pair(self, active: Verification, body: bytes, encoding: str | None) -> Pair:
        """Deliver a payload under test; only when it is refused, a plain control, to tell a
        refusal of this payload from a refusal of every notification."""
        answer = await self.deliver(active, body, self.signed(active, body), encoding)
        if verdicts.is_success(answer):
            return Pair(answer, answer, 0, 0)
        control = payloads.change(self.channel.base_url, self.now(), secrets.token_hex(4))
        control_answer = await self.deliver(active, control, self.signed(active, control))
        return Pair(answer, control_answer, 0, 0)


Scenario = Callable[[Trial], Awaitable[Judgement]]


async def _discovery(trial: Trial) -> Judgement:
    request = await trial.first_request(judged_here=True)
    return verdicts.discovery(request.topic, trial.channel.topic, trial.settings.timeout)


async def _subscribe_once(trial: Trial) -> Judgement:
    await trial.subscribed()
    channel, quiet = trial.channel, trial.settings.quiet
    await channel.wait_for(lambda: len(channel.subscribes()) > 1, quiet)
    return verdicts.subscribe_once(len(channel.subscribes()), quiet)


async def _verify_status(trial: Trial) -> Judgement:
    return verdicts.verification_status((await trial.first_verification()).answer)


async def _verify_challenge(trial: Trial) -> Judgement:
    first = await trial.first_verification()
    return verdicts.verification_echo(first.answer, first.echoed, first.body)


async def _verify_unknown_topic(trial: Trial) -> Judgement:
    active = await trial.subscribed()
    unasked = trial.channel.url("unasked")
    stray = await trial.bench.verify(trial.channel, active.request, mode="subscribe", topic=unasked)
    return verdicts.unknown_topic(stray.answer)


async def _verify_denied(trial: Trial) -> Judgement:
    first = await trial.first_verification()
    return verdicts.denial(first.answer)


async def _deliver_valid(trial: Trial) -> Judgement:
    active = await trial.subscribed()
    body = payloads.change(trial.channel.base_url, trial.now(), secrets.token_hex(4))
    return verdicts.delivery(await trial.deliver(active, body, trial.signed(active, body)))


def _badly_signed(how: str, what: str) -> Scenario:
    """A scenario delivering a notification signed ``how`` ("wrong", "missing", "md5")."""

    async def scenario(trial: Trial) -> Judgement:
        active, secret = await trial.secret()
        marker = secrets.token_hex(4)
        body = payloads.change(trial.channel.base_url, trial.now(), marker)
        signature: str | None
        if how == "wrong":
            signature = sign(secret + "-not-it", body)
        elif how == "md5":
            digest = hmac.new(secret.encode("utf-8"), body, hashlib.md5).hexdigest()
            signature = f"md5={digest}"
        else:
            signature = None
        pair = await trial.with_control(active, body, marker, signature)
        return verdicts.ignored(pair, said(f"subscribers.what.{what}"))

    return scenario


def _algorithm(algorithm: str) -> Scenario:
    async def scenario(trial: Trial) -> Judgement:
        active, _secret = await trial.secret()
        marker = secrets.token_hex(4)
        body = payloads.change(trial.channel.base_url, trial.now(), marker)
        pair = await trial.with_control(active, body, marker, trial.signed(active, body, algorithm))
        return verdicts.accepted(pair, algorithm)

    return scenario


def _payload(
    what: str,
    build: Callable[[Trial], Awaitable[bytes]],
    *,
    required: bool = True,
    encoding: str | None = None,
) -> Scenario:
    async def scenario(trial: Trial) -> Judgement:
        active = await trial.subscribed()
        body = await build(trial)
        pair = await trial.payload_pair(active, body, encoding)
        return verdicts.payload(pair, said(f"subscribers.what.{what}"), required=required)

    return scenario


async def _change_body(trial: Trial) -> bytes:
    return payloads.change(trial.channel.base_url, trial.now(), secrets.token_hex(4))


async def _framework_body(trial: Trial) -> bytes:
    return payloads.framework(trial.channel.base_url, trial.now())


async def _index_body(trial: Trial) -> bytes:
    return payloads.sitemap_index(trial.channel.base_url, trial.now(), secrets.token_hex(4))


async def _large_body(trial: Trial) -> bytes:
    """Built once per run, off the loop (about a second of CPU for 10 MB)."""
    cached = trial.shared.get("large")
    if isinstance(cached, bytes):
        return cached
    base, size = trial.channel.base_url, trial.settings.large_bytes
    body = await asyncio.to_thread(payloads.large, base, trial.now(), size)
    trial.shared["large"] = body
    return body


async def _gzip_body(trial: Trial) -> bytes:
    return payloads.gzipped(await _change_body(trial))


async def _lease_renew(trial: Trial) -> Judgement:
    active = await trial.subscribed()
    channel, lease = trial.channel, trial.channel.lease

    def renewal() -> HubRequest | None:
        later = [r for r in channel.subscribes() if r.at > active.at]
        return later[0] if later else None

    found = await channel.wait_for(renewal, lease + trial.settings.quiet)
    return verdicts.renewal(None if found is None else found.at - active.at, lease)


async def _lease_unsubscribe(trial: Trial) -> Judgement:
    await trial.subscribed()
    channel = trial.channel
    stopping = asyncio.get_running_loop().create_task(trial.launched.stop())
    trial.stopped = True
    seconds = trial.settings.timeout
    try:
        found = await channel.wait_for(
            lambda: any(r.mode == "unsubscribe" for r in channel.requests), seconds
        )
    finally:
        await stopping
    return verdicts.unsubscribe(bool(found), seconds)


SCENARIOS: dict[str, Scenario] = {
    "discovery-link-header": _discovery,
    "discovery-caplist": _discovery,
    "discovery-self": _discovery,
    "discovery-302": _discovery,
    "discovery-301": _discovery,
    "discovery-hub-307": _discovery,
    "discovery-hub-308": _discovery,
    "subscribe-once": _subscribe_once,
    "verify-status": _verify_status,
    "verify-challenge": _verify_challenge,
    "verify-unknown-topic": _verify_unknown_topic,
    "verify-denied": _verify_denied,
    "deliver-valid": _deliver_valid,
    "signature-wrong": _badly_signed("wrong", "wrong-signature"),
    "signature-missing": _badly_signed("missing", "missing-signature"),
    "signature-algorithm": _badly_signed("md5", "unknown-algorithm"),
    "signature-sha1": _algorithm("sha1"),
    "signature-sha384": _algorithm("sha384"),
    "signature-sha512": _algorithm("sha512"),
    "payload-change": _payload("change", _change_body),
    "payload-framework": _payload("framework", _framework_body),
    "payload-sitemapindex": _payload("sitemapindex", _index_body),
    "payload-large": _payload("large", _large_body, required=False),
    "payload-gzip": _payload("gzip", _gzip_body, required=False, encoding="gzip"),
    "lease-renew": _lease_renew,
    "lease-unsubscribe": _lease_unsubscribe,
}


def not_run(key: str, /, **params: object) -> Judgement:
    """A NOT RUN judgement whose reason is ``subscribers.reason.<key>``."""
    return judged(Verdict.NOT_RUN, key, **params)
