"""The PostgreSQL store several listen processes share: schema, store-once, leases, intake.

One cluster for the module (``postgres_server``), a database of its own for each test.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import time
from collections.abc import AsyncIterator

import httpx
import psycopg
import pytest
from aiohttp import web
from helpers.fleet_db import fresh_database

from explorer.net.fleet.listen.listen_schema import STEPS
from explorer.net.fleet.listen.shared_intake import SharedIntake
from explorer.net.fleet.listen.shared_listener import SharedListener
from explorer.net.fleet.listen.shared_reconcile import SharedReconcile
from explorer.net.fleet.listen.shared_store import (
    SharedStore,
    SharedStoreUnreachable,
    delivery_digest,
    shown_dsn,
)
from explorer.net.fleet.schema import SchemaTooNew
from explorer.net.http.fetcher import Fetcher
from explorer.net.http.network_access import NetworkAccess


@pytest.fixture
def dsn(cluster: str) -> str:
    return fresh_database(cluster)


@pytest.fixture
async def store(dsn: str) -> AsyncIterator[SharedStore]:
    opened = await SharedStore.open(dsn)
    yield opened
    await opened.close()


def _rows(dsn: str, sql: str) -> list[tuple[object, ...]]:
    with psycopg.connect(dsn) as conn:
        return conn.execute(sql).fetchall()


async def test_processes_opening_together_apply_each_step_once(dsn: str) -> None:
    with psycopg.connect(dsn, autocommit=True) as conn:  # the fleet's migration came first
        conn.execute(
            "CREATE TABLE fleet_reconcile (id bigserial PRIMARY KEY, source_url text NOT NULL,"
            " at timestamptz NOT NULL DEFAULT now(), outcome text NOT NULL,"
            " params jsonb NOT NULL DEFAULT '{}')"
        )
    stores = await asyncio.gather(*(SharedStore.open(dsn) for _ in range(3)))
    await stores[0].add_reconcile("https://example.org/sd.xml", "ok", {"changes": 2})
    for opened in stores:
        await opened.close()
    assert _rows(dsn, "SELECT feature, version FROM explorer_schema") == [("listen", len(STEPS))]
    assert _rows(dsn, "SELECT source_url, outcome, params FROM fleet_reconcile") == [
        ("https://example.org/sd.xml", "ok", {"changes": 2})
    ]


async def test_a_store_a_newer_release_set_up_is_refused_not_misread(dsn: str) -> None:
    """The same plan of statements as the fleet's migration: a version this release does
    not know is refused, naming both versions, before any table is touched."""
    await (await SharedStore.open(dsn)).close()
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("UPDATE explorer_schema SET version = %s", (len(STEPS) + 1,))
    with pytest.raises(SchemaTooNew) as refused:
        await SharedStore.open(dsn)
    said = refused.value.describe("en")
    assert f"schema version {len(STEPS) + 1}, newer than this program's {len(STEPS)}" in said
    assert "ResourceSync Explorer を更新してください" in refused.value.describe("ja")


async def test_a_delivery_is_stored_once_within_the_window(store: SharedStore, dsn: str) -> None:
    sub = await store.ensure_subscription(
        "https://t.example/a", "https://h.example/", secret="s", lease_seconds=None
    )
    again = await store.ensure_subscription(
        "https://t.example/a", "https://h.example/", secret="other", lease_seconds=None
    )
    assert (again.token, again.secret) == (sub.token, "s")  # the first process's row

    async def add(body: bytes, header: str = "sha256=ab", window: float = 3600) -> int | None:
        return await store.add_delivery(
            sub.id,
            signature_header=header,
            signature="valid",
            body=body,
            content_type="application/xml",
            headers=[("X-Hub-Signature", header)],
            taken_by="test",
            window=window,
        )

    first = await add(b"<urlset/>")
    assert first is not None
    assert await add(b"<urlset/>") is None
    assert await add(b"<urlset/>", header="SHA256 = AB") is None  # one signature, spelt two ways
    assert await add(b"<urlset />") is not None
    assert await add(b"<urlset/>", window=0) is not None  # past the window: stored again
    assert _rows(dsn, "SELECT count(*) FROM listen_delivery") == [(3,)]


async def test_two_processes_storing_one_retry_at_once_make_one_row(
    store: SharedStore, dsn: str
) -> None:
    other = await SharedStore.open(dsn)
    try:
        sub = await store.ensure_subscription(
            "https://t.example/b", "https://h.example/", secret=None, lease_seconds=None
        )
        results = await asyncio.gather(
            *(
                each.add_delivery(
                    sub.id,
                    signature_header=None,
                    signature="none",
                    body=b"same",
                    content_type=None,
                    headers=[],
                    taken_by=str(n),
                )
                for n, each in enumerate([store, other] * 5)
            )
        )
    finally:
        await other.close()
    assert sum(result is not None for result in results) == 1
    assert _rows(dsn, "SELECT digest FROM listen_delivery") == [(delivery_digest(None, b"same"),)]


async def test_a_silent_owners_leases_are_taken_over(store: SharedStore, dsn: str) -> None:
    for n in range(3):
        await store.ensure_subscription(
            f"https://t.example/{n}", "https://h.example/", secret=None, lease_seconds=60
        )
    assert len(await store.heartbeat("a", lapse=30)) == 3
    assert await store.heartbeat("b", lapse=30) == []  # a is alive: b takes nothing
    assert len(await store.due("a", 0.8, 60)) == 3 and await store.due("b", 0.8, 60) == []
    with psycopg.connect(dsn, autocommit=True) as conn:  # a stops beating
        conn.execute("UPDATE listen_lease SET heartbeat = now() - interval '31 seconds'")
    assert len(await store.heartbeat("b", lapse=30)) == 3
    assert await store.heartbeat("a", lapse=30) == []
    await store.release("b")
    assert len(await store.heartbeat("a", lapse=30)) == 3  # a clean stop hands over at once


async def test_requests_are_due_when_new_unverified_or_near_the_end_of_the_lease(
    store: SharedStore, dsn: str
) -> None:
    sub = await store.ensure_subscription(
        "https://t.example/c", "https://h.example/", secret=None, lease_seconds=100
    )
    await store.heartbeat("a", lapse=30)
    assert await store.due("a", 0.8, 60) == [sub.id]
    await store.requested(sub.id)
    assert await store.due("a", 0.8, 60) == []
    assert await store.due("a", 0.8, 0) == [sub.id]  # unverified past the retry delay
    assert await store.verified(sub.id, "subscribe", 100)
    assert await store.due("a", 0.8, 0) == []  # 100 s left of 100
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("UPDATE listen_subscription SET expires = now() + interval '10 seconds'")
    assert await store.due("a", 0.8, 0) == [sub.id]  # past 80 % of the lease
    assert not await store.verified(sub.id, "unsubscribe", None)  # nobody asked for it


async def test_an_unreachable_database_is_named_without_its_password() -> None:
    dsn = "postgresql://someone:sekrit@/nothing?host=/nonexistent-folder&password=sekrit"
    with pytest.raises(SharedStoreUnreachable) as raised:
        await SharedStore.open(dsn)
    assert "sekrit" not in raised.value.where + raised.value.reason
    assert raised.value.where.startswith("postgresql://someone:***@/nothing?host=")


def test_shown_dsn_hides_only_the_password() -> None:
    assert shown_dsn("postgresql://u@db.example/x") == "postgresql://u@db.example/x"
    assert shown_dsn("postgres://u:p@db:5432/x?password=p&sslmode=require") == (
        "postgres://u:***@db:5432/x?password=***&sslmode=require"
    )


async def test_any_process_answers_any_subscription(store: SharedStore, dsn: str) -> None:
    """Process "b" never made the subscription; it confirms it and stores its delivery."""
    sub = await store.ensure_subscription(
        "https://t.example/d", "https://h.example/", secret="k", lease_seconds=None
    )
    said: list[str] = []
    intake = SharedIntake(store, "b", lambda key, **_: said.append(key), max_body=1000)
    await intake.start()
    url = f"{intake.bound_url}/callback/{sub.token}"
    body = b"<urlset/>"
    signed = "sha256=" + hmac.new(b"k", body, hashlib.sha256).hexdigest()
    try:
        async with httpx.AsyncClient() as client:
            verify = {
                "hub.mode": "subscribe",
                "hub.topic": sub.topic,
                "hub.challenge": "c1",
                "hub.lease_seconds": "50",
            }
            answer = await client.get(url, params=verify)
            assert (answer.status_code, answer.text) == (200, "c1")
            wrong = await client.get(url, params={**verify, "hub.topic": "https://t.example/x"})
            assert wrong.status_code == 404
            unknown = await client.post(f"{intake.bound_url}/callback/nobody", content=body)
            assert unknown.status_code == 404
            assert (await client.put(url)).status_code == 405
            for odd in ({"hub.challenge": ""}, {"hub.mode": "unsubscribe"}):  # nobody asked
                assert (await client.get(url, params={**verify, **odd})).status_code == 404
            absurd = {**verify, "hub.lease_seconds": "9" * 40, "hub.challenge": "c2"}
            assert (await client.get(url, params=absurd)).text == "c2"  # the lease kept
            posted = [
                await client.post(url, content=body, headers={"X-Hub-Signature": header})
                for header in (signed, signed, "sha256=00")
            ]
            assert [p.status_code for p in posted] == [200, 200, 200]
            too_big = await client.post(
                url, content=b"x" * 1001, headers={"X-Hub-Signature": signed}
            )
            assert too_big.status_code == 413
            denied = {"hub.mode": "denied", "hub.topic": sub.topic}
            assert (await client.get(url, params=denied)).status_code == 200
            assert (await client.post(url, content=body)).status_code == 410
    finally:
        await intake.stop()
    assert said == [
        "fleetlisten.verified",
        "fleetlisten.verified",
        "fleetlisten.stored",
        "fleetlisten.again",
        "fleetlisten.rejected",
        "fleetlisten.denied",
    ]
    assert _rows(dsn, "SELECT body, taken_by, signature FROM listen_delivery") == [
        (body, "b", "valid")
    ]
    assert _rows(dsn, "SELECT state, lease_seconds FROM listen_subscription") == [("denied", 50)]


async def test_an_unsigned_delivery_is_acknowledged_and_not_stored(
    store: SharedStore, dsn: str
) -> None:
    """A row without a secret (none is made so today) still stores nothing unsigned."""
    sub = await store.ensure_subscription(
        "https://t.example/e", "https://h.example/", secret=None, lease_seconds=None
    )
    said: list[str] = []
    intake = SharedIntake(store, "a", lambda key, **_: said.append(key), max_body=1000)
    await intake.start()
    try:
        async with httpx.AsyncClient() as client:
            url = f"{intake.bound_url}/callback/{sub.token}"
            assert (await client.post(url, content=b"<urlset/>")).status_code == 200
    finally:
        await intake.stop()
    assert said == ["fleetlisten.rejected"]
    assert _rows(dsn, "SELECT count(*) FROM listen_delivery") == [(0,)]


NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)


def _when() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 60))


@contextlib.asynccontextmanager
async def _changing_source(when: str) -> AsyncIterator[str]:
    """A Capability List whose Change List lists ``told`` and ``untold`` at ``when``."""
    changes = "".join(
        f'<url><loc>http://example.org/{name}</loc><rs:md change="updated" datetime="{when}"/>'
        "</url>"
        for name in ("told", "untold")
    )
    documents = {
        "/caps.xml": f'<urlset {NS}><rs:md capability="capabilitylist"/>'
        '<url><loc>changes.xml</loc><rs:md capability="changelist"/></url></urlset>',
        "/changes.xml": f'<urlset {NS}><rs:md capability="changelist"/>{changes}</urlset>',
    }

    async def serve(request: web.Request) -> web.Response:
        return web.Response(body=documents[request.path], content_type="application/xml")

    app = web.Application()
    app.router.add_get("/{name}", serve)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


def _told(source: str, when: str) -> bytes:
    """A change notification of ``told`` naming ``source``'s Capability List as up."""
    return (
        f'<urlset {NS}><rs:ln rel="up" href="{source}/caps.xml"/>'
        f'<rs:md capability="change-notification"/><url><loc>http://example.org/told</loc>'
        f'<rs:md change="updated" datetime="{when}"/></url></urlset>'
    ).encode()


async def test_the_holder_reconciles_what_any_process_stored(store: SharedStore, dsn: str) -> None:
    """Deliveries stored by another process count; the verdicts land in fleet_reconcile."""
    when = _when()
    sub = await store.ensure_subscription(
        "https://t.example/f", "https://h.example/", secret="k", lease_seconds=None
    )
    await store.heartbeat("a", lapse=30)
    watchdog = SharedReconcile(store, period=1.0)
    await watchdog.start()
    async with _changing_source(when) as source:
        await store.add_delivery(  # as process "b" took it
            sub.id,
            signature_header="sha256=00",
            signature="valid",
            body=_told(source, when),
            content_type="application/xml",
            headers=[],
            taken_by="b",
        )
        start = time.time()
        try:
            async with Fetcher() as fetcher:
                for step in range(3):
                    await watchdog.check(fetcher, {sub.id}, now=start + step + 1)
        finally:
            watchdog.close()
    rows = _rows(dsn, "SELECT source_url, outcome, params FROM fleet_reconcile ORDER BY id")
    assert {row[0] for row in rows} == {f"{source}/caps.xml"}
    assert {row[1] for row in rows} <= {"ok", "findings"}
    unannounced = {loc for row in rows for loc in row[2]["unannounced"]}
    unlisted = {loc for row in rows for loc in row[2]["unlisted"]}
    assert unannounced == {"http://example.org/untold"} and unlisted == set()


async def test_listen_with_reconcile_writes_a_verdict_every_period(
    store: SharedStore, dsn: str
) -> None:
    when = _when()
    said: list[str] = []
    sub = await store.ensure_subscription(
        "https://t.example/g", "http://127.0.0.1:9/", secret="k", lease_seconds=None
    )
    listener = SharedListener(
        store,
        lambda key, **_: said.append(key),
        host="127.0.0.1",
        port=0,
        public_url=None,
        max_body=1000,
        access=NetworkAccess(),
        reconcile=0.2,
    )
    async with _changing_source(when) as source:
        await listener.start([], secret=None, lease_seconds=None)
        try:
            await store.add_delivery(
                sub.id,
                signature_header="sha256=00",
                signature="valid",
                body=_told(source, when),
                content_type=None,
                headers=[],
                taken_by="b",
            )
            async with asyncio.timeout(30):
                while not _rows(dsn, "SELECT 1 FROM fleet_reconcile"):
                    await asyncio.sleep(0.05)
        finally:
            await listener.stop()
    assert "fleetlisten.hub-unreachable" in said  # it held the lease and asked the hub
    assert _rows(dsn, "SELECT count(*) FROM listen_lease") == [(0,)]  # given up on stop


async def test_a_database_restart_costs_no_delivery(store: SharedStore, dsn: str) -> None:
    """The server ends every connection (as a restart does): the next statements open
    new ones and the delivery is stored, once."""
    sub = await store.ensure_subscription(
        "https://t.example/h", "https://h.example/", secret="k", lease_seconds=None
    )
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    stored = await store.add_delivery(
        sub.id,
        signature_header=None,
        signature="valid",
        body=b"after",
        content_type=None,
        headers=[],
        taken_by="a",
    )
    assert stored is not None
    assert [s.id for s in await store.heartbeat("a", lapse=30)] == [sub.id]
    assert _rows(dsn, "SELECT body FROM listen_delivery") == [(b"after",)]
