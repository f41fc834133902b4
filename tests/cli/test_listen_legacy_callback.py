"""``listen`` on a 2012 HTTP callback channel (core 0.1-alpha §5.2.2), against a scripted
2012-style Source of the test's own: the subscription is a form POST of ``callbackURI``,
Change Sets posted to the callback are stored and shown as change notifications with
their diff (and recorded by ``--record``), a post to a wrong token is refused, and ending
says no unsubscription exists."""

from __future__ import annotations

import asyncio
import json

import httpx
from helpers.big_deliveries import store_bytes
from helpers.listen_session import listening
from helpers.source_2012 import change_set, source_2012

from explorer.net.store.database import Store


async def _until(condition, timeout: float = 20) -> None:
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.05)


async def test_change_sets_posted_to_the_callback_are_stored_and_shown(tmp_path) -> None:
    store_path = tmp_path / "store.db"
    async with source_2012(forms=("callback",)) as source:
        recording = tmp_path / "session.jsonl"
        args = ("--topic", source.changeset_url, "--store", str(store_path))
        async with listening(*args, "--record", str(recording)) as run:
            await run.until(lambda events: any(e["event"] == "subscribe-requested" for e in events))
            subscribed = next(e for e in run.events if e["event"] == "subscribe-requested")
            await _until(lambda: source.callbacks)
            callback = source.callbacks[0]
            assert subscribed["state"] == "active" and subscribed["flavour"] == "2012-callback"
            assert "unverified and unsigned" in subscribed["message"]
            assert [f["code"] for f in subscribed["findings"]] == [
                "websub.legacy-callback-unverified"
            ]
            assert subscribed["hub"] == source.subscribe_url
            assert set(source.subscribe_forms[0]) == {"callbackURI"}
            token = callback.rsplit("/", 1)[-1]
            assert len(token) >= 32  # secrets.token_urlsafe(24): 192 bits

            body = change_set(
                ("http://example.org/res1", "updated", "2012-08-08T09:00:00Z"),
                ("http://example.org/res2", "created", "2012-08-08T09:01:00Z"),
            )
            async with httpx.AsyncClient() as client:
                answer = await client.post(callback, content=body)
                wrong = await client.post(callback[: -len(token)] + "x" * len(token), content=body)
            assert answer.status_code == 200
            assert wrong.status_code == 404

            await run.until(lambda events: any(e["event"] == "notification" for e in events))
            note = next(e for e in run.events if e["event"] == "notification")
            codes = {f["code"] for f in note["findings"]}
            assert {"parse.legacy-changeset", "websub.legacy-pushed-change-set"} <= codes
            assert "websub.link-self-missing" not in codes  # WebSub's header rules do not apply
            assert note["capability"] == "change-notification"
            assert {(d["loc"], d["change"]) for d in note["diff"]} == {
                ("http://example.org/res1", "updated"),
                ("http://example.org/res2", "created"),
            }
            run.stop()
            await run.until(lambda events: any(e["event"] == "unsubscribed" for e in events))
            ended = next(e for e in run.events if e["event"] == "unsubscribed")
            assert "defines no unsubscription" in ended["reason"]
        assert run.proc.returncode == 0, run.stderr
    deliveries = [
        line
        for line in map(json.loads, recording.read_text().splitlines())
        if line["type"] == "delivery"
    ]
    assert [(d["topic"], d["body"]) for d in deliveries] == [(source.changeset_url, body.decode())]
    store = Store(store_path, read_only=True)
    try:
        (stored,) = store.notifications()
        assert stored.body == body and stored.capability == "change-notification"
        assert store.subscriptions()[0]["state"] == "ended"
    finally:
        store.close()


QUOTA = 1_000_000
"""``--max-body``: the largest body, and what a subscription's unsigned deliveries may
store in all."""
POSTS = 6
PADDING = b"<!--" + b"p" * 600_000 + b"-->"
"""Makes each Change Set about 600 kB (spooled to disk while it arrives) of one entry."""


async def test_unsigned_posts_past_the_quota_are_kept_as_rejected_starts(tmp_path) -> None:
    """The issue's attack scaled down: unsigned posts each under the body limit, together
    six times over it. The first is stored whole; the rest keep their first 64 KiB."""
    store_path = tmp_path / "store.db"
    async with source_2012(forms=("callback",)) as source:
        args = ("--topic", source.changeset_url, "--store", str(store_path))
        async with listening(*args, "--max-body", str(QUOTA)) as run:
            await run.until(lambda events: run.count("subscribe-requested") == 1)
            await _until(lambda: source.callbacks)
            before = store_bytes(store_path)
            bodies = [  # each its own, so none is a replay of another
                change_set(
                    (f"http://example.org/res{post}", "updated", "2012-08-08T09:00:00Z")
                ).replace(b"</urlset>", PADDING + b"</urlset>")
                for post in range(POSTS)
            ]
            assert all(QUOTA / 2 < len(body) < QUOTA for body in bodies)
            async with httpx.AsyncClient(timeout=60) as client:
                answers = [
                    (await client.post(source.callbacks[0], content=body)).status_code
                    for body in bodies
                ]
            assert answers == [200] * POSTS
            await run.until(
                lambda events: run.count("notification") + run.count("rejected") == POSTS
            )
            assert run.count("notification") == 1
            rejected = [e for e in run.events if e["event"] == "rejected"]
            for event in rejected:  # in the feed as rejected, saying why and how to fix it
                codes = [f["code"] for f in event["findings"]]
                assert codes == ["websub.unverified-over-quota", "websub.rejected-body-cut"]
                assert f"of their {QUOTA:,} bytes" in event["reason"]
        assert run.proc.returncode == 0, run.stderr
    growth = store_bytes(store_path) - before
    assert growth <= QUOTA + POSTS * 64 * 1024 + 200_000, growth  # 200 kB for SQLite's own
    store = Store(store_path, read_only=True)
    try:
        (kept,) = store.notifications(status="notification")
        assert kept.body == bodies[0]
        cut = store.notifications(status="rejected")
        assert [record.body for record in cut] == [body[: 64 * 1024] for body in bodies[1:]]
    finally:
        store.close()
