"""The reference hub: subscription requests, verification, leases, delivery, publishing."""

from __future__ import annotations

import httpx
import pytest
from demo_support import (
    FAST,
    Subscriber,
    assert_only_the_witness_is_served,
    expected_signature,
    record_events,
    wait_for_event,
    wait_until,
)

from explorer.demo import RunningDemo, start_demo
from explorer.demo.hub import (
    DEFAULT_MAX_LEASE,
    DEFAULT_MIN_LEASE,
    HubSettings,
    link_header,
    parse_link_header,
)


def failed_verifications(demo: RunningDemo, subscriber: Subscriber) -> int:
    return sum(e.kind == "verify-failed" and e.callback == subscriber.url for e in demo.hub.events)


def change_topic(demo: RunningDemo, set_name: str = "dataset1") -> str:
    return demo.docs.topic_url(set_name, "change-notification")


async def test_plain_subscriber_gets_signed_deliveries_and_unsubscribes(
    demo: RunningDemo, subscriber: Subscriber, witness: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = change_topic(demo)
    response = await subscriber.subscribe(
        client, demo.hub_url, topic, **{"hub.secret": "s3cret", "hub.lease_seconds": "600"}
    )
    assert response.status_code == 202
    await wait_for_event(demo, "subscribed", subscriber.url)
    check = subscriber.verifications[-1]
    assert check["sub"] == "1"  # the callback's own query is kept (WebSub §5.1.1)
    assert check["hub.mode"] == "subscribe" and check["hub.topic"] == topic
    assert check["hub.lease_seconds"] == "600"

    change = demo.change("dataset1", "updated")
    delivery = await subscriber.next_delivery()
    assert delivery.body == demo.latest_notification(topic)
    assert change.resource.path.encode() in delivery.body
    assert delivery.headers["Content-Type"] == "application/xml"
    assert delivery.headers["X-Hub-Signature"] == expected_signature("s3cret", delivery.body)
    assert parse_link_header(delivery.headers["Link"]) == {"self": topic, "hub": demo.hub_url}
    assert delivery.query == {"sub": "1"}

    assert (await subscriber.unsubscribe(client, demo.hub_url, topic)).status_code == 202
    await wait_for_event(demo, "unsubscribed", subscriber.url)
    assert demo.hub.subscriptions(topic) == []
    await witness.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "subscribed", witness.url)
    events = record_events(demo)
    demo.change("dataset1", "updated")
    await assert_only_the_witness_is_served(events, topic, witness, subscriber)


async def test_delivery_without_secret_is_unsigned(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = demo.docs.topic_url("dataset2", "framework-notification")
    await subscriber.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "subscribed")
    demo.rollover("dataset2")
    delivery = await subscriber.next_delivery()
    assert "X-Hub-Signature" not in delivery.headers
    assert b"framework-notification" in delivery.body


@pytest.mark.parametrize(
    ("form", "reason"),
    [
        ({"hub.mode": "subscribe", "hub.topic": "http://x/t"}, "hub.callback"),
        (
            {"hub.mode": "subscribe", "hub.topic": "http://x/t", "hub.callback": "not a url"},
            "hub.callback",
        ),
        ({"hub.topic": "http://x/t", "hub.callback": "http://127.0.0.1:9/cb"}, "hub.mode"),
        (
            {
                "hub.mode": "publish",
                "hub.topic": "http://x/t",
                "hub.callback": "http://127.0.0.1:9/c",
            },
            "hub.mode=publish",
        ),
        (
            {
                "hub.mode": "watch",
                "hub.topic": "http://x/t",
                "hub.callback": "http://127.0.0.1:9/c",
            },
            "hub.mode",
        ),
        (
            {"hub.mode": "subscribe", "hub.topic": "http://x/t", "hub.callback": "http://h:99999/"},
            "hub.callback",
        ),
        (
            {"hub.mode": "subscribe", "hub.topic": "http://x/t", "hub.callback": "http://[::1/c"},
            "hub.callback",
        ),
        ({"hub.mode": "subscribe", "hub.callback": "http://127.0.0.1:9/cb"}, "hub.topic"),
        (
            {
                "hub.mode": "subscribe",
                "hub.topic": "ftp://x/t",
                "hub.callback": "http://127.0.0.1:9/c",
            },
            "hub.topic",
        ),
        (
            {
                "hub.mode": "subscribe",
                "hub.topic": "http://x/t",
                "hub.callback": "http://127.0.0.1:9/c",
                "hub.lease_seconds": "-5",
            },
            "hub.lease_seconds",
        ),
        (
            {
                "hub.mode": "subscribe",
                "hub.topic": "http://x/t",
                "hub.callback": "http://127.0.0.1:9/c",
                "hub.lease_seconds": "soon",
            },
            "hub.lease_seconds",
        ),
        (
            {
                "hub.mode": "subscribe",
                "hub.topic": "http://x/t",
                "hub.callback": "http://127.0.0.1:9/c",
                "hub.secret": "x" * 200,
            },
            "hub.secret",
        ),
    ],
)
async def test_malformed_subscription_requests_get_4xx_with_a_reason(
    demo: RunningDemo, client: httpx.AsyncClient, form: dict[str, str], reason: str
) -> None:
    response = await client.post(demo.hub_url, data=form)
    assert 400 <= response.status_code < 500
    assert response.headers["content-type"].startswith("text/plain")
    assert reason in response.text


async def test_secret_just_under_200_bytes_is_accepted(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    response = await client.post(
        demo.hub_url,
        data={
            "hub.mode": "subscribe",
            "hub.topic": change_topic(demo),
            "hub.callback": "http://127.0.0.1:9/cb",
            "hub.secret": "x" * 199,
        },
    )
    assert response.status_code == 202


async def test_wrong_content_type_is_415(demo: RunningDemo, client: httpx.AsyncClient) -> None:
    response = await client.post(
        demo.hub_url, content=b"{}", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 415


async def test_failed_verification_never_gets_deliveries(
    demo: RunningDemo, subscriber: Subscriber, witness: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = change_topic(demo)
    subscriber.answer = lambda query: (200, "not-the-challenge")
    await subscriber.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "verify-failed", subscriber.url)
    subscriber.answer = lambda query: (500, query.get("hub.challenge", ""))
    await subscriber.subscribe(client, demo.hub_url, topic)
    await wait_until(lambda: failed_verifications(demo, subscriber) == 2)
    assert demo.hub.subscriptions(topic) == []
    await witness.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "subscribed", witness.url)
    events = record_events(demo)
    demo.step(3)
    demo.change("dataset1")
    await assert_only_the_witness_is_served(events, topic, witness, subscriber)


async def test_unreachable_callback_fails_verification(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    callback = "http://127.0.0.1:1/never-listening"
    response = await client.post(
        demo.hub_url,
        data={"hub.mode": "subscribe", "hub.topic": change_topic(demo), "hub.callback": callback},
    )
    assert response.status_code == 202
    await wait_for_event(demo, "verify-failed", callback)
    assert demo.hub.subscriptions() == []


async def test_unknown_topic_is_denied(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = demo.base_url + "not-a-topic"
    response = await subscriber.subscribe(client, demo.hub_url, topic)
    assert response.status_code == 202
    await wait_for_event(demo, "denied", subscriber.url)
    denial = subscriber.verifications[-1]
    assert denial["hub.mode"] == "denied" and denial["hub.topic"] == topic
    assert denial["hub.reason"] and denial["sub"] == "1"
    assert "hub.challenge" not in denial


async def test_lease_is_clamped_to_the_range(
    subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    running = await start_demo(**{**FAST, "min_lease": 10, "max_lease": 100})
    try:
        topic = change_topic(running)
        for requested, granted in (("3", "10"), ("5000", "100"), (None, "100")):
            extra = {"hub.lease_seconds": requested} if requested else {}
            await subscriber.subscribe(client, running.hub_url, topic, **extra)
            await wait_for_event(running, "subscribed")
            running.hub.events.clear()
            assert subscriber.verifications[-1]["hub.lease_seconds"] == granted
    finally:
        await running.stop()
    settings = HubSettings()
    assert (settings.clamp(1), settings.clamp(None), settings.clamp(10**9)) == (
        DEFAULT_MIN_LEASE,
        864_000,
        DEFAULT_MAX_LEASE,
    )


async def test_lease_expiry_is_enforced(
    demo: RunningDemo, subscriber: Subscriber, witness: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = change_topic(demo)
    await subscriber.subscribe(client, demo.hub_url, topic, **{"hub.lease_seconds": "1"})
    await wait_for_event(demo, "subscribed", subscriber.url)
    await witness.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "subscribed", witness.url)
    [leased] = [s for s in demo.hub.subscriptions(topic) if s.callback == subscriber.url]
    await wait_until(lambda: leased.expired)
    events = record_events(demo)
    demo.change("dataset1")
    await assert_only_the_witness_is_served(events, topic, witness, subscriber)
    assert [s.callback for s in demo.hub.subscriptions(topic)] == [witness.url]
    assert any(e.kind == "expired" for e in demo.hub.events)


async def test_resubscription_replaces_the_secret_and_lease(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = change_topic(demo)
    await subscriber.subscribe(client, demo.hub_url, topic, **{"hub.secret": "one"})
    await wait_for_event(demo, "subscribed")
    demo.hub.events.clear()
    await subscriber.subscribe(
        client, demo.hub_url, topic, **{"hub.secret": "two", "hub.lease_seconds": "77"}
    )
    await wait_for_event(demo, "subscribed")
    subscriptions = demo.hub.subscriptions(topic)
    assert len(subscriptions) == 1 and subscriptions[0].lease_seconds == 77
    assert 0 < subscriptions[0].seconds_left <= 77
    demo.change("dataset1")
    delivery = await subscriber.next_delivery()
    assert delivery.headers["X-Hub-Signature"] == expected_signature("two", delivery.body)


async def test_delivery_is_retried_with_backoff_then_dropped_on_410(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = change_topic(demo)
    await subscriber.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "subscribed")
    subscriber.delivery_status = 503
    demo.change("dataset1")
    for _ in range(3):
        await subscriber.next_delivery()
    assert sum(e.kind == "delivery-failed" for e in demo.hub.events) >= 3
    subscriber.delivery_status = 200
    delivered = await subscriber.next_delivery()
    assert delivered.body == demo.latest_notification(topic)
    await wait_for_event(demo, "delivered")

    subscriber.delivery_status = 410
    demo.change("dataset1")
    await subscriber.next_delivery()
    await wait_for_event(demo, "dropped")
    assert demo.hub.subscriptions(topic) == []


async def test_gives_up_after_the_attempt_limit(
    subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    running = await start_demo(**{**FAST, "delivery_attempts": 2})
    try:
        topic = change_topic(running)
        await subscriber.subscribe(client, running.hub_url, topic)
        await wait_for_event(running, "subscribed")
        subscriber.delivery_status = 500
        running.change("dataset1")
        await wait_for_event(running, "gave-up")
        assert subscriber.deliveries.qsize() == 2
        assert len(running.hub.subscriptions(topic)) == 1  # kept until the lease ends (§7)
    finally:
        await running.stop()


async def test_publishing_over_http(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = change_topic(demo, "dataset2")
    await subscriber.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "subscribed")
    payload = b'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'
    good = {"Content-Type": "application/xml", "Link": link_header(topic, demo.hub_url)}
    response = await client.post(demo.hub_url, content=payload, headers=good)
    assert response.status_code == 200
    assert (await subscriber.next_delivery()).body == payload

    unknown = {**good, "Link": link_header(demo.base_url + "elsewhere", demo.hub_url)}
    other_hub = {**good, "Link": link_header(topic, "http://127.0.0.1:9/hub")}
    no_link = {"Content-Type": "application/xml"}
    only_self = {**good, "Link": f'<{topic}>; rel="self"'}
    for headers in (unknown, other_hub, no_link, only_self):
        response = await client.post(demo.hub_url, content=payload, headers=headers)
        assert 400 <= response.status_code < 500, headers
    response = await client.post(
        demo.hub_url, content=payload, headers={"Content-Type": "text/plain", "Link": good["Link"]}
    )
    assert response.status_code == 415
    # the next good publication is the next delivery: none of the refused ones came first
    last = payload.replace(b"/>", b"><!-- last --></urlset>")
    assert (await client.post(demo.hub_url, content=last, headers=good)).status_code == 200
    assert (await subscriber.next_delivery()).body == last


async def test_listeners_see_each_event(demo: RunningDemo, client: httpx.AsyncClient) -> None:
    seen = []
    demo.hub.listeners.append(seen.append)
    await client.post(demo.hub_url, data={"hub.mode": "subscribe"})
    demo.change("dataset1")
    assert [event.kind for event in seen] == ["rejected", "published"]
    assert seen[0].status == 400 and "hub.callback" in seen[0].detail


def test_link_header_parser_reads_common_forms() -> None:
    value = (
        '<http://a/t> ; rel="self", <http://a/hub>; rel=hub, '
        '<http://a/c>; rel="resourcesync describedby"'
    )
    assert parse_link_header(value) == {
        "self": "http://a/t",
        "hub": "http://a/hub",
        "resourcesync": "http://a/c",
        "describedby": "http://a/c",
    }
    assert parse_link_header("") == {}
    assert parse_link_header("<http://a/x>; title=no-rel") == {}
