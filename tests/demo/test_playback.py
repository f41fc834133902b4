"""``demo-source --replay`` inside: recorded documents served by the playback's moment,
rebased on the demo, recorded deliveries published in order, the demo's faults on top."""

from __future__ import annotations

import httpx
from demo_support import FAST, Subscriber

from explorer.core import recording as rec
from explorer.demo import start_demo
from explorer.demo.playback import Playback

OLD = "http://field.example:8080"
TOPIC = f"{OLD}/set/change-notifications"
NS = "http://www.openarchives.org/rs/terms/"


def payload(number: int) -> bytes:
    return (
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="{NS}">'
        f'<rs:ln rel="up" href="{OLD}/set/capabilitylist.xml"/><url><loc>{OLD}/r{number}</loc>'
        "</url></urlset>"
    ).encode()


def recording() -> rec.Recording:
    link = f'<{TOPIC}>; rel="self", <http://hub.field.example/hub>; rel="hub"'
    lines = [
        rec.header_line(1000.0, "test"),
        rec.document_line(1001.0, TOPIC, 200, [("Link", link)], payload(0)),
        rec.document_line(1030.0, TOPIC, 200, [("Link", link)], payload(2)),
        *(
            rec.delivery_line(1010.0 + 0.05 * n, TOPIC, "notification", [], payload(n))
            for n in (1, 2, 3)
        ),
    ]
    return rec.parse_recording(lines)


async def test_documents_are_rebased_and_the_first_version_served_before_playback(
    client: httpx.AsyncClient,
) -> None:
    demo = await start_demo(**FAST, faults=["wrong-namespace"], playback=Playback(recording()))
    try:
        answer = await client.get(demo.base_url + "set/change-notifications")
        assert answer.status_code == 200
        assert answer.headers["link"] == (
            f'<{demo.base_url}set/change-notifications>; rel="self", <{demo.hub_url}>; rel="hub"'
        )
        base = demo.base_url.rstrip("/")
        expected = payload(0).replace(OLD.encode(), base.encode())
        assert answer.content == expected.replace(NS.encode(), NS[:-1].encode())  # the fault
        assert (await client.get(demo.base_url + "about.html")).status_code == 200  # the demo's
    finally:
        await demo.stop()


async def test_recorded_deliveries_reach_a_subscriber_in_order(
    client: httpx.AsyncClient, subscriber: Subscriber
) -> None:
    playback = Playback(recording(), speed=2.0)
    demo = await start_demo(**FAST, playback=playback)
    try:
        topic = demo.base_url + "set/change-notifications"
        assert (await subscriber.subscribe(client, demo.hub_url, topic)).status_code == 202
        bodies = [(await subscriber.next_delivery()).body for _ in range(3)]
        base = demo.base_url.rstrip("/").encode()
        assert bodies == [payload(n).replace(OLD.encode(), base) for n in (1, 2, 3)]
        assert playback.published == 3
    finally:
        await demo.stop()
