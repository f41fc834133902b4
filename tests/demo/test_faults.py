"""Every fault produces its effect, and faults switch on and off while the demo runs."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import pytest
from demo_support import Subscriber, expected_signature, wait_for_event, wait_until
from lxml import etree

from explorer.core.model import RS_NS, SITEMAP_NS
from explorer.core.parser import parse_document
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.core.validator import ValidationContext, check_bytes
from explorer.demo import FAULTS, FaultSet, RunningDemo, UnknownFaultError, parse_fault_names

NS = {"sm": SITEMAP_NS, "rs": RS_NS}


def codes(data: bytes, **context: object) -> set[str]:
    return {f.code for f in check_bytes(data, ValidationContext(**context)).findings}


async def subscribed(
    demo: RunningDemo,
    subscriber: Subscriber,
    client: httpx.AsyncClient,
    capability: str = "change-notification",
    **extra: str,
) -> str:
    topic = demo.docs.topic_url("dataset1", capability)
    await subscriber.subscribe(client, demo.hub_url, topic, **extra)
    await wait_for_event(demo, "subscribed", subscriber.url)
    return topic


async def test_bad_signature(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client, **{"hub.secret": "k"})
    demo.faults.enable("bad-signature")
    demo.change("dataset1")
    delivery = await subscriber.next_delivery()
    assert delivery.headers["X-Hub-Signature"].startswith("sha256=")
    assert delivery.headers["X-Hub-Signature"] != expected_signature("k", delivery.body)
    demo.faults.disable("bad-signature")
    demo.change("dataset1")
    delivery = await subscriber.next_delivery()
    assert delivery.headers["X-Hub-Signature"] == expected_signature("k", delivery.body)


async def test_no_signature(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client, **{"hub.secret": "k"})
    demo.faults.enable("no-signature")
    demo.change("dataset1")
    assert "X-Hub-Signature" not in (await subscriber.next_delivery()).headers


async def test_wrong_content_type(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = await subscribed(demo, subscriber, client)
    demo.faults.enable("wrong-content-type")
    demo.change("dataset1")
    assert (await subscriber.next_delivery()).headers["Content-Type"] == "text/plain"
    for url in (topic, demo.capability_list_urls[0]):
        response = await client.get(url)
        assert response.headers["content-type"].startswith("text/plain")


async def test_missing_link_header(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    topic = await subscribed(demo, subscriber, client)
    demo.faults.enable("missing-link-header")
    demo.change("dataset1")
    assert "Link" not in (await subscriber.next_delivery()).headers
    assert "link" not in (await client.head(topic)).headers
    resource = demo.world.sets["dataset1"].resources[1]
    assert "link" not in (await client.get(demo.base_url + resource.path)).headers


async def test_out_of_order(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client)
    demo.faults.enable("out-of-order")
    demo.change("dataset1")
    demo.change("dataset1")
    intervals = []
    for _ in range(2):
        md = etree.fromstring((await subscriber.next_delivery()).body).find("rs:md", NS)
        intervals.append((md.get("from"), md.get("until")))
    (first_from, _), (_, second_until) = intervals
    assert first_from == second_until  # the later interval arrived first


async def test_out_of_order_releases_a_held_notification_when_switched_off(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client)
    demo.faults.enable("out-of-order")
    demo.change("dataset1")
    demo.faults.disable("out-of-order")
    demo.change("dataset1")
    bodies = [(await subscriber.next_delivery()).body for _ in range(2)]
    mds = [etree.fromstring(body).find("rs:md", NS) for body in bodies]
    assert mds[0].get("until") == mds[1].get("from")


async def test_malformed_xml(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client)
    demo.faults.enable("malformed-xml")
    demo.change("dataset1")
    assert codes((await subscriber.next_delivery()).body) == {"parse.malformed"}
    change_list = await client.get(demo.base_url + "dataset1/changelist-3.xml")
    assert codes(change_list.content) == {"parse.malformed"}
    capability_list = await client.get(demo.capability_list_urls[0])
    assert codes(capability_list.content) == set()


async def test_wrong_namespace(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client)
    demo.faults.enable("wrong-namespace")
    demo.change("dataset1")
    assert "parse.rs-namespace" in codes((await subscriber.next_delivery()).body)
    response = await client.get(demo.capability_list_urls[0])
    assert "parse.rs-namespace" in codes(response.content)


async def test_slow_delivery(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client)
    demo.faults.enable("slow-delivery")
    published = time.monotonic()
    demo.change("dataset1")
    await subscriber.next_delivery()
    waited = time.monotonic() - published
    kinds = [e.kind for e in demo.hub.events]
    assert kinds.index("delayed") < kinds.index("delivered")
    assert waited >= demo.hub.settings.slow_delivery_seconds  # the hub slept first


async def test_verify_wrong_topic(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    demo.faults.enable("verify-wrong-topic")
    topic = demo.docs.topic_url("dataset1", "change-notification")
    await subscriber.subscribe(client, demo.hub_url, topic)
    await wait_for_event(demo, "verify-failed", subscriber.url)
    assert subscriber.verifications[-1]["hub.topic"] != topic
    assert demo.hub.subscriptions(topic) == []


async def test_lease_zero(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    demo.faults.enable("lease-zero")
    await subscribed(demo, subscriber, client, **{"hub.lease_seconds": "600"})
    assert subscriber.verifications[-1]["hub.lease_seconds"] == "0"
    demo.change("dataset1")
    assert (await subscriber.next_delivery()).body


async def test_drop_index_link(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    await subscribed(demo, subscriber, client, "framework-notification")
    demo.faults.enable("drop-index-link")
    demo.rollover("dataset1")
    note = etree.fromstring((await subscriber.next_delivery()).body)
    assert note.find("rs:ln[@rel='up']", NS) is not None
    assert note.findall(".//sm:url/rs:ln[@rel='index']", NS) == []
    index_url = demo.base_url + "dataset1/changelist-index.xml"
    index = parse_document((await client.get(index_url)).content)
    url = demo.base_url + "dataset1/changelist-3.xml"
    found = codes((await client.get(url)).content, url=url, parent=index, parent_url=index_url)
    assert "document.index-link-missing" in found


async def test_refuse_unknown_topic(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    demo.faults.enable("refuse-unknown-topic")
    unknown = demo.base_url + "not-a-topic"
    response = await subscriber.subscribe(client, demo.hub_url, unknown)
    assert response.status_code == 400 and "topic_not_supported" in response.text
    assert subscriber.verifications == []
    await subscribed(demo, subscriber, client)  # its own topics are still served


async def test_publish_disabled(demo: RunningDemo, client: httpx.AsyncClient) -> None:
    demo.faults.enable("publish-disabled")
    topic = demo.docs.topic_url("dataset1", "change-notification")
    link = f'<{topic}>; rel="self", <{demo.hub_url}>; rel="hub"'
    headers = {"Content-Type": "application/xml", "Link": link}
    response = await client.post(demo.hub_url, content=b"<urlset/>", headers=headers)
    assert response.status_code == 403
    demo.faults.disable("publish-disabled")
    response = await client.post(demo.hub_url, content=b"<urlset/>", headers=headers)
    assert response.status_code == 200


async def test_faults_switch_over_http(demo: RunningDemo, client: httpx.AsyncClient) -> None:
    url = demo.base_url + "demo/faults"
    response = await client.post(url, data={"enable": "lease-zero,slow-delivery"})
    assert response.json()["enabled"] == ["lease-zero", "slow-delivery"]
    assert "lease-zero" in demo.faults
    response = await client.post(url, data={"disable": "lease-zero"})
    assert response.json()["enabled"] == ["slow-delivery"]
    assert (await client.post(url, data={"enable": "nonsense"})).status_code == 400
    listing = (await client.get(url)).json()
    assert set(listing["available"]) == set(FAULTS)


def test_fault_names_are_checked() -> None:
    assert parse_fault_names(" bad-signature, lease-zero ,") == ["bad-signature", "lease-zero"]
    with pytest.raises(UnknownFaultError, match="nope"):
        parse_fault_names("bad-signature,nope")
    faults = FaultSet(["drop-index-link"])
    faults.set("drop-index-link", False)
    assert list(faults) == []
    with pytest.raises(UnknownFaultError):
        faults.enable("nope")


def test_every_fault_has_a_test_here() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    missing = [name for name in FAULTS if f"def test_{name.replace('-', '_')}(" not in source]
    assert missing == []


async def _withheld(demo: RunningDemo, count: int) -> None:
    async def poll() -> None:
        while sum(e.kind == "withheld" for e in demo.hub.events) < count:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), 5)


def _moments(body: bytes) -> set[float | None]:
    """When each change a notification carries happened (its entries' rs:md datetime)."""
    root = etree.fromstring(body)
    return {
        parse_w3c_datetime(md.get("datetime", ""))
        for url in root.iter(f"{{{SITEMAP_NS}}}url")
        for md in url.iter(f"{{{RS_NS}}}md")
    }


async def test_silent_hub(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    """Verifies, never delivers, while the Source keeps changing."""
    demo.faults.enable("silent-hub")
    await subscribed(demo, subscriber, client)  # verification still happens
    for _ in range(3):
        demo.change("dataset1")
    await _withheld(demo, 3)
    assert subscriber.deliveries.empty()
    assert not any(e.kind == "delivered" for e in demo.hub.events)
    demo.faults.disable("silent-hub")
    demo.change("dataset1")
    assert (await subscriber.next_delivery()).body


async def test_lossy_hub(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    """Loses the 5th and 10th delivery, the same ones every run."""
    demo.faults.enable("lossy-hub")
    await subscribed(demo, subscriber, client)
    changes = [demo.change("dataset1") for _ in range(10)]
    received = [await subscriber.next_delivery() for _ in range(8)]
    await _withheld(demo, 2)
    delivered = set().union(*(_moments(delivery.body) for delivery in received))
    made = [change.at.timestamp() for change in changes]
    assert [moment in delivered for moment in made] == [True] * 4 + [False] + [True] * 4 + [False]
    assert subscriber.deliveries.empty()
    details = [e.detail for e in demo.hub.events if e.kind == "withheld"]
    assert details == ["lossy-hub: publication 5", "lossy-hub: publication 10"]


# --- what the hub remembers (hub-check's memory checks catch each: tests/net/test_hub_memory.py)


def _kinds(demo: RunningDemo, callback: str) -> list[str]:
    return [e.kind for e in demo.hub.events if e.callback == callback]


async def test_never_retry(demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient):
    """One attempt, then it gives up; the subscription stays."""
    demo.faults.enable("never-retry")
    await subscribed(demo, subscriber, client)
    subscriber.delivery_status = 503
    demo.change("dataset1")
    await wait_for_event(demo, "gave-up", subscriber.url)
    assert _kinds(demo, subscriber.url).count("delivery-failed") == 1
    assert demo.hub.subscriptions()


async def test_drop_failing(demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient):
    """Every retry fails: the hub ends the subscription, lease or not."""
    demo.faults.enable("drop-failing")
    await subscribed(demo, subscriber, client)
    subscriber.delivery_status = 503
    demo.change("dataset1")
    await wait_for_event(demo, "dropped", subscriber.url)
    assert _kinds(demo, subscriber.url).count("delivery-failed") == 5  # delivery_attempts
    assert not demo.hub.subscriptions()


async def test_ignore_410(demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient):
    """A 410 is taken for a failure: retried, and the subscription kept."""
    demo.faults.enable("ignore-410")
    await subscribed(demo, subscriber, client)
    subscriber.delivery_status = 410
    demo.change("dataset1")
    await wait_for_event(demo, "gave-up", subscriber.url)
    assert "dropped" not in _kinds(demo, subscriber.url)
    assert demo.hub.subscriptions()


async def test_ignore_lease(demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient):
    """A 1 s lease ran out unrenewed, and the hub still delivers."""
    demo.faults.enable("ignore-lease")
    await subscribed(demo, subscriber, client, **{"hub.lease_seconds": "1"})
    (subscription,) = demo.hub.subscriptions()
    await wait_until(lambda: subscription.expired, timeout=3)
    demo.change("dataset1")
    assert (await subscriber.next_delivery()).body
    assert "expired" not in _kinds(demo, subscriber.url)


async def test_forgetful_hub(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    """Three deliveries, then the subscription is gone without a word to the subscriber."""
    demo.faults.enable("forgetful-hub")
    await subscribed(demo, subscriber, client)
    for _ in range(4):
        demo.change("dataset1")
    received = [await subscriber.next_delivery() for _ in range(3)]
    await wait_for_event(demo, "forgotten", subscriber.url)
    assert len(received) == 3 and subscriber.deliveries.empty()
    assert not demo.hub.subscriptions()


async def test_restart_forgets(
    demo: RunningDemo, subscriber: Subscriber, client: httpx.AsyncClient
) -> None:
    """A restart keeps the subscriptions, but not under the fault."""
    await subscribed(demo, subscriber, client)
    restarted = await client.post(demo.base_url + "demo/hub/restart")
    assert restarted.text == "hub restarted; 1 subscription(s) kept\n"
    demo.change("dataset1")
    assert (await subscriber.next_delivery()).body  # delivered by the restarted hub
    demo.faults.enable("restart-forgets")
    await client.post(demo.base_url + "demo/hub/restart")
    assert not demo.hub.subscriptions()
