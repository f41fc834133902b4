"""The publisher (change-notification 1.0.1 §4.1) and the topic URI the callback server hosts."""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import httpx
import pytest

from explorer.core.link_header import links_by_rel
from explorer.core.push.payload_templates import CHANGE_TEMPLATE, render
from explorer.demo import RunningDemo
from explorer.net.live.callback.callback_server import CallbackServer
from explorer.net.live.publisher import (
    PublishResult,
    capability_list_of,
    judge_publication,
    publication_link,
    publish,
    topic_reply,
)
from explorer.net.store.exchange_log import ExchangeLog

PAYLOAD = render(CHANGE_TEMPLATE, datetime(2026, 1, 1, tzinfo=UTC), count=2)


@pytest.fixture
async def client() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(verify=ssl.create_default_context()) as http:
        yield http


async def test_publish_sends_xml_with_self_hub_and_resourcesync(demo: RunningDemo, client):
    log = ExchangeLog()
    records = []
    log.listeners.append(records.append)
    topic = demo.channels[0].topic
    result = await publish(client, demo.hub_url, topic, PAYLOAD, exchange_log=log)
    assert result.ok and result.findings == []
    sent = dict((k.lower(), v) for k, v in result.request_headers)
    assert sent["content-type"] == "application/xml"
    links = links_by_rel(sent["link"])
    assert links["self"] == [topic] and links["hub"] == [demo.hub_url]
    assert links["resourcesync"] == ["http://example.org/dataset1/capabilitylist.xml"]
    assert result.response_text().startswith("HTTP/1.1 200 OK\n")
    assert result.response_text().endswith("\n\nOK")
    assert [(r.kind, r.status, r.request_body) for r in records] == [("publish", 200, PAYLOAD)]
    assert [e.kind for e in demo.hub.events][-1] == "published"


async def test_a_refusal_shows_the_hub_body_verbatim(demo: RunningDemo, client):
    result = await publish(
        client,
        demo.hub_url,
        demo.base_url + "not-a-topic",
        PAYLOAD,
        resourcesync="http://elsewhere.test/caps.xml",
    )
    assert result.status == 404 and not result.ok
    assert "unknown topic" in result.response_text()
    assert [f.code for f in result.findings] == ["hub.publish-refused"]
    assert "resourcesync" in dict(result.request_headers)["link"]
    assert "http://elsewhere.test/caps.xml" in dict(result.request_headers)["link"]


async def test_an_unreachable_hub_is_a_finding_not_an_exception(client):
    log = ExchangeLog()
    records = []
    log.listeners.append(records.append)
    result = await publish(
        client, "http://127.0.0.1:9/hub", "http://t.test/", PAYLOAD, exchange_log=log, timeout=2.0
    )
    assert result.status is None and result.error
    assert [f.code for f in result.findings] == ["hub.unreachable"]
    assert "no response" in result.response_text()
    assert records[0].error and records[0].status is None


def test_judging_the_status() -> None:
    def judged(status: int, body: bytes = b"") -> list[str]:
        return [f.code for f in judge_publication(PublishResult("h", "t", status, body=body))]

    assert judged(200) == []
    assert judged(202) == ["hub.publish-status"]
    assert judged(204) == ["hub.publish-status"]
    assert judged(302) == ["hub.publish-refused"]
    assert judged(500, b"boom") == ["hub.publish-refused"]


def test_link_and_capability_list_helpers() -> None:
    assert (
        publication_link("http://t/", "http://h/")
        == '<http://t/>; rel="self", <http://h/>; rel="hub"'
    )
    assert capability_list_of(PAYLOAD) == "http://example.org/dataset1/capabilitylist.xml"
    assert capability_list_of(b"<not xml") is None


async def test_the_callback_server_hosts_a_topic_uri(client):
    log = ExchangeLog()
    records = []
    log.listeners.append(records.append)
    body = {"now": b""}
    async with CallbackServer(exchange_log=log) as server:
        url = server.host_topic(
            "t0pic", lambda: topic_reply(server.topic_url("t0pic"), "http://hub.test/", body["now"])
        )
        assert url == f"{server.base_url}/topic/t0pic"
        empty = await client.head(url)
        assert empty.status_code == 200 and empty.headers["content-length"] == "0"
        body["now"] = PAYLOAD
        head, get = await client.head(url), await client.get(url)
        for response in (head, get):
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("application/xml")
            links = links_by_rel(response.headers["link"])
            assert links == {"self": [url], "hub": ["http://hub.test/"]}
        assert head.content == b"" and get.content == PAYLOAD
        assert (await client.post(url, content=b"x")).status_code == 404  # not a callback
        server.unhost_topic("t0pic")
        assert (await client.get(url)).status_code == 404
    assert [r.kind for r in records] == ["topic", "topic", "topic", "other", "other"]
