"""The run of ``subscriber-check``: a bench, a fresh channel per test, a verdict per test.

For each test the runner makes the channel the test needs (a topic without ``Link``
headers for the Capability List's discovery, a hub that denies for the denial, a short
lease for the renewal), starts the subscriber under test with the channel's URLs, plays
the test's scenario, stops the subscriber and keeps the channel's exchanges as the
test's evidence. A test the subscriber cannot be given (a command without ``{caplist}``
for the Capability List's discovery, a subscriber started by hand for the unsubscribe)
is NOT RUN with that reason, before anything starts.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from explorer.core.phrase import Phrase
from explorer.core.subscribers.catalogue import TEST_IDS, TESTS, SubscriberTest, Verdict
from explorer.core.subscribers.verdicts import Judgement
from explorer.core.words.messages import render_phrase, verbatim
from explorer.net.conformance import exchange_json
from explorer.net.http.bounded_body import bounded_client
from explorer.net.http.network_access import NetworkAccess, NetworkSettings, ProxyMode
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord
from explorer.net.subscribers.bench import ASKED, MOVED_301, MOVED_302, TOPIC, Bench, Channel
from explorer.net.subscribers.launchers import ChannelUrls, SubscriberUnderTest
from explorer.net.subscribers.scenarios import (
    SCENARIOS,
    NotRun,
    SubscriberSettings,
    Trial,
    not_run,
)

LOOPBACK = NetworkAccess(settings=NetworkSettings(proxy_mode=ProxyMode.NONE))
"""The bench and the subscriber both listen on loopback: no proxy stands between them."""
_FROM = {"discovery-self": ASKED, "discovery-302": MOVED_302, "discovery-301": MOVED_301}
"""Where ``{topic}`` points in the tests about where a topic is found."""
_NEEDS_TOPIC = {"discovery-link-header", *_FROM}
_HUB_MOVED = {"discovery-hub-307": 307, "discovery-hub-308": 308}
"""The tests whose hub redirects a subscription request, and the status it answers."""


@dataclass(slots=True)
class SubscriberResult:
    """One test's verdict, its reason, and the exchanges that show it."""

    test: SubscriberTest
    verdict: Verdict
    reason: Phrase
    exchanges: list[ExchangeRecord] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    topic: str = ""

    def reason_in(self, lang: str) -> str:
        return render_phrase(self.reason, lang)

    def to_json(self, body_chars: int = 2000) -> dict[str, Any]:
        """The reason in English beside its catalog key and parameters: what scripts read
        does not change with the reader's language (``--lang``)."""
        return {
            "id": self.test.id,
            "group": self.test.group,
            "verdict": str(self.verdict),
            "reason": self.reason.english,
            "reason_key": self.reason.key,
            "reason_params": {
                name: _json_value(value) for name, value in self.reason.params.items()
            },
            "spec": self.test.spec,
            "websub_rocks": self.test.rocks,
            "topic": self.topic,
            "facts": self.facts,
            "exchanges": [exchange_json(record, body_chars) for record in self.exchanges],
        }


def _json_value(value: object) -> object:
    """A reason's parameter for JSON: numbers as they are, phrases in English."""
    if isinstance(value, Phrase):
        return value.english
    return value if isinstance(value, int | float | str | None) else str(value)


def chosen(only: Iterable[str] | None) -> list[SubscriberTest]:
    """The tests to run, in the catalogue's order; ``ValueError`` naming unknown ids."""
    if only is None:
        return list(TESTS)
    wanted = set(only)
    unknown = sorted(wanted - set(TEST_IDS))
    if unknown:
        raise ValueError(", ".join(unknown))
    return [test for test in TESTS if test.id in wanted]


async def run_subscriber_check(
    subscriber: SubscriberUnderTest,
    *,
    settings: SubscriberSettings | None = None,
    only: Iterable[str] | None = None,
    on_result: Callable[[SubscriberResult], None] | None = None,
    host: str = "127.0.0.1",
) -> list[SubscriberResult]:
    """Run the tests (all, or the ids in ``only``) against ``subscriber``; ``on_result``
    sees each result as it is made. Results come back in the catalogue's order."""
    settings = settings or SubscriberSettings()
    tests = chosen(only)
    shared: dict[str, object] = {}
    gate = asyncio.Semaphore(max(1, settings.parallel))
    async with bounded_client(settings.request_timeout, access=LOOPBACK) as client:
        bench = Bench(client, ExchangeLog(), settings.request_timeout)
        await bench.start(host)
        try:

            async def one(test: SubscriberTest) -> SubscriberResult:
                async with gate:
                    result = await _run_one(test, bench, subscriber, settings, shared)
                if on_result is not None:
                    on_result(result)
                return result

            running = [asyncio.ensure_future(one(test)) for test in tests]
            try:
                return list(await asyncio.gather(*running))
            finally:
                # cancelled or failed, gather ends with the first test that ends (one still
                # waiting its turn ends at once): every other test is asked once to end and
                # stops its subscriber, process group and all, before the run may return.
                # A second cancel would cut that stop short.
                for task in running:
                    if not task.cancelling():
                        task.cancel()
                if running:
                    await asyncio.wait(running)
        finally:
            await bench.stop()


def _prepare(test: SubscriberTest, bench: Bench, settings: SubscriberSettings) -> Channel:
    lease = settings.short_lease if test.id == "lease-renew" else settings.lease
    channel = bench.channel(lease)
    channel.link_headers = test.id != "discovery-caplist"
    channel.deny = test.id == "verify-denied"
    # where a topic is found behind a redirect or another self, the Capability List
    # names the same URL: the topic URL's own answer must be read to subscribe right
    channel.advertised = _FROM.get(test.id, TOPIC)
    channel.hub_moved = _HUB_MOVED.get(test.id)
    return channel


def _cannot(test: SubscriberTest, subscriber: SubscriberUnderTest) -> Judgement | None:
    """Why this subscriber cannot be put through this test, before it starts."""
    if test.id in _NEEDS_TOPIC and not subscriber.reads_topic:
        return not_run("needs-placeholder", placeholder="{topic}")
    if test.id == "discovery-caplist" and not subscriber.reads_caplist:
        return not_run("needs-placeholder", placeholder="{caplist}")
    if test.id == "lease-unsubscribe" and not subscriber.can_stop:
        return not_run("cannot-stop")
    return None


async def _run_one(
    test: SubscriberTest,
    bench: Bench,
    subscriber: SubscriberUnderTest,
    settings: SubscriberSettings,
    shared: dict[str, object],
) -> SubscriberResult:
    channel = _prepare(test, bench, settings)
    topic = channel.url(channel.advertised)
    try:
        cannot = _cannot(test, subscriber)
        if cannot is not None:
            judgement = cannot
        else:
            urls = ChannelUrls(topic, channel.caplist, channel.named_hub)
            judgement = await _play(test, bench, channel, settings, subscriber, urls, shared)
    finally:
        bench.close(channel)
    evidence = sorted(channel.evidence, key=lambda record: record.time)
    return SubscriberResult(
        test, judgement.verdict, judgement.reason, evidence, judgement.facts, topic
    )


async def _play(
    test: SubscriberTest,
    bench: Bench,
    channel: Channel,
    settings: SubscriberSettings,
    subscriber: SubscriberUnderTest,
    urls: ChannelUrls,
    shared: dict[str, object],
) -> Judgement:
    """Start the subscriber, play the test's scenario, stop the subscriber."""
    try:
        launched = await subscriber.launch(test.id, urls)
    except OSError as exc:  # no shell, no process left to fork: the command never ran
        return not_run("start-failed", reason=verbatim(str(exc)))
    trial = Trial(test, bench, channel, settings, subscriber, launched, shared)
    try:
        return await SCENARIOS[test.id](trial)
    except NotRun as stopped:
        return stopped.judgement
    finally:
        if not trial.stopped:
            await launched.stop()
