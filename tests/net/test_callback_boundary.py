"""The callback server at the boundary: slow headers, connection floods, stray requests with
huge headers, encoded delivery bodies, and the hub secret in the exchange log.

Everything runs against a real server on 127.0.0.1 port 0 with a temp store. Flood
connections come from 127.0.0.2 (also loopback) so the hub's own deliveries, from
127.0.0.1, are not caught by the per-address cap the flood fills.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import time
import zlib
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from fake_hub import notification
from websub_env import FAST, websub_env

from explorer.core.push.signatures import sign
from explorer.net.live.callback.callback_server import CallbackServer, Delivery, Reply
from explorer.net.live.subscription import State
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog, mask_secret_in_form, mask_secret_in_url

TOPIC = "http://example.org/topic"
FLOOD_SOURCE = "127.0.0.2"
HANG_BOUND = 30.0
"""Generous: only a hang (or a connection left open for good) should ever reach it."""


class Recorder:
    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        return Reply(404)

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        return Reply(200)

    def on_refused(self, token: str, code: str, message: str) -> None:
        pass


async def _closed_by_peer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
    """Dribble a header byte every second until the server hangs up (True) or the bound."""
    deadline = time.monotonic() + HANG_BOUND
    writer.write(b"POST /callback/anything HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    while time.monotonic() < deadline:
        try:
            writer.write(b"a")
            await writer.drain()
            async with asyncio.timeout(1.0):
                if await reader.read(1024) == b"":
                    return True
        except TimeoutError:
            continue
        except ConnectionError:
            return True
    return False


async def test_a_slow_header_connection_is_closed_at_the_deadline(tmp_path: Path) -> None:
    async with CallbackServer(header_timeout=1.5) as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        started = time.monotonic()
        try:
            assert await _closed_by_peer(reader, writer)
        finally:
            writer.close()
        assert time.monotonic() - started < HANG_BOUND
        assert server.guard.counts.header_timeouts == 1
        assert server.guard.open_connections == 0


async def test_past_the_total_cap_a_newcomer_evicts_the_oldest_waiting_at_once() -> None:
    async with CallbackServer(max_connections=3, header_timeout=60) as server:
        held = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(5)]
        try:
            async with asyncio.timeout(HANG_BOUND):
                while server.guard.counts.accepted < 5:
                    await asyncio.sleep(0.01)
            assert server.guard.open_connections == 3
            assert server.guard.counts.evicted == 2
            assert server.guard.counts.refused_total == 0
            assert await held[0][0].read() == b""  # the oldest went first
        finally:
            for _, writer in held:
                writer.close()


async def test_a_connection_that_named_a_known_callback_is_not_evicted_within_the_lag() -> None:
    async with CallbackServer(max_connections=2, header_timeout=60) as server:
        server.guard.known_line_lag = HANG_BOUND  # a hub's headers follow in this time
        server.register("known", Recorder())
        named = []
        for _ in range(2):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"POST /callback/known HTTP/1.1\r\nHost: x\r\nX-Slow: a")
            named.append((reader, writer))
        await asyncio.sleep(0.2)  # both request lines have arrived
        _, newcomer = await asyncio.open_connection("127.0.0.1", server.port)
        try:
            async with asyncio.timeout(HANG_BOUND):
                while server.guard.counts.refused_total < 1:
                    await asyncio.sleep(0.01)
            assert server.guard.counts.evicted == 0
            assert server.guard.open_connections == 2
        finally:
            newcomer.close()
            for _, writer in named:
                writer.close()


async def test_past_the_lag_a_known_line_trickling_its_headers_is_evicted() -> None:
    async with CallbackServer(max_connections=2, header_timeout=60) as server:
        server.guard.known_line_lag = 0.3
        server.register("known", Recorder())
        named = []
        for _ in range(2):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"POST /callback/known HTTP/1.1\r\nHost: x\r\nX-Slow: a")
            named.append((reader, writer))
        newcomers = []
        try:
            async with asyncio.timeout(HANG_BOUND):  # refused within the lag, then let in
                while server.guard.counts.evicted == 0:
                    newcomers.append((await asyncio.open_connection("127.0.0.1", server.port))[1])
                    await asyncio.sleep(0.05)
                assert await _hung_up(named[0][0])  # the oldest went
            assert not named[1][0].at_eof()
        finally:
            for writer in newcomers:
                writer.close()
            for _, writer in named:
                writer.close()


async def test_a_delivery_whose_bytes_wait_unread_is_not_the_one_evicted() -> None:
    """On a loaded loop a new connection can be admitted before the first bytes of an older
    one are read; the guard then looks at what waits in each socket before it evicts."""
    async with CallbackServer(max_connections=8, header_timeout=60) as server:
        server.register("known", Recorder())
        delivery = await asyncio.open_connection("127.0.0.1", server.port)
        guess = await asyncio.open_connection("127.0.0.1", server.port)
        async with asyncio.timeout(HANG_BOUND):
            while server.guard.open_connections < 2:
                await asyncio.sleep(0.01)
        delivery[1].write(b"POST /callback/known HTTP/1.1\r\nHost: x\r\n")
        guess[1].write(b"POST /callback/guess HTTP/1.1\r\nHost: x\r\n")
        time.sleep(0.1)  # in the server's sockets, not yet read: this loop is the server's
        try:
            assert server.guard._make_room(None)  # the newer one, by what it sent
            assert server.guard.counts.evicted == 1
            async with asyncio.timeout(HANG_BOUND):
                assert await _hung_up(guess[0])
            assert server.guard.open_connections == 1 and not delivery[0].at_eof()
        finally:
            for _, writer in (delivery, guess):
                writer.close()


async def _hung_up(reader: asyncio.StreamReader) -> bool:
    try:
        return await reader.read() == b""
    except ConnectionError:  # aborted: a reset rather than an end
        return True


async def _open_flood(
    port: int, count: int, source: str = FLOOD_SOURCE
) -> list[asyncio.StreamWriter]:
    writers = []
    for _ in range(count):
        _, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
        writer.write(b"GET /callback/x HTTP/1.1\r\nHost: x\r\nX-Slow: a")
        writers.append(writer)
    return writers


async def test_a_slow_header_flood_is_capped_and_a_delivery_still_lands(tmp_path: Path) -> None:
    async with websub_env(tmp_path, header_timeout=5, max_connections_per_address=64) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        guard = env.server.guard
        before = replace(guard.counts)
        flood = await _open_flood(env.server.port, 2000)
        try:
            async with asyncio.timeout(HANG_BOUND):
                while (
                    guard.counts.accepted
                    - before.accepted
                    + guard.counts.refused_per_address
                    - before.refused_per_address
                    < 2000
                ):
                    await asyncio.sleep(0.01)
            # Past the cap, a newcomer evicts the oldest connection still waiting for its
            # headers: never more than 64 of the flood's connections are open at once.
            flood_accepted = guard.counts.accepted - before.accepted
            assert flood_accepted - (guard.counts.evicted - before.evicted) <= 64
            started = time.monotonic()
            response = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
            assert response.status_code == 200
            assert time.monotonic() - started < HANG_BOUND
            assert [n.status for n in env.store.notifications()] == ["notification"]
        finally:
            for writer in flood:
                writer.close()


def _store_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def _huge_header_request(index: int) -> bytes:
    """About 1 MB of headers inside aiohttp's own limits (128 fields of at most 8190 bytes)."""
    pad = b"p" * 8000
    fields = b"".join(b"X-Pad-%d: %s\r\n" % (n, pad) for n in range(120))
    return b"GET /callback/nobody-%d HTTP/1.1\r\nHost: x\r\n%s\r\n" % (index, fields)


async def _send_raw(port: int, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        return await reader.read(100)
    finally:
        writer.close()


async def test_stray_requests_with_huge_headers_barely_grow_the_store(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "explorer.sqlite3"
    store = Store(path)
    try:
        async with CallbackServer(exchange_log=ExchangeLog(store)) as server:
            await store.flush()
            before = _store_bytes(path)
            for index in range(600):
                answer = await _send_raw(server.port, _huge_header_request(index))
                assert answer.startswith(b"HTTP/1.1 404")
            oversized = b"GET /x HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 100_000 + b"\r\n\r\n"
            assert b" 400 " in (await _send_raw(server.port, oversized))[:20]
            await store.flush()
            grown = _store_bytes(path) - before
            assert server.strays.counts.total == 601
            assert server.strays.counts.http_errors == 1
        await store.flush()
        assert grown <= 20 * 1024 * 1024
        rows = store.exchanges()
        assert 1 <= len(rows) <= 10
        assert all(sum(len(k) + len(v) for k, v in r.request_headers) < 2048 for r in rows)
        assert any("more requests to unknown paths" in (r.error or "") for r in rows)
        leaked = [r for r in caplog.records if r.exc_info or "b" * 300 in r.getMessage()]
        assert leaked == []
    finally:
        store.close()


def _gzip_members(total: int) -> bytes:
    member = gzip.compress(b"", mtime=0)
    return member * (total // len(member))


async def _post(url: str, body: bytes, secret: str, *, signed: bytes | None = None):
    headers = {
        "Content-Type": "application/xml",
        "Content-Encoding": "gzip",
        "X-Hub-Signature": sign(secret, body if signed is None else signed),
    }
    async with httpx.AsyncClient(timeout=HANG_BOUND) as client:
        return await client.post(url, content=body, headers=headers)


async def test_gzip_deliveries_are_signed_over_the_wire_bytes(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        wire = gzip.compress(notification(), mtime=0)
        right = await _post(sub.callback_url, wire, sub.secret)
        wrong = await _post(sub.callback_url, wire, sub.secret, signed=notification())
        assert right.status_code == wrong.status_code == 200
        good, bad = env.store.notifications()
        assert (good.status, good.signature, good.body) == ("notification", "valid", notification())
        assert (bad.status, bad.signature) == ("rejected", "invalid")


async def test_an_undecodable_delivery_is_400_and_kept_raw_as_rejected(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        wire = gzip.compress(notification(), mtime=0)
        corrupt = wire[:20] + bytes(b ^ 0x55 for b in wire[20:40]) + wire[40:]
        deflated = zlib.compress(notification())[:-6] + b"\xff" * 6
        answers = [
            await _post(sub.callback_url, corrupt, sub.secret),
            await _post(sub.callback_url, b"not gzip at all", sub.secret),
        ]
        async with httpx.AsyncClient() as client:
            headers = {"Content-Encoding": "deflate", "X-Hub-Signature": sign(sub.secret, deflated)}
            answers.append(await client.post(sub.callback_url, content=deflated, headers=headers))
        assert [a.status_code for a in answers] == [400, 400, 400]
        stored = env.store.notifications()
        assert [n.status for n in stored] == ["rejected"] * 3
        assert [n.body for n in stored] == [corrupt, b"not gzip at all", deflated]
        for record in stored:
            assert [f.code for f in record.findings] == ["websub.delivery-undecodable"]
            assert record.signature == "valid" and record.reason


async def test_a_gzip_member_bomb_is_refused_quickly_and_delays_no_one(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        bomb = _gzip_members(4 * 1024 * 1024)
        started = time.monotonic()
        refused, normal = await asyncio.gather(
            _post(sub.callback_url, bomb, sub.secret),
            env.hub.deliver(sub.callback_url, notification(), secret=sub.secret),
        )
        assert time.monotonic() - started < HANG_BOUND
        assert refused.status_code == 413 and normal.status_code == 200
        statuses = sorted(n.status for n in env.store.notifications())
        assert statuses == ["notification", "rejected"]
        [rejected] = env.store.notifications(status="rejected")
        assert [f.code for f in rejected.findings] == ["websub.delivery-too-large"]


async def test_the_hub_secret_never_reaches_the_exchange_log(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        seen = []
        env.server.exchange_log.listeners.append(seen.append)
        await env.subscriber.unsubscribe(sub)
        await env.store.flush()
        records = env.store.exchanges()
    secret = sub.secret.encode()
    assert any(b"hub.secret=" in (r.request_body or b"") for r in records)
    for record in [*records, *seen]:
        assert secret not in (record.request_body or b"") + record.url.encode()
    on_disk = b"".join(p.read_bytes() for p in tmp_path.glob("explorer.sqlite3*"))
    assert b"hub.secret=" + secret not in on_disk


def test_the_secret_is_masked_however_its_name_is_encoded() -> None:
    form = b"hub.mode=subscribe&hub%2Esecret=s3cr%26t&HUB.SECRET=two&hub.topic=t"
    assert mask_secret_in_form(form) == (
        "hub.mode=subscribe&hub%2Esecret=••••&HUB.SECRET=••••&hub.topic=t".encode()
    )
    assert mask_secret_in_form(b"<urlset>&amp;</urlset>") == b"<urlset>&amp;</urlset>"
    url = "http://h/cb?a=1&hub.secret=xyz#frag"
    assert mask_secret_in_url(url) == "http://h/cb?a=1&hub.secret=••••#frag"
    record = ExchangeLog().record(
        direction="out", kind="subscribe", method="POST", url=url, status=202, request_body=form
    )
    assert record.url == "http://h/cb?a=1&hub.secret=••••#frag"
    assert b"s3cr" not in (record.request_body or b"") and b"two" not in (
        record.request_body or b""
    )


async def test_behind_a_tunnel_slow_senders_cannot_lock_the_hub_out(tmp_path: Path) -> None:
    # Through a tunnel every peer is the tunnel client on 127.0.0.1, the hub included.
    async with websub_env(tmp_path, header_timeout=60, max_connections_per_address=8) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        guard = env.server.guard
        flood: list[asyncio.StreamWriter] = []
        try:
            async with asyncio.timeout(HANG_BOUND):  # fill the cap with slow senders
                while guard.counts.evicted == 0:
                    flood += await _open_flood(env.server.port, 1, source="127.0.0.1")
                    await asyncio.sleep(0.01)
            body = notification()
            headers = {"Content-Type": "application/xml", "X-Hub-Signature": sign(sub.secret, body)}
            async with httpx.AsyncClient() as fresh:  # a new connection through the tunnel
                response = await fresh.post(sub.callback_url, content=body, headers=headers)
            assert response.status_code == 200
            assert guard.counts.evicted >= 1
            assert [n.status for n in env.store.notifications()] == ["notification"]
        finally:
            for writer in flood:
                writer.close()


def _long_notification(batch: int) -> bytes:
    """A change notification of 700 entries (about 80 kB; a few kB gzipped)."""
    entries = "".join(
        f'<url><loc>http://example.org/b{batch}/r{i:04d}</loc><rs:md change="updated" '
        'datetime="2026-01-01T00:01:00Z"/></url>'
        for i in range(700)
    )
    return (
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="change-notification" '
        f'from="2026-01-01T00:00:00Z" until="2026-01-01T00:01:00Z"/>{entries}</urlset>'
    ).encode()


async def test_unsigned_bodies_are_charged_to_the_quota_as_they_decode(tmp_path: Path) -> None:
    """With no secret nobody vouches for a delivery: each subscription's unsigned
    notifications may store ``max_body`` bytes in all, counted as decoded, so small gzip
    bodies that inflate cannot slip past the quota by their wire size; a plain one past
    it is never read whole, and keeps its first 64 KiB."""
    no_secret = replace(FAST, use_secret=False)
    async with websub_env(tmp_path, config=no_secret, max_body=100_000) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        assert sub.secret is None
        documents = [_long_notification(batch) for batch in range(3)]
        assert all(64 * 1024 < len(document) < 100_000 for document in documents)
        gzipped = {"Content-Type": "application/xml", "Content-Encoding": "gzip"}
        plain = {"Content-Type": "application/xml"}
        sent = [
            (gzip.compress(documents[0], mtime=0), gzipped),
            (gzip.compress(documents[1], mtime=0), gzipped),
            (documents[2], plain),
        ]
        async with httpx.AsyncClient(timeout=HANG_BOUND) as client:
            for wire, headers in sent:
                answer = await client.post(sub.callback_url, content=wire, headers=headers)
                assert answer.status_code == 200
        kept, inflated, whole = env.store.notifications()
        assert (kept.status, kept.signature, kept.body) == ("notification", "none", documents[0])
        assert (inflated.status, inflated.signature) == ("rejected", "none")
        assert inflated.body == sent[1][0]  # as it came, never inflated again
        assert [f.code for f in inflated.findings] == ["websub.unverified-over-quota"]
        assert "100,000 bytes" in inflated.findings[0].message
        assert (whole.status, whole.body) == ("rejected", documents[2][: 64 * 1024])
        assert [f.code for f in whole.findings] == [
            "websub.unverified-over-quota",
            "websub.rejected-body-cut",
        ]


async def test_a_known_request_line_trickling_its_headers_cannot_lock_the_hub_out(
    tmp_path: Path,
) -> None:
    # Behind a tunnel every peer is 127.0.0.1; the attacker knows the callback URL, sends
    # its request line and then a header byte now and then, with a new connection every
    # 20 ms: only the known line's lag keeps such a connection from being evicted.
    async with websub_env(tmp_path, header_timeout=60, max_connections_per_address=64) as env:
        sub = await env.subscriber.subscribe(TOPIC, env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        guard = env.server.guard
        head = b"POST %s HTTP/1.1\r\nHost: x\r\nX-Slow: " % urlsplit(sub.callback_url).path.encode()
        flood: list[asyncio.StreamWriter] = []

        async def attack() -> None:
            while True:
                with contextlib.suppress(OSError):
                    _, writer = await asyncio.open_connection("127.0.0.1", env.server.port)
                    writer.write(head)
                    flood.append(writer)
                await asyncio.sleep(0.02)

        attacker = asyncio.create_task(attack())
        try:
            async with asyncio.timeout(HANG_BOUND):  # every slot taken, and refusals begun
                while guard.counts.refused_per_address + guard.counts.evicted < 64:
                    await asyncio.sleep(0.01)
            answers = []
            limits = httpx.Limits(max_keepalive_connections=0)
            async with httpx.AsyncClient(timeout=10, limits=limits) as client:
                for n in range(20):
                    body = notification(n)
                    headers = {"X-Hub-Signature": sign(sub.secret, body)}
                    try:
                        response = await client.post(
                            sub.callback_url, content=body, headers=headers
                        )
                        answers.append(response.status_code)
                    except httpx.HTTPError:
                        answers.append(None)
                    await asyncio.sleep(0.1)
        finally:
            attacker.cancel()
            await asyncio.gather(attacker, return_exceptions=True)
            for writer in flood:
                writer.close()
        assert answers.count(200) >= 19, answers
