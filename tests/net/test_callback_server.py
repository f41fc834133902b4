"""The callback server on its own: routing by path, limits, slow senders, the exchange log."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from explorer.net.live.callback.callback_server import (
    CallbackServer,
    Delivery,
    Reply,
    query_params,
)
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog


class Recorder:
    """A CallbackTarget that remembers what it was handed."""

    def __init__(self) -> None:
        self.verifications: list[dict[str, bytes]] = []
        self.deliveries: list[Delivery] = []
        self.refused: list[str] = []

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        self.verifications.append(params)
        return Reply(200, params.get("hub.challenge", b""))

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        self.deliveries.append(delivery)
        return Reply(200)

    def on_refused(self, token: str, code: str, message: str) -> None:
        self.refused.append(code)


@pytest.fixture
async def served(tmp_path: Path):
    store = Store(tmp_path / "s.sqlite3")
    log = ExchangeLog(store, body_cap=16)
    server = CallbackServer(max_body=1000, body_timeout=0.3, exchange_log=log)
    await server.start()
    target = Recorder()
    server.register("tok" * 11, target)
    async with httpx.AsyncClient() as client:
        yield server, target, client, store
    await server.stop()
    store.close()


def test_query_params_are_bytes_and_the_last_occurrence_wins() -> None:
    params = query_params("hub.mode=x&a=1&hub.mode=subscribe&c=%FF%00+z&flag")
    assert params["hub.mode"] == b"subscribe"
    assert params["c"] == b"\xff\x00 z" and params["flag"] == b""


async def test_binds_loopback_on_a_free_port(served) -> None:
    server, *_ = served
    assert server.port > 0
    assert server.callback_url("abc") == f"http://127.0.0.1:{server.port}/callback/abc"


def test_public_url_builds_callbacks() -> None:
    server = CallbackServer(public_url="https://abc.tunnel.example/explorer/")
    assert server.callback_url("T") == "https://abc.tunnel.example/explorer/callback/T"


async def test_routes_by_last_path_segment_whatever_the_host(served) -> None:
    server, target, client, _ = served
    token = "tok" * 11
    headers = {
        "Host": "abc.tunnel.example",
        "X-Forwarded-For": "203.0.113.9",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "abc.tunnel.example",
    }
    for path in (f"/callback/{token}", f"/prefix/callback/{token}/", f"/{token}"):
        response = await client.get(
            f"http://127.0.0.1:{server.port}{path}", params={"hub.challenge": "c1"}, headers=headers
        )
        assert (response.status_code, response.content) == (200, b"c1")
    assert len(target.verifications) == 3


async def test_unknown_paths_are_404_and_other_methods_405(served) -> None:
    server, target, client, _ = served
    base = f"http://127.0.0.1:{server.port}"
    assert (await client.get(f"{base}/callback/unknown")).status_code == 404
    assert (await client.post(f"{base}/", content=b"x")).status_code == 404
    assert (await client.put(server.callback_url("tok" * 11), content=b"x")).status_code == 405
    assert target.deliveries == []


async def test_delivery_body_and_headers_reach_the_target(served) -> None:
    server, target, client, _ = served
    response = await client.post(
        server.callback_url("tok" * 11), content=b"<x/>", headers={"X-Hub-Signature": "sha1=00"}
    )
    assert response.status_code == 200
    [delivery] = target.deliveries
    assert delivery.body == b"<x/>" and delivery.header("x-hub-signature") == "sha1=00"


async def test_declared_oversize_body_gets_413(served) -> None:
    server, target, client, _ = served
    response = await client.post(server.callback_url("tok" * 11), content=b"x" * 1001)
    assert response.status_code == 413
    assert target.deliveries == [] and target.refused == ["websub.delivery-too-large"]


async def test_a_body_of_exactly_the_limit_is_accepted(served) -> None:
    server, target, client, _ = served
    response = await client.post(server.callback_url("tok" * 11), content=b"x" * 1000)
    assert response.status_code == 200 and len(target.deliveries[0].body) == 1000


async def test_slow_sender_times_out_with_408_and_the_server_carries_on(served) -> None:
    server, target, client, _ = served

    async def dribble():
        yield b"<urlset>"
        await asyncio.sleep(0.6)
        yield b"</urlset>"

    response = await client.post(server.callback_url("tok" * 11), content=dribble())
    assert response.status_code == 408
    assert target.refused == ["websub.delivery-timeout"]
    ok = await client.post(server.callback_url("tok" * 11), content=b"<x/>")
    assert ok.status_code == 200


async def test_exchanges_are_logged_with_capped_bodies(served) -> None:
    server, _, client, store = served
    await client.post(server.callback_url("tok" * 11), content=b"y" * 100)
    await client.get(f"http://127.0.0.1:{server.port}/nowhere")
    await store.flush()
    delivery, other = store.exchanges()
    assert (delivery.direction, delivery.kind, delivery.method, delivery.status) == (
        "in",
        "delivery",
        "POST",
        200,
    )
    assert delivery.request_body == b"y" * 16 and delivery.request_size == 100
    assert delivery.body_cap == 16 and delivery.duration_ms is not None
    assert (other.kind, other.status) == ("other", 404)
