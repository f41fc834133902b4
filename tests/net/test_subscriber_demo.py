"""The subscriber against the demo's reference hub, clean and with the demo's faults."""

from __future__ import annotations

from pathlib import Path

from helpers.hub_log import until_hub_subscribed
from websub_env import websub_env

from explorer.demo import start_demo
from explorer.net.live.subscription import State


def codes(env, name: str) -> set[str]:
    return {f.code for event in env.of(name) for f in event.findings}


async def test_both_channels_discovered_verified_and_notified(tmp_path: Path) -> None:
    async with await start_demo(rate=0) as demo, websub_env(tmp_path) as env:
        from explorer.net.live.hub_discovery import discover_channels

        channels = await discover_channels(env.subscriber.client, demo.capability_list_urls[0])
        assert {(c.capability, c.hub) for c in channels} == {
            ("change-notification", demo.hub_url),
            ("framework-notification", demo.hub_url),
        }
        subs = [
            await env.subscriber.subscribe(c.topic, c.hub, channel_capability=c.capability)
            for c in channels
        ]
        for sub in subs:
            assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        await until_hub_subscribed(demo.hub, count=2)  # the hub read our 200s
        demo.change("dataset1", "updated")
        demo.rollover("dataset1")
        await env.until(
            lambda: (
                {e.capability for e in env.of("notification")}
                == {"change-notification", "framework-notification"}
            )
        )
        for event in env.of("notification"):
            assert event.signature == "valid"
            assert [f for f in event.findings if f.severity == "error"] == []
        for sub in subs:
            await env.subscriber.unsubscribe(sub)
            assert sub.state == State.ENDED
        await env.until(lambda: demo.hub.subscriptions() == [])


async def test_topic_link_headers_lead_to_the_hub(tmp_path: Path) -> None:
    async with await start_demo(rate=0) as demo, websub_env(tmp_path) as env:
        topic = demo.channels[0].topic
        sub = await env.subscriber.subscribe(topic)  # no hub given: WebSub §4 discovery
        assert sub.hub == demo.hub_url
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        assert any(x.kind == "topic-check" for x in env.store.exchanges())


async def test_demo_faults_are_reported_precisely(tmp_path: Path) -> None:
    faults = ("bad-signature", "lease-zero", "wrong-content-type", "missing-link-header")
    async with await start_demo(rate=0, faults=faults) as demo, websub_env(tmp_path) as env:
        channel = demo.channels[0]
        sub = await env.subscriber.subscribe(channel.topic, channel.hub)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        await env.until(lambda: env.of("verified"))
        await until_hub_subscribed(demo.hub)
        assert "websub.lease-invalid" in codes(env, "verified")
        demo.change("dataset1", "updated")
        await env.until(lambda: env.of("rejected"))
        assert env.of("rejected")[0].signature == "invalid"
        demo.faults.disable("bad-signature")
        demo.change("dataset1", "created")
        await env.until(lambda: env.of("notification"))
        assert {
            "websub.content-type",
            "websub.link-self-missing",
            "websub.link-hub-missing",
        } <= codes(env, "notification")


async def test_verification_for_a_wrong_topic_is_refused(tmp_path: Path) -> None:
    async with (
        await start_demo(rate=0, faults=("verify-wrong-topic",)) as demo,
        websub_env(tmp_path) as env,
    ):
        channel = demo.channels[0]
        sub = await env.subscriber.subscribe(channel.topic, channel.hub)
        await env.until(lambda: env.of("error"))
        assert "websub.unknown-intent" in codes(env, "error")
        assert sub.state == State.PENDING
        assert demo.hub.subscriptions() == []
